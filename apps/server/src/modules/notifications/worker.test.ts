import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notificationsRepo } from "./repo.ts";
import { queueCrmLead, queueEmail, queueSms } from "./service.ts";
import { outbox } from "./tables.ts";
import { outboxTestDatabase, recordingTransport } from "./test-support.ts";
import { configuredTransports, mailboxTransport, transportFor } from "./transports.ts";
import { CLAIM_MS, deliverPending, MAX_ATTEMPTS, retryDelayMs } from "./worker.ts";

let test: Awaited<ReturnType<typeof outboxTestDatabase>>;
const t0 = new Date("2026-11-21T15:00:00Z");
const at = (ms: number) => () => new Date(t0.getTime() + ms);

beforeAll(async () => {
  test = await outboxTestDatabase();
});
afterAll(async () => {
  await test?.close();
});
beforeEach(async () => {
  await test.db.delete(outbox);
});

const rowOf = async (id: number) => (await test.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const email = (overrides: Partial<Parameters<typeof queueEmail>[1]> = {}) =>
  queueEmail(test.db, { dealershipId: test.dealershipId, to: "shopper@example.com", subject: "Your code", text: "123456", language: "fr", now: t0, ...overrides });

describe("deliverPending", () => {
  it("delivers a due message once, typed by its kind, and marks it sent with the time and the transport", async () => {
    const { id } = await email();
    const { transport, delivered } = recordingTransport();
    const report = await deliverPending({ db: test.db, transport, now: at(5_000) });
    expect(report).toEqual({ sent: 1, retrying: 0, failed: 0, errors: [] });
    expect(delivered).toEqual([
      { id, dealershipId: test.dealershipId, kind: "email", payload: { to: "shopper@example.com", subject: "Your code", text: "123456", language: "fr" } },
    ]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", sentAt: at(5_000)(), transport: "recording", attempts: 1, lastError: null });
    expect((await deliverPending({ db: test.db, transport, now: at(CLAIM_MS * 2) })).sent).toBe(0);
    expect(delivered).toHaveLength(1);
  });

  it("does not deliver a message before its available_at", async () => {
    const { id } = await email({ now: at(60_000)() });
    const { transport, delivered } = recordingTransport();
    expect((await deliverPending({ db: test.db, transport, now: at(59_999) })).sent).toBe(0);
    expect(delivered).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0 });
    expect((await deliverPending({ db: test.db, transport, now: at(60_000) })).sent).toBe(1);
  });

  it("delivers the oldest due messages first, at most `limit` in a pass", async () => {
    const first = await email({ now: at(1)() });
    const second = await email({ now: at(2)() });
    const third = await email({ now: at(3)() });
    const { transport, delivered } = recordingTransport();
    expect((await deliverPending({ db: test.db, transport, now: at(10), limit: 2 })).sent).toBe(2);
    expect(delivered.map((m) => m.id)).toEqual([first.id, second.id]);
    await deliverPending({ db: test.db, transport, now: at(10) });
    expect(delivered.map((m) => m.id)).toEqual([first.id, second.id, third.id]);
  });

  it("retries a failed delivery with exponential backoff and records the error", async () => {
    const { id } = await email();
    const { transport } = recordingTransport("smtp", { fail: "421 try again later\n(server busy)" });
    const report = await deliverPending({ db: test.db, transport, now: at(0) });
    expect(report).toMatchObject({ sent: 0, retrying: 1, failed: 0, errors: [{ id, attempts: 1, error: "421 try again later (server busy)" }] });
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 1, lastError: "421 try again later (server busy)", availableAt: at(30_000)(), sentAt: null });

    expect((await deliverPending({ db: test.db, transport, now: at(29_999) })).retrying).toBe(0);
    expect((await deliverPending({ db: test.db, transport, now: at(30_000) })).retrying).toBe(1);
    expect(await rowOf(id)).toMatchObject({ attempts: 2, availableAt: at(30_000 + 60_000)() });

    // It goes through once the server accepts it again.
    const { transport: working } = recordingTransport("smtp");
    expect((await deliverPending({ db: test.db, transport: working, now: at(90_000) })).sent).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 3, lastError: null, transport: "smtp" });
  });

  it("waits 30 s, then twice as long after each failure, never more than an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });

  it("retries a CRM lead the CRM's mail server refused, then sends it once and never again", async () => {
    const { id } = await queueCrmLead(test.db, { dealershipId: test.dealershipId, to: "crm@example.com", subject: "Appointment: Jordan Lee", adf: "<adf/>", lead: { type: "appointment", id: 9 }, now: t0 });
    const { transport: down } = recordingTransport("smtp", { fail: "451 greylisted" });
    expect(await deliverPending({ db: test.db, transport: down, now: at(0) })).toMatchObject({ sent: 0, retrying: 1 });
    const { transport: up, delivered } = recordingTransport("smtp");
    expect((await deliverPending({ db: test.db, transport: up, now: at(29_999) })).sent).toBe(0);
    expect((await deliverPending({ db: test.db, transport: up, now: at(30_000) })).sent).toBe(1);
    for (const later of [30_001, CLAIM_MS * 3, 365 * 24 * 3_600_000]) expect((await deliverPending({ db: test.db, transport: up, now: at(later) })).sent).toBe(0);
    expect(delivered).toEqual([{ id, dealershipId: test.dealershipId, kind: "crm_lead", payload: { to: "crm@example.com", subject: "Appointment: Jordan Lee", adf: "<adf/>", lead: { type: "appointment", id: 9 } } }]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it(`gives a message up (failed) after ${MAX_ATTEMPTS} attempts`, async () => {
    const { id } = await email();
    const { transport } = recordingTransport("smtp", { fail: "550 mailbox unavailable" });
    let clock = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const report = await deliverPending({ db: test.db, transport, now: at(clock) });
      expect(report.errors).toEqual([{ id, attempts: attempt, error: "550 mailbox unavailable" }]);
      expect(report.failed).toBe(attempt === MAX_ATTEMPTS ? 1 : 0);
      clock = (await rowOf(id)).availableAt.getTime() - t0.getTime();
    }
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "550 mailbox unavailable", sentAt: null });
    const { transport: working, delivered } = recordingTransport();
    await deliverPending({ db: test.db, transport: working, now: at(365 * 24 * 3_600_000) });
    expect(delivered).toHaveLength(0);
  });

  it("counts a delivery that does not settle in time as a failed attempt", async () => {
    const { id } = await email();
    const { transport } = recordingTransport("slow", { delayMs: () => 1_000 });
    const report = await deliverPending({ db: test.db, transport, now: at(0), deliveryTimeoutMs: 20 });
    expect(report.errors).toEqual([{ id, attempts: 1, error: "delivery timed out after 20 ms" }]);
    expect(await rowOf(id)).toMatchObject({ status: "pending", availableAt: at(30_000)() });
  });

  it("fails at once a row whose payload cannot be delivered (written before delivery existed)", async () => {
    const row = await notificationsRepo(test.db).enqueue({ dealershipId: test.dealershipId, kind: "crm_lead", payload: { type: "contact_lead", lead_id: 7 }, availableAt: t0 });
    const { transport, delivered } = recordingTransport();
    const report = await deliverPending({ db: test.db, transport, now: at(0) });
    expect(report.failed).toBe(1);
    expect(delivered).toHaveLength(0);
    expect(await rowOf(row.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "payload of a crm_lead message cannot be delivered" });
  });

  it("leaves a claimed message alone until the claim runs out, and a worker whose claim ran out records nothing", async () => {
    const { id } = await email();
    const late: number[] = [];
    // The first worker's delivery lasts so long that a second worker, later than the claim, takes the row.
    const slow = {
      name: "slow",
      async deliver() {
        expect((await deliverPending({ db: test.db, transport: mailboxTransport(), now: at(CLAIM_MS - 1) })).sent).toBe(0);
        late.push((await deliverPending({ db: test.db, transport: mailboxTransport(), now: at(CLAIM_MS) })).sent);
      },
    };
    const report = await deliverPending({ db: test.db, transport: slow, now: at(0) });
    expect(late).toEqual([1]);
    expect(report).toMatchObject({ sent: 0, errors: [{ id, error: "sent, but the claim had run out before it was recorded" }] });
    expect(await rowOf(id)).toMatchObject({ status: "sent", transport: "mailbox", attempts: 2 });
  });

  it("marks a message sending before the attempt; a worker killed after the server took it leaves it to be sent again, as the same message", async () => {
    const { id } = await email();
    const { transport, delivered } = recordingTransport();
    // A worker claims the row and hands the mail over, then dies before recording anything.
    const claimed = await notificationsRepo(test.db).claimNext(at(0)(), at(CLAIM_MS)());
    await transport.deliver({ id: claimed!.id, dealershipId: claimed!.dealershipId, kind: "email", payload: claimed!.payload } as never);
    expect(await rowOf(id)).toMatchObject({ status: "sending", attempts: 1 });

    expect((await deliverPending({ db: test.db, transport, now: at(CLAIM_MS - 1) })).sent).toBe(0);
    expect((await deliverPending({ db: test.db, transport, now: at(CLAIM_MS) })).sent).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });
    // At least once: delivered twice, both times as outbox message `id` (so with one Message-ID over SMTP).
    expect(delivered.map((m) => m.id)).toEqual([id, id]);
  });
});

