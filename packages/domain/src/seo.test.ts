import { describe, expect, it } from "vitest";
import {
  jsonForScript,
  robotsTxt,
  searchDescription,
  seoLinks,
  seoTags,
  sitemapEntries,
  sitemapXml,
  storefrontUrl,
  vehicleDescription,
  vehicleStructuredData,
} from "./seo.ts";

const ORIGIN = "https://shop.example.com";
const bilingual = { code: "maple-auto", allowed_languages: ["en-ca", "fr-ca"] as const, is_multilingual: true };
const englishOnly = { code: "lakeshore-buffalo", allowed_languages: ["en-us"] as const, is_multilingual: false };

const vehicle = {
  year: 2024,
  make: "Honda",
  model: "Civic",
  marketing_trim: "Sport",
  trim_fr: "Sport FR",
  vin: "2HGFE2F59RH000001",
  is_vin_fake: false,
  odometer: 12500,
  is_new: false,
  exterior_color: "Blue",
  images: ["https://cdn.example.com/1.jpg"],
  main_image: "https://cdn.example.com/1.jpg",
  listing_price: "27995.00",
  available: true,
  description: "Clean car </script><script>alert(1)</script>",
};
const dealer = { name: "Maple Auto Toronto", full_address: "1 King St, Toronto, ON", phone: "416-555-0100", currency_unit: "cad" as const, length_unit: "km" as const };

describe("a page's canonical and alternate addresses", () => {
  it("are under the language prefix (multilingual dealerships only) and the dealer code, with a trailing slash", () => {
    expect(storefrontUrl(ORIGIN, { ...bilingual, allowed_languages: [...bilingual.allowed_languages] }, "fr", { route: "details/12" })).toBe(
      "https://shop.example.com/fr/maple-auto/details/12/",
    );
    expect(storefrontUrl(`${ORIGIN}/`, { ...englishOnly, allowed_languages: [...englishOnly.allowed_languages] }, "en", { route: "/search/" })).toBe(
      "https://shop.example.com/lakeshore-buffalo/search/",
    );
  });

  it("name the page in each language with x-default when the dealership shows both", () => {
    const links = seoLinks(ORIGIN, { ...bilingual, allowed_languages: [...bilingual.allowed_languages] }, "fr-ca", { route: "search", query: new URLSearchParams("make=Honda") });
    expect(links.canonical).toBe("https://shop.example.com/fr/maple-auto/search/?make=Honda");
    expect(links.alternates).toEqual([
      { hreflang: "en-CA", href: "https://shop.example.com/en/maple-auto/search/?make=Honda" },
      { hreflang: "fr-CA", href: "https://shop.example.com/fr/maple-auto/search/?make=Honda" },
      { hreflang: "x-default", href: "https://shop.example.com/en/maple-auto/search/?make=Honda" },
    ]);
  });

  it("have no alternates for a dealership in one language", () => {
    const links = seoLinks(ORIGIN, { ...englishOnly, allowed_languages: [...englishOnly.allowed_languages] }, "en-us", { route: "details/3" });
    expect(links).toEqual({ canonical: "https://shop.example.com/lakeshore-buffalo/details/3/", alternates: [] });
  });
});

describe("the head tags", () => {
  it("are a description, the canonical link, the alternates and the structured data, as React Router's meta takes them", () => {
    const tags = seoTags({
      title: "T",
      description: "D",
      links: { canonical: "c", alternates: [{ hreflang: "fr-CA", href: "f" }] },
      structuredData: { "@type": "Car" },
    });
    expect(tags).toEqual([
      { title: "T" },
      { name: "description", content: "D" },
      { tagName: "link", rel: "canonical", href: "c" },
      { tagName: "link", rel: "alternate", hrefLang: "fr-CA", href: "f" },
      { "script:ld+json": { "@type": "Car" } },
    ]);
  });

  it("describe the page in its language", () => {
    expect(vehicleDescription(vehicle, dealer, "en")).toBe("Used (12,500 km) 2024 Honda Civic Sport in Blue for sale at Maple Auto Toronto. Estimate your payments and buy online.");
    expect(vehicleDescription({ ...vehicle, is_new: true }, dealer, "fr")).toMatch(/^2024 Honda Civic Sport FR neuf, Blue, en vente chez Maple Auto Toronto\./);
    expect(vehicleDescription(vehicle, { ...dealer, length_unit: "mi" }, "fr")).toMatch(/^2024 Honda Civic Sport FR d’occasion, 12 500 mi, Blue, en vente/);
    expect(searchDescription(1, dealer, "en")).toMatch(/^1 vehicle in stock at Maple Auto Toronto/);
    expect(searchDescription(40, dealer, "fr")).toMatch(/^40 véhicules en inventaire chez Maple Auto Toronto/);
  });
});

