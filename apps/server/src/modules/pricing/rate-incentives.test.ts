import { paymentOptionSchema, type DealerIncentive } from "@showroom/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";
import { dealershipPricing } from "./tables.ts";

let testApp: TestApp;
let toyota: number;
const rateIncentive = (id: string, apr: string): DealerIncentive => ({
  id, name: `Toyota rate ${apr} %`, type: "rate_reduction", category: "normal", apr, vehicle: { make: "Toyota", conditions: ["new"] }, payment_types: ["finance"],
});

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  const [maple] = await db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  const [pricing] = await db.select().from(dealershipPricing).where(eq(dealershipPricing.dealershipId, maple!.id));
  // Before any pricing call (the setup is read once): one incentive far above every program rate, one at 0 %.
  await db
    .update(dealershipPricing)
    .set({ incentives: [...pricing!.incentives, rateIncentive("rate-high", "25.00"), rateIncentive("rate-zero", "0.00")] })
    .where(eq(dealershipPricing.dealershipId, maple!.id));
  const [vehicle] = await db.select().from(vehicles).where(and(eq(vehicles.dealershipId, maple!.id), eq(vehicles.make, "Toyota"), eq(vehicles.condition, "New"))).limit(1);
  toyota = vehicle!.id;
});
afterAll(async () => {
  await testApp?.close();
});

describe("rate incentives through the pricing call", () => {
  it("never raise the rate: one above the program's is neither offered nor applied, one below it is", async () => {
    const shopper = client(testApp, "maple-auto");
    await shopper.get("/api/i18n/");
    const price = async (incentives?: string[]) => {
      const response = await shopper.post("/api/payment-type/finance/pricing/", { inventory: toyota, use_fallback_values: true, ...(incentives ? { incentives } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      return paymentOptionSchema.parse(response.json());
    };
    const program = await price([]);
    expect(Number(program.rate)).toBeGreaterThan(0);
    expect(Number(program.rate)).toBeLessThan(25);

    const offered = await price();
    expect(offered.available_incentives.map((i) => i.id)).not.toContain("rate-high");
    expect(offered.available_incentives.map((i) => i.id)).toContain("rate-zero");

    const asked = await price(["rate-high"]);
    expect(asked.rate).toBe(program.rate);
    expect(asked.payment).toBe(program.payment);

    const lowered = await price(["rate-zero"]);
    expect(Number(lowered.rate)).toBe(0);
    expect(Number(lowered.payment)).toBeLessThan(Number(program.payment));
  });
});
