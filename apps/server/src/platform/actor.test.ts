// Every call that needs a signed-in user, against every kind of caller: who gets through, who gets 403 or 440.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerUsers } from "../modules/dealer-auth/tables.ts";
import { dealerships } from "../modules/dealerships/tables.ts";
import { vehicles } from "../modules/inventory/tables.ts";
import { registeredShopper } from "../test/customers.ts";
import { browserAt, STAFF, type Browser } from "../test/staff.ts";
import { client, createTestApp, type TestApp } from "../test/test-app.ts";
import { actorOf, type StaffUser } from "./actor.ts";
import { sessionCookieValue } from "./sessions.ts";

let testApp: TestApp;
let mapleId: number;
let mapleVehicles: number[];

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 100_000, rateLimitPerMinute: 100_000 });
  const db = testApp.database.db;
  const [maple] = await db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  mapleId = maple!.id;
  const rows = await db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.dealershipId, mapleId), eq(vehicles.available, true))).limit(3);
  mapleVehicles = rows.map((r) => r.id);
});
afterAll(async () => {
  await testApp?.close();
});

/** A browser at maple-auto whose session is this staff user's, signed in at maple-auto (whatever their own dealership). */
async function staffSessionAtMaple(email: string, secondFactorVerified: boolean): Promise<Browser> {
  const browser = await browserAt(testApp, "maple-auto");
  const [user] = await testApp.database.db.select().from(dealerUsers).where(sql`lower(${dealerUsers.email}) = ${email}`);
  const { id } = await testApp.app.sessions.signIn(null, { dealershipId: mapleId, dealerUserId: user!.id, data: { second_factor_verified: secondFactorVerified } });
  browser.jar.store([`sessionid=${sessionCookieValue(testApp.config.sessionSecret, id)}; Path=/`, "csrftoken=; Max-Age=0"]);
  await browser.get("/api/i18n/");
  return browser;
}

type Fixture = { browser: Browser; customerId: number; orderId: number };

/** The caller, with the customer and deal the customer calls name (their own, or made for the test where the caller has none). */
const ACTORS: Record<string, () => Promise<Fixture>> = {
  anonymous: async () => ({ browser: await browserAt(testApp, "maple-auto"), ...(await someonesDeal()) }),
  customer: async () => {
    const { shopper, customer } = await registeredShopper(testApp, "maple-auto");
    return { browser: shopper, customerId: customer.id, orderId: await saveDeal(shopper) };
  },
  "customer of another dealership": async () => {
    const { shopper } = await registeredShopper(testApp, "boulevard-laval");
    const browser = client(testApp, "maple-auto");
    browser.jar.store([`sessionid=${shopper.jar.get("sessionid")}`, `csrftoken=${shopper.jar.get("csrftoken")}`]);
    return { browser, ...(await someonesDeal()) };
  },
  "staff between password and second factor": async () => ({ browser: await staffSessionAtMaple("admin@maple-auto.example", false), ...(await someonesDeal()) }),
  staff: async () => ({ browser: await staffSessionAtMaple("admin@maple-auto.example", true), ...(await someonesDeal()) }),
  "another dealership's staff": async () => ({ browser: await staffSessionAtMaple("admin@boulevard-laval.example", true), ...(await someonesDeal()) }),
  "staff acting for a customer": async () => {
    const browser = await staffSessionAtMaple("admin@maple-auto.example", true);
    const { customerId, orderId } = await someonesDeal();
    expect((await browser.post(`/api/dealer/customers/${customerId}/act/`)).statusCode).toBe(200);
    return { browser, customerId, orderId };
  },
};

