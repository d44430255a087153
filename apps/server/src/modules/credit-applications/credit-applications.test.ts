import { creditApplicationWireSchema, type CreditApplicationWire } from "@showroom/domain";
import { creditApplicationAnswers } from "@showroom/testing";
import { adfStructureProblems } from "@showroom/domain/notifications/adf-structure";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lastCodeSentTo, lastEmailTo, registeredShopper } from "../../test/customers.ts";
import { availableVehicle, savedDeal, staffAt } from "../../test/deals.ts";
import { client, createTestApp, LONG_SESSIONS, type TestApp } from "../../test/test-app.ts";
import { outbox } from "../notifications/tables.ts";
import { paymentOptions } from "../pricing/tables.ts";
import { orders } from "../orders/tables.ts";
import { creditApplications, creditConsents, creditDataAccess, lenderSubmissions, simulatedLenderFiles } from "./tables.ts";

let testApp: TestApp;
const DAY_MS = 86_400_000;
type Browser = ReturnType<typeof client>;

beforeAll(async () => {
  // Applications are purged after 14 days: sessions last longer here, so moving the clock leaves everyone signed in.
  testApp = await createTestApp(LONG_SESSIONS);
});
afterAll(async () => {
  await testApp?.close();
});

const base = "/api/customer/credit-application";
const wire = (body: unknown): CreditApplicationWire => creditApplicationWireSchema.parse(body);

/** A signed-in shopper with a saved finance deal, and the application's draft. */
async function shopperWithDeal(code = "maple-auto", dealBody: Record<string, unknown> = {}) {
  const { shopper, email, customer } = await registeredShopper(testApp, code, code === "lakeshore-buffalo" ? { phone: "716-555-0142" } : {});
  let orderId: number;
  if (Object.keys(dealBody).length === 0) orderId = (await savedDeal(testApp, shopper, code)).id;
  else {
    const vehicle = await availableVehicle(testApp, code);
    const priced = await shopper.post(`/api/payment-type/${(dealBody["type"] as string) ?? "finance"}/pricing/`, { inventory: vehicle, use_fallback_values: true });
    expect(priced.statusCode, priced.body).toBe(200);
    const saved = await shopper.post("/api/order/", { vehicle, payment_option: priced.json().id, ...((dealBody["order"] as object) ?? {}) });
    expect(saved.statusCode, saved.body).toBe(201);
    orderId = saved.json<{ id: number }>().id;
  }
  const draft = await shopper.get(`${base}/${orderId}/dealer_application/`);
  expect(draft.statusCode, draft.body).toBe(200);
  return { shopper, email, customer, orderId, draft: wire(draft.json()) };
}

const put = (browser: Browser, url: string, body: unknown) => browser.request("PUT", url, { body });

async function fill(shopper: Browser, orderId: number, screens: Record<string, unknown>) {
  const response = await put(shopper, `${base}/${orderId}/dealer_application/`, { screens, current_screen: "review" });
  expect(response.statusCode, response.body).toBe(200);
  return wire(response.json());
}

async function submit(shopper: Browser, orderId: number) {
  return shopper.post(`${base}/${orderId}/submit_application/`, { path: "/credit-application/" });
}

async function rowOf(id: number) {
  const [row] = await testApp.database.db.select().from(creditApplications).where(eq(creditApplications.id, id));
  return row!;
}

/** Sets a figure of the deal's stored payment option (as a repricing would leave it). */
async function changeStoredOption(orderId: number, path: string, value: unknown) {
  const [order] = await testApp.database.db.select({ uid: orders.paymentOptionUid }).from(orders).where(eq(orders.id, orderId));
  await testApp.database.db
    .update(paymentOptions)
    .set({ option: sql`jsonb_set(${paymentOptions.option}, ${`{${path}}`}::text[], ${JSON.stringify(value)}::jsonb)` })
    .where(eq(paymentOptions.uid, order!.uid!));
}

