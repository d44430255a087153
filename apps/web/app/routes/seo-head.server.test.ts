import { afterEach, describe, expect, it, vi } from "vitest";
import { dealerInfo, vehicle } from "../testing/fixtures.ts";
import { testLoadContext } from "../testing/load-context.ts";
import type { Route } from "./+types/details";
import type { Route as SearchRoute } from "./+types/search";
import { loader, meta } from "./details.tsx";
import { loader as searchLoader, meta as searchMeta } from "./search.tsx";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
afterEach(() => vi.unstubAllGlobals());

const car = vehicle({ id: 1203, listing_price: "31995.00", description: "Sunroof </script><script>alert(1)</script> & more", available: true });

/** The API of the test: the dealership (with `dealer` overrides), the vehicle, its page settings. */
function stubApi(dealer: Parameters<typeof dealerInfo>[0] = {}) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.endsWith("/home-dealership/")) return json(200, { ...dealerInfo(dealer), photo_origins: [] });
      if (url.includes("/api/quickshop/inventory/1203/")) return json(200, car);
      if (url.includes("/vdp-settings/")) return json(200, { show_savings_detail: true, show_savings_details_expanded_by_default: false });
      return json(404, { detail: "Not found." });
    }),
  );
}

async function headOf(url: string, cookie = "") {
  const args = { request: new Request(url, { headers: { cookie } }), params: { dealerCode: "maple-auto", id: "1203" }, context: testLoadContext({ publicOrigin: "http://shop.test" }) };
  const loaded = (await loader(args as unknown as Route.LoaderArgs)) as Awaited<ReturnType<typeof loader>> & { seo: unknown };
  const shellMatch = { id: "shell@fr/:dealerCode", data: {}, meta: [{ title: "shell" }] };
  return meta({ data: loaded, matches: [shellMatch, { id: "details-id@fr/:dealerCode", data: loaded, meta: [] }] } as unknown as Route.MetaArgs);
}

const find = (tags: Record<string, unknown>[], test: (tag: Record<string, unknown>) => boolean) => tags.filter(test);

describe("the details page's head, rendered on the server", () => {
  it("has the vehicle's title and description in the page's language, its canonical address and both languages' addresses", async () => {
    stubApi();
    const tags = (await headOf("http://shop.test/fr/maple-auto/details/1203/?source=facebook&utm_source=ad")) as Record<string, unknown>[];
    expect(find(tags, (t) => "title" in t)[0]?.["title"]).toMatch(/^2026 .+ \| Maple Auto Toronto \| Salle d’exposition en ligne$/);
    expect(find(tags, (t) => t["name"] === "description")[0]?.["content"]).toMatch(/en vente chez Maple Auto Toronto\./);
    expect(find(tags, (t) => t["rel"] === "canonical")).toEqual([{ tagName: "link", rel: "canonical", href: "http://shop.test/fr/maple-auto/details/1203/" }]);
    expect(find(tags, (t) => t["rel"] === "alternate").map((t) => [t["hrefLang"], t["href"]])).toEqual([
      ["en-CA", "http://shop.test/en/maple-auto/details/1203/"],
      ["fr-CA", "http://shop.test/fr/maple-auto/details/1203/"],
      ["x-default", "http://shop.test/en/maple-auto/details/1203/"],
    ]);
  });

  it("has the vehicle as a schema.org Car offered at its listing price, whose text React Router's Meta escapes", async () => {
    stubApi();
    const tags = (await headOf("http://shop.test/fr/maple-auto/details/1203/")) as Record<string, unknown>[];
    const [structured] = find(tags, (t) => "script:ld+json" in t).map((t) => t["script:ld+json"] as Record<string, Record<string, unknown>>);
    expect(structured).toMatchObject({
      "@type": "Car",
      vehicleIdentificationNumber: car.vin,
      offers: { "@type": "Offer", price: "31995.00", priceCurrency: "CAD", availability: "https://schema.org/InStock", url: "http://shop.test/fr/maple-auto/details/1203/" },
    });
    expect(structured?.["offers"]?.["seller"]).toMatchObject({ "@type": "AutoDealer", name: "Maple Auto Toronto", telephone: "(416) 555-0142" });
  });

  it("publishes no price for a dealership whose prices are locked, and no alternates in a single language", async () => {
    stubApi({ compulsory_login: true, allowed_languages: ["en-ca"], is_multilingual: false });
    // The Host header does not move the canonical address: it is the public origin's.
    const tags = (await headOf("http://forged.example/maple-auto/details/1203/")) as Record<string, unknown>[];
    expect(JSON.stringify(tags)).not.toContain("31995");
    expect(find(tags, (t) => t["rel"] === "alternate")).toEqual([]);
    expect(find(tags, (t) => t["rel"] === "canonical")[0]?.["href"]).toBe("http://shop.test/maple-auto/details/1203/");
  });

  it("is the shell's for a vehicle that is not found", async () => {
    stubApi();
    const args = { request: new Request("http://shop.test/fr/maple-auto/details/999/"), params: { dealerCode: "maple-auto", id: "999" }, context: testLoadContext({ publicOrigin: "http://shop.test" }) };
    const loaded = await loader(args as unknown as Route.LoaderArgs);
    const tags = meta({ data: (loaded as { data: unknown }).data, matches: [{ id: "shell@fr/:dealerCode", meta: [{ title: "shell" }] }, { id: "details-id", meta: [] }] } as unknown as Route.MetaArgs);
    expect(tags).toEqual([{ title: "shell" }]);
  });
});