async function saveDeal(shopper: Browser) {
  const response = await shopper.post("/api/order/", { vehicle: mapleVehicles[0] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function someonesDeal() {
  const { shopper, customer } = await registeredShopper(testApp, "maple-auto");
  return { customerId: customer.id, orderId: await saveDeal(shopper) };
}

type Call = { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; url: (f: Fixture) => string; body?: (f: Fixture) => unknown; headers?: Record<string, string>; ok?: number[] };

const CUSTOMER_CALLS: Record<string, Call> = {
  "GET current_user": { method: "GET", url: () => "/api/customer/current_user/" },
  "PUT customer": { method: "PUT", url: (f) => `/api/customer/${f.customerId}/`, body: () => ({ first_name: "Ada" }) },
  "PATCH customer": { method: "PATCH", url: (f) => `/api/customer/${f.customerId}/`, body: () => ({ first_name: "Ada" }) },
  "POST send_customer_lead": { method: "POST", url: (f) => `/api/customer/${f.customerId}/send_customer_lead/`, body: () => ({ url: "https://maple-auto.example/x" }) },
  "POST update_lead_type": { method: "POST", url: () => "/api/customer/update_lead_type/", body: () => ({ lead_type: "registration" }) },
  "POST consents": { method: "POST", url: () => "/api/consents/", body: (f) => ({ user: f.customerId, terms_and_conditions: true }) },
  "POST authenticate_eti_user": { method: "POST", url: (f) => `/api/customer/${f.customerId}/authenticate_eti_user/`, body: () => ({ cat_id: "c1", eti_id: "e1" }) },
  "GET orders": { method: "GET", url: () => "/api/order/" },
  "POST order": { method: "POST", url: () => "/api/order/", body: () => ({ vehicle: mapleVehicles[1] }) },
  "GET order": { method: "GET", url: (f) => `/api/order/${f.orderId}/` },
  "PUT order": { method: "PUT", url: (f) => `/api/order/${f.orderId}/`, body: () => ({ payment_type: "cash" }) },
  "PATCH order": { method: "PATCH", url: (f) => `/api/order/${f.orderId}/`, body: () => ({ payment_type: "finance" }) },
  "PUT order incentives": { method: "PUT", url: (f) => `/api/order/${f.orderId}/incentives/`, body: () => ({ incentives: [] }) },
  "POST send_order_link": { method: "POST", url: (f) => `/api/order/${f.orderId}/send_order_link/`, ok: [202] },
  "GET order activity": { method: "GET", url: (f) => `/api/order/${f.orderId}/activity/` },
  "GET order steps": { method: "GET", url: (f) => `/api/customer/order-steps/?order=${f.orderId}` },
  "PUT order steps": { method: "PUT", url: (f) => `/api/customer/order-steps/${f.orderId}/`, body: () => ({ step_statuses: { review: 1 } }) },
  // Last: it ends the deal the calls above name.
  "DELETE order": { method: "DELETE", url: (f) => `/api/order/${f.orderId}/` },
};

const STAFF_CALLS: Record<string, Call> = {
  "GET workspace customers": { method: "GET", url: () => "/api/dealer/customers/" },
  "GET workspace customer": { method: "GET", url: (f) => `/api/dealer/customers/${f.customerId}/` },
  "POST inventory import": {
    method: "POST",
    url: () => "/api/quickshop/inventory/import/?full=false",
    body: () => "vin,year,make,model,price\n",
    headers: { "content-type": "text/csv" },
    // A feed with no vehicle is refused for its content, which only a caller who may import gets to hear.
    ok: [200, 400],
  },
  "POST act": { method: "POST", url: (f) => `/api/dealer/customers/${f.customerId}/act/` },
  "POST back_to_dealer_panel": { method: "POST", url: () => STAFF.backToDealerPanel },
  "POST end_customer_session": { method: "POST", url: () => STAFF.endCustomerSession },
};

/** Who may make each kind of call; everyone else gets 403. */
const ALLOWED = {
  customer: new Set(["customer", "staff acting for a customer"]),
  staff: new Set(["staff", "staff acting for a customer"]),
};

async function run(fixture: Fixture, call: Call) {
  return fixture.browser.request(call.method, call.url(fixture), {
    ...(call.body ? { body: call.body(fixture) } : {}),
    ...(call.headers ? { headers: call.headers } : {}),
  });
}

describe.each(Object.keys(ACTORS))("as %s", (actor) => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await ACTORS[actor]!();
  });

  it("may make the customer calls only when a customer is in the session, and sees a 403 otherwise", async () => {
    for (const [name, call] of Object.entries(CUSTOMER_CALLS)) {
      const response = await run(fixture, call);
      if (ALLOWED.customer.has(actor)) expect(call.ok ?? [200, 201, 204], `${name}: ${response.body}`).toContain(response.statusCode);
      else expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
    }
  });

  it("may make the staff calls only when fully signed in as staff of this dealership", async () => {
    for (const [name, call] of Object.entries(STAFF_CALLS)) {
      const response = await run(fixture, call);
      if (ALLOWED.staff.has(actor)) expect(call.ok ?? [200, 201, 204], `${name}: ${response.body}`).toContain(response.statusCode);
      else expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
    }
  });
});

