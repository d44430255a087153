import { depositWireSchema } from "@showroom/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lastEmailTo, registeredShopper } from "../../test/customers.ts";
import { dealershipRow, savedDeal, setDealership, staffAt } from "../../test/deals.ts";
import { client, createTestApp, LONG_SESSIONS, testAppOn, type TestApp } from "../../test/test-app.ts";
import { LEASE_MS } from "../../workflows/runner/step-runner.ts";
import { vehicles } from "../inventory/tables.ts";
import { deposits, paymentAttempts, sandboxPayments, sandboxRequests } from "./tables.ts";

let testApp: TestApp;
const DAY_MS = 86_400_000;
type Browser = ReturnType<typeof client>;

beforeAll(async () => {
  testApp = await createTestApp(LONG_SESSIONS);
});
afterAll(async () => {
  await testApp?.close();
});

const base = "/api/customer/deposit";
const card = (number = "4242 4242 4242 4242") => ({ number, exp_month: 12, exp_year: 2030, cvc: "123" });
const form = (overrides: Record<string, unknown> = {}) => ({
  name_on_card: "Jeanne Tremblay",
  first_name: "Jeanne",
  last_name: "Tremblay",
  address_line: "120 King St W",
  postal_code: "M5V 3L9",
  card: card(),
  ...overrides,
});
let keys = 0;
const clientKey = () => `test-key-${Date.now().toString(36)}-${(keys += 1).toString().padStart(4, "0")}`;

async function shopperWithDeal(offset = 0) {
  const { shopper, customer } = await registeredShopper(testApp);
  const deal = await savedDeal(testApp, shopper, "maple-auto", offset, { inStock: true });
  return { shopper, customer, deal };
}

const charge = (shopper: Browser, order: number, body: Record<string, unknown> = {}, key = clientKey()) =>
  shopper.post(`${base}/charge_deposit/`, { order, path: "/deposit/", client_key: key, form: form(), ...body });

async function vehicleRow(id: number) {
  const [row] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.id, id));
  return row!;
}

