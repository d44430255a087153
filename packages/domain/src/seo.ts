import { z } from "zod";
import { languageOf, type Language } from "./language.ts";
import { formatDistance, type Locale } from "./format.ts";
import type { DealerInfo } from "./schemas/dealership.ts";
import type { Vehicle } from "./schemas/inventory.ts";
import { advertisedPrice } from "./pricing/advertising.ts";

/**
 * Search engines' view of the storefront (issue 24, point 3): canonical and alternate addresses of a page,
 * its description, a vehicle's schema.org data and the sitemap. Pure: the web's loaders and resource routes
 * feed them the request's origin, the dealership and the page's data.
 */

/** The hreflang of a locale: en-CA, en-US, fr-CA. */
export function hreflangOf(locale: Locale): string {
  return locale.replace(/-(\w+)$/, (_, region: string) => `-${region.toUpperCase()}`);
}

/** A storefront page: its route after the prefixes ("search", "details/12") and the query it keeps. */
export type SeoPage = { route: string; query?: URLSearchParams | null };

/** What the addresses depend on of the dealership: its code and its languages. */
export type SeoDealer = Pick<DealerInfo, "code" | "allowed_languages" | "is_multilingual">;

/**
 * A page's absolute address under its prefixes, as the storefront writes them ([/{language}]/{dealer code}/{route}/):
 * the language prefix only for a multilingual dealership (the others' addresses drop it), the dealer code always,
 * since an address without it shows whichever dealership the visitor last saw.
 */
export function storefrontUrl(origin: string, dealer: SeoDealer, language: Language, page: SeoPage): string {
  const route = page.route.replace(/^\/+|\/+$/g, "");
  const segments = [dealer.is_multilingual ? language : null, dealer.code, route].filter(Boolean).map((s) => String(s));
  const path = `/${segments.join("/")}/`;
  const query = page.query?.toString() ?? "";
  return `${origin.replace(/\/+$/, "")}${path}${query ? `?${query}` : ""}`;
}

export type AlternateLink = { hreflang: string; href: string };
export type SeoLinks = { canonical: string; alternates: AlternateLink[] };

/** One locale per language the dealership offers, in its order (the first of a language wins). */
function localesByLanguage(dealer: SeoDealer): Locale[] {
  const seen = new Set<Language>();
  return dealer.allowed_languages.filter((locale) => !seen.has(languageOf(locale)) && seen.add(languageOf(locale)));
}

/**
 * The canonical address of a page in `locale`, and when the dealership shows both languages, the address in
 * each (hreflang en-CA, fr-CA) with x-default on the dealership's first language.
 */
export function seoLinks(origin: string, dealer: SeoDealer, locale: Locale, page: SeoPage): SeoLinks {
  const canonical = storefrontUrl(origin, dealer, languageOf(locale), page);
  const locales = localesByLanguage(dealer);
  if (!dealer.is_multilingual || locales.length < 2) return { canonical, alternates: [] };
  const alternates = locales.map((l) => ({ hreflang: hreflangOf(l), href: storefrontUrl(origin, dealer, languageOf(l), page) }));
  return { canonical, alternates: [...alternates, { hreflang: "x-default", href: alternates[0]!.href }] };
}

/** The head tags of a page as React Router's `meta` takes them. */
export type SeoTag =
  | { title: string }
  | { name: string; content: string }
  | { tagName: "link"; rel: string; href: string; hrefLang?: string; type?: string }
  | { "script:ld+json": Record<string, unknown> };

export function seoTags(input: { title?: string; description: string; links: SeoLinks; structuredData?: Record<string, unknown> | null }): SeoTag[] {
  const tags: SeoTag[] = [];
  if (input.title) tags.push({ title: input.title });
  tags.push({ name: "description", content: input.description });
  tags.push({ tagName: "link", rel: "canonical", href: input.links.canonical });
  for (const alternate of input.links.alternates) tags.push({ tagName: "link", rel: "alternate", hrefLang: alternate.hreflang, href: alternate.href });
  if (input.structuredData) tags.push({ "script:ld+json": input.structuredData });
  return tags;
}

const oneLine = (text: string, max = 300) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

type DescribedVehicle = Pick<Vehicle, "year" | "make" | "model" | "marketing_trim" | "trim_fr" | "is_new" | "odometer" | "exterior_color">;

/** The details page's description: what the vehicle is, at which dealership, in the page's language. */
export function vehicleDescription(vehicle: DescribedVehicle, dealer: Pick<DealerInfo, "name" | "length_unit">, language: Language): string {
  const trim = language === "fr" ? vehicle.trim_fr || vehicle.marketing_trim : vehicle.marketing_trim;
  const name = oneLine(`${vehicle.year} ${vehicle.make} ${vehicle.model} ${trim}`);
  // Not toLocaleString: it builds a number formatter on every call, a tenth of a millisecond of every details page.
  const distance = formatDistance(vehicle.odometer, dealer.length_unit, language === "fr" ? "fr-ca" : "en-ca");
  if (language === "fr") {
    const state = vehicle.is_new ? "neuf" : `d’occasion, ${distance}`;
    return oneLine(`${name} ${state}${vehicle.exterior_color ? `, ${vehicle.exterior_color}` : ""}, en vente chez ${dealer.name}. Calculez vos paiements et achetez en ligne.`);
  }
  const state = vehicle.is_new ? "New" : `Used (${distance})`;
  return oneLine(`${state} ${name}${vehicle.exterior_color ? ` in ${vehicle.exterior_color}` : ""} for sale at ${dealer.name}. Estimate your payments and buy online.`);
}

