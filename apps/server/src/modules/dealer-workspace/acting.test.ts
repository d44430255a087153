import { activityEntrySchema, paginatedSchema } from "@showroom/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { browserAt, createStaffUser, STAFF, staffSignIn } from "../../test/staff.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";
import { activity } from "./tables.ts";

let testApp: TestApp;
let mapleVehicles: number[];

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 100_000 });
  const db = testApp.database.db;
  const [maple] = await db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  mapleVehicles = (await db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.dealershipId, maple!.id), eq(vehicles.available, true))).limit(5)).map((r) => r.id);
});
afterAll(async () => {
  await testApp?.close();
});

const activityPage = paginatedSchema(activityEntrySchema);
const actOn = (customerId: number) => `/api/dealer/customers/${customerId}/act/`;

async function managerBrowser() {
  const user = await createStaffUser(testApp, { role: "dealer_sales_manager", firstName: "Maude", lastName: "Gagnon" });
  const browser = await staffSignIn(testApp, "maple-auto", user.email);
  return { user, browser };
}

describe("acting for a customer", () => {
  it("puts the customer in the staff user's session under a new id, and ends it with end_customer_session", async () => {
    const { customer } = await registeredShopper(testApp);
    const { user, browser } = await managerBrowser();
    const before = browser.jar.get("sessionid");
    const act = await browser.post(actOn(customer.id));
    expect(act.statusCode, act.body).toBe(200);
    expect(act.json()).toEqual({ customer: { id: customer.id, full_name: "Jeanne Tremblay", email: customer.email }, redirect_to: "/en/maple-auto/orders/" });
    expect(browser.jar.get("sessionid")).not.toBe(before);
    // Both are signed in: the top bar's "logged in as {full name}" comes from the customer's current user.
    expect((await browser.get("/api/customer/current_user/")).json().full_name).toBe("Jeanne Tremblay");
    expect((await browser.get(STAFF.currentUser)).json()).toMatchObject({ id: user.id, fully_authenticated: true });

    const acting = browser.jar.get("sessionid");
    const ended = await browser.post(STAFF.endCustomerSession);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ redirect_to: "/en/maple-auto/dealer/customers/" });
    expect(browser.jar.get("sessionid")).not.toBe(acting);
    expect((await browser.get("/api/customer/current_user/")).statusCode).toBe(403);
    expect((await browser.get(STAFF.currentUser)).json().fully_authenticated).toBe(true);
    // Ending twice is harmless.
    expect((await browser.post(STAFF.endCustomerSession)).statusCode).toBe(200);
  });

  it("back_to_dealer_panel leaves the customer too; both refuse without a staff session, with non_field_errors", async () => {
    const { customer } = await registeredShopper(testApp);
    const { browser } = await managerBrowser();
    await browser.post(actOn(customer.id));
    const back = await browser.post(STAFF.backToDealerPanel, undefined, { "accept-language": "fr-CA" });
    expect(back.json()).toEqual({ redirect_to: "/fr/maple-auto/dealer/customers/" });
    expect((await browser.get("/api/customer/current_user/")).statusCode).toBe(403);

    const shopper = (await registeredShopper(testApp)).shopper;
    for (const url of [STAFF.endCustomerSession, STAFF.backToDealerPanel]) {
      const refused = await shopper.post(url, undefined, { "accept-language": "en" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: "Authentication credentials were not provided.", non_field_errors: ["Authentication credentials were not provided."] });
    }
  });

  it("is refused to the organization assistant", async () => {
    const { customer } = await registeredShopper(testApp);
    const assistant = await browserAt(testApp);
    await assistant.signInAsStaff("org-assistant@maple-group.example");
    const response = await assistant.post(actOn(customer.id), undefined, { "accept-language": "en" });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe("You do not have permission to perform this action.");
  });

  it("answers 440 with user_kind dealer when the staff session expires while acting", async () => {
    const { customer } = await registeredShopper(testApp);
    const { browser } = await managerBrowser();
    await browser.post(actOn(customer.id));
    testApp.clock.advance(31 * 60_000);
    const expired = await browser.get("/api/order/");
    expect(expired.statusCode).toBe(440);
    expect(expired.json().user_kind).toBe("dealer");
  });
});

