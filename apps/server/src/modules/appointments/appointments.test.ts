import { appointmentSchema, appointmentSlotsSchema, staffAppointmentSchema } from "@showroom/domain";
import { adfStructureProblems } from "@showroom/domain/notifications/adf-structure";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { dealershipRow, savedDeal, setDealership, staffAt } from "../../test/deals.ts";
import { client, createTestApp, ORIGIN, type TestApp } from "../../test/test-app.ts";
import { outbox } from "../notifications/tables.ts";
import { appointments } from "./tables.ts";

let testApp: TestApp;
type Browser = ReturnType<typeof client>;

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000, rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await testApp?.close();
});

/** Monday 23 November 2026 at a time of day in Toronto (EST, -05:00); the app's clock reads Saturday the 21st, 10:00. */
const monday = (time: string) => `2026-11-23T${time}:00-05:00`;
const page = "/en/maple-auto/orders/";

async function shopperWithDeal(code = "maple-auto", offset = 0) {
  const shopper = await registeredShopper(testApp, code);
  const deal = await savedDeal(testApp, shopper.shopper, code, offset);
  return { ...shopper, deal };
}

const book = (browser: Browser, body: Record<string, unknown>) =>
  browser.post("/api/appointment/", { path: page, kind: "dealership", ...body });

/** The newest email to an address that carries a calendar file. */
async function lastCalendarEmail(to: string) {
  const [row] = await testApp.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "email"), sql`${outbox.payload}->>'to' = ${to}`, sql`${outbox.payload} ? 'calendar'`))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row?.payload as
    | {
        subject: string;
        text: string;
        language: string;
        calendar: { method: string; filename: string; content: string };
      }
    | undefined;
}

/** The calendar file's lines, unfolded (RFC 5545 3.1). */
const icsLines = (content: string) => content.replace(/\r\n[ \t]/g, "").split("\r\n");
const icsValue = (content: string, name: string) =>
  icsLines(content)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, "");

async function crmLeadsOf(appointmentId: number) {
  return testApp.database.db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, "crm_lead"),
        sql`${outbox.payload}->'lead'->>'type' = 'appointment'`,
        sql`(${outbox.payload}->'lead'->>'id')::int = ${appointmentId}`,
      ),
    )
    .orderBy(outbox.id);
}

describe("the calendar", () => {
  it("offers slots inside maple-auto's hours in Toronto's zone, from 2 hours after now, none on Sunday", async () => {
    const visitor = client(testApp);
    const response = await visitor.get("/api/appointment/slots/");
    expect(response.statusCode, response.body).toBe(200);
    const body = appointmentSlotsSchema.parse(response.json());
    expect(body).toMatchObject({
      enabled: true,
      time_zone: "America/Toronto",
      slot_minutes: 30,
      lead_minutes: 120,
      days_ahead: 14,
      kinds: ["dealership", "home", "work"],
    });
    expect(body.slots[0]).toMatchObject({
      datetime: "2026-11-21T12:00:00-05:00",
      date: "2026-11-21",
      time: "12:00",
      utc_offset: "-05:00",
    });
    expect(body.slots.some((s) => s.date === "2026-11-22")).toBe(false);
    expect(body.slots.filter((s) => s.date === "2026-11-23")).toHaveLength(18);
  });
});