describe("reading what the application needs", () => {
  it("static data: the dealership's variant, country rules and choices", async () => {
    const ca = await client(testApp).get(`${base}/static_data/`);
    expect(ca.statusCode, ca.body).toBe(200);
    expect(ca.json()).toMatchObject({ variant: "FULL", country: "CA", validates_application: true, has_lease_disbursements: true, province: "ON", minimum_amount_financed: "4000.00", retention_days: 14, demonstration_lender: true });
    expect(ca.json().employment_types).toEqual(["FT", "FTP", "PTC", "PTR", "RET", "SEAS", "SEAW", "SE"]);
    const us = await client(testApp, "lakeshore-buffalo").get(`${base}/static_data/`);
    expect(us.json()).toMatchObject({ country: "US", validates_application: false, has_lease_disbursements: false, address_types: [] });
    const simplified = await client(testApp, "maple-vw-ottawa").get(`${base}/static_data/`);
    expect(simplified.json().screens).toEqual(["consent", "applicant", "employment", "residential", "review", "result"]);
  });

  it("postal_code_province: the province of a code, 400 for a malformed one", async () => {
    const browser = client(testApp);
    expect((await browser.get(`${base}/H2X%201Y4/postal_code_province/`)).json()).toEqual({ postal_code: "H2X 1Y4", province: "QC", provinces: ["QC"] });
    expect((await browser.get(`${base}/X0A0H0/postal_code_province/`)).json()).toMatchObject({ province: null, provinces: ["NT", "NU"] });
    const bad = await browser.get(`${base}/12345/postal_code_province/`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("id");
  });

  it("the draft of a saved deal, made on first sight; refused to a visitor, another customer and another dealership", async () => {
    const { orderId, draft } = await shopperWithDeal();
    expect(draft).toMatchObject({ order: orderId, status: "draft", customer_state: "in_progress", variant: "FULL", country: "CA", prefilled: false, payment_type: "finance", blocked: null, sin_on_file: { applicant: null } });
    expect((await client(testApp).get(`${base}/${orderId}/dealer_application/`)).statusCode).toBe(403);
    const other = await registeredShopper(testApp);
    for (const call of [other.shopper.get(`${base}/${orderId}/dealer_application/`), put(other.shopper, `${base}/${orderId}/dealer_application/`, { screens: {} }), other.shopper.get(`${base}/${orderId}/decision_status/`), submit(other.shopper, orderId)]) {
      expect((await call).statusCode).toBe(404);
    }
    const elsewhere = await registeredShopper(testApp, "lakeshore-buffalo", { phone: "716-555-0142" });
    expect((await elsewhere.shopper.get(`${base}/${orderId}/dealer_application/`)).statusCode).toBe(404);
  });
});

describe("auto-save and personal data", () => {
  it("seals the SIN and the date of birth: the row holds neither readable, a call shows at most the last three digits", async () => {
    const { shopper, orderId, draft } = await shopperWithDeal();
    const answers = creditApplicationAnswers();
    const saved = await fill(shopper, orderId, { applicant: answers.applicant });
    expect(saved.sin_on_file.applicant).toBe("***-***-286");
    expect(saved.screens.applicant).not.toHaveProperty("sin");
    expect(saved.screens.applicant?.["date_of_birth"]).toBe("1988-04-12");
    const reread = await shopper.get(`${base}/${orderId}/dealer_application/`);
    expect(reread.body).not.toContain("046454286");
    expect(reread.body).not.toContain("046 454 286");

    const row = await rowOf(draft.id);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain("046454286");
    expect(stored).not.toContain("1988-04-12");
    expect(Object.keys(row.sealed).sort()).toEqual(["applicant.date_of_birth", "applicant.sin"]);
    // Another row's key does not open it: the ciphertext is bound to its row and field.
    expect(row.sealed["applicant.sin"]).toMatch(/^v1\./);

    // Each opening was recorded: the owner's reads of the date of birth.
    const access = await testApp.database.db.select().from(creditDataAccess).where(eq(creditDataAccess.applicationId, draft.id));
    expect(access.map((a) => [a.field, a.purpose, a.actorKind])).toContainEqual(["applicant.date_of_birth", "owner_read", "customer"]);
    expect(access.some((a) => a.field.endsWith(".sin"))).toBe(false);

    // "" removes the SIN (it is optional); a bad checksum is refused naming the field, and nothing else is lost.
    const removed = await fill(shopper, orderId, { applicant: { ...answers.applicant, sin: "" } });
    expect(removed.sin_on_file.applicant).toBeNull();
    const bad = await put(shopper, `${base}/${orderId}/dealer_application/`, { screens: { applicant: { ...answers.applicant, sin: "046 454 287" } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()["screens.applicant.sin"]).toEqual(["Enter a valid social insurance number."]);
  });

  it("keeps the answers and the screen for another device; removing the co-applicant removes what they gave", async () => {
    const { shopper, orderId, email } = await shopperWithDeal();
    const answers = creditApplicationAnswers({ withCoApplicant: true });
    await put(shopper, `${base}/${orderId}/dealer_application/`, {
      screens: { consent: answers.consent, acknowledgement: answers.acknowledgement, applicant: answers.applicant, co_applicant: answers.co_applicant },
      current_screen: "co_applicant",
    });
    // Another device: the same customer signs in with a one-time code.
    const phone = client(testApp);
    await phone.get("/api/i18n/");
    expect((await phone.post("/api/customer/send_reentry_code/", { email })).statusCode).toBe(200);
    const verified = await phone.post("/api/customer/verify_reentry_code/", { email, code: await lastCodeSentTo(testApp, email) });
    expect(verified.statusCode, verified.body).toBe(200);
    const resumed = wire((await phone.get(`${base}/${orderId}/dealer_application/`)).json());
    expect(resumed).toMatchObject({ current_screen: "co_applicant", with_co_applicant: true, sin_on_file: { applicant: "***-***-286", co_applicant: "***-***-544" } });
    expect(resumed.screens.applicant).toMatchObject({ first_name: "Jeanne", date_of_birth: "1988-04-12" });

    const alone = await fill(phone, orderId, { acknowledgement: { privacy_notice_read: true, with_co_applicant: false } });
    expect(alone.with_co_applicant).toBe(false);
    expect(alone.screens.co_applicant).toBeUndefined();
    expect(alone.sin_on_file.co_applicant).toBeNull();
    expect(Object.keys((await rowOf(alone.id)).sealed)).not.toContain("co_applicant.sin");
  });

  it("pre-fills a new application from the customer's earlier one (never its consents)", async () => {
    const { shopper, orderId } = await shopperWithDeal();
    const answers = creditApplicationAnswers();
    await fill(shopper, orderId, answers);
    const second = await savedDeal(testApp, shopper, "maple-auto", 1);
    const prefilled = wire((await shopper.get(`${base}/${second.id}/dealer_application/`)).json());
    expect(prefilled.prefilled).toBe(true);
    expect(prefilled.screens.applicant).toMatchObject({ first_name: "Jeanne", date_of_birth: "1988-04-12" });
    expect(prefilled.sin_on_file.applicant).toBe("***-***-286");
    expect(prefilled.screens.consent).toBeUndefined();
    expect(prefilled.screens.review).toBeUndefined();
  });
});

describe("validation, shared with the browser", () => {
  const validate = async (screen: string, data: Record<string, unknown>, code = "maple-auto") => {
    const { shopper } = await registeredShopper(testApp, code, code === "lakeshore-buffalo" ? { phone: "716-555-0142" } : {});
    return shopper.post(`${base}/validate/`, { screen, data });
  };

  it("answers each screen's messages, naming the field", async () => {
    const answers = creditApplicationAnswers();
    expect((await validate("applicant", answers.applicant)).json()).toEqual({ valid: true, screen: "applicant" });
    const cases: [string, Record<string, unknown>, string, string][] = [
      ["consent", { ...answers.consent, marketing: undefined }, "marketing", "Please select a valid choice."],
      ["consent", { ...answers.consent, credit_assessment: "no" }, "credit_assessment", "Please accept terms to proceed."],
      ["consent", { ...answers.consent, signature: "" }, "signature", "Please sign by typing your full name."],
      ["acknowledgement", { with_co_applicant: false }, "privacy_notice_read", "Please accept terms to proceed."],
      ["applicant", { ...answers.applicant, first_name: "J" }, "first_name", "Enter 2 to 30 letters, without digits or special characters."],
      ["applicant", { ...answers.applicant, primary_phone: "555-0142" }, "primary_phone", "Enter a valid phone number, like (416) 555-0142."],
      ["applicant", { ...answers.applicant, confirm_email: "jean@example.com" }, "confirm_email", "The email addresses do not match."],
      ["applicant", { ...answers.applicant, date_of_birth: "2999-01-01" }, "date_of_birth", "Enter a date that is not in the future."],
      ["applicant", { ...answers.applicant, sin: "123 456 789" }, "sin", "Enter a valid social insurance number."],
      ["residential", { ...answers.residential, province: "BC" }, "postal_code", "Invalid location, please try again"],
      ["residential", { ...answers.residential, city: "T0r0nto" }, "city", "Enter a valid city name."],
      ["residential", { ...answers.residential, monthly_payment: "1500.25" }, "monthly_payment", "Please do not include cents"],
      ["employment", { ...answers.employment, employer_name: "-" }, "employer_name", "Enter a valid company name."],
      ["employment", { ...answers.employment, type: "CEO" }, "type", "Please select a valid choice."],
      ["review", { accuracy: true }, "terms", "Please accept terms to proceed."],
      ["review", { terms: true }, "accuracy", "Please confirm that the information you gave is accurate and complete."],
    ];
    for (const [screen, data, field, message] of cases) {
      const response = await validate(screen, data);
      expect(response.statusCode, `${screen}.${field}`).toBe(400);
      expect(response.json()[field]?.[0], `${screen}.${field}: ${response.body}`).toBe(message);
    }
  });

  it("the US form: ZIP code and dashed phone; a bad screen name is a 400, not a 500", async () => {
    const us = creditApplicationAnswers({ country: "US" });
    expect((await validate("residential", us.residential, "lakeshore-buffalo")).statusCode).toBe(200);
    expect((await validate("residential", { ...us.residential, zip_code: "ABCDE" }, "lakeshore-buffalo")).json().zip_code).toEqual(["Enter a valid 5-digit ZIP code, like 14202."]);
    expect((await validate("applicant", { ...us.applicant, primary_phone: "(716) 555-0142" }, "lakeshore-buffalo")).json().primary_phone).toEqual(["Enter a valid phone number, like 716-555-0142."]);
    const unknown = await validate("salary", {});
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().screen).toEqual(["Please select a valid choice."]);
  });

  it("answers in French for a French shopper", async () => {
    const { shopper } = await registeredShopper(testApp);
    const response = await shopper.post(`${base}/validate/`, { screen: "residential", data: { ...creditApplicationAnswers().residential, province: "QC" } }, { "accept-language": "fr-CA" });
    expect(response.json().postal_code).toEqual(["Emplacement invalide, veuillez réessayer"]);
  });
});

describe("submitting and the real-time decision", () => {
  it("a complete application without a co-applicant: consents recorded, sent once, approved about half a minute later", async () => {
    const { shopper, orderId, draft, email } = await shopperWithDeal();
    await fill(shopper, orderId, creditApplicationAnswers());
    const response = await submit(shopper, orderId);
    expect(response.statusCode, response.body).toBe(200);
    const sent = wire(response.json());
    expect(sent).toMatchObject({ status: "pending", customer_state: "under_real_time_review", order_status: "awaiting_dealer" });
    expect(sent.personal_data_purge_at).toBe(new Date(testApp.clock.now.getTime() + 14 * DAY_MS).toISOString());
    expect(sent.consents.map((c) => `${c.applicant}.${c.section}=${c.answer}`)).toEqual([
      "applicant.credit_assessment=yes",
      "applicant.contract_management=yes",
      "applicant.marketing=no",
      "applicant.electronic_communication=yes",
    ]);
    // Sent again, it is refused: it was sent.
    expect((await submit(shopper, orderId)).json()).toMatchObject({ code: "credit_application_submitted" });
    expect((await put(shopper, `${base}/${orderId}/dealer_application/`, { screens: {} })).statusCode).toBe(409);

    const early = await shopper.get(`${base}/${orderId}/decision_status/`);
    expect(early.json()).toMatchObject({ status: "pending", final: false, customer_state: "under_real_time_review" });
    testApp.clock.advance(36_000);
    const decided = await shopper.get(`${base}/${orderId}/decision_status/`);
    expect(decided.json()).toMatchObject({ status: "approved", final: true, customer_state: "approved" });

    const order = (await shopper.get(`/api/order/${orderId}/`)).json();
    expect(order).toMatchObject({ credit_application_status: "complete", show_credit_app_result: true, step_statuses: { "credit-app": 1 } });
    expect(order.decision_datetime).not.toBeNull();
    expect((await lastEmailTo(testApp, email))?.text).toContain("Your credit application was approved.");
    const submissions = await testApp.database.db.select().from(lenderSubmissions).where(eq(lenderSubmissions.applicationId, draft.id));
    expect(submissions).toHaveLength(1);
    // The dealership's CRM has the lead: the vehicle and the financing asked for, never the answers.
    const [lead] = await testApp.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "crm_lead"), sql`${outbox.payload}->'lead'->>'type' = 'credit_application'`, sql`${outbox.payload}->'lead'->>'id' = ${String(draft.id)}`));
    const adf = (lead!.payload as { adf: string }).adf;
    expect(adfStructureProblems(adf)).toEqual([]);
    expect(adf).toContain("Credit application sent for finance of $");
    expect(adf).not.toContain("046");
    expect(adf).not.toContain("1988-04-12");
    // The SIN and the date of birth were opened to send them, and that was recorded.
    const access = await testApp.database.db.select().from(creditDataAccess).where(eq(creditDataAccess.applicationId, draft.id));
    expect(access.filter((a) => a.purpose === "submission").map((a) => a.field).sort()).toEqual(["applicant.date_of_birth", "applicant.date_of_birth", "applicant.sin", "applicant.sin"]);
  });

  it("with a co-applicant: both applicants' consents and joint intent are recorded; their income counts", async () => {
    const { shopper, orderId, draft } = await shopperWithDeal();
    await fill(shopper, orderId, creditApplicationAnswers({ withCoApplicant: true, grossYearlyIncome: 60_000 }));
    const response = await submit(shopper, orderId);
    expect(response.statusCode, response.body).toBe(200);
    const consents = await testApp.database.db.select().from(creditConsents).where(eq(creditConsents.applicationId, draft.id));
    expect(consents.filter((c) => c.section === "joint_intent").map((c) => `${c.applicant}=${c.answer}`)).toEqual(["applicant=yes", "co_applicant=yes"]);
    expect(consents.filter((c) => c.applicant === "co_applicant")).toHaveLength(5);
    testApp.clock.advance(36_000);
    const report = await testApp.app.creditApplications.runJobs();
    expect(report.decided).toBeGreaterThanOrEqual(1);
    expect((await rowOf(draft.id)).status).toBe("approved");
  });

  it("an incomplete application is refused naming each screen's fields", async () => {
    const { shopper, orderId } = await shopperWithDeal();
    const answers = creditApplicationAnswers();
    await fill(shopper, orderId, { ...answers, applicant: { ...answers.applicant, first_name: "" }, review: {} });
    const response = await submit(shopper, orderId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ "applicant.first_name": ["Enter 2 to 30 letters, without digits or special characters."], "review.accuracy": expect.any(Array), "review.terms": ["Please accept terms to proceed."] });
  });

  it("refuses a cash deal, under $4,000 financed, and a payment whose incentives are being updated", async () => {
    const cash = await shopperWithDeal("maple-auto", { type: "cash" });
    expect(cash.draft.blocked).toBe("cash_payment");
    const cashRefused = await submit(cash.shopper, cash.orderId);
    expect(cashRefused.json(), cashRefused.body).toMatchObject({ code: "credit_cash_payment", detail: "A cash payment cannot be used with a credit application. Choose finance or lease for this deal first." });

    const small = await shopperWithDeal();
    await fill(small.shopper, small.orderId, creditApplicationAnswers());
    await changeStoredOption(small.orderId, "finance,amount_financed", "3999.99");
    expect(wire((await small.shopper.get(`${base}/${small.orderId}/dealer_application/`)).json()).blocked).toBe("amount_below_minimum");
    const refused = await submit(small.shopper, small.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("under $4,000");
    await changeStoredOption(small.orderId, "finance,amount_financed", "4000.00");
    await changeStoredOption(small.orderId, "expiry_date", "2026-11-20");
    const stale = await submit(small.shopper, small.orderId);
    expect(stale.json()).toMatchObject({ code: "credit_stale_incentives", detail: expect.stringContaining("24 hours") });
    // The answers are kept for when the offers are back.
    expect(wire((await small.shopper.get(`${base}/${small.orderId}/dealer_application/`)).json()).screens.applicant?.["first_name"]).toBe("Jeanne");
  });

  it("a technical error saves the application and sends it later; a failure after the lender received it does not send it twice", async () => {
    const lender = testApp.app.creditApplications.lender;
    const unreachable = vi.spyOn(lender, "submit").mockRejectedValueOnce(new Error("connect ETIMEDOUT"));
    const first = await shopperWithDeal();
    await fill(first.shopper, first.orderId, creditApplicationAnswers());
    const queued = wire((await submit(first.shopper, first.orderId)).json());
    expect(queued).toMatchObject({ status: "queued", customer_state: "submitted" });
    expect((await rowOf(first.draft.id)).lastError).toContain("ETIMEDOUT");
    unreachable.mockRestore();

    // The lender received the second one, then the answer was lost on the way back.
    const original = lender.submit.bind(lender);
    const lostAnswer = vi.spyOn(lender, "submit").mockImplementationOnce(async (key, file) => {
      await original(key, file);
      throw new Error("socket hang up");
    });
    const second = await shopperWithDeal();
    await fill(second.shopper, second.orderId, creditApplicationAnswers());
    expect(wire((await submit(second.shopper, second.orderId)).json()).status).toBe("queued");
    lostAnswer.mockRestore();

    // Not due yet; then the jobs runner sends both.
    expect((await testApp.app.creditApplications.runJobs()).sent).toBe(0);
    testApp.clock.advance(61_000);
    const report = await testApp.app.creditApplications.runJobs();
    expect(report.sent).toBeGreaterThanOrEqual(2);
    for (const id of [first.draft.id, second.draft.id]) {
      const row = await rowOf(id);
      expect(row.status).not.toBe("queued");
      const submissions = await testApp.database.db.select().from(lenderSubmissions).where(eq(lenderSubmissions.applicationId, id));
      expect(submissions).toHaveLength(1);
      const files = await testApp.database.db.select().from(simulatedLenderFiles).where(eq(simulatedLenderFiles.idempotencyKey, submissions[0]!.idempotencyKey));
      expect(files).toHaveLength(1);
      expect(files[0]!.reference).toBe(row.lenderReference);
    }
  });
});

