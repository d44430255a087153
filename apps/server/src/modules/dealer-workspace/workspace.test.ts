import { paginatedSchema, workspaceCustomerDetailSchema, workspaceCustomerSchema } from "@showroom/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastEmailTo, registeredShopper, registration } from "../../test/customers.ts";
import { browserAt, createStaffUser, STAFF } from "../../test/staff.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerUsers } from "../dealer-auth/tables.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";

let testApp: TestApp;
let mapleVehicle: number;

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 100_000 });
  const db = testApp.database.db;
  const [maple] = await db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  const [vehicle] = await db.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.dealershipId, maple!.id), eq(vehicles.available, true))).limit(1);
  mapleVehicle = vehicle!.id;
});
afterAll(async () => {
  await testApp?.close();
});

const CUSTOMERS = "/api/dealer/customers/";
const listSchema = paginatedSchema(workspaceCustomerSchema);

/** A browser signed in as this staff user at this storefront, second factor passed unless said otherwise. */
async function staffAt(code: string, email: string, options: { secondFactorVerified?: boolean } = {}) {
  const browser = await browserAt(testApp, code);
  await browser.signInAsStaff(email, options);
  return browser;
}

/** A customer added by this staff browser (assigned to its user); the browser then acts for them. */
async function addCustomer(staff: Awaited<ReturnType<typeof staffAt>>, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const response = await staff.post("/api/customer/", body);
  expect(response.statusCode, response.body).toBe(201);
  expect((await staff.post(STAFF.endCustomerSession)).statusCode).toBe(200);
  return response.json<{ id: number; email: string }>();
}

describe("who may use the workspace", () => {
  it.each([
    ["maple-auto", "sales-rep@maple-auto.example"],
    ["maple-auto", "sales-manager@maple-auto.example"],
    ["maple-auto", "admin@maple-auto.example"],
    ["maple-auto", "org-assistant@maple-group.example"],
    ["maple-vw-ottawa", "org-admin@maple-group.example"],
    ["boulevard-laval", "super-admin@showroom.example"],
  ])("lets %s staff %s list the customers", async (code, email) => {
    const staff = await staffAt(code, email);
    const response = await staff.get(CUSTOMERS);
    expect(response.statusCode, response.body).toBe(200);
    listSchema.parse(response.json());
  });

  it("refuses the anonymous, the half signed-in, an unknown role and another dealership's staff", async () => {
    const anonymous = await browserAt(testApp);
    expect((await anonymous.get(CUSTOMERS)).json()).toEqual({ detail: "Authentication credentials were not provided." });
    const half = await staffAt("maple-auto", "sales-rep@maple-auto.example", { secondFactorVerified: false });
    const halfResponse = await half.get(CUSTOMERS);
    expect(halfResponse.statusCode).toBe(403);
    expect(halfResponse.json().detail).toBe("Confirm your sign-in with your one-time code first.");
    const unknown = await createStaffUser(testApp, { role: "dealer_owner" as never });
    const unknownResponse = await (await staffAt("maple-auto", unknown.email)).get(CUSTOMERS);
    expect(unknownResponse.statusCode).toBe(403);
    expect(unknownResponse.json().detail).toBe("You do not have permission to perform this action.");
    const other = await staffAt("maple-auto", "sales-manager@maple-auto.example");
    expect((await other.get(CUSTOMERS, { "x-dealer-code": "boulevard-laval" })).statusCode).toBe(403);
  });

  it("answers refusals in French to a French caller", async () => {
    const anonymous = await browserAt(testApp, "boulevard-laval");
    const response = await anonymous.get(CUSTOMERS, { "accept-language": "fr-CA" });
    expect(response.json().detail).toBe("Les informations d’authentification n’ont pas été fournies.");
  });

  it("keeps organization staff to their group's dealerships", async () => {
    const assistant = await staffAt("maple-vw-ottawa", "org-assistant@maple-group.example");
    expect((await assistant.get(CUSTOMERS)).statusCode).toBe(200);
    // The user's group changes: the next call is refused, not only the next sign-in.
    const [user] = await testApp.database.db.select().from(dealerUsers).where(eq(dealerUsers.email, "org-assistant@maple-group.example"));
    await testApp.database.db.update(dealerUsers).set({ groupId: null }).where(eq(dealerUsers.id, user!.id));
    try {
      expect((await assistant.get(CUSTOMERS)).statusCode).toBe(403);
    } finally {
      await testApp.database.db.update(dealerUsers).set({ groupId: user!.groupId }).where(eq(dealerUsers.id, user!.id));
    }
  });
});

