import { rebateApplicationSchema } from "@showroom/domain";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { dealershipRow } from "../../test/deals.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { vehicles } from "../inventory/tables.ts";

let testApp: TestApp;
let newToyota: number;
let usedHonda: number;
beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000, rateLimitPerMinute: 100_000 });
  const maple = await dealershipRow(testApp, "maple-auto");
  const pick = async (make: string, condition: "New" | "Used") => {
    const [row] = await testApp.database.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.dealershipId, maple.id), eq(vehicles.make, make), eq(vehicles.condition, condition), eq(vehicles.available, true), isNotNull(vehicles.priceCents)))
      .limit(1);
    return row!.id;
  };
  newToyota = await pick("Toyota", "New");
  usedHonda = await pick("Honda", "Used");
});
afterAll(async () => {
  await testApp?.close();
});

type Browser = ReturnType<typeof client>;
async function dealOn(shopper: Browser, vehicle: number) {
  const priced = await shopper.post("/api/payment-type/cash/pricing/", { inventory: vehicle, use_fallback_values: true });
  expect(priced.statusCode, priced.body).toBe(200);
  const saved = await shopper.post("/api/order/", { vehicle, payment_option: priced.json().id });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json<{ id: number }>().id;
}

const URL = "/api/rebate-applications/";

describe("rebate applications", () => {
  it("records an application for a rebate offered on the deal's vehicle, once; lists the deal's", async () => {
    const { shopper } = await registeredShopper(testApp);
    const order = await dealOn(shopper, newToyota);
    const first = await shopper.post(URL, { order, rebate_id: "toyota-cash", source: "vdp" });
    expect(first.statusCode, first.body).toBe(201);
    const application = rebateApplicationSchema.parse(first.json());
    expect(application).toMatchObject({ order, rebate_id: "toyota-cash", source: "vdp", name: "Toyota cash incentive", name_fr: "Incitatif au comptant Toyota" });
    expect(application.uid).toMatch(/^[0-9a-f-]{36}$/);

    const again = await shopper.post(URL, { order, rebate_id: "toyota-cash", source: "checkout" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(application);
    const listed = await shopper.get(`${URL}?order=${order}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ results: [application] });
  });

  it("refuses a rebate not offered on the vehicle, one that conflicts, an unknown one, naming rebate_id; bad fields by name", async () => {
    const { shopper } = await registeredShopper(testApp);
    const order = await dealOn(shopper, usedHonda);
    for (const rebate_id of ["toyota-cash", "loyalty", "nothing"]) {
      const refused = await shopper.post(URL, { order, rebate_id, source: "vdp" }, { "accept-language": "en" });
      expect(refused.statusCode, rebate_id).toBe(400);
      expect(refused.json().rebate_id).toEqual(["This rebate is not offered for this vehicle."]);
    }
    const french = await shopper.post(URL, { order, rebate_id: "nothing", source: "vdp" }, { "accept-language": "fr-CA" });
    expect(french.json().rebate_id).toEqual(["Ce rabais n’est pas offert pour ce véhicule."]);
    const bad = await shopper.post(URL, { order: "x", rebate_id: "", source: "<script>" }, { "accept-language": "en" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(expect.arrayContaining(["order", "rebate_id", "source"]));
    expect((await shopper.get(`${URL}?order=abc`)).statusCode).toBe(400);
  });

  it("another customer's deal is refused on order (never shown); no customer is 403; another dealership does not see it", async () => {
    const owner = await registeredShopper(testApp);
    const order = await dealOn(owner.shopper, newToyota);
    await owner.shopper.post(URL, { order, rebate_id: "toyota-cash", source: "vdp" });
    const stranger = await registeredShopper(testApp);
    const refused = await stranger.shopper.post(URL, { order, rebate_id: "toyota-cash", source: "vdp" }, { "accept-language": "en" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().order).toEqual(["Use the id of one of your saved deals for this vehicle."]);
    expect((await stranger.shopper.get(`${URL}?order=${order}`)).statusCode).toBe(400);
    const laval = await registeredShopper(testApp, "boulevard-laval");
    expect((await laval.shopper.get(`${URL}?order=${order}`)).statusCode).toBe(400);
    const anonymous = client(testApp);
    await anonymous.get("/api/i18n/");
    expect((await anonymous.get(`${URL}?order=${order}`)).statusCode).toBe(403);
    expect((await anonymous.post(URL, { order, rebate_id: "toyota-cash", source: "vdp" })).statusCode).toBe(403);
  });
});
