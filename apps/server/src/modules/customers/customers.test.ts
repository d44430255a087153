import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastCodeSentTo, lastEmailTo, registeredShopper, registration, uniqueEmail } from "../../test/customers.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { outbox } from "../notifications/tables.ts";
import { consents, customerCodes, customers } from "./tables.ts";

let testApp: TestApp;

beforeAll(async () => {
  // Address limits have their own app below: here every call comes from one test address.
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000 });
});
afterAll(async () => {
  await testApp?.close();
});

async function freshClient(code = "maple-auto") {
  const c = client(testApp, code);
  await c.get("/api/i18n/");
  return c;
}

describe("registration", () => {
  it("creates the customer, signs them in under a new session id and answers the customer user", async () => {
    const shopper = await freshClient();
    const before = shopper.jar.get("sessionid");
    const body = registration({ postal_code: "m5v3l9" });
    const response = await shopper.post("/api/customer/", body);
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ email: body.email, first_name: "Jeanne", full_name: "Jeanne Tremblay", phone: "4165550142", postal_code: "M5V 3L9", dealership: "maple-auto", send_lead_to_crm: true });
    expect(user.tokenized_url).toMatch(/^http:\/\/localhost:3000\/en\/maple-auto\/orders\/\?expired=1&token=/);
    expect(shopper.jar.get("sessionid")).not.toBe(before);
    const current = await shopper.get("/api/customer/current_user/");
    expect(current.statusCode).toBe(200);
    expect(current.json().id).toBe(user.id);
    const [consent] = await testApp.database.db.select().from(consents).where(eq(consents.customerId, user.id));
    expect(consent?.disclosureTokenization).toBe(true);
  });

  it("names each bad field in a 400 and writes nothing", async () => {
    const shopper = await freshClient();
    const email = uniqueEmail();
    const response = await shopper.post("/api/customer/", registration({ email, first_name: "J4ne", last_name: "", phone: "123-555-0142", postal_code: "12345" }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["first_name", "last_name", "phone", "postal_code"]);
    expect(body.phone[0]).toMatch(/phone number/);
    const rows = await testApp.database.db.select().from(customers).where(eq(customers.email, email));
    expect(rows).toHaveLength(0);
    expect((await shopper.get("/api/customer/current_user/")).statusCode).toBe(403);
  });

  it("answers French messages to a French shopper, and applies US rules at a US dealership", async () => {
    const french = await freshClient();
    const fr = await french.post("/api/customer/", registration({ phone: "555", base_consents_responses: {} }), { "accept-language": "fr-CA" });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().phone[0]).toMatch(/Entrez un numéro de téléphone valide/);
    expect(fr.json()["base_consents_responses.terms_and_conditions"][0]).toMatch(/Veuillez accepter les conditions/);
    const shopper = await freshClient("lakeshore-buffalo");
    const us = await shopper.post("/api/customer/", registration({ phone: "(716) 555-0142", postal_code: "M5V 3L9" }));
    expect(us.statusCode).toBe(400);
    expect(us.json().phone[0]).toMatch(/716-555-0142/);
    expect(us.json().postal_code[0]).toMatch(/ZIP/);
    const ok = await shopper.post("/api/customer/", registration({ phone: "716-555-0142", postal_code: "14202" }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("validate_input checks without creating", async () => {
    const shopper = await freshClient();
    const body = registration();
    expect((await shopper.post("/api/customer/user/validate_input/", body)).json()).toEqual({ valid: true });
    expect((await shopper.post("/api/customer/user/validate_input/", { ...body, email: "nope" })).json()).toHaveProperty("email");
    const rows = await testApp.database.db.select().from(customers).where(eq(customers.email, body.email));
    expect(rows).toHaveLength(0);
  });

  it("refuses a registration naming a vehicle of another dealership's listing", async () => {
    const shopper = await freshClient();
    const response = await shopper.post("/api/customer/", registration({ vehicle: 999_999 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("vehicle");
  });
});

describe("an email already on file, then a code sign-in", () => {
  it("answers EMAIL_CONFLICT, sends a code, and the code signs in under a new session id", async () => {
    const { email } = await registeredShopper(testApp);
    const other = await freshClient();
    const conflict = await other.post("/api/customer/", registration({ email: email.toUpperCase() }));
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json()).toMatchObject({ code: "EMAIL_CONFLICT" });
    expect(conflict.json().email[0]).toMatch(/already exists/);

    const sent = await other.post("/api/customer/send_reentry_code/", { email });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ email: expect.stringMatching(/^s\*\*\*@e\*\*\*\.com$/), phone: null, name: null });
    const code = await lastCodeSentTo(testApp, email);
    const before = other.jar.get("sessionid");
    const verified = await other.post("/api/customer/verify_reentry_code/", { email, code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ redirect_to: null });
    expect(other.jar.get("sessionid")).not.toBe(before);
    expect((await other.get("/api/customer/current_user/")).json().email).toBe(email);
    // A code works once.
    const again = await other.post("/api/customer/verify_reentry_code/", { email, code });
    expect(again.statusCode).toBe(400);
  });

  it("stores only a hash of the code", async () => {
    const { email, customer } = await registeredShopper(testApp);
    const c = await freshClient();
    await c.post("/api/customer/send_reentry_code/", { email });
    const code = await lastCodeSentTo(testApp, email);
    const rows = await testApp.database.db.select().from(customerCodes).where(eq(customerCodes.customerId, customer.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("answers 'Code is incorrect' to a wrong code, and kills the code after 5 wrong tries", async () => {
    const { email } = await registeredShopper(testApp);
    const c = await freshClient();
    await c.post("/api/customer/send_reentry_code/", { email });
    const code = await lastCodeSentTo(testApp, email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i += 1) {
      const response = await c.post("/api/customer/verify_reentry_code/", { email, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toEqual(["Code is incorrect"]);
    }
    const right = await c.post("/api/customer/verify_reentry_code/", { email, code });
    expect(right.statusCode).toBe(400);
    expect((await c.get("/api/customer/current_user/")).statusCode).toBe(403);
  });

  it("says 'Code is incorrect' in French too, and names a malformed code", async () => {
    const c = await freshClient();
    const wrong = await c.post("/api/customer/verify_reentry_code/", { email: uniqueEmail(), code: "123456" }, { "accept-language": "fr-CA" });
    expect(wrong.json().code).toEqual(["Le code est incorrect"]);
    const malformed = await c.post("/api/customer/verify_reentry_code/", { email: "x@example.com", code: "12ab" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code[0]).toMatch(/6-digit/);
  });

  it("refuses a code after 10 minutes", async () => {
    const { email } = await registeredShopper(testApp);
    const c = await freshClient();
    await c.post("/api/customer/send_reentry_code/", { email });
    const code = await lastCodeSentTo(testApp, email);
    testApp.clock.advance(10 * 60_000 + 1000);
    const response = await c.post("/api/customer/verify_reentry_code/", { email, code });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toEqual(["Code is incorrect"]);
  });

  it("binds the code to the browser session that asked for it", async () => {
    const { email } = await registeredShopper(testApp);
    const asker = await freshClient();
    await asker.post("/api/customer/send_reentry_code/", { email });
    const code = await lastCodeSentTo(testApp, email);
    const thief = await freshClient();
    expect((await thief.post("/api/customer/verify_reentry_code/", { email, code })).statusCode).toBe(400);
    expect((await asker.post("/api/customer/verify_reentry_code/", { email, code })).statusCode).toBe(200);
  });

  it("answers an unknown email the same way and mails nothing", async () => {
    const c = await freshClient();
    const email = uniqueEmail("nobody");
    const response = await c.post("/api/customer/send_reentry_code/", { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: expect.stringContaining("***@"), phone: null, name: null });
    expect(await lastEmailTo(testApp, email)).toBeNull();
  });

  it("answers 429 after 5 code requests for one email within 15 minutes", async () => {
    const { email } = await registeredShopper(testApp);
    const c = await freshClient();
    for (let i = 0; i < 5; i += 1) expect((await c.post("/api/customer/send_reentry_code/", { email })).statusCode).toBe(200);
    const throttled = await c.post("/api/customer/send_reentry_code/", { email });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/throttled/);
    testApp.clock.advance(15 * 60_000 + 1000);
    expect((await c.post("/api/customer/send_reentry_code/", { email })).statusCode).toBe(200);
  });

  it("answers 429 past the configured number of code requests from one address", async () => {
    const limited = await createTestApp({ signInLimitPer15Minutes: 3 });
    try {
      const c = client(limited, "maple-auto");
      await c.get("/api/i18n/");
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await c.post("/api/customer/send_reentry_code/", { email: uniqueEmail() })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it("keeps catId as the campaign id only when the customer has none", async () => {
    const { email, customer } = await registeredShopper(testApp);
    const c = await freshClient();
    await c.post("/api/customer/send_reentry_code/", { email });
    await c.post("/api/customer/verify_reentry_code/", { email, code: await lastCodeSentTo(testApp, email), cat_id: "CAT-1" });
    const [row] = await testApp.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.catId).toBe("CAT-1");
  });
});

describe("tokenized re-entry links", () => {
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

  it("decodes a good link to the email and first name", async () => {
    const { customer, email } = await registeredShopper(testApp);
    const c = await freshClient();
    const response = await c.post("/api/customer/user/decode_tokenized_url/", { auth_token: tokenOf(customer.tokenized_url) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, first_name: "Jeanne", redirect_url: null });
    // Decoding does not sign anyone in: a code is still needed.
    expect((await c.get("/api/customer/current_user/")).statusCode).toBe(403);
  });

  it("refuses a tampered, an expired and another dealership's link", async () => {
    const { customer } = await registeredShopper(testApp);
    const token = tokenOf(customer.tokenized_url);
    const c = await freshClient();
    const [payload, mac] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, c: claims.c + 1 })).toString("base64url")}.${mac}`;
    for (const auth_token of [forged, `${token}x`, "garbage"]) {
      const response = await c.post("/api/customer/user/decode_tokenized_url/", { auth_token });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe("Failed to retrieve user data from token");
    }
    const elsewhere = await freshClient("boulevard-laval");
    expect((await elsewhere.post("/api/customer/user/decode_tokenized_url/", { auth_token: token })).statusCode).toBe(400);
    testApp.clock.advance(31 * 24 * 60 * 60_000);
    expect((await c.post("/api/customer/user/decode_tokenized_url/", { auth_token: token })).statusCode).toBe(400);
  });
});

describe("the signed-in customer", () => {
  it("logs out: the server session ends and the old cookie is worth nothing", async () => {
    const { shopper } = await registeredShopper(testApp);
    const oldCookie = shopper.jar.header();
    expect((await shopper.post("/api/customer/logout/")).statusCode).toBe(204);
    expect((await shopper.get("/api/customer/current_user/")).statusCode).toBe(403);
    const replay = await testApp.app.inject({ method: "GET", url: "/api/customer/current_user/", headers: { cookie: oldCookie, "x-dealer-code": "maple-auto" } });
    expect([403, 440]).toContain(replay.statusCode);
  });

  it("answers 440 once the session expired", async () => {
    const { shopper } = await registeredShopper(testApp);
    testApp.clock.advance(testApp.config.sessionIdleMs + 1000);
    const response = await shopper.get("/api/customer/current_user/");
    expect(response.statusCode).toBe(440);
    expect(response.json()).toMatchObject({ user_kind: "customer" });
  });

  it("updates the profile, never another customer's, and keeps the email", async () => {
    const { shopper, customer, email } = await registeredShopper(testApp);
    const other = await registeredShopper(testApp);
    const updated = await shopper.request("PATCH", `/api/customer/${customer.id}/`, { body: { first_name: "Jeannette", email: "new@example.com", phone: "" } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ first_name: "Jeannette", email });
    expect((await shopper.request("PATCH", `/api/customer/${other.customer.id}/`, { body: { first_name: "Mallory" } })).statusCode).toBe(404);
    expect((await shopper.request("PATCH", `/api/customer/${customer.id}/`, { body: { phone: "12" } })).json()).toHaveProperty("phone");
  });

  it("is refused at another dealership", async () => {
    const { shopper } = await registeredShopper(testApp);
    const response = await shopper.get("/api/customer/current_user/", { "x-dealer-code": "boulevard-laval" });
    expect(response.statusCode).toBe(403);
  });

  it("records consents, lead type, CRM events and an external estimate", async () => {
    const { shopper, customer } = await registeredShopper(testApp);
    const consent = await shopper.post("/api/consents/", { user: customer.id, disclosure_tokenization: true, terms_and_conditions: null });
    expect(consent.statusCode, consent.body).toBe(201);
    expect((await shopper.post("/api/consents/", { user: customer.id + 1000, disclosure_tokenization: true })).statusCode).toBe(404);
    expect((await shopper.post("/api/customer/update_lead_type/", { lead_type: "finance" })).json().lead_type).toBe("finance");
    expect((await shopper.post("/api/customer/update_lead_type/", { lead_type: "DROP TABLE" })).statusCode).toBe(400);
    expect((await shopper.post("/api/customer/user/log_crm_event/", { event: "payment_calc_finish" })).statusCode).toBe(201);
    expect((await shopper.post("/api/customer/user/log_crm_event/", { event: "nope" })).json()).toHaveProperty("event");
    const eti = await shopper.post(`/api/customer/${customer.id}/authenticate_eti_user/`, { cat_id: "CAT-9", eti_id: "ETI-1" });
    expect(eti.statusCode, eti.body).toBe(200);
    expect(eti.json().cat_id).toBe("CAT-9");
  });

  it("needs a signed-in customer for profile calls", async () => {
    const c = await freshClient();
    expect((await c.get("/api/customer/current_user/")).statusCode).toBe(403);
    expect((await c.post("/api/customer/update_lead_type/", { lead_type: "finance" })).statusCode).toBe(403);
  });
});

describe("staff registering a customer", () => {
  it("creates the customer for the staff user, queues the invitation, and opens an existing customer instead of a conflict", async () => {
    const staff = client(testApp, "maple-auto");
    await staff.get("/api/i18n/");
    await staff.signInAsStaff("sales-rep@maple-auto.example");
    const body = registration({ send_invitation_email: true });
    const created = await staff.post("/api/customer/", body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().dealer_user).not.toBeNull();
    expect((await lastEmailTo(testApp, body.email))?.text).toContain("/orders/?expired=1&token=");
    // The staff user stays signed in alongside the customer.
    expect((await staff.get("/api/quickshop/user/current_user/")).statusCode).toBe(200);
    const again = await staff.post("/api/customer/", registration({ email: body.email }));
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.json().id);
  });

  it("a shopper cannot ask for an invitation email", async () => {
    const c = await freshClient();
    const body = registration({ send_invitation_email: true });
    expect((await c.post("/api/customer/", body)).statusCode).toBe(201);
    const invitations = await testApp.database.db.select().from(outbox);
    expect(invitations.some((m) => (m.payload as { to?: string }).to === body.email)).toBe(false);
  });
});

describe("leads to the dealership's CRM", () => {
  const crmLeadsFor = async (customerId: number) =>
    (await testApp.database.db.select().from(outbox)).filter(
      (m) => m.kind === "crm_lead" && (m.payload as { lead?: { type: string; id: number } }).lead?.id === customerId && (m.payload as { lead?: { type: string } }).lead?.type === "customer",
    );

  it("sends a registration to a dealership with a CRM as ADF/XML, and nothing when the shopper opts out", async () => {
    const { customer } = await registeredShopper(testApp, "maple-auto", { first_name: "Zoé", last_name: "O’Brien-Côté" });
    const [lead] = await crmLeadsFor(customer.id);
    const payload = lead!.payload as { to: string; adf: string };
    expect(payload.to).toBe("crm@maple-auto.example");
    expect(payload.adf).toContain("<name part=\"last\">O’Brien-Côté</name>");
    const optedOut = await registeredShopper(testApp, "maple-auto", { send_lead_to_crm: false });
    expect(await crmLeadsFor(optedOut.customer.id)).toHaveLength(0);
  });

  it("sends nothing for a dealership without a CRM, nor for staff-created customers where dealer leads are off", async () => {
    const buffalo = await registeredShopper(testApp, "lakeshore-buffalo", { phone: "716-555-0142" });
    expect(await crmLeadsFor(buffalo.customer.id)).toHaveLength(0);
    const staff = client(testApp, "boulevard-laval");
    await staff.get("/api/i18n/");
    await staff.signInAsStaff("sales-rep@boulevard-laval.example");
    const created = await staff.post("/api/customer/", registration());
    expect(created.statusCode, created.body).toBe(201);
    expect(await crmLeadsFor(created.json().id)).toHaveLength(0);
  });

  it("sends a page's lead on request, only for the customer themself", async () => {
    const { shopper, customer } = await registeredShopper(testApp, "maple-auto", { send_lead_to_crm: true });
    const before = (await crmLeadsFor(customer.id)).length;
    const sent = await shopper.post(`/api/customer/${customer.id}/send_customer_lead/`, { url: "http://localhost:3000/en/search/", comments: "Call me <soon>" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ status: "queued" });
    const leads = await crmLeadsFor(customer.id);
    expect(leads).toHaveLength(before + 1);
    expect((leads.at(-1)!.payload as { adf: string }).adf).toContain("Call me &lt;soon&gt;");
    expect((await shopper.post(`/api/customer/${customer.id + 1}/send_customer_lead/`, { url: "http://localhost:3000/" })).statusCode).toBe(404);
    expect((await shopper.post(`/api/customer/${customer.id}/send_customer_lead/`, { url: "not a url" })).json()).toHaveProperty("url");
  });
});
