import { chooseLocale, homeDealershipSchema, languageOf, parseAcceptLanguage, seoLinks, seoTags, type DealerInfo, type Language, type Locale, type SeoPage, type SeoTag } from "@showroom/domain";
import type { AppLoadContext, Params } from "react-router";
import { serverApi } from "./api.server.ts";
import { readCookie } from "./cookies.ts";
import { dealerCodeFor } from "./dealer-code.server.ts";
import { parsePrefix } from "./paths.ts";

/** What a page's head tags are built from: the dealership, the page's locale and the public origin. */
export type SeoContext = { dealer: DealerInfo; locale: Locale; language: Language; origin: string };

/**
 * The page's dealership and locale, as the shell chooses them (its loader runs beside the page's, so the page
 * reads them itself), and the storefront's public origin (PUBLIC_URL, so a forged Host header cannot move them). Null when the dealership cannot be read (the shell's 404).
 */
export async function loadSeoContext(request: Request, params: Params, context: AppLoadContext): Promise<SeoContext | null> {
  const api = serverApi(context, dealerCodeFor(request, params, context));
  const dealer = await api.get("/api/quickshop/dealership/home-dealership/", homeDealershipSchema).catch(() => null);
  if (!dealer) return null;
  const url = new URL(request.url);
  const locale = chooseLocale({
    route: dealer.is_multilingual ? parsePrefix(url.pathname, params["dealerCode"]).language : null,
    stored: readCookie(request.headers.get("cookie"), "language"),
    browser: parseAcceptLanguage(request.headers.get("accept-language")),
    allowed: dealer.allowed_languages,
  });
  return { dealer, locale, language: languageOf(locale), origin: context.publicOrigin };
}

/**
 * A page's head tags (title, description, canonical, alternates, structured data) and the dealership's icon (the
 * shell's tags, which a page's `meta` replaces, have it), for its `meta`.
 */
export function pageSeoTags(
  seo: SeoContext,
  page: SeoPage,
  tags: { title?: string; description: string; structuredData?: Record<string, unknown> | null },
): SeoTag[] {
  const links = seoLinks(seo.origin, seo.dealer, seo.locale, page);
  const icon: SeoTag = { tagName: "link", rel: "icon", type: "image/svg+xml", href: `/api/quickshop/dealership/icon/${seo.dealer.code}.svg` };
  return [...seoTags({ ...tags, links }), icon];
}

/** The canonical address of a page (what the JSON-LD offer's url names). */
export const canonicalUrl = (seo: SeoContext, page: SeoPage) => seoLinks(seo.origin, seo.dealer, seo.locale, page).canonical;
