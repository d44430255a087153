import type { DealerInfo } from "./schemas/dealership.ts";

export type Viewer = {
  isDealer: boolean;
  isCustomer: boolean;
  /** A dealer acting for a signed-in customer. */
  actingForCustomer: boolean;
};

export type ClassicHeaderElements = {
  address: boolean;
  contactDealerButton: boolean;
  languageToggle: boolean;
  dealerLoginLink: boolean;
  savedVehiclesLink: boolean;
  customerLogOut: boolean;
  addCustomerButton: boolean;
  customerMenu: boolean;
  loggedInAsBar: boolean;
};

/**
 * Which elements of the classic header show (storefront spec 2.3 and 6). Elements marked for
 * tablet and up are hidden on phones by the layout, not here.
 */
export function classicHeaderElements(
  dealer: Pick<DealerInfo, "show_dealership_address_in_header" | "srp_show_contact_dealer_button" | "is_multilingual" | "is_trs_enabled" | "enable_volkswagen_id" | "theme">,
  viewer: Viewer,
  route: { name: string },
): ClassicHeaderElements {
  return {
    address: dealer.show_dealership_address_in_header,
    contactDealerButton: route.name === "search" && !viewer.isDealer && dealer.srp_show_contact_dealer_button,
    languageToggle: dealer.is_multilingual,
    dealerLoginLink: !viewer.isDealer && !dealer.theme.is_srp_dealer_login_menu_hidden,
    savedVehiclesLink: viewer.isCustomer && !dealer.is_trs_enabled,
    customerLogOut: viewer.isCustomer && !viewer.isDealer && !dealer.enable_volkswagen_id,
    addCustomerButton: viewer.isDealer && !viewer.actingForCustomer,
    customerMenu: !viewer.isDealer || viewer.actingForCustomer,
    loggedInAsBar: viewer.isDealer && viewer.actingForCustomer,
  };
}

/** The footer shows when the checkout flow is on; otherwise only from tablet width up. */
export const footerAlwaysVisible = (dealer: Pick<DealerInfo, "checkout_enabled">) => dealer.checkout_enabled;

const ALLOWED_TAGS = new Set(["p", "br", "strong", "em", "b", "i", "span", "ul", "ol", "li", "small", "a"]);
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;
const escapeHtml = (text: string) => text.replace(/[<>"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The dealership's own footer HTML is the one piece of markup rendered as HTML, so it is rebuilt
 * from an allow-list: known tags without attributes, and links with a safe href only.
 */
export function sanitizeFooterHtml(html: string): string {
  const withoutBlocks = html.replace(/<(script|style|iframe|object|template)\b[\s\S]*?<\/\1\s*>/gi, "");
  let out = "";
  let last = 0;
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>/g;
  for (let match = tag.exec(withoutBlocks); match; match = tag.exec(withoutBlocks)) {
    out += escapeHtml(withoutBlocks.slice(last, match.index));
    last = match.index + match[0].length;
    const closing = match[1] === "/";
    const name = match[2]!.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) out += name === "br" ? "" : `</${name}>`;
    else if (name === "a") {
      const href = /\shref\s*=\s*("([^"]*)"|'([^']*)')/i.exec(match[3]!);
      const url = (href?.[2] ?? href?.[3] ?? "").trim();
      out += SAFE_HREF.test(url) ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">` : "<a>";
    } else out += `<${name}>`;
  }
  return out + escapeHtml(withoutBlocks.slice(last));
}