describe("queueing", () => {
  it("stores each kind with its typed payload, pending and due at the caller's time", async () => {
    const sms = await queueSms(test.db, { dealershipId: test.dealershipId, to: " 4165550142 ", text: "Code 123456", now: t0 });
    const lead = await queueCrmLead(test.db, { dealershipId: test.dealershipId, to: "crm@example.com", subject: "Lead", adf: "<adf/>", lead: { type: "contact_lead", id: 3 } });
    expect(await rowOf(sms.id)).toMatchObject({ kind: "sms", payload: { to: "4165550142", text: "Code 123456" }, status: "pending", attempts: 0, availableAt: t0, createdAt: t0 });
    expect(await rowOf(lead.id)).toMatchObject({ kind: "crm_lead", payload: { to: "crm@example.com", subject: "Lead", adf: "<adf/>", lead: { type: "contact_lead", id: 3 } } });
  });

  it("keeps an email's calendar file with it, and hands it to the transport as it was queued", async () => {
    const calendar = { method: "REQUEST" as const, filename: "appointment.ics", content: "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n" };
    const { id } = await email({ calendar });
    const { transport, delivered } = recordingTransport();
    await deliverPending({ db: test.db, transport, now: at(0) });
    expect(delivered[0]).toMatchObject({ id, kind: "email", payload: { calendar } });
    // A calendar whose file name could carry a path or header is not one we deliver.
    const bad = await notificationsRepo(test.db).enqueue({ dealershipId: test.dealershipId, kind: "email", payload: { to: "a@example.com", subject: "s", text: "t", language: "en", calendar: { ...calendar, filename: "../x\r\n.ics" } }, availableAt: t0 });
    expect((await deliverPending({ db: test.db, transport, now: at(0) })).failed).toBe(1);
    expect(await rowOf(bad.id)).toMatchObject({ status: "failed" });
  });

  it("queues inside the caller's transaction: nothing is left when it rolls back", async () => {
    await email();
    await expect(
      test.db.transaction(async (tx) => {
        await queueSms(tx as unknown as typeof test.db, { dealershipId: test.dealershipId, to: "4165550142", text: "rolled back" });
        throw new Error("the caller failed");
      }),
    ).rejects.toThrow("the caller failed");
    const rows = await test.db.select().from(outbox);
    expect(rows.map((r) => r.kind)).toEqual(["email"]);
  });
});

describe("transport choice", () => {
  it("sends SMS to the mailbox even with SMTP configured (there is no SMS provider)", () => {
    const { transports, close } = configuredTransports({ smtpUrl: "smtp://127.0.0.1:2525", mailFrom: "shop@example.com", publicUrl: "https://cars.example.com" });
    expect(transportFor(transports, "email").name).toBe("smtp");
    expect(transportFor(transports, "crm_lead").name).toBe("smtp");
    expect(transportFor(transports, "sms").name).toBe("mailbox");
    close();
    const none = configuredTransports({ smtpUrl: undefined, mailFrom: "shop@example.com", publicUrl: "https://cars.example.com" });
    expect(["email", "crm_lead", "sms"].map((kind) => transportFor(none.transports, kind as "email").name)).toEqual(["mailbox", "mailbox", "mailbox"]);
  });
});
