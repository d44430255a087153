import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { savedDeal, staffAt } from "../../test/deals.ts";
import { startStripeFake, type StripeFake } from "../../test/stripe-fake.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { vehicles } from "../inventory/tables.ts";
import { deposits } from "./tables.ts";

let testApp: TestApp;
let fake: StripeFake;
const WEBHOOK_SECRET = "whsec_testsecret";
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  fake = await startStripeFake();
  testApp = await createTestApp({
    signInLimitPer15Minutes: 10_000,
    rateLimitPerMinute: 100_000,
    stripe: { secretKey: "sk_test_fake", publishableKey: "pk_test_fake", webhookSecret: WEBHOOK_SECRET, apiBase: fake.url },
  });
});
afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});

const form = (paymentMethod: string) => ({ name_on_card: "Jeanne Tremblay", first_name: "Jeanne", last_name: "Tremblay", address_line: "120 King St W", postal_code: "M5V 3L9", payment_method: paymentMethod });
let keys = 0;
async function placed(paymentMethod = "pm_card_visa", offset = 0) {
  const { shopper, customer } = await registeredShopper(testApp);
  const deal = await savedDeal(testApp, shopper, "maple-auto", offset, { inStock: true });
  const response = await shopper.post("/api/customer/deposit/charge_deposit/", { order: deal.id, path: "/deposit/", client_key: `stripe-key-${Date.now()}-${(keys += 1)}`, form: form(paymentMethod) });
  return { shopper, customer, deal, response };
}

/** Posts an event to the webhook as Stripe would: the raw JSON and its signature header. */
async function deliver(event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp !== undefined && { timestamp: options.timestamp }) });
  return testApp.app.inject({ method: "POST", url: "/api/deposit/stripe/webhook/", headers: { "content-type": "application/json", "stripe-signature": header }, payload });
}

describe("deposits through Stripe (a local fake of its API)", () => {
  it("details name Stripe and its publishable key; the card comes as a PaymentMethod from Elements, never as a number", async () => {
    const { shopper } = await registeredShopper(testApp);
    const deal = await savedDeal(testApp, shopper, "maple-auto", 10, { inStock: true });
    expect((await shopper.get(`/api/customer/deposit/details/?order=${deal.id}`)).json()).toMatchObject({ gateway: "stripe", demonstration: false, stripe_publishable_key: "pk_test_fake" });
    const withNumber = await shopper.post("/api/customer/deposit/charge_deposit/", {
      order: deal.id,
      path: "/deposit/",
      client_key: "stripe-card-number-0001",
      form: { ...form("pm_card_visa"), payment_method: undefined, card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" } },
    });
    expect(withNumber.statusCode).toBe(400);
    expect(withNumber.json().payment_method).toEqual(["This field is required."]);
  });

  it("holds with manual capture, takes the hold's deadline from the charge's capture_before, and sends every call with an idempotency key", async () => {
    const { response } = await placed("pm_card_visa", 11);
    expect(response.statusCode, response.body).toBe(201);
    const deposit = response.json();
    expect(deposit).toMatchObject({ gateway: "stripe", status: "pre_authorized", card_brand: "visa", card_last4: "4242" });
    const intent = [...fake.intents.values()].at(-1)!;
    expect(intent.capture_method).toBe("manual");
    expect(new Date(deposit.hold_deadline).getTime()).toBe(intent.latest_charge.payment_method_details.card.capture_before! * 1000);
    expect(fake.requests.filter((r) => r.method === "POST").every((r) => r.idempotencyKey)).toBe(true);

    const manager = await staffAt(testApp, "sales-manager@maple-auto.example");
    expect((await manager.post(`/api/quickshop/deposits/${deposit.id}/capture/`)).json()).toMatchObject({ status: "confirmed", deposit_amount_paid: "500.00" });
    expect(fake.intents.get(intent.id)!.status).toBe("succeeded");
    expect((await manager.post(`/api/quickshop/deposits/${deposit.id}/refund/`, {})).json()).toMatchObject({ status: "refunded", refunded: "500.00" });
    expect(fake.intents.get(intent.id)!.latest_charge.amount_refunded).toBe(50_000);
  });

  it("a declined card answers 402 and holds nothing", async () => {
    const { response, deal } = await placed("pm_card_chargeDeclined", 12);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: "card_declined", decline_code: "generic_decline", detail: "Failed to process your credit card" });
    const [vehicle] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.id, deal.vehicle.id));
    expect(vehicle!.heldForCustomerId).toBeNull();
  });

  it("a card whose bank asks for 3-D Secure is declined with that reason (the page says so), holding nothing", async () => {
    const { response, deal } = await placed("pm_card_threeDSecure2Required", 14);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: "card_declined", decline_code: "authentication_required" });
    const [vehicle] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.id, deal.vehicle.id));
    expect(vehicle!.heldForCustomerId).toBeNull();
  });

  it("webhooks: a bad or stale signature is refused; an event is acted on once, after reading the payment again", async () => {
    const { response, deal } = await placed("pm_card_visa", 13);
    const deposit = response.json();
    const [row] = await testApp.database.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    const intent = fake.intents.get(row!.processorPaymentId!)!;
    const event = { id: "evt_fake_canceled_1", object: "event", type: "payment_intent.canceled", data: { object: { ...intent, status: "canceled" } } };

    expect((await deliver(event, { secret: "whsec_wrongsecret" })).statusCode).toBe(400);
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).statusCode).toBe(400);
    // The event says canceled, but Stripe still holds it: the payment read again wins, nothing changes.
    expect((await deliver({ ...event, id: "evt_fake_canceled_0" })).statusCode).toBe(200);
    expect((await testApp.database.db.select().from(deposits).where(eq(deposits.id, deposit.id)))[0]!.status).toBe("pre_authorized");

    // The hold ran out at Stripe: the deposit expires, the vehicle is free, the deal's step goes back.
    intent.status = "canceled";
    expect((await deliver(event)).json()).toEqual({ received: true });
    const [expired] = await testApp.database.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(expired!.status).toBe("expired");
    const [vehicle] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.id, deal.vehicle.id));
    expect(vehicle!.heldForCustomerId).toBeNull();
    // Delivered again, it is recognised and answered without acting.
    const before = fake.requests.length;
    expect((await deliver(event)).statusCode).toBe(200);
    expect(fake.requests.length).toBe(before);
  });
});
