import { paymentOptionSchema, vehicleComparisonSchema } from "@showroom/domain";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAt } from "../../test/staff.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";

let testApp: TestApp;
const ids: Record<string, number[]> = {};
let sold: number;

async function listedOf(code: string, condition: "New" | "Used", limit: number) {
  const db = testApp.database.db;
  const [dealer] = await db.select().from(dealerships).where(eq(dealerships.code, code));
  const rows = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.dealershipId, dealer!.id), eq(vehicles.available, true), sql`${vehicles.stockStatus} = 'I'`, eq(vehicles.condition, condition), isNotNull(vehicles.priceCents)))
    .orderBy(vehicles.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  testApp = await createTestApp();
  ids["maple-new"] = await listedOf("maple-auto", "New", 2);
  ids["maple-used"] = await listedOf("maple-auto", "Used", 2);
  ids["vw"] = await listedOf("maple-vw-ottawa", "New", 1);
  ids["lakeshore"] = await listedOf("lakeshore-buffalo", "Used", 2);
  const [maple] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  const [soldRow] = await testApp.database.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.dealershipId, maple!.id), sql`${vehicles.stockStatus} = 'S'`))
    .limit(1);
  sold = soldRow!.id;
});
afterAll(async () => {
  await testApp?.close();
});

const COMPARE = "/api/quickshop/inventory/compare/";

describe("GET api/quickshop/inventory/compare/", () => {
  it("refuses fewer than two, more than four and malformed ids, naming ids", async () => {
    const shopper = client(testApp, "maple-auto");
    for (const query of ["?ids=5", "?ids=1,2,3,4,5", "?ids=1,x", "?ids=", ""]) {
      const response = await shopper.get(`${COMPARE}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toContain("ids");
    }
  });

  it("answers the vehicles in the order asked, each with the payment its details page opens on", async () => {
    const browser = await browserAt(testApp, "maple-auto");
    const asked = [ids["maple-used"]![0]!, ids["maple-new"]![0]!, ids["maple-new"]![1]!];
    const response = await browser.get(`${COMPARE}?ids=${asked.join(",")}`);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = vehicleComparisonSchema.parse(response.json());
    expect(results.map((r) => r.vehicle.id)).toEqual(asked);
    const settings = (await browser.get("/api/quickshop/dealership/payment-settings/")).json() as { default_payment_type: { new: string; used: string } };
    for (const { vehicle, payment } of results) {
      expect(payment, `vehicle ${vehicle.id}`).not.toBeNull();
      // The details page's type for the condition, and the figure its first pricing call answers.
      expect(payment!.payment_type).toBe(settings.default_payment_type[vehicle.is_new ? "new" : "used"]);
      const priced = await browser.post(`/api/payment-type/${payment!.payment_type}/pricing/`, { inventory: vehicle.id, use_fallback_values: true });
      expect(priced.statusCode, priced.body).toBe(200);
      const option = paymentOptionSchema.parse(priced.json());
      expect(payment).toEqual({ payment_type: option.payment_type, amount: option.payment, payment_frequency: option.payment_frequency, term: option.term, rate: option.rate });
    }
  });

  it("prices neither a group dealership's vehicle nor a sold one, as their details pages do not", async () => {
    const response = await client(testApp, "maple-auto").get(`${COMPARE}?ids=${ids["maple-new"]![0]},${ids["vw"]![0]},${sold}`);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = vehicleComparisonSchema.parse(response.json());
    expect(results.map((r) => r.payment === null)).toEqual([false, true, true]);
    expect(results[2]!.vehicle.available).toBe(false);
  });

  it("answers 404 with the ids of another dealership's or unknown vehicles", async () => {
    const response = await client(testApp, "maple-auto").get(`${COMPARE}?ids=${ids["maple-new"]![0]},${ids["lakeshore"]![0]},2147483600`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ missing: [ids["lakeshore"]![0], 2147483600] });
  });

  it("sends no amount where the dealership locks its prices, until staff are signed in", async () => {
    const query = `${COMPARE}?ids=${ids["lakeshore"]!.join(",")}`;
    const anonymous = vehicleComparisonSchema.parse((await client(testApp, "lakeshore-buffalo").get(query)).json());
    for (const r of anonymous.results) {
      expect(r.payment).toBeNull();
      expect(r.vehicle.dealer_price).toBeNull();
    }
    const staff = await browserAt(testApp, "lakeshore-buffalo");
    await staff.signInAsStaff("sales-manager@lakeshore-buffalo.example");
    const signedIn = vehicleComparisonSchema.parse((await staff.get(query)).json());
    for (const r of signedIn.results) {
      expect(r.payment).not.toBeNull();
      expect(r.vehicle.dealer_price).not.toBeNull();
    }
  });
});
