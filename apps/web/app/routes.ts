import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/** Every page accepts an optional language prefix and an optional dealer-code prefix (spec 2.1). */
const PREFIXES = ["", "en", "fr", ":dealerCode", "en/:dealerCode", "fr/:dealerCode"] as const;

function pages(prefix: string): RouteConfigEntry[] {
  const id = (name: string) => `${name}@${prefix || "root"}`;
  return [
    index("routes/prefix-index.tsx", { id: id("prefix-index") }),
    route("search", "routes/search.tsx", { id: id("search") }),
    route("search/buildandprice", "routes/search.tsx", { id: id("search-buildandprice") }),
    // details/ without a vehicle: a page saying none was chosen, leading to the list (status 200).
    route("details", "routes/details-none.tsx", { id: id("details") }),
    route("details/:id", "routes/details.tsx", { id: id("details-id") }),
    route("orders", "routes/orders.tsx", { id: id("orders") }),
    // The dealership's privacy policy (the cookie consent and the welcome modal never open there).
    route("privacy-policy", "routes/privacy-policy.tsx", { id: id("privacy-policy") }),
    // build-and-price/{vehicle id}/{step}: the route takes everything below it (spec 2.1).
    route("build-and-price/*", "routes/build-and-price.tsx", { id: id("build-and-price") }),
    // The dealer workspace (staff only) and the page of a staff password-reset link.
    route("dealer/customers", "routes/dealer-customers.tsx", { id: id("dealer-customers") }),
    route("dealer/customers/:id", "routes/dealer-customer.tsx", { id: id("dealer-customer") }),
    route("dealer/quotes/:id", "routes/dealer-quote-builder.tsx", { id: id("dealer-quote-builder") }),
    route("dealer/reset-password", "routes/dealer-reset-password.tsx", { id: id("dealer-reset-password") }),
    // Value a trade-in (?order= a saved deal, ?trade_in= one to resume).
    route("tradein", "routes/tradein.tsx", { id: id("tradein") }),
    // Apply for financing (?order= the saved deal).
    route("credit-application", "routes/credit-application.tsx", { id: id("credit-application") }),
    // A test drive booking's page (the url its booking answers with).
    route("test-drive/:id", "routes/test-drive.tsx", { id: id("test-drive") }),
    route("quotes/:id", "routes/quotes.tsx", { id: id("quotes-id") }),
    route("quotes/:id/pdf", "routes/quote-pdf.ts", { id: id("quotes-id-pdf") }),
    route("praq/compare/:id", "routes/quote-compare.tsx", { id: id("praq-compare-id") }),
    // Vehicle comparison: picked on the list (vcc?ids=) or opened from a details page (vccvdp?vehicle=&ids=).
    route("vcc", "routes/vehicle-compare.tsx", { id: id("vcc") }),
    route("vccvdp", "routes/vehicle-compare.tsx", { id: id("vccvdp") }),
    // A search ad staff shared (the id is optional: without it, a page saying the link is incomplete).
    route("public-views/search-ads/:id?", "routes/public-search-ad.tsx", { id: id("public-views-search-ads-id") }),
    // The manufacturer-identity login page (the customer menu is hidden on it) and the customer's identity profile.
    route("vw/id-login", "routes/vw-id-login.tsx", { id: id("vw-id-login") }),
    route("vw/id-profile", "routes/vw-id-profile.tsx", { id: id("vw-id-profile") }),
    // Any other address is the not-found page (status 404).
    route("*", "routes/not-found.tsx", { id: id("not-found") }),
  ];
}

export default [
  index("routes/home.tsx"),
  // Outside every storefront prefix (and before them, so "dev" is never read as a dealer code).
  route("dev/mailbox", "routes/dev-mailbox.tsx", { id: "dev-mailbox" }),
  // For search engines: robots.txt, and a dealership's sitemap (without a dealer code, the default dealership's).
  route("robots.txt", "routes/robots.ts", { id: "robots" }),
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap" }),
  route(":dealerCode/sitemap.xml", "routes/sitemap.ts", { id: "sitemap@:dealerCode" }),
  // A dealership's Google vehicle-listings feed (without a dealer code, the default dealership's).
  route("vehicle-listings.tsv", "routes/vehicle-listings.ts", { id: "vehicle-listings" }),
  route(":dealerCode/vehicle-listings.tsv", "routes/vehicle-listings.ts", { id: "vehicle-listings@:dealerCode" }),
  // Where the manufacturer's identity provider sends the shopper back (the address registered at the provider).
  route(":dealerCode/vw/id-callback", "routes/vw-id-callback.ts", { id: "vw-id-callback" }),
  ...PREFIXES.map((prefix) =>
    prefix === ""
      ? layout("routes/shell.tsx", { id: "shell@root" }, pages(prefix).slice(1))
      : route(prefix, "routes/shell.tsx", { id: `shell@${prefix}` }, pages(prefix)),
  ),
] satisfies RouteConfig;