describe("work a session keeps", () => {
  it("opens a shopper's priced payment option to fully signed-in staff of the dealership only", async () => {
    const shopper = await browserAt(testApp, "maple-auto");
    const priced = await shopper.post("/api/payment-type/cash/pricing/", { inventory: mapleVehicles[2], use_fallback_values: true });
    expect(priced.statusCode, priced.body).toBe(200);
    const update = (browser: Browser) => browser.request("PUT", `/api/payment-type/${priced.json<{ id: string }>().id}/`, { body: { include_tax: true } });
    expect((await update(await browserAt(testApp, "maple-auto"))).statusCode).toBe(404);
    expect((await update(await staffSessionAtMaple("sales-rep@maple-auto.example", false))).statusCode).toBe(404);
    expect((await update(await staffSessionAtMaple("admin@boulevard-laval.example", true))).statusCode).toBe(404);
    expect((await update(await staffSessionAtMaple("sales-rep@maple-auto.example", true))).statusCode).toBe(200);
  });
});

describe("an expired session", () => {
  it("answers 440 to every protected call, customer's or staff's", async () => {
    // A 440 ends the session it answers, so every call gets an expired session of its own.
    const { customerId, orderId } = await someonesDeal();
    const [admin] = await testApp.database.db.select().from(dealerUsers).where(eq(dealerUsers.email, "admin@maple-auto.example"));
    const sessionFor = (who: { customerId: number } | { dealerUserId: number }) => async (): Promise<Fixture> => {
      const browser = await browserAt(testApp, "maple-auto");
      const data = "dealerUserId" in who ? { second_factor_verified: true } : {};
      const { id } = await testApp.app.sessions.signIn(null, { dealershipId: mapleId, ...who, data });
      browser.jar.store([`sessionid=${sessionCookieValue(testApp.config.sessionSecret, id)}`, "csrftoken=; Max-Age=0"]);
      await browser.get("/api/i18n/");
      return { browser, customerId, orderId };
    };
    const calls = [
      ...Object.entries(CUSTOMER_CALLS).map(([name, call]) => ({ name, call, fixture: sessionFor({ customerId }) })),
      ...Object.entries(STAFF_CALLS).map(([name, call]) => ({ name, call, fixture: sessionFor({ dealerUserId: admin!.id }) })),
    ];
    const fixtures = [];
    for (const { fixture } of calls) fixtures.push(await fixture());
    testApp.clock.advance(13 * 60 * 60_000);
    for (const [index, { name, call }] of calls.entries()) expect((await run(fixtures[index]!, call)).statusCode, name).toBe(440);
  });
});

describe("actorOf", () => {
  const staffUser: StaffUser = { id: 7, email: "a@b.example", role: "dealer_sales_rep", fullName: "A B", dealershipId: 1, groupId: null, defaultSendInvitationEmail: true };
  const session = (overrides: { customerId?: number | null; dealerUserId?: number | null; verified?: boolean }) => ({
    customerId: overrides.customerId ?? null,
    dealerUserId: overrides.dealerUserId ?? null,
    data: { second_factor_verified: overrides.verified ?? false },
  });

  it("tells the kinds of caller apart", () => {
    const here = { id: 1, groupId: null };
    expect(actorOf(null, null, here)).toEqual({ kind: "anonymous", secondFactorPending: false });
    expect(actorOf(session({ customerId: 3 }), null, here)).toEqual({ kind: "customer", customerId: 3 });
    expect(actorOf(session({ dealerUserId: 7 }), staffUser, here)).toEqual({ kind: "anonymous", secondFactorPending: true });
    expect(actorOf(session({ dealerUserId: 7, verified: true }), staffUser, here)).toMatchObject({ kind: "staff", staff: { id: 7, reachesDealership: true } });
    expect(actorOf(session({ dealerUserId: 7, customerId: 3, verified: true }), staffUser, here)).toMatchObject({ kind: "acting", customerId: 3 });
    expect(actorOf(session({ dealerUserId: 7, verified: true }), staffUser, { id: 2, groupId: null })).toMatchObject({ staff: { reachesDealership: false } });
  });

  it("keeps a half signed-in staff user's customer a customer, not a staff user's", () => {
    expect(actorOf(session({ dealerUserId: 7, customerId: 3 }), staffUser, { id: 1, groupId: null })).toEqual({ kind: "customer", customerId: 3 });
  });
});
