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