describe("the record of what staff did for a customer", () => {
  it("records who, when and what for every change, and the customer reads it on the deal", async () => {
    const { shopper, customer } = await registeredShopper(testApp);
    const { user, browser } = await managerBrowser();
    await browser.post(actOn(customer.id));
    const created = await browser.post("/api/order/", { vehicle: mapleVehicles[0], payment_type: "finance" });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().id as number;
    expect((await browser.request("PATCH", `/api/order/${orderId}/`, { body: { payment_type: "lease", accessory_ids: [] } })).statusCode).toBe(200);
    const refused = await browser.request("PATCH", `/api/order/${orderId}/`, { body: { payment_type: "barter" } });
    expect(refused.statusCode).toBe(400);

    const staffView = await browser.get(`/api/order/${orderId}/activity/`);
    expect(staffView.statusCode, staffView.body).toBe(200);
    const page = activityPage.parse(staffView.json());
    expect(page.count).toBe(3);
    const [failed, patched, saved] = page.results;
    expect(saved).toMatchObject({ staff: { id: user.id, full_name: "Maude Gagnon" }, customer: customer.id, order: orderId, method: "POST", path: "/api/order/", status_code: 201 });
    expect(saved!.summary).toContain('payment_type="finance"');
    expect(patched).toMatchObject({ method: "PATCH", path: `/api/order/${orderId}/`, status_code: 200, fields: ["payment_type", "accessory_ids"] });
    expect(failed).toMatchObject({ status_code: 400, summary: 'payment_type="barter"' });
    expect(Date.parse(saved!.created)).toBe(testApp.clock.now.getTime());

    // The customer, in their own session, reads the same record; nobody else can.
    const own = await shopper.get(`/api/order/${orderId}/activity/`);
    expect(own.statusCode).toBe(200);
    expect(activityPage.parse(own.json()).count).toBe(3);
    const stranger = (await registeredShopper(testApp)).shopper;
    expect((await stranger.get(`/api/order/${orderId}/activity/`)).statusCode).toBe(404);
    expect((await (await browserAt(testApp)).get(`/api/order/${orderId}/activity/`)).statusCode).toBe(403);

    // After the session ends, nothing more is recorded in the customer's name.
    await browser.post(STAFF.endCustomerSession);
    expect((await shopper.request("PATCH", `/api/order/${orderId}/`, { body: { payment_type: "cash" } })).statusCode).toBe(200);
    expect(activityPage.parse((await shopper.get(`/api/order/${orderId}/activity/`)).json()).count).toBe(3);
  });

  it("records the act itself and a customer added by staff, and keeps secrets out of every record", async () => {
    const { user, browser } = await managerBrowser();
    const { customer } = await registeredShopper(testApp);
    await browser.post(actOn(customer.id));
    const profile = await browser.request("PATCH", `/api/customer/${customer.id}/`, { body: { first_name: "Josée", password: "hunter2hunter2", code: "123456" } });
    expect(profile.statusCode, profile.body).toBe(200);
    const rows = await testApp.database.db.select().from(activity).where(eq(activity.customerId, customer.id));
    expect(rows.map((r) => `${r.method} ${r.path} ${r.statusCode}`)).toEqual([`POST /api/dealer/customers/${customer.id}/act/ 200`, `PATCH /api/customer/${customer.id}/ 200`]);
    expect(rows.every((r) => r.dealerUserId === user.id)).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/hunter2|123456/);
    expect(rows[1]!.summary).toBe('first_name="Josée"; password=[hidden]; code=[hidden]');

    const added = await browser.post("/api/customer/", { email: `added.${Date.now()}@example.com`, first_name: "Noé", last_name: "Roy", phone: "(416) 555-0100", base_consents_responses: { disclosure_tokenization: true, terms_and_conditions: true } });
    expect(added.statusCode, added.body).toBe(201);
    const addedRows = await testApp.database.db.select().from(activity).where(eq(activity.customerId, added.json().id));
    expect(addedRows).toHaveLength(1);
    expect(addedRows[0]).toMatchObject({ method: "POST", path: "/api/customer/", statusCode: 201 });
  });

  it("records a call refused before it could run, with its status", async () => {
    const { customer } = await registeredShopper(testApp);
    const { browser } = await managerBrowser();
    await browser.post(actOn(customer.id));
    const malformed = await browser.request("PATCH", `/api/customer/${customer.id}/`, { body: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.statusCode).toBe(400);
    const rows = await testApp.database.db.select().from(activity).where(eq(activity.customerId, customer.id));
    expect(rows.map((r) => [r.path, r.statusCode, r.summary])).toEqual([
      [`/api/dealer/customers/${customer.id}/act/`, 200, ""],
      [`/api/customer/${customer.id}/`, 400, ""],
    ]);
  });
});