describe("booking", () => {
  it("books a visit: the deal shows it, the shopper gets a calendar file, the CRM an ADF lead, and appointment_finish is logged", async () => {
    const { shopper, email, customer, deal } = await shopperWithDeal();
    const response = await book(shopper, {
      datetime: monday("10:30"),
      order_id: deal.id,
      comments: "I'll bring my spouse",
    });
    expect(response.statusCode, response.body).toBe(201);
    const appointment = appointmentSchema.parse(response.json());
    expect(appointment).toMatchObject({
      order_id: deal.id,
      kind: "dealership",
      status: "requested",
      customer_state: "requested",
      step: "awaiting-dealer",
      datetime: "2026-11-23T10:30:00-05:00",
      starts_at: "2026-11-23T15:30:00.000Z",
      ends_at: "2026-11-23T16:00:00.000Z",
      formatted: "Monday, November 23, 2026 at 10:30 a.m. EST",
      time_zone: "America/Toronto",
      sequence: 0,
      proposed_by: "customer",
    });

    const order = (await shopper.get(`/api/order/${deal.id}/`)).json();
    expect(order).toMatchObject({
      proposed_appointment: "2026-11-23T10:30:00-05:00",
      proposed_appointment_formatted: "Monday, November 23, 2026 at 10:30 a.m. EST",
      is_appointment_autoconfirmed: false,
      step_statuses: { appointment: 2 },
    });
    expect((await shopper.get(`/api/appointment/${deal.id}/`)).json()).toMatchObject({ id: appointment.id });

    const mail = await lastCalendarEmail(email);
    expect(mail?.subject).toBe("Appointment requested at Maple Auto Toronto");
    expect(mail?.text).toContain("When: Monday, November 23, 2026 at 10:30 a.m. EST");
    expect(mail?.text).toContain(`${ORIGIN}/en/maple-auto/orders/?order=${deal.id}`);
    const ics = mail!.calendar.content;
    expect(mail!.calendar).toMatchObject({ method: "REQUEST", filename: "appointment.ics" });
    expect(icsLines(ics)[0]).toBe("BEGIN:VCALENDAR");
    expect(icsValue(ics, "VERSION")).toBe("2.0");
    expect(icsValue(ics, "PRODID")).toBe("-//Showroom//Appointments 1.0//EN");
    expect(icsValue(ics, "METHOD")).toBe("REQUEST");
    expect(icsValue(ics, "UID")).toBe(`appointment-${appointment.uid}@localhost`);
    expect(icsValue(ics, "SEQUENCE")).toBe("0");
    expect(icsValue(ics, "DTSTART")).toBe("20261123T153000Z");
    expect(icsValue(ics, "DTEND")).toBe("20261123T160000Z");
    expect(icsValue(ics, "DTSTAMP")).toBe("20261121T150000Z");
    expect(icsValue(ics, "STATUS")).toBe("TENTATIVE");
    expect(icsLines(ics).filter((l) => l.startsWith("UID:") || l.startsWith("DTSTAMP:"))).toHaveLength(2);
    expect(icsLines(ics).find((l) => l.startsWith("ATTENDEE"))).toContain(`mailto:${email}`);

    const [lead] = await crmLeadsOf(appointment.id);
    const adf = (lead!.payload as { to: string; adf: string }).adf;
    expect((lead!.payload as { to: string }).to).toBe("crm@maple-auto.example");
    expect(adf).toMatch(/<vehicle interest="buy" status="(new|used)">/);
    expect(adf).toContain(
      "Appointment requested: Visit at the dealership, Monday, November 23, 2026 at 10:30 a.m. EST (2026-11-23T10:30:00-05:00).",
    );
    expect(adfStructureProblems(adf)).toEqual([]);
    const events = await testApp.database.db.execute(
      sql`select event, order_id from crm_events where customer_id = ${customer.id}`,
    );
    expect((events as unknown as { rows: unknown[] }).rows).toContainEqual({
      event: "appointment_finish",
      order_id: deal.id,
    });
  });

  it("books a test drive at home with the address, sent to the CRM as interest test-drive; an address is required for it", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const missing = await book(shopper, { datetime: monday("11:00"), order_id: deal.id, kind: "home" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ address: ["Enter the address where we bring the vehicle."] });
    const address = { street: "12 Elm Street", city: "Toronto", province: "on", postal_code: "M5V 3L9" };
    const response = await book(shopper, { datetime: monday("11:00"), order_id: deal.id, kind: "home", address });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ kind: "home", address: { ...address, province: "ON" } });
    const [lead] = await crmLeadsOf(response.json().id);
    const adf = (lead!.payload as { adf: string }).adf;
    expect(adf).toMatch(/<vehicle interest="test-drive"/);
    expect(adf).toContain('<address type="home">');
    expect(adf).toContain("<postalcode>M5V 3L9</postalcode>");
    expect(adfStructureProblems(adf)).toEqual([]);
  });

  it("refuses a time outside the dealership's hours, in the past, too soon or too far, naming datetime, with 'Unable to book appointment.'", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const cases: [string, string][] = [
      [monday("08:30"), "The dealership does not take appointments at this time. Choose a time from the calendar."],
      [monday("18:00"), "The dealership does not take appointments at this time. Choose a time from the calendar."],
      [monday("10:15"), "The dealership does not take appointments at this time. Choose a time from the calendar."],
      [
        "2026-11-22T11:00:00-05:00",
        "The dealership does not take appointments at this time. Choose a time from the calendar.",
      ],
      ["2026-11-20T11:00:00-05:00", "This time has already passed. Choose another time."],
      [
        "2026-11-21T11:00:00-05:00",
        "This time is too soon for the dealership to get ready. Choose a time at least 2 hours from now.",
      ],
      ["2026-12-07T11:00:00-05:00", "Choose a time within the next 14 days."],
    ];
    for (const [datetime, message] of cases) {
      const response = await book(shopper, { datetime, order_id: deal.id });
      expect(response.statusCode, datetime).toBe(400);
      expect(response.json(), datetime).toMatchObject({
        datetime: [message],
        non_field_errors: ["Unable to book appointment."],
      });
    }
    const bad = await shopper.post("/api/appointment/", {
      path: "javascript:alert(1)",
      datetime: "2026-11-23 10:30",
      order_id: "x",
      kind: "boat",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(["path", "datetime", "order_id", "kind"]));
    expect((await shopper.get(`/api/order/${deal.id}/`)).json()).toMatchObject({ proposed_appointment: null });
  });

  it("gives one slot to one shopper: of two booking it at once, one gets it and the other 409 with a clear message", async () => {
    const [a, b] = await Promise.all([shopperWithDeal(), shopperWithDeal()]);
    const responses = await Promise.all([
      book(a.shopper, { datetime: monday("13:00"), order_id: a.deal.id }),
      book(b.shopper, { datetime: monday("13:00"), order_id: b.deal.id }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = responses.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toEqual({
      detail: "This time was just booked by someone else. Choose another time.",
      code: "appointment_slot_taken",
      non_field_errors: ["Unable to book appointment."],
    });
    // The calendar no longer offers it.
    const slots = appointmentSlotsSchema.parse((await a.shopper.get("/api/appointment/slots/")).json()).slots;
    expect(slots.map((s) => s.datetime)).not.toContain(monday("13:00"));
    expect(slots.map((s) => s.datetime)).toContain(monday("13:30"));
  });

  it("holds as many appointments in a slot as the dealership's capacity_per_slot", async () => {
    const restore = await setDealership(testApp, "maple-auto", { appointment_settings: { capacity_per_slot: 2 } });
    try {
      const shoppers = await Promise.all([shopperWithDeal(), shopperWithDeal(), shopperWithDeal()]);
      const statuses = [];
      for (const s of shoppers)
        statuses.push((await book(s.shopper, { datetime: monday("14:00"), order_id: s.deal.id })).statusCode);
      expect(statuses).toEqual([201, 201, 409]);
    } finally {
      await restore();
    }
  });

  it("keeps one appointment per deal: the same booking again answers it, another one is 409 (change it instead)", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const first = await book(shopper, { datetime: monday("15:00"), order_id: deal.id });
    expect(first.statusCode).toBe(201);
    const again = await book(shopper, { datetime: monday("15:00"), order_id: deal.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const other = await book(shopper, { datetime: monday("15:30"), order_id: deal.id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: "appointment_exists",
      detail: "This deal already has an appointment. Change it instead.",
    });
  });

  it("confirms at once where the dealership says so (is_appointment_autoconfirmed, step completed)", async () => {
    const restore = await setDealership(testApp, "maple-auto", { appointment_settings: { autoconfirm: true } });
    try {
      const { shopper, email, deal } = await shopperWithDeal();
      const response = await book(shopper, { datetime: monday("16:00"), order_id: deal.id });
      expect(response.json()).toMatchObject({ status: "confirmed", step: "completed", is_autoconfirmed: true });
      expect((await shopper.get(`/api/order/${deal.id}/`)).json()).toMatchObject({
        is_appointment_autoconfirmed: true,
        step_statuses: { appointment: 1 },
      });
      const mail = await lastCalendarEmail(email);
      expect(mail?.subject).toBe("Appointment confirmed at Maple Auto Toronto");
      expect(icsValue(mail!.calendar.content, "STATUS")).toBe("CONFIRMED");
    } finally {
      await restore();
    }
  });

  it("writes the French email and formatted time for a French shopper", async () => {
    const shopper = await registeredShopper(testApp, "boulevard-laval");
    const deal = await savedDeal(testApp, shopper.shopper, "boulevard-laval");
    const response = await shopper.shopper.post("/api/appointment/", {
      path: "/fr/boulevard-laval/orders/",
      datetime: monday("09:00"),
      order_id: deal.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().formatted).toBe("lundi 23 novembre 2026 à 09 h 00 HNE");
    const mail = await lastCalendarEmail(shopper.email);
    expect(mail).toMatchObject({ language: "fr", subject: "Rendez-vous demandé chez Automobiles Boulevard Laval" });
    expect(mail!.text).toContain("Quand : lundi 23 novembre 2026 à 09 h 00 HNE");
  });
});

describe("changes, staff and cancellation", () => {
  it("moves the appointment (same UID, SEQUENCE raised), frees the old slot, and refuses a slot taken by someone else", async () => {
    const { shopper, email, deal } = await shopperWithDeal();
    const booked = appointmentSchema.parse(
      (await book(shopper, { datetime: monday("09:30"), order_id: deal.id })).json(),
    );
    const other = await shopperWithDeal();
    expect((await book(other.shopper, { datetime: monday("12:00"), order_id: other.deal.id })).statusCode).toBe(201);

    const taken = await shopper.request("PATCH", `/api/appointment/${deal.id}/`, {
      body: { path: page, datetime: monday("12:00") },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "appointment_slot_taken" });

    const moved = await shopper.request("PATCH", `/api/appointment/${deal.id}/`, {
      body: { path: page, datetime: monday("12:30") },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      id: booked.id,
      uid: booked.uid,
      datetime: monday("12:30"),
      sequence: 1,
      status: "requested",
    });
    const mail = await lastCalendarEmail(email);
    expect(mail?.subject).toBe("Appointment changed at Maple Auto Toronto");
    expect(icsValue(mail!.calendar.content, "UID")).toBe(`appointment-${booked.uid}@localhost`);
    expect(icsValue(mail!.calendar.content, "SEQUENCE")).toBe("1");
    expect(icsValue(mail!.calendar.content, "DTSTART")).toBe("20261123T173000Z");
    expect((await shopper.get(`/api/order/${deal.id}/`)).json()).toMatchObject({
      proposed_appointment: monday("12:30"),
    });
    // The shopper's change reaches the CRM too.
    expect(
      (await crmLeadsOf(booked.id)).map((l) => (l.payload as { adf: string }).adf.includes("Appointment changed")),
    ).toEqual([false, true]);
    // 09:30 is free again.
    const third = await shopperWithDeal();
    expect((await book(third.shopper, { datetime: monday("09:30"), order_id: third.deal.id })).statusCode).toBe(201);
    // Sending the same again changes nothing and sends nothing.
    const same = await shopper.request("PATCH", `/api/appointment/${deal.id}/`, {
      body: { path: page, datetime: monday("12:30") },
    });
    expect(same.json()).toMatchObject({ sequence: 1 });
  });

  it("lets staff confirm it and propose another time, then the shopper cancel it (METHOD:CANCEL), each with the next SEQUENCE", async () => {
    const { shopper, email, customer, deal } = await shopperWithDeal();
    const booked = appointmentSchema.parse(
      (await book(shopper, { datetime: "2026-11-24T10:00:00-05:00", order_id: deal.id })).json(),
    );
    const rep = await staffAt(testApp, "sales-rep@maple-auto.example");

    const list = await rep.get(`/api/quickshop/appointments/?customer=${customer.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((a: { id: number }) => a.id)).toEqual([booked.id]);
    expect(staffAppointmentSchema.parse(list.json()[0])).toMatchObject({ customer: { id: customer.id, email } });
    expect((await rep.get("/api/quickshop/appointments/")).json().map((a: { id: number }) => a.id)).toContain(
      booked.id,
    );

    const confirmed = await rep.post(`/api/quickshop/appointments/${booked.id}/confirm/`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: "confirmed", step: "completed", sequence: 1 });
    expect((await shopper.get(`/api/order/${deal.id}/`)).json()).toMatchObject({ step_statuses: { appointment: 1 } });
    expect((await lastCalendarEmail(email))?.subject).toBe("Appointment confirmed at Maple Auto Toronto");

    const outside = await rep.post(`/api/quickshop/appointments/${booked.id}/propose/`, {
      datetime: "2026-11-24T19:00:00-05:00",
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      datetime: ["The dealership does not take appointments at this time. Choose a time from the calendar."],
    });
    // Staff are not held to the lead time: 10:30 today is theirs to offer.
    const proposed = await rep.post(`/api/quickshop/appointments/${booked.id}/propose/`, {
      datetime: "2026-11-21T10:30:00-05:00",
      comments: "Our expert is free today",
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({
      datetime: "2026-11-21T10:30:00-05:00",
      proposed_by: "dealer",
      status: "confirmed",
      sequence: 2,
      comments: "Our expert is free today",
    });
    const proposal = await lastCalendarEmail(email);
    expect(proposal?.subject).toBe("Maple Auto Toronto proposes another time");
    expect(icsValue(proposal!.calendar.content, "SEQUENCE")).toBe("2");

    const canceled = await shopper.request("DELETE", `/api/appointment/${deal.id}/`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ status: "canceled", customer_state: null, step: "initial", sequence: 3 });
    const cancel = await lastCalendarEmail(email);
    expect(cancel?.calendar.method).toBe("CANCEL");
    expect(icsValue(cancel!.calendar.content, "METHOD")).toBe("CANCEL");
    expect(icsValue(cancel!.calendar.content, "STATUS")).toBe("CANCELLED");
    expect(icsValue(cancel!.calendar.content, "UID")).toBe(`appointment-${booked.uid}@localhost`);
    expect(icsValue(cancel!.calendar.content, "SEQUENCE")).toBe("3");
    expect((await shopper.get(`/api/order/${deal.id}/`)).json()).toMatchObject({
      proposed_appointment: null,
      proposed_appointment_formatted: null,
      step_statuses: { appointment: 0 },
    });
    expect((await shopper.get(`/api/appointment/${deal.id}/`)).statusCode).toBe(404);
    expect((await rep.post(`/api/quickshop/appointments/${booked.id}/confirm/`)).json()).toMatchObject({
      code: "appointment_canceled",
    });
    // A new one can be booked for the deal, with a new UID.
    const rebooked = await book(shopper, { datetime: "2026-11-24T10:00:00-05:00", order_id: deal.id });
    expect(rebooked.statusCode).toBe(201);
    expect(rebooked.json().uid).not.toBe(booked.uid);
    // Deleting the deal cancels it in the shopper's calendar first.
    expect((await shopper.request("DELETE", `/api/order/${deal.id}/`)).statusCode).toBe(204);
    const gone = await lastCalendarEmail(email);
    expect(gone?.calendar.method).toBe("CANCEL");
    expect(icsValue(gone!.calendar.content, "UID")).toBe(`appointment-${rebooked.json().uid}@localhost`);
  });
});

describe("time zone rules", () => {
  it("moves an upcoming appointment whose instant an older tz database derived back to its wall time, and sends the calendar update", async () => {
    const { shopper, email, deal } = await shopperWithDeal();
    const booked = appointmentSchema.parse(
      (await book(shopper, { datetime: "2026-11-26T14:30:00-05:00", order_id: deal.id })).json(),
    );
    // As an older tz database would have put it: one hour off, the wall time and offset kept as booked.
    await testApp.database.db
      .update(appointments)
      .set({ startsAt: new Date("2026-11-26T20:30:00Z"), endsAt: new Date("2026-11-26T21:00:00Z") })
      .where(eq(appointments.id, booked.id));
    expect(await testApp.app.appointments.booking.realignWithTimeZones()).toBe(1);
    const [row] = await testApp.database.db.select().from(appointments).where(eq(appointments.id, booked.id));
    expect(row).toMatchObject({
      startsAt: new Date("2026-11-26T19:30:00Z"),
      endsAt: new Date("2026-11-26T20:00:00Z"),
      localTime: "14:30",
      utcOffsetMinutes: -300,
      sequence: 1,
    });
    const mail = await lastCalendarEmail(email);
    expect(mail?.subject).toBe("Your calendar updated for your appointment at Maple Auto Toronto");
    expect(icsValue(mail!.calendar.content, "DTSTART")).toBe("20261126T193000Z");
    expect(icsValue(mail!.calendar.content, "SEQUENCE")).toBe("1");
    // Nothing else is off: a second pass moves nothing.
    expect(await testApp.app.appointments.booking.realignWithTimeZones()).toBe(0);
  });
});

describe("who may call", () => {
  it("answers 404 for another customer's deal, 403 to a visitor, and 404 to staff of another dealership", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const booked = await book(shopper, { datetime: "2026-11-25T10:00:00-05:00", order_id: deal.id });
    const other = await registeredShopper(testApp);
    for (const call of [
      () => book(other.shopper, { datetime: "2026-11-25T11:00:00-05:00", order_id: deal.id }),
      () => other.shopper.get(`/api/appointment/${deal.id}/`),
      () =>
        other.shopper.request("PATCH", `/api/appointment/${deal.id}/`, {
          body: { path: page, datetime: "2026-11-25T11:00:00-05:00" },
        }),
      () => other.shopper.request("DELETE", `/api/appointment/${deal.id}/`),
    ]) {
      expect((await call()).statusCode).toBe(404);
    }
    const visitor = client(testApp);
    await visitor.get("/api/i18n/");
    expect((await book(visitor, { datetime: "2026-11-25T11:00:00-05:00", order_id: deal.id })).statusCode).toBe(403);
    const lavalAdmin = await staffAt(testApp, "admin@boulevard-laval.example", "boulevard-laval");
    expect((await lavalAdmin.post(`/api/quickshop/appointments/${booked.json().id}/confirm/`)).statusCode).toBe(404);
    expect(
      (await lavalAdmin.get(`/api/quickshop/appointments/`)).json().map((a: { id: number }) => a.id),
    ).not.toContain(booked.json().id);
  });

  it("keeps confirming to the roles that answer for the sale (403 to the organization assistant), and hides another rep's customer", async () => {
    const { shopper, deal, customer } = await shopperWithDeal();
    const booked = await book(shopper, { datetime: "2026-11-25T12:00:00-05:00", order_id: deal.id });
    const assistant = await staffAt(testApp, "org-assistant@maple-group.example");
    expect((await assistant.get(`/api/quickshop/appointments/?customer=${customer.id}`)).statusCode).toBe(200);
    const refused = await assistant.post(`/api/quickshop/appointments/${booked.json().id}/confirm/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: "You do not have permission to perform this action." });
    const anonymous = client(testApp);
    await anonymous.get("/api/i18n/");
    expect((await anonymous.get("/api/quickshop/appointments/")).statusCode).toBe(403);
  });

  it("answers 440 when the shopper's session expired", async () => {
    const { shopper, deal } = await shopperWithDeal();
    testApp.clock.advance(testApp.config.sessionIdleMs + 1000);
    const response = await book(shopper, { datetime: "2026-11-25T13:00:00-05:00", order_id: deal.id });
    expect(response.statusCode).toBe(440);
    expect(response.json()).toMatchObject({ user_kind: "customer" });
  });

  it("answers 403 appointments_disabled where the dealership takes none, and offers no slot", async () => {
    const { shopper, deal } = await shopperWithDeal("maple-vw-ottawa");
    const modules = (await dealershipRow(testApp, "maple-vw-ottawa")).moduleSettings.enabled_modules;
    const restore = await setDealership(
      testApp,
      "maple-vw-ottawa",
      {},
      modules.filter((m) => m !== "appointment"),
    );
    try {
      const response = await book(shopper, { datetime: "2026-11-25T13:00:00-05:00", order_id: deal.id });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "appointments_disabled" });
      expect((await shopper.get("/api/appointment/slots/")).json()).toMatchObject({ enabled: false, slots: [] });
    } finally {
      await restore();
    }
  });
});

