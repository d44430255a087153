import { homeDealershipSchema, vehicleSchema, vehicleSearchResultSchema } from "@showroom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { client, createTestApp, type TestApp } from "../test/test-app.ts";
import { INTERNAL_KEY_HEADER } from "./client-address.ts";
import { answerForPage, keptView, viewBody } from "./view-serializer.ts";

/**
 * Where `value` (an answer's JSON) differs from `schema` in its keys: a key the schema does not name (a leak
 * the zod pass would have stripped) or a required key missing, with its path.
 */
function keyDifferences(schema: z.ZodType, value: unknown, at = "$"): string[] {
  const def = schema._zod.def as { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; options?: z.ZodType[] };
  if (value === null || value === undefined) return [];
  switch (def.type) {
    case "nullable":
    case "optional":
    case "default":
    case "readonly":
      return keyDifferences(def.innerType!, value, at);
    case "array":
      return Array.isArray(value) ? value.flatMap((item, i) => keyDifferences(def.element!, item, `${at}[${i}]`)) : [];
    case "union":
      // The option the value matches best.
      return def.options!.map((option) => keyDifferences(option, value, at)).sort((a, b) => a.length - b.length)[0] ?? [];
    case "object": {
      const shape = def.shape!;
      const record = value as Record<string, unknown>;
      const extra = Object.keys(record).filter((key) => !(key in shape)).map((key) => `${at}.${key} is not in the schema`);
      const missing = Object.entries(shape)
        .filter(([key, field]) => !(key in record) && !field.safeParse(undefined).success)
        .map(([key]) => `${at}.${key} is missing`);
      return [...extra, ...missing, ...Object.entries(shape).flatMap(([key, field]) => keyDifferences(field, record[key], `${at}.${key}`))];
    }
    default:
      return [];
  }
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe("routes answered without the zod pass (viewSerializer)", () => {
  it("send exactly the keys of their schema, nothing more, nothing missing", async () => {
    const maple = client(testApp, "maple-auto");
    const search = (await maple.get("/api/quickshop/inventory/?sort=-price")).json();
    expect(keyDifferences(vehicleSearchResultSchema, search)).toEqual([]);
    expect(vehicleSearchResultSchema.parse(search).results.length).toBeGreaterThan(0);
    const vehicle = (await maple.get(`/api/quickshop/inventory/${search.results[0].id}/`)).json();
    expect(keyDifferences(vehicleSchema, vehicle)).toEqual([]);
    vehicleSchema.parse(vehicle);
    const dealer = (await maple.get("/api/quickshop/dealership/home-dealership/")).json();
    expect(keyDifferences(homeDealershipSchema, dealer)).toEqual([]);
    homeDealershipSchema.parse(dealer);
  });

  it("finds a key the schema does not name, and one missing", async () => {
    const search = (await client(testApp, "maple-auto").get("/api/quickshop/inventory/")).json();
    const { vin: _vin, ...withoutVin } = search.results[0];
    const altered = { ...search, results: [{ ...search.results[0], secret: 1 }, withoutVin] };
    expect(keyDifferences(vehicleSearchResultSchema, altered)).toEqual(["$.results[0].secret is not in the schema", "$.results[1].vin is missing"]);
  });
});

describe("a view route's answer to a page of this process", () => {
  it("is the object the view built, with no JSON in between; any other caller gets the JSON of the same object", async () => {
    const url = "/api/quickshop/inventory/?sort=-price";
    const headers = { "x-dealer-code": "maple-auto" };
    const internal = await testApp.app.inject({ url, headers: { ...headers, [INTERNAL_KEY_HEADER]: testApp.app.internalKey } });
    expect(internal.statusCode).toBe(200);
    expect(internal.payload).toBe("");
    const outside = await testApp.app.inject({ url, headers });
    expect(answerForPage(outside.raw.req)).toBeUndefined();
    expect(answerForPage(internal.raw.req)).toEqual(outside.json());
    // A wrong key is an outside call.
    const forged = await testApp.app.inject({ url, headers: { ...headers, [INTERNAL_KEY_HEADER]: "guess" } });
    expect(answerForPage(forged.raw.req)).toBeUndefined();
    expect(forged.json()).toEqual(outside.json());
  });

  it("is not kept for a refusal: a page reads the error's JSON", async () => {
    const internal = await testApp.app.inject({ url: "/api/quickshop/inventory/999999/", headers: { "x-dealer-code": "maple-auto", [INTERNAL_KEY_HEADER]: testApp.app.internalKey } });
    expect(internal.statusCode).toBe(404);
    expect(answerForPage(internal.raw.req)).toBeUndefined();
    expect(internal.json()).toMatchObject({ detail: expect.any(String) });
  });
});

describe("viewBody", () => {
  const card = (id: number) => keptView({ id, make: "Mazda", prices: { cash: 100 + id, finance: null }, photos: [`/p/${id}.jpg`], note: undefined });
  it("writes JSON.stringify's text, the kept cards' JSON once", () => {
    const answers = [
      { count: 2, next: null, previous: undefined, results: [card(1), card(2)], facets: { make: [{ value: "Mazda", count: 2 }] }, budget_frequency: "monthly" },
      { count: 0, results: [], facets: {} },
      { results: [card(3), { id: 4 }] },
      {},
      [card(5)],
      card(6),
      "text",
      null,
    ];
    for (const answer of answers) expect(String(viewBody(answer))).toBe(JSON.stringify(answer));
  });

  it("freezes a kept view all through, so a change to it fails instead of leaving its JSON out of date", () => {
    const kept = card(7);
    viewBody({ results: [kept] });
    expect(() => {
      (kept.prices as { cash: number }).cash = 1;
    }).toThrow(TypeError);
    expect(() => (kept.photos as string[]).push("/x.jpg")).toThrow(TypeError);
  });
});