describe("a US decline, retention and staff", () => {
  it("a declined US application gets an adverse-action notice in the dealership's name, by email too", async () => {
    const { shopper, orderId, email } = await shopperWithDeal("lakeshore-buffalo", { order: { payment_credit_score: 560 } });
    await fill(shopper, orderId, creditApplicationAnswers({ country: "US" }));
    expect((await submit(shopper, orderId)).statusCode).toBe(200);
    testApp.clock.advance(36_000);
    expect((await shopper.get(`${base}/${orderId}/decision_status/`)).json()).toMatchObject({ status: "declined", final: true });
    const declined = wire((await shopper.get(`${base}/${orderId}/dealer_application/`)).json());
    expect(declined.decision?.reasons.map((r) => r.code)).toEqual(["credit_score"]);
    const notice = JSON.stringify(declined.adverse_action_notice);
    for (const part of ["Lakeshore", "Credit score below the lender's minimum", "Equal Credit Opportunity Act", "560 (range 300–850)"]) expect(notice).toContain(part);
    expect((await lastEmailTo(testApp, email))?.text).toContain("Equal Credit Opportunity Act");
  });

  it("deletes a Canadian application's personal information 14 days after submission; seals a US one for 25 months", async () => {
    const ca = await shopperWithDeal();
    await fill(ca.shopper, ca.orderId, creditApplicationAnswers());
    await submit(ca.shopper, ca.orderId);
    const us = await shopperWithDeal("lakeshore-buffalo");
    await fill(us.shopper, us.orderId, creditApplicationAnswers({ country: "US" }));
    await submit(us.shopper, us.orderId);

    testApp.clock.advance(14 * DAY_MS - 60_000);
    await testApp.app.creditApplications.runJobs();
    expect((await rowOf(ca.draft.id)).personalDataPurgedAt).toBeNull();
    testApp.clock.advance(120_000);
    await testApp.app.creditApplications.runJobs();

    const purged = await rowOf(ca.draft.id);
    expect(purged).toMatchObject({ screens: {}, sealed: {}, sinLastThree: {}, archive: null });
    expect(purged.status).toBe("approved");
    const shown = wire((await ca.shopper.get(`${base}/${ca.orderId}/dealer_application/`)).json());
    expect(shown).toMatchObject({ personal_data_purged: true, screens: {}, sin_on_file: { applicant: null } });

    // A draft left untouched as long goes whole.
    const idle = await shopperWithDeal();
    await fill(idle.shopper, idle.orderId, { applicant: creditApplicationAnswers().applicant });
    testApp.clock.advance(14 * DAY_MS + 60_000);
    expect((await testApp.app.creditApplications.runJobs()).idleDraftsDeleted).toBeGreaterThanOrEqual(1);
    expect(await testApp.database.db.select().from(creditApplications).where(eq(creditApplications.id, idle.draft.id))).toHaveLength(0);

    const sealed = await rowOf(us.draft.id);
    expect(sealed.screens).toEqual({});
    expect(sealed.archive).toMatch(/^v1\./);
    expect(sealed.archive).not.toContain("Jeanne");
    expect(sealed.disposeAt?.toISOString().slice(0, 7)).toBe("2028-12");
    testApp.clock.advance(800 * DAY_MS);
    await testApp.app.creditApplications.runJobs();
    expect(await testApp.database.db.select().from(creditApplications).where(eq(creditApplications.id, us.draft.id))).toHaveLength(0);
  });

  it("staff past the second factor read a customer's applications, each read recorded; shoppers and other dealerships cannot", async () => {
    const { shopper, orderId, customer, draft } = await shopperWithDeal();
    await fill(shopper, orderId, creditApplicationAnswers());
    const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
    const list = await manager.get(`/api/quickshop/credit-applications/?customer=${customer.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()[0]).toMatchObject({ id: draft.id, sin_on_file: { applicant: "***-***-286" } });
    expect(list.body).not.toContain("046454286");
    const one = await manager.get(`/api/quickshop/credit-applications/${draft.id}/`);
    expect(one.statusCode).toBe(200);
    const reads = await testApp.database.db.select().from(creditDataAccess).where(eq(creditDataAccess.applicationId, draft.id));
    expect(reads.filter((r) => r.purpose === "staff_read" && r.field === "application")).toHaveLength(2);

    expect((await shopper.get(`/api/quickshop/credit-applications/${draft.id}/`)).statusCode).toBe(403);
    // Signed in with the password only, staff read nothing: the second factor comes first.
    const halfway = client(testApp);
    await halfway.get("/api/i18n/");
    await halfway.signInAsStaff("sales-manager@maple-auto.example", { secondFactorVerified: false });
    const refused = await halfway.get(`/api/quickshop/credit-applications/${draft.id}/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("Jeanne");
    const laval = await staffAt(testApp, "admin@boulevard-laval.example", "boulevard-laval");
    expect((await laval.get(`/api/quickshop/credit-applications/${draft.id}/`)).statusCode).toBe(404);
  });

  it("staff acting for the customer fill in the application for them; what they open is recorded as theirs", async () => {
    const { orderId, customer, draft } = await shopperWithDeal();
    const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
    expect((await manager.post(`/api/dealer/customers/${customer.id}/act/`)).statusCode).toBe(200);
    const filled = await fill(manager, orderId, { applicant: creditApplicationAnswers().applicant });
    expect(filled.sin_on_file.applicant).toBe("***-***-286");
    const access = await testApp.database.db.select().from(creditDataAccess).where(eq(creditDataAccess.applicationId, draft.id));
    expect(access.some((a) => a.actorKind === "staff" && a.purpose === "staff_read" && a.field === "applicant.date_of_birth")).toBe(true);
  });

  it("answers 440 when the shopper's session expired", async () => {
    const { shopper, orderId } = await shopperWithDeal();
    testApp.clock.advance(testApp.config.sessionIdleMs + 1000);
    expect((await shopper.get(`${base}/${orderId}/dealer_application/`)).statusCode).toBe(440);
  });
});