describe("the vehicle list's head, rendered on the server", () => {
  const range = { min: null, max: null };
  const facets = {
    ...Object.fromEntries(["condition", "make", "model", "trim", "bodyType", "drivetrain", "exteriorColor", "interiorColor", "fuelType", "transmission", "stockType", "features", "dealership"].map((k) => [k, []])),
    year: range,
    mileage: range,
    payment: range,
  };
  const searchAnswer = { count: 42, next: null, previous: null, results: [], facets, budget_frequency: "monthly" };

  it("has a canonical address with the filters and the page only (no order, location or tracking), and the count in its description", async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url.endsWith("/home-dealership/")) return json(200, { ...dealerInfo(), photo_origins: [] });
      if (url.includes("/api/quickshop/inventory/?")) return json(200, searchAnswer);
      return json(404, { detail: "Not found." });
    });
    vi.stubGlobal("fetch", fetch);
    const url = "http://shop.test/en/maple-auto/search/?utm_campaign=fall&make=Honda&sort=-price&location=M5V3G5&gclid=x&bodyType=SUV&page=2";
    const args = { request: new Request(url), params: { dealerCode: "maple-auto" }, context: testLoadContext({ publicOrigin: "http://shop.test" }) };
    const loaded = await searchLoader(args as unknown as SearchRoute.LoaderArgs);
    const tags = searchMeta({ data: loaded, matches: [{ id: "shell@en/:dealerCode", meta: [] }, { id: "search", meta: [] }] } as unknown as SearchRoute.MetaArgs) as Record<string, unknown>[];
    expect(find(tags, (t) => t["rel"] === "canonical")[0]?.["href"]).toBe("http://shop.test/en/maple-auto/search/?make=Honda&bodyType=SUV&page=2");
    expect(find(tags, (t) => t["hrefLang"] === "fr-CA")[0]?.["href"]).toBe("http://shop.test/fr/maple-auto/search/?make=Honda&bodyType=SUV&page=2");
    expect(find(tags, (t) => t["name"] === "description")[0]?.["content"]).toMatch(/^42 vehicles in stock at Maple Auto Toronto\./);
    expect(find(tags, (t) => "title" in t)).toEqual([{ title: "Maple Auto Toronto | Online showroom" }]);
    // The dealership as schema.org's AutoDealer, on the list's address without its filters.
    const dealer = find(tags, (t) => "script:ld+json" in t)[0]?.["script:ld+json"] as Record<string, unknown> | undefined;
    expect(dealer).toMatchObject({ "@type": "AutoDealer", name: "Maple Auto Toronto", url: "http://shop.test/en/maple-auto/search/", telephone: "(416) 555-0142" });
  });
});
