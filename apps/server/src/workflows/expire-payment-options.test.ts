import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dealerships } from "../modules/dealerships/tables.ts";
import { vehicles } from "../modules/inventory/tables.ts";
import { paymentOptions } from "../modules/pricing/tables.ts";
import { registeredShopper } from "../test/customers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { expirePaymentOptions, PAYMENT_OPTION_LIFETIME_MS } from "./expire-payment-options.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000 });
});
afterAll(async () => {
  await testApp?.close();
});

it("deletes the payment options priced over a week ago that no deal names, and keeps the rest", async () => {
  const db = testApp.database.db;
  const [maple] = await db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  const [vehicle] = await db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.dealershipId, maple!.id), eq(vehicles.available, true))).limit(1);
  const { shopper } = await registeredShopper(testApp);
  const priced: string[] = [];
  for (const type of ["cash", "finance", "lease"]) {
    const response = await shopper.post(`/api/payment-type/${type}/pricing/`, { inventory: vehicle!.id, use_fallback_values: true });
    expect(response.statusCode, response.body).toBe(200);
    priced.push(response.json<{ id: string }>().id);
  }
  const saved = await shopper.post("/api/order/", { vehicle: vehicle!.id, payment_type: "finance", payment_option: priced[1] });
  expect(saved.statusCode, saved.body).toBe(201);
  const deps = { pricing: testApp.app.pricing, orders: testApp.app.orders };
  const remaining = async () => (await db.select({ uid: paymentOptions.uid }).from(paymentOptions).where(inArray(paymentOptions.uid, priced))).map((r) => r.uid).sort();

  // Within the week nothing goes.
  expect(await expirePaymentOptions({ ...deps, now: () => new Date(Date.now() + PAYMENT_OPTION_LIFETIME_MS - 60_000) })).toEqual({ deleted: 0, kept: 0 });
  expect(await remaining()).toHaveLength(3);

  const later = await expirePaymentOptions({ ...deps, now: () => new Date(Date.now() + PAYMENT_OPTION_LIFETIME_MS + 60_000) });
  expect(later.deleted).toBeGreaterThanOrEqual(2);
  expect(later.kept).toBe(1);
  expect(await remaining()).toEqual([priced[1]]);
  // The deal still opens with its payment.
  expect((await shopper.get(`/api/order/${saved.json<{ id: number }>().id}/`)).statusCode).toBe(200);
});
