import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";
import { contactLeads, crmEvents } from "./tables.ts";

let testApp: TestApp;
const vehicleOf = async (code: string) => {
  const db = testApp.database.db;
  const [d] = await db.select().from(dealerships).where(eq(dealerships.code, code));
  const [v] = await db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.dealershipId, d!.id), eq(vehicles.available, true))).limit(1);
  return v!.id;
};
async function shopperWithDeal(code: string) {
  const { shopper } = await registeredShopper(testApp, code);
  const vehicle = await vehicleOf(code);
  const created = await shopper.post("/api/order/", { vehicle });
  expect(created.statusCode, created.body).toBe(201);
  return { shopper, vehicle, orderId: created.json<{ id: number }>().id };
}
const contact = { first_name: "Jordan", last_name: "Lee", email: "jordan@example.com", phone: "416 555 0142", url: "http://localhost:3000/details/1/", help_message: "Is it still there?" };

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000 });
});
afterAll(async () => {
  await testApp?.close();
});

describe("ids named in leads and events must be the caller's to see", () => {
  it("refuses another customer's deal, another dealership's deal and any deal for a visitor, in events and contact leads", async () => {
    const mine = await shopperWithDeal("maple-auto");
    const neighbour = await shopperWithDeal("maple-auto");
    const laval = await shopperWithDeal("boulevard-laval");
    const visitor = client(testApp, "maple-auto");
    await visitor.get("/api/i18n/");
    const eventsBefore = (await testApp.database.db.select().from(crmEvents)).length;
    const leadsBefore = (await testApp.database.db.select().from(contactLeads)).length;

    for (const [caller, order] of [
      [mine.shopper, laval.orderId],
      [mine.shopper, neighbour.orderId],
      [laval.shopper, mine.orderId],
      [visitor, mine.orderId],
    ] as const) {
      const event = await caller.post("/api/customer/user/log_crm_event/", { event: "payment_calc_finish", order });
      expect(event.statusCode, event.body).toBe(400);
      expect(Object.keys(event.json())).toEqual(["order"]);
      const lead = await caller.post("/api/customer/contact_dealer/", { ...contact, order });
      expect(lead.statusCode, lead.body).toBe(400);
      expect(Object.keys(lead.json())).toEqual(["order"]);
    }
    const otherVehicle = await mine.shopper.post("/api/customer/user/log_crm_event/", { event: "initial_click", vehicle: laval.vehicle });
    expect(otherVehicle.statusCode).toBe(400);
    expect(Object.keys(otherVehicle.json())).toEqual(["vehicle"]);
    expect(await testApp.database.db.select().from(crmEvents)).toHaveLength(eventsBefore);
    expect(await testApp.database.db.select().from(contactLeads)).toHaveLength(leadsBefore);

    const own = await mine.shopper.post("/api/customer/user/log_crm_event/", { event: "payment_calc_finish", order: mine.orderId, vehicle: mine.vehicle });
    expect(own.statusCode, own.body).toBe(201);
    const ownLead = await mine.shopper.post("/api/customer/contact_dealer/", { ...contact, order: mine.orderId });
    expect(ownLead.statusCode, ownLead.body).toBe(201);
  });
});