describe("which customers each role sees", () => {
  it("shows a sales rep their own and the unassigned customers, and a manager all of them", async () => {
    const repA = await createStaffUser(testApp);
    const repB = await createStaffUser(testApp);
    const a = await staffAt("maple-auto", repA.email);
    const b = await staffAt("maple-auto", repB.email);
    const ofA = await addCustomer(a, { first_name: "Aline", last_name: "Rivard" });
    const ofB = await addCustomer(b, { first_name: "Bruno", last_name: "Rivard" });
    const walkIn = await registeredShopper(testApp, "maple-auto", { first_name: "Carole", last_name: "Rivard" });

    const ids = async (browser: typeof a, search = "rivard") => listSchema.parse((await browser.get(`${CUSTOMERS}?search=${search}`)).json()).results.map((c) => c.id);
    expect((await ids(a)).sort()).toEqual([ofA.id, walkIn.customer.id].sort());
    expect((await ids(b)).sort()).toEqual([ofB.id, walkIn.customer.id].sort());
    const manager = await staffAt("maple-auto", "sales-manager@maple-auto.example");
    expect((await ids(manager)).sort()).toEqual([ofA.id, ofB.id, walkIn.customer.id].sort());

    // Another rep's customer is not found, in the list, the detail, or to act for.
    expect((await a.get(`${CUSTOMERS}${ofB.id}/`)).statusCode).toBe(404);
    expect((await a.post(`${CUSTOMERS}${ofB.id}/act/`)).statusCode).toBe(404);
    expect((await a.get(`${CUSTOMERS}${walkIn.customer.id}/`)).statusCode).toBe(200);
    expect((await manager.get(`${CUSTOMERS}${ofB.id}/`)).statusCode).toBe(200);

    // Adding a customer whose email another rep's customer has: refused, not opened.
    const taken = await a.post("/api/customer/", registration({ email: ofB.email }), { "accept-language": "en" });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().detail).toBe("This customer is assigned to another sales representative.");
  });

  it("searches by name, email and phone digits, and pages with next and previous", async () => {
    const manager = await staffAt("maple-auto", "admin@maple-auto.example");
    const { customer } = await registeredShopper(testApp, "maple-auto", { first_name: "Zéphirin", last_name: "Quenneville", phone: "(905) 555-0177" });
    const search = async (text: string) => listSchema.parse((await manager.get(`${CUSTOMERS}?search=${encodeURIComponent(text)}`)).json()).results.map((c) => c.id);
    expect(await search("zéphirin quenn")).toContain(customer.id);
    expect(await search(customer.email.slice(0, 12).toUpperCase())).toContain(customer.id);
    expect(await search("905-555-0177")).toContain(customer.id);
    expect(await search("5550177")).toContain(customer.id);
    expect(await search("%")).not.toContain(customer.id);
    expect(await search("nobody-by-this-name")).toEqual([]);

    for (let i = 0; i < 26; i += 1) await registeredShopper(testApp, "maple-auto", { last_name: "Paginette" });
    const first = listSchema.parse((await manager.get(`${CUSTOMERS}?search=paginette`)).json());
    expect(first.count).toBe(26);
    expect(first.results).toHaveLength(25);
    expect(first.next).toBe("/api/dealer/customers/?search=paginette&page=2");
    expect(first.previous).toBeNull();
    const second = listSchema.parse((await manager.get(first.next!)).json());
    expect(second.results).toHaveLength(1);
    expect(second.previous).toBe("/api/dealer/customers/?search=paginette&page=1");

    const bad = await manager.get(`${CUSTOMERS}?page=0&search=${"x".repeat(101)}`, { "accept-language": "en" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(["page", "search"]);
  });

  it("never shows another dealership's customers", async () => {
    const laval = await registeredShopper(testApp, "boulevard-laval", { last_name: "Lavallois" });
    const manager = await staffAt("maple-auto", "sales-manager@maple-auto.example");
    expect(listSchema.parse((await manager.get(`${CUSTOMERS}?search=lavallois`)).json()).count).toBe(0);
    expect((await manager.get(`${CUSTOMERS}${laval.customer.id}/`)).statusCode).toBe(404);
    expect((await manager.post(`${CUSTOMERS}${laval.customer.id}/act/`)).statusCode).toBe(404);
  });
});

describe("a customer's deals", () => {
  it("lists each deal with its status, progress and the states later flows fill", async () => {
    const { shopper, customer } = await registeredShopper(testApp, "maple-auto", { last_name: "Dealington" });
    const saved = await shopper.post("/api/order/", { vehicle: mapleVehicle, payment_type: "cash", step_statuses: { accessories: 1, "trade-in": 4 } });
    expect(saved.statusCode, saved.body).toBe(201);
    const manager = await staffAt("maple-auto", "sales-manager@maple-auto.example");
    const response = await manager.get(`${CUSTOMERS}${customer.id}/`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = workspaceCustomerDetailSchema.strict().parse(response.json());
    expect(detail).toMatchObject({ id: customer.id, deal_count: 1, dealer_user: null, can_act: true });
    expect(detail.deals).toHaveLength(1);
    expect(detail.deals[0]).toMatchObject({
      id: saved.json().id,
      vehicle: { id: mapleVehicle },
      status: "initial",
      overall_status: "Active",
      payment_type: "cash",
      deposit_status: "initial",
      has_deposit: false,
      has_build: false,
      trade_in: null,
      credit_application_status: null,
      quote_state: null,
      praq_pending: false,
      step_statuses: { accessories: 1, "trade-in": 4 },
    });
    expect(detail.deals[0]!.step_progress).toBe(saved.json().step_progress);
    const listed = listSchema.parse((await manager.get(`${CUSTOMERS}?search=dealington`)).json()).results[0]!;
    expect(listed.deal_count).toBe(1);
    expect(Date.parse(listed.last_activity)).toBeGreaterThanOrEqual(Date.parse(detail.deals[0]!.last_updated));

    const assistant = await staffAt("maple-auto", "org-assistant@maple-group.example");
    expect(workspaceCustomerDetailSchema.parse((await assistant.get(`${CUSTOMERS}${customer.id}/`)).json()).can_act).toBe(false);
  });
});

describe("adding a customer", () => {
  it("assigns the customer to the staff user and sends the invitation by the user's default", async () => {
    const staffUser = await createStaffUser(testApp);
    const staff = await staffAt("maple-auto", staffUser.email);
    const invited = await addCustomer(staff);
    expect(await lastEmailTo(testApp, invited.email)).not.toBeNull();
    const notInvited = await addCustomer(staff, { send_invitation_email: false });
    expect(await lastEmailTo(testApp, notInvited.email)).toBeNull();
    await testApp.database.db.update(dealerUsers).set({ defaultSendInvitationEmail: false }).where(eq(dealerUsers.id, staffUser.id));
    const byDefault = await addCustomer(staff);
    expect(await lastEmailTo(testApp, byDefault.email)).toBeNull();
    expect((await staff.get(STAFF.currentUser)).json().default_send_invitation_email).toBe(false);
    const detail = workspaceCustomerDetailSchema.parse((await staff.get(`${CUSTOMERS}${invited.id}/`)).json());
    expect(detail.dealer_user).toEqual({ id: staffUser.id, full_name: `${staffUser.firstName} ${staffUser.lastName}` });
  });

  it("is refused to the organization assistant", async () => {
    const assistant = await staffAt("maple-auto", "org-assistant@maple-group.example");
    const response = await assistant.post("/api/customer/", registration());
    expect(response.statusCode).toBe(403);
  });
});

describe("inventory import by role", () => {
  it.each([
    ["maple-auto", "sales-manager@maple-auto.example", 403],
    ["maple-auto", "org-assistant@maple-group.example", 403],
    ["maple-vw-ottawa", "org-admin@maple-group.example", 400],
  ])("at %s answers %s %s", async (code, email, status) => {
    const staff = await staffAt(code, email);
    // An empty-looking feed: allowed roles get as far as the feed check (400), refused ones not.
    const response = await staff.request("POST", "/api/quickshop/inventory/import/?full=false", { body: "not,a,feed\n", headers: { "content-type": "text/csv" } });
    expect(response.statusCode, response.body).toBe(status);
  });
});

describe("OpenAPI", () => {
  it("documents every staff call with its tag and a summary", async () => {
    const document = (await (await browserAt(testApp)).get("/api/docs/json")).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    const expected: [string, string, string][] = [
      ["/api/quickshop/user/login/", "post", "dealer-auth"],
      ["/api/quickshop/user/logout/", "post", "dealer-auth"],
      ["/api/quickshop/user/current_user/", "get", "dealer-auth"],
      ["/api/quickshop/user/send_otp/", "post", "dealer-auth"],
      ["/api/quickshop/user/verification/", "get", "dealer-auth"],
      ["/api/quickshop/user/verification/", "post", "dealer-auth"],
      ["/api/quickshop/user/setup_otp/", "post", "dealer-auth"],
      ["/api/quickshop/user/confirm_otp_device/", "post", "dealer-auth"],
      ["/api/quickshop/user/setup_totp/", "post", "dealer-auth"],
      ["/api/quickshop/user/confirm_totp/", "post", "dealer-auth"],
      ["/api/quickshop/reset-password/", "post", "dealer-auth"],
      ["/api/quickshop/reset-password/confirm/", "post", "dealer-auth"],
      ["/api/quickshop/user/end_customer_session/", "post", "dealer-auth"],
      ["/api/quickshop/user/back_to_dealer_panel/", "post", "dealer-auth"],
      ["/api/dealer/customers/", "get", "dealer-workspace"],
      ["/api/dealer/customers/{id}/", "get", "dealer-workspace"],
      ["/api/dealer/customers/{id}/act/", "post", "dealer-workspace"],
      ["/api/order/{id}/activity/", "get", "orders"],
    ];
    for (const [path, method, tag] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual([tag]);
      expect(operation!.summary!.length).toBeGreaterThan(20);
    }
  });
});
