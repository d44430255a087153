import { sitemapVehiclesSchema } from "@showroom/domain";
import { and, eq, isNotNull, ne, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { listedVehicle, vehicles } from "./tables.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const sitemapOf = async (dealerCode: string) => {
  const answer = await client(testApp, dealerCode).get("/api/quickshop/inventory/sitemap/");
  expect(answer.statusCode).toBe(200);
  return sitemapVehiclesSchema.parse(answer.json()).results;
};

describe("the vehicles of a dealership's sitemap", () => {
  it("are the vehicles its search lists less the reserved ones, with when each last changed", async () => {
    const results = await sitemapOf("maple-auto");
    const search = (await client(testApp, "maple-auto").get("/api/quickshop/inventory/")).json() as { count: number };
    const [maple] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
    const reserved = await testApp.database.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.dealershipId, maple!.id), listedVehicle(vehicles), or(eq(vehicles.stockStatus, "R"), isNotNull(vehicles.heldForCustomerId))));
    expect(reserved.length).toBeGreaterThan(0);
    expect(results.length).toBeGreaterThan(0);
    expect(results).toHaveLength(search.count - reserved.length);
    for (const vehicle of results) expect(new Date(vehicle.updated).toISOString()).toBe(vehicle.updated);
  });

  it("leave out sold, unavailable and reserved vehicles", async () => {
    const [first, second, third] = await sitemapOf("maple-auto");
    await testApp.database.db.update(vehicles).set({ stockStatus: "S" }).where(eq(vehicles.id, first!.id));
    await testApp.database.db.update(vehicles).set({ available: false }).where(eq(vehicles.id, second!.id));
    await testApp.database.db.update(vehicles).set({ stockStatus: "R" }).where(eq(vehicles.id, third!.id));
    const ids = (await sitemapOf("maple-auto")).map((v) => v.id);
    for (const gone of [first, second, third]) expect(ids).not.toContain(gone!.id);
  });

  it("are its own, never another dealership's, even of its group", async () => {
    const [maple] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
    const others = await testApp.database.db.select({ id: vehicles.id }).from(vehicles).where(ne(vehicles.dealershipId, maple!.id));
    expect(others.length).toBeGreaterThan(0);
    const ids = new Set((await sitemapOf("maple-auto")).map((v) => v.id));
    expect(others.filter((v) => ids.has(v.id))).toEqual([]);
    // maple-vw-ottawa is of Maple Auto's group (whose details pages Maple Auto may show): the check above covers its vehicles.
    const buffalo = await sitemapOf("lakeshore-buffalo");
    expect(buffalo.length).toBeGreaterThan(0);
    expect(buffalo.filter((v) => ids.has(v.id))).toEqual([]);
  });

  it("are none for an unknown dealership", async () => {
    expect((await client(testApp, "no-such-dealer").get("/api/quickshop/inventory/sitemap/")).statusCode).toBe(404);
  });
});