/** The vehicle list's description: how many vehicles the dealership has (matching the filters). */
export function searchDescription(count: number, dealer: Pick<DealerInfo, "name">, language: Language): string {
  if (language === "fr") return `${count} ${count === 1 ? "véhicule" : "véhicules"} en inventaire chez ${dealer.name}. Comparez, calculez vos paiements et achetez en ligne.`;
  return `${count} ${count === 1 ? "vehicle" : "vehicles"} in stock at ${dealer.name}. Compare, estimate your payments and buy online.`;
}

/** The build-and-price page's description. */
export function buildAndPriceDescription(vehicle: Pick<Vehicle, "year" | "make" | "model">, dealer: Pick<DealerInfo, "name">, language: Language): string {
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  if (language === "fr") return oneLine(`Configurez et calculez le prix de votre ${name} : versions, couleurs, options et accessoires, chez ${dealer.name}.`);
  return oneLine(`Build and price your ${name}: trims, colours, options and accessories, at ${dealer.name}.`);
}

const SCHEMA = "https://schema.org/";

/**
 * The details page's schema.org Car. No price when the dealership locks its prices (compulsory login), nor when
 * the vehicle has none; a made-up VIN is left out.
 */
export function vehicleStructuredData(input: {
  vehicle: Pick<
    Vehicle,
    | "year" | "make" | "model" | "marketing_trim" | "trim_fr" | "vin" | "is_vin_fake" | "odometer" | "is_new" | "exterior_color"
    | "images" | "main_image" | "listing_price" | "available" | "description"
  > &
    Partial<Pick<Vehicle, "advertised_terms">>;
  dealer: Pick<DealerInfo, "name" | "full_address" | "phone" | "currency_unit" | "length_unit">;
  language: Language;
  url: string;
  pricesLocked: boolean;
}): Record<string, unknown> {
  const { vehicle, dealer, language } = input;
  const trim = language === "fr" ? vehicle.trim_fr || vehicle.marketing_trim : vehicle.marketing_trim;
  // Absolute addresses: the drawn pictures of a vehicle without photos are paths on the storefront's origin.
  const images = (vehicle.images.length ? vehicle.images : vehicle.main_image ? [vehicle.main_image] : []).map((image) => new URL(image, input.url).href);
  // The price its ads may show: the all-in price of a new vehicle, and of any in Ontario and Quebec (issue 24, point 11).
  const price = input.pricesLocked ? null : advertisedPrice(vehicle, vehicle.advertised_terms ?? null);
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    ...(price ? { price, priceCurrency: dealer.currency_unit.toUpperCase() } : {}),
    availability: `${SCHEMA}${vehicle.available ? "InStock" : "SoldOut"}`,
    url: input.url,
    seller: { "@type": "AutoDealer", name: dealer.name, address: dealer.full_address, telephone: dealer.phone },
  };
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: oneLine(`${vehicle.year} ${vehicle.make} ${vehicle.model} ${trim}`),
    brand: { "@type": "Brand", name: vehicle.make },
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    ...(vehicle.is_vin_fake ? {} : { vehicleIdentificationNumber: vehicle.vin }),
    mileageFromOdometer: { "@type": "QuantitativeValue", value: vehicle.odometer, unitCode: dealer.length_unit === "mi" ? "SMI" : "KMT" },
    itemCondition: `${SCHEMA}${vehicle.is_new ? "NewCondition" : "UsedCondition"}`,
    ...(vehicle.exterior_color ? { color: vehicle.exterior_color } : {}),
    ...(images.length ? { image: images } : {}),
    ...(vehicle.description.trim() ? { description: oneLine(vehicle.description, 5000) } : {}),
    offers: offer,
  };
}

const SCRIPT_ESCAPES: Record<string, string> = { "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/** JSON to put inside a <script> element: `<` and its kin escaped, so no text in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** GET /api/quickshop/inventory/sitemap/: the dealership's listed vehicles and when each last changed (ISO 8601). */
export const sitemapVehiclesSchema = z.object({
  results: z.array(z.object({ id: z.number().int(), updated: z.string() })),
});
export type SitemapVehicles = z.infer<typeof sitemapVehiclesSchema>;

export type SitemapEntry = { loc: string; lastmod?: string | null; alternates?: AlternateLink[] };

/** A sitemap (sitemaps.org 0.9) with the alternates of each address as xhtml:link elements. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    lines.push("  <url>", `    <loc>${xmlEscape(entry.loc)}</loc>`);
    if (entry.lastmod) lines.push(`    <lastmod>${xmlEscape(entry.lastmod)}</lastmod>`);
    for (const a of entry.alternates ?? []) lines.push(`    <xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.href)}"/>`);
    lines.push("  </url>");
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

/** Every address of a page: one entry per language the dealership shows it in, each listing all of them. */
export function sitemapEntries(origin: string, dealer: SeoDealer, page: SeoPage, lastmod?: string | null): SitemapEntry[] {
  const locales = dealer.is_multilingual ? localesByLanguage(dealer) : dealer.allowed_languages.slice(0, 1);
  return locales.map((locale) => {
    const { canonical, alternates } = seoLinks(origin, dealer, locale, page);
    return { loc: canonical, lastmod: lastmod ?? null, alternates };
  });
}

/**
 * robots.txt: the API and the development mailbox are not crawled; the private pages stay crawlable so that
 * their noindex is read. The sitemaps are listed.
 */
export function robotsTxt(sitemaps: readonly string[]): string {
  return ["User-agent: *", "Disallow: /api/", "Disallow: /dev/", "", ...sitemaps.map((s) => `Sitemap: ${s}`), ""].join("\n");
}
