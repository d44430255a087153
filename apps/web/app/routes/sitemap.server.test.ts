import { afterEach, describe, expect, it, vi } from "vitest";
import { dealerInfo } from "../testing/fixtures.ts";
import { testLoadContext } from "../testing/load-context.ts";
import type { Route as RobotsRoute } from "./+types/robots";
import type { Route } from "./+types/sitemap";
import { loader as robots } from "./robots.ts";
import { loader as sitemap } from "./sitemap.ts";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
afterEach(() => vi.unstubAllGlobals());

function stubApi(dealer: Parameters<typeof dealerInfo>[0] | null) {
  const calls: { url: string; dealerCode: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
      calls.push({ url, dealerCode: init.headers["x-dealer-code"] ?? "" });
      if (!dealer) return json(404, { detail: "Not found." });
      if (url.endsWith("/home-dealership/")) return json(200, { ...dealerInfo(dealer), photo_origins: [] });
      if (url.endsWith("/api/quickshop/inventory/sitemap/")) return json(200, { results: [{ id: 7, updated: "2026-11-20T10:00:00.000Z" }] });
      return json(404, { detail: "Not found." });
    }),
  );
  return calls;
}

const get = (url: string, params: Record<string, string> = {}) =>
  sitemap({ request: new Request(url), params, context: testLoadContext({ publicOrigin: "http://shop.test" }) } as unknown as Route.LoaderArgs);

describe("a dealership's sitemap", () => {
  it("lists its vehicle list and each listed vehicle's details page in both languages, with the alternates and last change", async () => {
    const calls = stubApi({ code: "maple-auto" });
    const answer = await get("http://shop.test/maple-auto/sitemap.xml", { dealerCode: "maple-auto" });
    expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await answer.text();
    expect(calls.every((c) => c.dealerCode === "maple-auto")).toBe(true);
    expect(xml.match(/<loc>[^<]+<\/loc>/g)).toEqual([
      "<loc>http://shop.test/en/maple-auto/search/</loc>",
      "<loc>http://shop.test/fr/maple-auto/search/</loc>",
      "<loc>http://shop.test/en/maple-auto/details/7/</loc>",
      "<loc>http://shop.test/fr/maple-auto/details/7/</loc>",
    ]);
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="fr-CA" href="http://shop.test/fr/maple-auto/details/7/"/>');
    expect(xml).toContain("<lastmod>2026-11-20T10:00:00.000Z</lastmod>");
  });

  it("is the default dealership's without a dealer code, in its one language", async () => {
    const calls = stubApi({ code: "maple-auto", allowed_languages: ["en-ca"], is_multilingual: false });
    const xml = await (await get("http://shop.test/sitemap.xml")).text();
    expect(calls[0]?.dealerCode).toBe("maple-auto");
    expect(xml.match(/<loc>[^<]+<\/loc>/g)).toEqual(["<loc>http://shop.test/maple-auto/search/</loc>", "<loc>http://shop.test/maple-auto/details/7/</loc>"]);
    expect(xml).not.toContain("xhtml:link rel");
  });

  it("is empty for a dealership without a vehicle list, and not found for an unknown one", async () => {
    stubApi({ show_vehicle_list: false });
    expect(await (await get("http://shop.test/sitemap.xml")).text()).not.toContain("<url>");
    stubApi(null);
    expect((await get("http://shop.test/nobody/sitemap.xml", { dealerCode: "nobody" })).status).toBe(404);
  });
});

describe("robots.txt", () => {
  it("names the sitemap at the storefront's public origin, whatever the request's Host", async () => {
    const answer = robots({ request: new Request("https://forged.example/robots.txt"), context: testLoadContext({ publicOrigin: "https://shop.example.com" }) } as unknown as RobotsRoute.LoaderArgs);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await answer.text()).toContain("Sitemap: https://shop.example.com/sitemap.xml");
  });
});