describe("placing a deposit with the sandbox's test cards", () => {
  it("details: the amounts, the hold and its length, the refund terms and the advertised price", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const response = await shopper.get(`${base}/details/?order=${deal.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ gateway: "sandbox", demonstration: true, mode: "hold", deposit_amount: "500.00", total: "500.00", hold_days: 7, refundable_on_request: true, screens: ["place", "review"], deposit: null });
    expect(response.json().vehicle_price).toMatch(/^\d+\.\d{2}$/);
  });

  it("approves: the card is held, the vehicle reserved for this shopper, the deal's deposit step completed", async () => {
    const { shopper, deal, customer } = await shopperWithDeal();
    const response = await charge(shopper, deal.id);
    expect(response.statusCode, response.body).toBe(201);
    // The receipt says the amount, that nothing is charged, when the hold ends, and the refund terms.
    const receipt = await lastEmailTo(testApp, customer.email);
    expect(receipt?.text).toMatch(/\$500\.00 is held on your card \(visa •••• 4242\).*the hold ends on .*2026 at the latest\. Your deposit is refunded in full whenever you ask/s);
    const placed = depositWireSchema.parse(response.json());
    expect(placed).toMatchObject({ status: "pre_authorized", deposit_status: "pre-authorized", card_brand: "visa", card_last4: "4242", deposit_amount_paid: "0.00" });
    expect(new Date(placed.hold_deadline!).getTime() - new Date(placed.authorized_at!).getTime()).toBe(7 * DAY_MS);
    const order = (await shopper.get(`/api/order/${deal.id}/`)).json();
    expect(order).toMatchObject({ deposit_status: "pre-authorized", has_deposit: true, step_statuses: { deposit: 1 } });
    // Another shopper sees it reserved, and cannot place a deposit on it.
    const other = await registeredShopper(testApp);
    expect((await other.shopper.get(`/api/quickshop/inventory/${deal.vehicle.id}/`)).json().is_reserved).toBe(true);
    const theirs = await savedDeal(testApp, other.shopper, "maple-auto", 0, { inStock: true });
    expect(theirs.vehicle.id).toBe(deal.vehicle.id);
    const refused = await charge(other.shopper, theirs.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("vehicle_reserved");
    // The deal cannot be deleted while the deposit holds (existing rule).
    expect((await shopper.request("DELETE", `/api/order/${deal.id}/`)).statusCode).toBe(400);
  });

  it("declines, and reports a processing error, leaving nothing held and the vehicle free", async () => {
    const { shopper, deal } = await shopperWithDeal(1);
    const declined = await charge(shopper, deal.id, { form: form({ card: card("4000 0000 0000 0002") }) });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: "card_declined", detail: "Failed to process your credit card" });
    const failing = await charge(shopper, deal.id, { form: form({ card: card("4000 0000 0000 0119") }) });
    expect(failing.statusCode).toBe(502);
    expect(failing.json().code).toBe("card_processing_error");
    expect((await vehicleRow(deal.vehicle.id)).heldForCustomerId).toBeNull();
    // A good card afterwards goes through.
    expect((await charge(shopper, deal.id)).statusCode).toBe(201);
  });

  it("refuses an incomplete card number, a past expiry and a postal code of another country, naming the field", async () => {
    const { shopper, deal } = await shopperWithDeal(2);
    const incomplete = await charge(shopper, deal.id, { form: form({ card: card("4242 4242 4242") }) });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()["card.number"]).toEqual(["Your card number is incomplete."]);
    const expired = await shopper.post(`${base}/validate/`, { order: deal.id, form: form({ card: { ...card(), exp_year: 2025 } }) });
    expect(expired.json()["card.exp_month"]).toEqual(["Enter the card's expiry month and year; it must not have passed."]);
    const zip = await shopper.post(`${base}/validate/`, { order: deal.id, form: form({ postal_code: "14202" }) });
    expect(zip.json().postal_code).toEqual(["Enter a valid postal code, like M5V 3L9."]);
    expect((await shopper.post(`${base}/validate/`, { order: deal.id, form: form() })).json()).toEqual({ valid: true });
  });

  it("the same submission sent 50 times at once makes exactly one charge; another submission while it is live is refused", async () => {
    const { shopper, deal } = await shopperWithDeal(3);
    const key = clientKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => charge(shopper, deal.id, {}, key)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 200)).toBe(true);
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    const [depositId] = [...ids];
    const rows = await testApp.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.depositId, depositId));
    expect(rows.filter((r) => r.kind === "authorize")).toHaveLength(1);
    expect((await charge(shopper, deal.id)).json().code).toBe("deposit_exists");
  });

  it("another customer's deal is refused", async () => {
    const { deal } = await shopperWithDeal(4);
    const other = await registeredShopper(testApp);
    expect((await charge(other.shopper, deal.id)).statusCode).toBe(404);
    expect((await other.shopper.get(`${base}/details/?order=${deal.id}`)).statusCode).toBe(404);
    expect((await other.shopper.get(`${base}/${deal.id}/deposit_amount_paid/`)).statusCode).toBe(404);
    expect((await client(testApp).get(`${base}/details/?order=${deal.id}`)).statusCode).toBe(403);
  });
});

describe("the deal's build", () => {
  async function depositOnBuild() {
    const { shopper, customer } = await registeredShopper(testApp);
    const maple = await dealershipRow(testApp, "maple-auto");
    const [rav4] = await testApp.database.db.select().from(vehicles).where(and(eq(vehicles.dealershipId, maple.id), eq(vehicles.jatoId, "2026101")));
    const build = await shopper.post("/api/build-and-price/build-state/", { vehicle: rav4!.id });
    expect(build.statusCode, build.body).toBe(201);
    const saved = await shopper.post("/api/order/", { vehicle: rav4!.id, build_state: build.json().uid });
    expect(saved.statusCode, saved.body).toBe(201);
    const placed = await charge(shopper, saved.json().id);
    expect(placed.statusCode, placed.body).toBe(201);
    const uid: string = build.json().uid;
    const change = (who: Browser, body: Record<string, unknown>) => who.request("PATCH", `/api/build-and-price/build-state/${uid}/`, { body });
    return { shopper, customer, uid, deposit: placed.json(), change };
  }

  it("is locked to the customer once the deposit is placed; staff change it and the buyer is emailed; open again once released", async () => {
    const { shopper, customer, uid, deposit, change } = await depositOnBuild();
    expect((await shopper.get(`/api/build-and-price/build-state/${uid}/`)).json()).toMatchObject({ is_locked: true, post_deposit_edit_enabled: true, post_deposit_edit_confirm_required: true });
    expect((await change(shopper, { options: ["218"] })).statusCode).toBe(403);
    const rep = await staffAt(testApp, "sales-rep@maple-auto.example");
    expect((await change(rep, { options: ["218"] })).statusCode).toBe(400);
    const laval = await staffAt(testApp, "admin@boulevard-laval.example", "boulevard-laval");
    expect((await change(laval, { options: ["218"], last_date_of_change_checked: true })).statusCode).toBe(404);
    const edited = await change(rep, { options: ["218"], last_date_of_change_checked: true });
    expect(edited.statusCode, edited.body).toBe(200);
    const email = await lastEmailTo(testApp, customer.email);
    expect(email?.subject).toMatch(/^Your build of the 2026 Toyota RAV4 was changed$/);
    expect(email?.text).toMatch(/changed the build of the 2026 Toyota RAV4 your deposit reserves for you:\n- (Added|Removed): .+\n/);
    expect(email?.text).toMatch(/Total MSRP: \$[\d,]+\.\d{2} before, \$[\d,]+\.\d{2} now\. Your deposit stays on your deal\./);
    const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
    expect((await manager.post(`/api/quickshop/deposits/${deposit.id}/release/`)).statusCode).toBe(200);
    expect((await shopper.get(`/api/build-and-price/build-state/${uid}/`)).json()).toMatchObject({ is_locked: false, post_deposit_edit_enabled: false });
    expect((await change(shopper, { options: [] })).statusCode).toBe(200);
  });

  it("stays locked to staff too where the dealership turns post-deposit editing off", async () => {
    const restore = await setDealership(testApp, "maple-auto", { deposit_settings: { post_deposit_edit_enabled: false } });
    try {
      const { uid, change } = await depositOnBuild();
      const rep = await staffAt(testApp, "sales-rep@maple-auto.example");
      const refused = await change(rep, { options: ["218"], last_date_of_change_checked: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe("This build is locked and can no longer be changed.");
      expect((await rep.get(`/api/build-and-price/build-state/${uid}/`)).json()).toMatchObject({ is_locked: true, post_deposit_edit_enabled: false });
    } finally {
      await restore();
    }
  });
});

describe("settling deposits", () => {
  it("hold then capture (staff), then refund less the cancellation fee where the deposit is not refundable on request", async () => {
    const restore = await setDealership(testApp, "maple-auto", { deposit_settings: { cancellation_fee_cents: 10_000, refundable_on_request: false } });
    try {
      const { shopper, customer, deal } = await shopperWithDeal(5);
      const placed = (await charge(shopper, deal.id, { form: form({ coupon_code: "SPRING-26" }) })).json();
      expect(placed.coupon_code).toBe("SPRING-26");
      const rep = await staffAt(testApp, "sales-rep@maple-auto.example");
      expect((await rep.post(`/api/quickshop/deposits/${placed.id}/capture/`)).statusCode).toBe(403);
      const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
      const captured = await manager.post(`/api/quickshop/deposits/${placed.id}/capture/`);
      expect(captured.statusCode, captured.body).toBe(200);
      expect(captured.json()).toMatchObject({ status: "confirmed", deposit_amount_paid: "500.00", deposit_status: "completed" });
      const asked = await shopper.post(`${base}/${deal.id}/request_refund/`, { reason: "Found another car" });
      expect(asked.json()).toMatchObject({ refund_request_reason: "Found another car" });
      expect(asked.json().refund_requested_at).not.toBeNull();
      const refunded = await manager.post(`/api/quickshop/deposits/${placed.id}/refund/`, { apply_cancellation_fee: true });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ status: "refunded", refunded: "400.00", deposit_amount_paid: "100.00", deposit_status: "refunded" });
      expect((await lastEmailTo(testApp, customer.email))?.text).toContain("$400.00 was refunded to your card");
      const [processor] = await testApp.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, (await testApp.database.db.select().from(deposits).where(eq(deposits.id, placed.id)))[0]!.processorPaymentId!));
      expect(processor).toMatchObject({ capturedCents: 50_000, refundedCents: 40_000 });
      expect((await vehicleRow(deal.vehicle.id)).heldForCustomerId).toBeNull();
      const listed = await manager.get(`/api/quickshop/deposits/?customer=${customer.id}`);
      expect(listed.json()[0].id).toBe(placed.id);
    } finally {
      await restore();
    }
  });

  it("hold then release: nothing charged, the vehicle free again; refundable on request, a charged deposit comes back whole", async () => {
    const { shopper, deal } = await shopperWithDeal(6);
    const placed = (await charge(shopper, deal.id)).json();
    const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
    const released = await manager.post(`/api/quickshop/deposits/${placed.id}/release/`);
    expect(released.json()).toMatchObject({ status: "canceled", deposit_amount_paid: "0.00" });
    expect((await vehicleRow(deal.vehicle.id)).heldForCustomerId).toBeNull();
    expect((await shopper.get(`/api/order/${deal.id}/`)).json()).toMatchObject({ deposit_status: "initial", has_deposit: false });
    const laval = await staffAt(testApp, "admin@boulevard-laval.example", "boulevard-laval");
    expect((await laval.post(`/api/quickshop/deposits/${placed.id}/capture/`)).statusCode).toBe(404);
  });

  it("a hold is released by the jobs runner before its 7 days run out", async () => {
    const { shopper, deal } = await shopperWithDeal(7);
    const placed = (await charge(shopper, deal.id)).json();
    testApp.clock.advance(6 * DAY_MS);
    expect((await testApp.app.deposits.runJobs()).expired).toBe(0);
    testApp.clock.advance(DAY_MS - 30 * 60_000);
    expect((await testApp.app.deposits.runJobs()).expired).toBeGreaterThanOrEqual(1);
    const [row] = await testApp.database.db.select().from(deposits).where(eq(deposits.id, placed.id));
    expect(row).toMatchObject({ status: "expired" });
    expect((await vehicleRow(deal.vehicle.id)).heldForCustomerId).toBeNull();
  });

  it("a server stopped between the processor's answer and the database write is reconciled at restart: one payment, not lost", async () => {
    const { shopper, deal } = await shopperWithDeal(8);
    const gateway = testApp.app.deposits.gateway;
    let resume!: () => void;
    const frozen = new Promise<void>((resolve) => (resume = resolve));
    const authorize = gateway.authorize.bind(gateway);
    vi.spyOn(gateway, "authorize").mockImplementationOnce(async (key, request) => {
      const payment = await authorize(key, request);
      await frozen; // the process "dies" here: the processor has answered, nothing is written yet
      return payment;
    });
    const key = clientKey();
    const inFlight = charge(shopper, deal.id, {}, key);
    // Waits until the processor has answered this deposit's authorisation.
    const answered = async () => {
      const [row] = await testApp.database.db.select().from(deposits).where(eq(deposits.clientKey, key));
      if (!row) return null;
      const seen = await testApp.database.db.select().from(sandboxRequests).where(eq(sandboxRequests.idempotencyKey, `deposit-place:${row.id}:authorize-card`));
      return seen.length === 1 ? row : null;
    };
    let settledEarly: string | null = null;
    void inFlight.then((r) => (settledEarly = `${r.statusCode} ${r.body}`));
    let pending = await answered();
    for (let i = 0; i < 200 && !pending && !settledEarly; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      pending = await answered();
    }
    expect(settledEarly).toBeNull();
    expect(pending).toMatchObject({ status: "initiated", processorPaymentId: null });

    // Another process starts on the same database; once the dead one's lease runs out it finishes the run.
    const restarted = await testAppOn(testApp.database, { ...testApp.config });
    try {
      restarted.clock.advance(LEASE_MS + 1_000);
      expect(await restarted.app.workflows.recover()).toMatchObject({ completed: 1 });
    } finally {
      await restarted.app.close();
    }
    const [recovered] = await testApp.database.db.select().from(deposits).where(eq(deposits.id, pending!.id));
    expect(recovered).toMatchObject({ status: "pre_authorized" });
    expect(recovered!.processorPaymentId).toMatch(/^sbx_/);
    const payments = await testApp.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, recovered!.processorPaymentId!));
    expect(payments).toHaveLength(1);
    expect((await shopper.get(`/api/order/${deal.id}/`)).json().deposit_status).toBe("pre-authorized");

    // The first process's call comes back late: nothing is done twice.
    resume();
    await inFlight;
    const attempts = await testApp.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.depositId, pending!.id));
    expect(attempts.filter((a) => a.kind === "authorize")).toHaveLength(1);
    const [still] = await testApp.database.db.select().from(deposits).where(eq(deposits.id, pending!.id));
    expect(still!.status).toBe("pre_authorized");
  });
});
