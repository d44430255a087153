// Playwright's own test: the project's fixture waits for hydration, which never comes without JavaScript.
import { expect, test } from "@playwright/test";

type JsonLd = Record<string, unknown> & { "@type"?: string };

/**
 * What a search engine reads: the server's HTML alone, without running a script (issue 24, point 3). Each language of
 * a vehicle's page names itself canonical, lists both languages and x-default, and describes the car with its offer.
 */
test.describe("search engines", () => {
  test.use({ javaScriptEnabled: false });

  for (const language of ["en", "fr"] as const) {
    test(`${language}: a vehicle page without JavaScript has its title, description, canonical, hreflang and Car structured data`, async ({
      page,
      baseURL,
    }) => {
      const headers = { "x-dealer-code": "maple-auto" };
      const search = await page.request.get("/api/quickshop/inventory/", { headers });
      expect(search.ok()).toBe(true);
      const { id } = ((await search.json()) as { results: { id: number }[] }).results[0]!;
      type Vehicle = { id: number; vin: string; is_vin_fake: boolean; make: string; model: string; year: number };
      const vehicle = (await (
        await page.request.get(`/api/quickshop/inventory/${id}/`, { headers })
      ).json()) as Vehicle;

      const response = await page.goto(`/${language}/maple-auto/details/${vehicle.id}/`);
      expect(response?.status()).toBe(200);
      expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
      expect(await page.locator("html").getAttribute("lang")).toMatch(new RegExp(`^${language}`));

      await expect(page).toHaveTitle(new RegExp(`${vehicle.year} ${vehicle.make} ${vehicle.model}`));
      expect((await page.locator('meta[name="description"]').getAttribute("content"))?.length ?? 0).toBeGreaterThan(20);

      const here = `${baseURL}/${language}/maple-auto/details/${vehicle.id}/`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", here);
      const alternates = Object.fromEntries(
        await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")])),
      ) as Record<string, string>;
      expect(alternates["en-CA"]).toBe(`${baseURL}/en/maple-auto/details/${vehicle.id}/`);
      expect(alternates["fr-CA"]).toBe(`${baseURL}/fr/maple-auto/details/${vehicle.id}/`);
      expect(alternates["x-default"]).toBeDefined();

      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as JsonLd,
      );
      const car = blocks.find((block) => block["@type"] === "Car");
      expect(car, "a schema.org Car block").toBeDefined();
      expect(car).toMatchObject({
        "@context": "https://schema.org",
        ...(vehicle.is_vin_fake ? {} : { vehicleIdentificationNumber: vehicle.vin }),
        brand: { "@type": "Brand", name: vehicle.make },
        model: vehicle.model,
        vehicleModelDate: String(vehicle.year),
      });
      const offer = car!["offers"] as JsonLd & {
        price: number | string;
        priceCurrency: string;
        availability: string;
        url: string;
      };
      expect(offer["@type"]).toBe("Offer");
      expect(Number(offer.price)).toBeGreaterThan(0);
      expect(offer.priceCurrency).toBe("CAD");
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\//);
      expect(offer.url).toBe(here);
    });
  }
});

test("the sitemap is valid sitemap XML: absolute addresses on the public origin, dates, both languages' alternates", async ({
  page,
  baseURL,
}) => {
  const answer = await page.request.get("/maple-auto/sitemap.xml");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await answer.text();
  expect(xml.length).toBeLessThan(50 * 1024 * 1024);
  await page.goto("/robots.txt");
  const report = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9";
    const XHTML = "http://www.w3.org/1999/xhtml";
    const urls = [...doc.getElementsByTagNameNS(SITEMAP, "url")];
    return {
      parseError: doc.getElementsByTagName("parsererror").length > 0,
      root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
      urls: urls.map((url) => ({
        loc: url.getElementsByTagNameNS(SITEMAP, "loc")[0]?.textContent ?? "",
        lastmod: url.getElementsByTagNameNS(SITEMAP, "lastmod")[0]?.textContent ?? null,
        alternates: [...url.getElementsByTagNameNS(XHTML, "link")].map(
          (l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`,
        ),
      })),
    };
  }, xml);
  expect(report.parseError).toBe(false);
  expect(report.root).toBe("http://www.sitemaps.org/schemas/sitemap/0.9 urlset");
  expect(report.urls.length).toBeGreaterThan(100);
  expect(report.urls.length).toBeLessThanOrEqual(50_000);
  for (const url of report.urls) {
    expect(url.loc.startsWith(`${baseURL}/`)).toBe(true);
    expect(url.loc.length).toBeLessThan(2048);
    if (url.lastmod !== null) expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
    expect(url.alternates.map((a) => a.split(" ")[0]).sort()).toEqual(["en-CA", "fr-CA", "x-default"]);
  }

  // Each vehicle page it names is of a vehicle for sale: listed, not reserved.
  const ids = report.urls.flatMap((url) => /\/en\/maple-auto\/details\/(\d+)\/$/.exec(url.loc)?.[1] ?? []);
  expect(ids.length).toBeGreaterThan(100);
  for (const id of ids.slice(0, 8)) {
    const vehicle = await page.request.get(`/api/quickshop/inventory/${id}/`, {
      headers: { "x-dealer-code": "maple-auto" },
    });
    expect(vehicle.ok()).toBe(true);
    expect(await vehicle.json()).toMatchObject({ is_reserved: false });
  }
});
