/**
 * The back link of a marketplace variant (storefront spec 2.1, query parameter `refurl`): shown only for an absolute
 * http(s) address, as "Back to <host>". Anything else (javascript:, data:, a relative or protocol-relative path,
 * credentials in the address, an over-long value) is refused, so the link can never run script or hide its target.
 */
export type BackLink = { href: string; host: string };

const MAX_LENGTH = 2000;

export function backLinkOf(refurl: string | null | undefined): BackLink | null {
  if (!refurl || refurl.length > MAX_LENGTH) return null;
  const value = refurl.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || url.username || url.password) return null;
  return { href: url.href, host: url.hostname.replace(/^www\./, "") };
}

/** The `configurationId` query parameter: a customer configuration's id (a whole number), or null. */
export function configurationIdOf(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
