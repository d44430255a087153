import { paymentOptionSchema, sitemapVehiclesSchema, vehicleListingsSchema, vehicleSchema } from "@showroom/domain";
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { seedIfEmpty } from "../../seed/index.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "./tables.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000 });
});
afterAll(async () => {
  await testApp?.close();
});

const listingsOf = async (dealerCode: string, caller = client(testApp, dealerCode)) => {
  const answer = await caller.get("/api/quickshop/inventory/vehicle-listings/");
  expect(answer.statusCode).toBe(200);
  return vehicleListingsSchema.parse(answer.json()).results;
};

describe("the vehicles of a dealership's vehicle-listings feed", () => {
  it("are the sitemap's vehicles, each with the terms its payments are advertised with", async () => {
    const results = await listingsOf("maple-auto");
    const sitemap = sitemapVehiclesSchema.parse((await client(testApp, "maple-auto").get("/api/quickshop/inventory/sitemap/")).json()).results;
    expect(results.length).toBeGreaterThan(100);
    const listed = new Set(sitemap.map((v) => v.id));
    expect(results.map((v) => v.id).sort()).toEqual([...listed].sort());
    expect(results.some((v) => v.is_reserved)).toBe(false);
    expect(results.every((v) => v.advertised_terms?.jurisdiction === "CA-ON")).toBe(true);
  });

  it("advertise a new vehicle at the pricing engine's all-in cash price (fees before tax), a used one in Ontario too", async () => {
    const results = await listingsOf("maple-auto");
    const newCar = results.find((v) => v.is_new && v.listing_price !== null)!;
    const usedCar = results.find((v) => !v.is_new && v.listing_price !== null)!;
    const maple = client(testApp, "maple-auto");
    await maple.get("/api/i18n/"); // the session and CSRF cookies of a first page view
    for (const vehicle of [newCar, usedCar]) {
      const priced = await maple.post("/api/payment-type/cash/pricing/", { inventory: vehicle.id });
      expect(priced.statusCode, priced.body).toBe(200);
      const option = paymentOptionSchema.parse(priced.json());
      expect(vehicle.advertised_price).toBe(option.subtotal);
      // Freight, PDI, the administration fee and OMVIC's are in it: above the listing price.
      expect(Number(vehicle.advertised_price)).toBeGreaterThan(Number(vehicle.listing_price));
    }
  });

  it("advertise a used vehicle in New York at its listing price, a new one at its all-in price", async () => {
    const { shopper } = await registeredShopper(testApp, "lakeshore-buffalo", { phone: "716-555-0177" });
    const results = await listingsOf("lakeshore-buffalo", shopper);
    const used = results.find((v) => !v.is_new && v.listing_price !== null)!;
    expect(used.advertised_price).toBe(used.listing_price);
    const newCar = results.find((v) => v.is_new && v.listing_price !== null)!;
    expect(newCar.advertised_price).toBe(newCar.advertised_terms!.all_in_price);
    expect(newCar.advertised_terms!.jurisdiction).toBe("US-NY");
  });

  it("leave out sold, unavailable and reserved vehicles, and those a shopper's deposit holds, as the sitemap does", async () => {
    const [a, b, c, d] = await listingsOf("maple-auto");
    const db = testApp.database.db;
    await db.update(vehicles).set({ stockStatus: "S" }).where(eq(vehicles.id, a!.id));
    await db.update(vehicles).set({ available: false }).where(eq(vehicles.id, b!.id));
    await db.update(vehicles).set({ stockStatus: "R" }).where(eq(vehicles.id, c!.id));
    // Held by a shopper's deposit (the column names the customer; no foreign key).
    await db.update(vehicles).set({ heldForCustomerId: 424242, heldUntil: new Date(Date.now() + 86_400_000) }).where(eq(vehicles.id, d!.id));
    const ids = (await listingsOf("maple-auto")).map((v) => v.id);
    const sitemap = sitemapVehiclesSchema.parse((await client(testApp, "maple-auto").get("/api/quickshop/inventory/sitemap/")).json()).results.map((v) => v.id);
    for (const listed of [ids, sitemap]) {
      for (const gone of [a, b, c, d]) expect(listed).not.toContain(gone!.id);
    }
  });

  it("are its own, never another dealership's, even of its group", async () => {
    const [maple] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
    const others = new Set((await testApp.database.db.select({ id: vehicles.id }).from(vehicles).where(ne(vehicles.dealershipId, maple!.id))).map((v) => v.id));
    const ids = (await listingsOf("maple-auto")).map((v) => v.id);
    expect(ids.filter((id) => others.has(id))).toEqual([]);
    const ottawa = (await listingsOf("maple-vw-ottawa")).map((v) => v.id);
    expect(ottawa.filter((id) => ids.includes(id))).toEqual([]);
  });

  it("carry no price nor terms where prices are locked and nobody is signed in, and are none for an unknown dealership", async () => {
    const results = await listingsOf("lakeshore-buffalo");
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((v) => v.advertised_price === null && v.listing_price === null && v.advertised_terms === null)).toBe(true);
    expect((await client(testApp, "no-such-dealer").get("/api/quickshop/inventory/vehicle-listings/")).statusCode).toBe(404);
  });
});

describe("a vehicle's advertised terms on the list and the details page", () => {
  it("are the engine's stored figures: term, rate and down payment of the default finance payment, the lease's amount due at signing", async () => {
    const maple = client(testApp, "maple-auto");
    await maple.get("/api/i18n/");
    const search = (await maple.get("/api/quickshop/inventory/?condition=new")).json() as { results: { id: number }[] };
    const vehicle = vehicleSchema.parse((await maple.get(`/api/quickshop/inventory/${search.results[0]!.id}/`)).json());
    const terms = vehicle.advertised_terms!;
    const finance = paymentOptionSchema.parse((await maple.post("/api/payment-type/finance/pricing/", { inventory: vehicle.id })).json());
    expect(terms.finance).toEqual({
      term: finance.term,
      rate: finance.rate,
      down_payment: finance.down_payment,
      cost_of_borrowing: finance.finance!.finance_charge,
      total_of_payments: finance.finance!.total_of_payments,
    });
    expect(vehicle.finance_payment.amount).toBe(finance.payment);
    const lease = paymentOptionSchema.parse((await maple.post("/api/payment-type/lease/pricing/", { inventory: vehicle.id })).json());
    expect(terms.lease?.due_at_signing).toBe(lease.lease!.due_at_signing);
  });

  it("are null in the list of a dealership whose prices are locked, for a visitor", async () => {
    const list = (await client(testApp, "lakeshore-buffalo").get("/api/quickshop/inventory/")).json() as { results: { advertised_terms: unknown }[] };
    expect(list.results.length).toBeGreaterThan(0);
    expect(list.results.every((v) => v.advertised_terms === null)).toBe(true);
  });
});

describe("a database priced before vehicles kept their advertised terms", () => {
  it("has them priced again at start-up", async () => {
    const db = testApp.database.db;
    const [maple] = await db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
    await db.update(vehicles).set({ advertisedTerms: null }).where(eq(vehicles.dealershipId, maple!.id));
    expect((await listingsOf("maple-auto")).every((v) => v.advertised_terms === null)).toBe(true);
    await seedIfEmpty(db);
    const results = await listingsOf("maple-auto");
    expect(results.every((v) => v.advertised_terms?.jurisdiction === "CA-ON")).toBe(true);
  });
});