describe("test drive bookings", () => {
  const booking = {
    booking_option: "dealership",
    model_year: 2026,
    model_code: "CV5F2",
    model_name: "Civic",
    dealer_code: "maple-auto",
    province: "ON",
    first_name: "Jordan",
    last_name: "Lee",
    phone: "(416) 555-0142",
    tokenized_url: `${ORIGIN}/en/maple-auto/orders/?token=abc`,
    language: "en",
  };

  it("records the booking, sends the CRM an ADF lead of interest test-drive, and answers the url of its page", async () => {
    const visitor = client(testApp);
    await visitor.get("/api/i18n/");
    const response = await visitor.post("/api/test-drive-bookings/", booking);
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^${ORIGIN}/en/maple-auto/test-drive/[a-f0-9]{32}/$`));
    const id = url.split("/").at(-2)!;
    const view = await visitor.get(`/api/test-drive-bookings/${id}/`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      id,
      dealership: { code: "maple-auto", name: "Maple Auto Toronto", phone: "(416) 555-0142" },
      booking_option: "dealership",
      model_year: 2026,
      model_name: "Civic",
      first_name: "Jordan",
      language: "en",
      created: testApp.clock.now.toISOString(),
    });
    const [lead] = await testApp.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "crm_lead"), sql`${outbox.payload}->'lead'->>'type' = 'test_drive'`))
      .orderBy(desc(outbox.id))
      .limit(1);
    const adf = (lead!.payload as { adf: string }).adf;
    expect(adf).toContain('<vehicle interest="test-drive" status="new">');
    expect(adf).toContain("<model>Civic</model>");
    expect(adf).toContain("<phone>4165550142</phone>");
    expect(adfStructureProblems(adf)).toEqual([]);
    expect((await visitor.get(`/api/test-drive-bookings/${"0".repeat(32)}/`)).statusCode).toBe(404);
    expect((await client(testApp, "boulevard-laval").get(`/api/test-drive-bookings/${id}/`)).statusCode).toBe(404);
  });

  it("refuses another dealership's code, a test drive at home without an address, and bad fields, naming them", async () => {
    const visitor = client(testApp);
    await visitor.get("/api/i18n/");
    expect(
      (await visitor.post("/api/test-drive-bookings/", { ...booking, dealer_code: "boulevard-laval" })).json(),
    ).toMatchObject({ dealer_code: ["Book with the dealership of this site."] });
    expect(
      (await visitor.post("/api/test-drive-bookings/", { ...booking, booking_option: "home" })).json(),
    ).toMatchObject({ address: ["Enter the address where we bring the vehicle."] });
    const bad = await visitor.post("/api/test-drive-bookings/", {
      ...booking,
      model_year: "new",
      province: "ZZ",
      phone: "123",
      tokenized_url: "ftp://x",
      language: "de",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(
      expect.arrayContaining(["model_year", "province", "phone", "tokenized_url", "language"]),
    );
    const home = await visitor.post("/api/test-drive-bookings/", {
      ...booking,
      booking_option: "work",
      language: "fr-CA",
      address: { street: "1 Bay Street", city: "Toronto", province: "ON", postal_code: "M5J 2R8" },
    });
    expect(home.statusCode, home.body).toBe(201);
    expect(home.json().url).toContain("/fr/maple-auto/test-drive/");
  });
});