describe("a vehicle's structured data", () => {
  const url = "https://shop.example.com/en/maple-auto/details/12/";

  it("is a schema.org Car with an offer at the listing price from its dealer", () => {
    const data = vehicleStructuredData({ vehicle, dealer, language: "en", url, pricesLocked: false });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Car",
      name: "2024 Honda Civic Sport",
      brand: { "@type": "Brand", name: "Honda" },
      model: "Civic",
      vehicleModelDate: "2024",
      vehicleIdentificationNumber: "2HGFE2F59RH000001",
      mileageFromOdometer: { "@type": "QuantitativeValue", value: 12500, unitCode: "KMT" },
      itemCondition: "https://schema.org/UsedCondition",
      color: "Blue",
      image: ["https://cdn.example.com/1.jpg"],
      offers: {
        "@type": "Offer",
        price: "27995.00",
        priceCurrency: "CAD",
        availability: "https://schema.org/InStock",
        url,
        seller: { "@type": "AutoDealer", name: "Maple Auto Toronto", address: "1 King St, Toronto, ON", telephone: "416-555-0100" },
      },
    });
  });

  it("offers a new vehicle, and any vehicle in Ontario, at the pricing engine's all-in price (the price its ads may show)", () => {
    const terms = { jurisdiction: "CA-ON", all_in_price: "30711.00", finance: null, lease: null };
    const ontario = vehicleStructuredData({ vehicle: { ...vehicle, advertised_terms: terms }, dealer, language: "en", url, pricesLocked: false });
    expect(ontario["offers"]).toMatchObject({ price: "30711.00" });
    const newYork = { ...terms, jurisdiction: "US-NY" };
    expect(vehicleStructuredData({ vehicle: { ...vehicle, advertised_terms: newYork }, dealer, language: "en", url, pricesLocked: false })["offers"]).toMatchObject({ price: "27995.00" });
    expect(vehicleStructuredData({ vehicle: { ...vehicle, is_new: true, advertised_terms: newYork }, dealer, language: "en", url, pricesLocked: false })["offers"]).toMatchObject({ price: "30711.00" });
  });

  it("has miles, USD, a sold-out offer and no made-up VIN when the facts say so", () => {
    const data = vehicleStructuredData({
      vehicle: { ...vehicle, available: false, is_new: true, is_vin_fake: true },
      dealer: { ...dealer, currency_unit: "usd", length_unit: "mi" },
      language: "en",
      url,
      pricesLocked: false,
    });
    expect(data).not.toHaveProperty("vehicleIdentificationNumber");
    expect(data).toMatchObject({
      itemCondition: "https://schema.org/NewCondition",
      mileageFromOdometer: { unitCode: "SMI" },
      offers: { priceCurrency: "USD", availability: "https://schema.org/SoldOut" },
    });
  });

  it("names its pictures by absolute address", () => {
    const drawn = { ...vehicle, images: ["/api/quickshop/inventory/pictures/suv/beige/0.svg"] };
    expect(vehicleStructuredData({ vehicle: drawn, dealer, language: "en", url, pricesLocked: false })["image"]).toEqual([
      "https://shop.example.com/api/quickshop/inventory/pictures/suv/beige/0.svg",
    ]);
  });

  it("has no price at a dealership whose prices are locked, nor for a vehicle without one", () => {
    for (const data of [
      vehicleStructuredData({ vehicle, dealer, language: "en", url, pricesLocked: true }),
      vehicleStructuredData({ vehicle: { ...vehicle, listing_price: null }, dealer, language: "en", url, pricesLocked: false }),
    ]) {
      expect(data["offers"]).not.toHaveProperty("price");
      expect(data["offers"]).not.toHaveProperty("priceCurrency");
      expect(jsonForScript(data)).not.toContain("27995");
    }
  });

  it("is valid JSON in which a description cannot close the script element", () => {
    const data = vehicleStructuredData({ vehicle, dealer, language: "fr", url, pricesLocked: false });
    const text = jsonForScript(data);
    expect(text).not.toContain("<");
    expect(text).not.toContain(">");
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual(data);
    expect((JSON.parse(text) as { description: string }).description).toBe(vehicle.description);
    expect((JSON.parse(text) as { name: string }).name).toBe("2024 Honda Civic Sport FR");
  });
});

describe("the sitemap", () => {
  it("lists each page in every language the dealership shows, with the alternates and the last change", () => {
    const entries = sitemapEntries(ORIGIN, { ...bilingual, allowed_languages: [...bilingual.allowed_languages] }, { route: "details/12" }, "2026-11-20T10:00:00.000Z");
    expect(entries.map((e) => e.loc)).toEqual(["https://shop.example.com/en/maple-auto/details/12/", "https://shop.example.com/fr/maple-auto/details/12/"]);
    expect(entries[1]!.alternates).toHaveLength(3);
    expect(entries[0]!.lastmod).toBe("2026-11-20T10:00:00.000Z");
    expect(sitemapEntries(ORIGIN, { ...englishOnly, allowed_languages: [...englishOnly.allowed_languages] }, { route: "search" })).toEqual([
      { loc: "https://shop.example.com/lakeshore-buffalo/search/", lastmod: null, alternates: [] },
    ]);
  });

  it("is XML with its text escaped", () => {
    const xml = sitemapXml([
      {
        loc: "https://shop.example.com/en/a&b/search/?make=A&model=<B>",
        lastmod: "2026-11-20",
        alternates: [{ hreflang: "fr-CA", href: "https://shop.example.com/fr/a&b/search/?q=\"x'" }],
      },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')).toBe(true);
    expect(xml).toContain("<loc>https://shop.example.com/en/a&amp;b/search/?make=A&amp;model=&lt;B&gt;</loc>");
    expect(xml).toContain("<lastmod>2026-11-20</lastmod>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="fr-CA" href="https://shop.example.com/fr/a&amp;b/search/?q=&quot;x&apos;"/>');
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
    // Nothing but the elements' own markup is left unescaped.
    expect(xml.replace(/<\/?(\?xml|urlset|url|loc|lastmod|xhtml:link)\b[^<>]*>/g, "")).not.toMatch(/[<>]/);
  });

  it("is named in robots.txt", () => {
    expect(robotsTxt(["https://shop.example.com/sitemap.xml"])).toContain("Sitemap: https://shop.example.com/sitemap.xml\n");
    expect(robotsTxt([])).toContain("Disallow: /api/");
  });
});
