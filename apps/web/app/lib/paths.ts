import type { Language } from "@showroom/domain";

/** Every storefront address is [/{language}][/{dealer code}]/{route}; the prefixes are optional. */
export type Prefix = { language: Language | null; dealerCode: string | null };

export function parsePrefix(pathname: string, dealerCodeParam: string | undefined): Prefix & { rest: string } {
  const segments = pathname.split("/").filter(Boolean);
  const language = segments[0] === "en" || segments[0] === "fr" ? segments[0] : null;
  if (language) segments.shift();
  const dealerCode = dealerCodeParam ?? null;
  if (dealerCode && segments[0] === dealerCode) segments.shift();
  return { language, dealerCode, rest: segments.join("/") };
}

export function storefrontPath(prefix: Prefix, route: string, search = ""): string {
  const parts = [prefix.language, prefix.dealerCode, route.replace(/^\/+|\/+$/g, "")].filter(Boolean);
  const path = `/${parts.join("/")}${route ? "/" : ""}`;
  return search ? `${path}${search.startsWith("?") ? search : `?${search}`}` : path;
}
