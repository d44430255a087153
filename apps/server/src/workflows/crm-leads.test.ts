import { adfStructureProblems } from "@showroom/domain/notifications/adf-structure";
import { and, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../modules/notifications/tables.ts";
import { recordingTransport } from "../modules/notifications/test-support.ts";
import { deliverPending } from "../modules/notifications/worker.ts";
import { registeredShopper } from "../test/customers.ts";
import { availableVehicle, savedDeal } from "../test/deals.ts";
import { client, createTestApp, ORIGIN, type TestApp } from "../test/test-app.ts";

/**
 * Every lead the storefront sends the dealership's CRM (contact, notify-me, saved deal, appointment, test drive;
 * the trade-in's is checked in its own tests) is an ADF 1.0 document that follows the DTD, queued in the outbox,
 * retried when the CRM's mail server refuses it, and then sent once.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000, rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await testApp?.close();
});

const leadRows = (after: number) =>
  testApp.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "crm_lead"), gt(outbox.id, after)))
    .orderBy(outbox.id);

describe("notify me", () => {
  it("requires the terms confirmation, then records the request on the deal and sends the lead", async () => {
    const { shopper, customer, email } = await registeredShopper(testApp);
    const deal = await savedDeal(testApp, shopper);
    const form = {
      email,
      first_name: "Jeanne",
      last_name: "Tremblay",
      phone: "(416) 555-0142",
      vehicle: deal.vehicle.id,
      order: deal.id,
      url: `${ORIGIN}/en/maple-auto/details/${deal.vehicle.id}/`,
    };
    const refused = await shopper.post("/api/customer/notify_me/", form);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ terms_confirmation: ["Please confirm that you want to be notified."] });
    expect((await shopper.post("/api/customer/notify_me/", { ...form, terms_confirmation: false })).json()).toEqual({
      terms_confirmation: ["Please confirm that you want to be notified."],
    });

    const sent = await shopper.post("/api/customer/notify_me/", { ...form, terms_confirmation: true });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: "queued" });
    expect((await shopper.get(`/api/order/${deal.id}/`)).json()).toMatchObject({ has_notify_me_submission: true });
    const events = await testApp.database.db.execute(
      sql`select event from crm_events where customer_id = ${customer.id} and event = 'lead_form_finish'`,
    );
    expect((events as unknown as { rows: unknown[] }).rows).toHaveLength(1);

    // Another customer's deal is not theirs to name; a visitor may still ask about a vehicle.
    const other = await registeredShopper(testApp);
    expect(
      (await other.shopper.post("/api/customer/notify_me/", { ...form, terms_confirmation: true })).json(),
    ).toMatchObject({ order: ["Requested resource was not found on this server."] });
    const visitor = client(testApp);
    await visitor.get("/api/i18n/");
    const { order: _order, ...withoutOrder } = form;
    expect(
      (await visitor.post("/api/customer/notify_me/", { ...withoutOrder, terms_confirmation: true })).statusCode,
    ).toBe(201);
  });

  it("records the request without a lead where the dealership has no CRM", async () => {
    const visitor = client(testApp, "lakeshore-buffalo");
    await visitor.get("/api/i18n/");
    const vehicle = await availableVehicle(testApp, "lakeshore-buffalo");
    const response = await visitor.post("/api/customer/notify_me/", {
      email: "ann@example.com",
      first_name: "Ann",
      last_name: "Lee",
      vehicle,
      terms_confirmation: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: "recorded" });
  });
});

describe("every lead type", () => {
  it("queues ADF 1.0 documents that follow the DTD, retried after the CRM refuses them and then sent once", async () => {
    const [{ last } = { last: 0 }] = await testApp.database.db
      .select({ last: sql<number>`coalesce(max(${outbox.id}), 0)::int` })
      .from(outbox);
    const before = last;
    const { shopper, email } = await registeredShopper(testApp);
    const registration = (await leadRows(before)).length; // a registration's own lead, when the dealership takes it

    // saved deal
    const deal = await savedDeal(testApp, shopper);
    // contact
    expect(
      (
        await shopper.post("/api/customer/contact_dealer/", {
          first_name: "Jeanne",
          last_name: "Tremblay",
          email,
          url: `${ORIGIN}/details/1/`,
          help_message: "Is it available?",
          vehicle: deal.vehicle.id,
        })
      ).statusCode,
    ).toBe(201);
    // notify me
    expect(
      (
        await shopper.post("/api/customer/notify_me/", {
          email,
          first_name: "Jeanne",
          last_name: "Tremblay",
          vehicle: deal.vehicle.id,
          terms_confirmation: true,
        })
      ).statusCode,
    ).toBe(201);
    // appointment (a test drive at work)
    const slot = (await shopper.get("/api/appointment/slots/")).json<{ slots: { datetime: string }[] }>().slots[5]!;
    const address = { street: "1 Bay Street", city: "Toronto", province: "ON", postal_code: "M5J 2R8" };
    expect(
      (
        await shopper.post("/api/appointment/", {
          path: "/en/maple-auto/orders/",
          datetime: slot.datetime,
          order_id: deal.id,
          kind: "work",
          address,
        })
      ).statusCode,
    ).toBe(201);
    // test drive booking
    const booking = {
      booking_option: "dealership",
      model_year: 2026,
      model_code: "CV5F2",
      model_name: "Civic",
      dealer_code: "maple-auto",
      province: "ON",
      first_name: "Jeanne",
      last_name: "Tremblay",
      phone: "4165550142",
      tokenized_url: `${ORIGIN}/en/maple-auto/`,
      language: "en",
    };
    expect((await shopper.post("/api/test-drive-bookings/", booking)).statusCode).toBe(201);

    const rows = (await leadRows(before)).slice(registration);
    const types = rows.map((r) => (r.payload as { lead: { type: string } }).lead.type);
    expect(types).toEqual(["saved_deal", "contact_lead", "notify_me", "appointment", "test_drive"]);
    for (const row of rows) {
      const { adf, to } = row.payload as { adf: string; to: string };
      expect(to).toBe("crm@maple-auto.example");
      expect(adfStructureProblems(adf), (row.payload as { lead: { type: string } }).lead.type).toEqual([]);
    }
    const savedDealAdf = (rows[0]!.payload as { adf: string }).adf;
    expect(savedDealAdf).toMatch(/<price type="quote" currency="CAD">\d+\.\d{2}<\/price>/);
    expect(savedDealAdf).toContain("<method>finance</method>");

    // The CRM's mail server refuses everything once: each lead is retried, then sent once, and never again.
    const ids = new Set(rows.map((r) => r.id));
    const ours = (transport: ReturnType<typeof recordingTransport>) => transport.delivered.filter((m) => ids.has(m.id));
    const down = recordingTransport("smtp", { fail: "451 try again later" });
    const at = (ms: number) => () => new Date(testApp.clock.now.getTime() + ms);
    await deliverPending({ db: testApp.database.db, transport: down.transport, now: at(0), limit: 1000 });
    expect((await leadRows(before)).filter((r) => ids.has(r.id)).map((r) => [r.status, r.attempts])).toEqual(
      rows.map(() => ["pending", 1]),
    );
    const up = recordingTransport("smtp");
    await deliverPending({ db: testApp.database.db, transport: up.transport, now: at(29_000), limit: 1000 });
    expect(ours(up)).toHaveLength(0);
    await deliverPending({ db: testApp.database.db, transport: up.transport, now: at(30_000), limit: 1000 });
    await deliverPending({ db: testApp.database.db, transport: up.transport, now: at(3_600_000), limit: 1000 });
    expect(
      ours(up)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(
      (await leadRows(before)).filter((r) => ids.has(r.id)).every((r) => r.status === "sent" && r.attempts === 2),
    ).toBe(true);
  });
});
