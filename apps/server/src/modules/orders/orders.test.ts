import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastEmailTo, registeredShopper } from "../../test/customers.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";
import { orders } from "./tables.ts";

let testApp: TestApp;
let mapleVehicles: number[];
let lavalVehicle: number;

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000 });
  const db = testApp.database.db;
  const idsOf = async (code: string) => {
    const [d] = await db.select().from(dealerships).where(eq(dealerships.code, code));
    const rows = await db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.dealershipId, d!.id), eq(vehicles.available, true))).limit(30);
    return rows.map((r) => r.id);
  };
  mapleVehicles = await idsOf("maple-auto");
  lavalVehicle = (await idsOf("boulevard-laval"))[0]!;
});
afterAll(async () => {
  await testApp?.close();
});

type Shopper = Awaited<ReturnType<typeof registeredShopper>>["shopper"];

async function pricedOption(shopper: Shopper, vehicle: number, type: "cash" | "finance" | "lease" = "cash") {
  const response = await shopper.post(`/api/payment-type/${type}/pricing/`, { inventory: vehicle, use_fallback_values: true });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; payment: string; payment_type: string }>();
}

describe("saving a deal", () => {
  it("makes one deal of 50 identical saves sent at once, and a new one when the save is made again later", async () => {
    const { shopper, customer } = await registeredShopper(testApp);
    const option = await pricedOption(shopper, mapleVehicles[1]!, "cash");
    const body = { vehicle: mapleVehicles[1], payment_type: "cash", payment_option: option.id };
    const responses = await Promise.all(Array.from({ length: 50 }, () => shopper.post("/api/order/", body)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(new Set(responses.map((r) => r.json<{ id: number }>().id)).size).toBe(1);
    const saved = await testApp.database.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect(saved).toHaveLength(1);

    testApp.clock.advance(31_000);
    expect((await shopper.post("/api/order/", body)).statusCode).toBe(201);
  });

  it("needs a signed-in customer", async () => {
    const anonymous = client(testApp);
    await anonymous.get("/api/i18n/");
    const response = await anonymous.post("/api/order/", { vehicle: mapleVehicles[0] });
    expect(response.statusCode).toBe(403);
    expect((await anonymous.get("/api/order/")).statusCode).toBe(403);
  });

  it("keeps the payment priced before signing up, and the step statuses kept in the browser", async () => {
    const shopper = client(testApp);
    await shopper.get("/api/i18n/");
    // Priced anonymously, then the shopper signs up: the option follows them into the new session.
    const option = await pricedOption(shopper as unknown as Shopper, mapleVehicles[0]!, "cash");
    const { registration } = await import("../../test/customers.ts");
    expect((await shopper.post("/api/customer/", registration())).statusCode).toBe(201);
    const response = await shopper.post("/api/order/", {
      vehicle: mapleVehicles[0],
      payment_type: "cash",
      payment_option: option.id,
      source_slug: "vdp",
      campaign: { utm_source: "newsletter" },
      analytics: { source_document_url: "http://localhost:3000/details/1/" },
      url_params: { content: "spring" },
      step_statuses: { "trade-in": 4, accessories: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      vehicle: { id: mapleVehicles[0], is_available: true },
      payment_type: "cash",
      payment: { payment_type: "cash", payment: option.payment },
      status: "initial",
      overall_status: "Active",
      payment_credit_score: 0,
      step_statuses: { "trade-in": 4, accessories: 1 },
      campaign: { utm_source: "newsletter" },
      url_params: { content: "spring" },
      source_slug: "vdp",
      deposit_status: "initial",
      order_lang: "en",
    });
    expect(order.step_progress).toBeGreaterThan(0);
    expect(Object.keys(order.progress)).toContain("BUILD-AND-PRICE");
    const steps = await shopper.get(`/api/customer/order-steps/?order=${order.id}`);
    expect(steps.json().steps.find((s: { id: string }) => s.id === "trade-in")).toMatchObject({ progress: 4, available: true, section: "customize-order" });
  });

  it("names each bad field and writes nothing", async () => {
    const { shopper, customer } = await registeredShopper(testApp);
    const bad = await shopper.post("/api/order/", { vehicle: "x", payment_type: "barter", step_statuses: { "trade-in": 9, teleport: 1 }, payment_credit_score: -1 });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body).toHaveProperty("vehicle");
    expect(body).toHaveProperty("payment_type");
    expect(body).toHaveProperty("payment_credit_score");
    expect(Object.keys(body).some((k) => k.startsWith("step_statuses"))).toBe(true);
    const notListed = await shopper.post("/api/order/", { vehicle: lavalVehicle });
    expect(notListed.json()).toHaveProperty("vehicle");
    const unknownOption = await shopper.post("/api/order/", { vehicle: mapleVehicles[1], payment_option: "0123456789abcdef01234567" });
    expect(unknownOption.statusCode).toBe(400);
    expect(unknownOption.json()).toHaveProperty("payment_option");
    const rows = await testApp.database.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses a payment option another session priced", async () => {
    const { shopper } = await registeredShopper(testApp);
    const other = await registeredShopper(testApp);
    const option = await pricedOption(other.shopper, mapleVehicles[2]!);
    const response = await shopper.post("/api/order/", { vehicle: mapleVehicles[2], payment_option: option.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("payment_option");
  });
});

describe("reading and changing deals", () => {
  it("lists the customer's deals with count, next and previous", async () => {
    const { shopper } = await registeredShopper(testApp);
    for (const vehicle of mapleVehicles.slice(0, 22)) expect((await shopper.post("/api/order/", { vehicle })).statusCode).toBe(201);
    const first = (await shopper.get("/api/order/")).json();
    expect(first.count).toBe(22);
    expect(first.results).toHaveLength(20);
    expect(first.previous).toBeNull();
    expect(first.next).toBe("/api/order/?page=2");
    const second = (await shopper.get(first.next)).json();
    expect(second.results).toHaveLength(2);
    expect(second.previous).toBe("/api/order/?page=1");
    const byVehicle = (await shopper.get(`/api/order/?vehicle=${mapleVehicles[3]}`)).json();
    expect(byVehicle.count).toBe(1);
    expect((await shopper.get("/api/order/?page=0")).json()).toHaveProperty("page");
  });

  it("never shows or changes another customer's deal, nor a deal at another dealership", async () => {
    const owner = await registeredShopper(testApp);
    const created = (await owner.shopper.post("/api/order/", { vehicle: mapleVehicles[4] })).json();
    const intruder = await registeredShopper(testApp);
    const id = created.id;
    expect((await intruder.shopper.get(`/api/order/${id}/`)).statusCode).toBe(404);
    expect((await intruder.shopper.request("PATCH", `/api/order/${id}/`, { body: { accessory_ids: [1] } })).statusCode).toBe(404);
    expect((await intruder.shopper.request("PUT", `/api/order/${id}/`, { body: { payment_type: "cash" } })).statusCode).toBe(404);
    expect((await intruder.shopper.request("DELETE", `/api/order/${id}/`)).statusCode).toBe(404);
    expect((await intruder.shopper.request("PUT", `/api/customer/order-steps/${id}/`, { body: { step_statuses: { review: 1 } } })).statusCode).toBe(404);
    expect((await intruder.shopper.get(`/api/customer/order-steps/?order=${id}`)).statusCode).toBe(404);
    expect((await intruder.shopper.get("/api/order/")).json().count).toBe(0);
    // The owner's session at another dealership's storefront is refused outright.
    expect((await owner.shopper.get(`/api/order/${id}/`, { "x-dealer-code": "boulevard-laval" })).statusCode).toBe(403);
    const laval = await registeredShopper(testApp, "boulevard-laval");
    expect((await laval.shopper.get(`/api/order/${id}/`)).statusCode).toBe(404);
  });

  it("patches (id in the body ignored), puts, and sets incentives and step statuses", async () => {
    const { shopper } = await registeredShopper(testApp);
    // An accessory that fits the vehicle and two plans offered for it, from the demo catalogue.
    const [accessory] = (await shopper.get(`/api/accessories/?vehicle=${mapleVehicles[5]}`)).json().results;
    const plans = (await shopper.get(`/api/protection-plans/?vehicle=${mapleVehicles[5]}`)).json().results.slice(0, 2).map((p: { id: number }) => p.id);
    const order = (await shopper.post("/api/order/", { vehicle: mapleVehicles[5], accessory_ids: [accessory.id] })).json();
    const patched = await shopper.request("PATCH", `/api/order/${order.id}/`, { body: { id: 999, protection_ids: plans } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id: order.id, accessory_ids: [accessory.id], protection_ids: plans });
    const option = await pricedOption(shopper, mapleVehicles[5]!, "finance");
    const put = await shopper.request("PUT", `/api/order/${order.id}/`, { body: { payment_type: "finance", payment_option: option.id } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ accessory_ids: [], protection_ids: [], payment_type: "finance", payment: { payment_type: "finance" } });
    expect(put.json().finance_term).toBeGreaterThan(0);
    expect((await shopper.request("PUT", `/api/order/${order.id}/`, { body: {} })).json()).toHaveProperty("payment_type");
    expect((await shopper.request("PUT", `/api/order/${order.id}/incentives/`, { body: { incentives: ["no-such-incentive"] } })).json()).toHaveProperty("incentives");
    const steps = await shopper.request("PUT", `/api/customer/order-steps/${order.id}/`, { body: { step_statuses: { review: 1, deposit: 2 } } });
    expect(steps.statusCode, steps.body).toBe(200);
    expect(steps.json().steps.find((s: { id: string }) => s.id === "deposit").progress).toBe(2);
    expect((await shopper.request("PUT", `/api/customer/order-steps/${order.id}/`, { body: { step_statuses: { review: 7 } } })).statusCode).toBe(400);
  });

  it("emails a link back to the deal", async () => {
    const { shopper, email } = await registeredShopper(testApp);
    const order = (await shopper.post("/api/order/", { vehicle: mapleVehicles[6] })).json();
    expect((await shopper.post(`/api/order/${order.id}/send_order_link/`)).statusCode).toBe(202);
    const mail = await lastEmailTo(testApp, email);
    expect(mail?.subject).toContain(order.vehicle.title);
    expect(mail?.text).toContain("/orders/?expired=1&token=");
  });
});

describe("deleting a deal", () => {
  async function savedDeal() {
    const { shopper } = await registeredShopper(testApp);
    const order = (await shopper.post("/api/order/", { vehicle: mapleVehicles[7] })).json();
    return { shopper, id: order.id as number };
  }
  const setOrder = (id: number, values: Partial<typeof orders.$inferInsert>) => testApp.database.db.update(orders).set(values).where(eq(orders.id, id));

  it("checks with dry_run=1 without deleting, then deletes", async () => {
    const { shopper, id } = await savedDeal();
    const check = await shopper.request("DELETE", `/api/order/${id}/?dry_run=1`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ can_delete: true });
    expect((await shopper.get(`/api/order/${id}/`)).statusCode).toBe(200);
    expect((await shopper.request("DELETE", `/api/order/${id}/`)).statusCode).toBe(204);
    expect((await shopper.get(`/api/order/${id}/`)).statusCode).toBe(404);
  });

  it.each([
    ["completed", false, "order_delete_deposit_paid", /deposit has been paid/],
    ["pre-authorized", false, "order_delete_deposit_pre_authorized", /pre-authorized/],
    ["initial", true, "order_delete_quote_pending", /personalized quote request is pending/],
  ] as const)("refuses when the deposit is %s / quote pending %s", async (depositStatus, praqPending, code, message) => {
    const { shopper, id } = await savedDeal();
    await setOrder(id, { depositStatus, praqPending });
    for (const url of [`/api/order/${id}/?dry_run=1`, `/api/order/${id}/`]) {
      const response = await shopper.request("DELETE", url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code });
      expect(response.json().non_field_errors[0]).toMatch(message);
    }
    expect((await shopper.get(`/api/order/${id}/`)).statusCode).toBe(200);
  });

  it("names a bad dry_run value", async () => {
    const { shopper, id } = await savedDeal();
    expect((await shopper.request("DELETE", `/api/order/${id}/?dry_run=yes`)).json()).toHaveProperty("dry_run");
  });
});

describe("order steps without a deal", () => {
  it("answers the dealership's steps at 0 to an anonymous shopper", async () => {
    const anonymous = client(testApp);
    const response = await anonymous.get(`/api/customer/order-steps/?vehicle=${mapleVehicles[0]}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toBeNull();
    expect(response.json().steps.every((s: { progress: number }) => s.progress === 0)).toBe(true);
    expect((await anonymous.get("/api/customer/order-steps/?order=1")).statusCode).toBe(403);
  });
});

describe("closing a customer's account", () => {
  it("deletes the customer and their deals and ends the session, unless a deal holds a deposit", async () => {
    const { shopper, customer } = await registeredShopper(testApp);
    const order = (await shopper.post("/api/order/", { vehicle: mapleVehicles[8] })).json();
    await testApp.database.db.update(orders).set({ depositStatus: "pre-authorized" }).where(eq(orders.id, order.id));
    const refused = await shopper.request("DELETE", `/api/customer/${customer.id}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("order_delete_deposit_pre_authorized");
    await testApp.database.db.update(orders).set({ depositStatus: "refunded" }).where(eq(orders.id, order.id));
    const other = await registeredShopper(testApp);
    expect((await other.shopper.request("DELETE", `/api/customer/${customer.id}/`)).statusCode).toBe(404);
    expect((await shopper.request("DELETE", `/api/customer/${customer.id}/`)).statusCode).toBe(204);
    expect((await shopper.get("/api/customer/current_user/")).statusCode).toBe(403);
    expect(await testApp.database.db.select().from(orders).where(eq(orders.customerId, customer.id))).toHaveLength(0);
  });
});
