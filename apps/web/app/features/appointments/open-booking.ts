/**
 * Transactional spec 4, "Test drive": on success the booking's page opens in a new tab; when the browser blocks
 * that, it opens in the parent window (a storefront shown in a frame of the dealer's site), else in this one.
 */
export function openBookingUrl(url: string, win: Window = window): "tab" | "parent" | "current" {
  // Not "noopener": with it window.open answers null even when the tab opened, so a block could not be told apart.
  const tab = win.open(url, "_blank");
  if (tab) {
    try {
      tab.opener = null;
    } catch {
      // A tab of another origin already: nothing to cut.
    }
    return "tab";
  }
  if (win.parent && win.parent !== win) {
    try {
      win.parent.location.href = url;
      return "parent";
    } catch {
      // A parent that may not be navigated from here: this window instead.
    }
  }
  win.location.assign(url);
  return "current";
}
