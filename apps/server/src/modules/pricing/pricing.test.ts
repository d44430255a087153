import { dollarsToCents, paymentOptionSchema, type PaymentOptionWire } from "@showroom/domain";
import { buildVehicle, createRandom } from "@showroom/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";
import { vehicleRowValues } from "../inventory/vehicle-values.ts";

let testApp: TestApp;
const random = createRandom(4242);
/** A new 2026 Mazda CX-5 at $30,000 (MSRP $31,000), one per dealership, so every figure below can be worked by hand. */
const known: Record<string, number> = {};
let toyotaAtMaple: number;
let usedAtMaple: number;

async function dealershipId(code: string) {
  const [row] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, code));
  return row!.id;
}

beforeAll(async () => {
  testApp = await createTestApp();
  for (const code of ["maple-auto", "boulevard-laval", "lakeshore-buffalo"]) {
    const spec = buildVehicle(random, {
      make: "Mazda", model: "CX-5", trim: "GS", year: 2026, condition: "New", isCertified: false,
      priceCents: 3_000_000, msrpCents: 3_100_000, stockStatus: "I",
      // No charges of its own: the dealership's fees apply (a vehicle's own charges are tested below).
      freightCents: null, pdiCents: null, dealerFeeCents: null,
    });
    const [row] = await testApp.database.db.insert(vehicles).values(vehicleRowValues(await dealershipId(code), spec)).returning();
    known[code] = row!.id;
  }
  const maple = await dealershipId("maple-auto");
  const stock = await testApp.database.db.select().from(vehicles).where(eq(vehicles.dealershipId, maple));
  toyotaAtMaple = stock.find((v) => v.make === "Toyota" && v.condition === "New" && v.priceCents !== null)!.id;
  usedAtMaple = stock.find((v) => v.condition === "Used" && v.priceCents !== null && !v.isCertified)!.id;
});

afterAll(async () => {
  await testApp?.close();
});

/** A visitor with the session and CSRF cookies a first page view gives. */
async function shopperAt(code: string) {
  const visitor = client(testApp, code);
  await visitor.get("/api/i18n/");
  return visitor;
}

async function priced(who: ReturnType<typeof client>, type: string, body: Record<string, unknown>): Promise<PaymentOptionWire> {
  const response = await who.post(`/api/payment-type/${type}/pricing/`, body);
  expect(response.statusCode, response.body).toBe(200);
  return paymentOptionSchema.parse(response.json());
}

const amounts = (lines: { id: string; amount: string }[]) => Object.fromEntries(lines.map((l) => [l.id, l.amount]));

describe("POST payment-type/{type}/pricing/", () => {
  it("prices cash in Ontario: fees before 13 % HST, line by line", async () => {
    const option = await priced(await shopperAt("maple-auto"), "cash", { inventory: known["maple-auto"] });
    // 30,000 + freight 2,095 + administration 599 + OMVIC 22 = 32,716.00; HST 4,253.08.
    expect(option).toMatchObject({ payment_type: "cash", jurisdiction: "CA-ON", subtotal: "32716.00", sales_tax: "4253.08", total_purchase_price: "36969.08", payment: "36969.08" });
    expect(amounts(option.taxes)).toEqual({ hst: "4253.08" });
    expect(option.fees.map((f) => f.id).sort()).toEqual(["admin", "freight-pdi", "omvic"]);
    expect(option.dealer_admin_fee_pretax).toBe("599.00");
    expect(option.pricing_stack.length).toBeGreaterThan(0);
    expect(option.id).toMatch(/^[a-f0-9]{24}$/);
  });

  it("prices finance with the dealership's defaults: 60 months at the program rate, biweekly", async () => {
    const option = await priced(await shopperAt("maple-auto"), "finance", { inventory: known["maple-auto"], use_fallback_values: true });
    expect(option).toMatchObject({ term: 60, rate: "6.49", payment_frequency: "biweekly", bank: "Demo generic rates (Canada)" });
    expect(option.term_choices).toEqual([36, 48, 60, 72, 84]);
    expect(option.finance!.amount_financed).toBe("36969.08");
    // Biweekly shows the monthly payment ÷ 2.172 (spec section 9).
    const monthly = option.payment_frequency_choices.find((c) => c.frequency === "monthly")!.payment;
    expect(option.monthly_payment).toBe(monthly);
    expect(Number(option.payment)).toBeCloseTo(Number(monthly) / 2.172, 1);
    expect(option.max_down_payment).toBe("35969.08");
  });

  it("prices a lease on the residual of the MSRP and the program's money factor", async () => {
    const option = await priced(await shopperAt("maple-auto"), "lease", { inventory: known["maple-auto"], use_fallback_values: true });
    expect(option).toMatchObject({ term: 36, distance_allowance: 20000, rate: "4.8" });
    expect(option.lease).toMatchObject({ residual_percent: "56", money_factor: "0.002" });
    expect(option.residual_value).toBe("17360.00");
    expect(option.taxes.every((t) => t.timing === "per_payment" || t.timing === "at_signing")).toBe(true);
  });

  it("taxes Quebec with GST and QST, and Alberta (from the shopper's postal code) with GST alone", async () => {
    const quebec = await priced(await shopperAt("boulevard-laval"), "cash", { inventory: known["boulevard-laval"] });
    // 30,000 + freight 2,095 + administration 599 + tire levy 15 = 32,709.00.
    expect(quebec.jurisdiction).toBe("CA-QC");
    expect(amounts(quebec.taxes)).toEqual({ gst: "1635.45", qst: "3262.72" });
    const alberta = await priced(await shopperAt("maple-auto"), "cash", { inventory: known["maple-auto"], postal_code: "T2P 1J9" });
    expect(alberta.jurisdiction).toBe("CA-AB");
    expect(amounts(alberta.taxes)).toEqual({ gst: "1635.80" });
  });

  it("prices a US dealership in dollars with the state and county rate, once someone is signed in", async () => {
    const shopper = await shopperAt("lakeshore-buffalo");
    const locked = await shopper.post("/api/payment-type/cash/pricing/", { inventory: known["lakeshore-buffalo"] });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: "pricing_locked" });
    await shopper.signInAsStaff("sales-rep@lakeshore-buffalo.example");
    const cash = await priced(shopper, "cash", { inventory: known["lakeshore-buffalo"] });
    // 30,000 + freight 1,395 + documentation 175 = 31,570.00; New York 4 % + Erie County 4.75 %.
    expect(cash).toMatchObject({ jurisdiction: "US-NY", subtotal: "31570.00", sales_tax: "2762.38" });
    const finance = await priced(shopper, "finance", { inventory: known["lakeshore-buffalo"], use_fallback_values: true, credit_score: 790 });
    expect(finance.credit_score).toBe(790);
    expect(finance.payment_frequency).toBe("monthly");
    const lease = await priced(shopper, "lease", { inventory: known["lakeshore-buffalo"], use_fallback_values: true });
    expect(lease.distance_allowance).toBe(12000);
  });

  it("applies offered incentives and leaves out those with a conflict", async () => {
    const shopper = await shopperAt("maple-auto");
    const withRebate = await priced(shopper, "cash", { inventory: toyotaAtMaple });
    expect(withRebate.available_incentives.map((i) => i.id)).toEqual(["toyota-cash"]);
    expect(withRebate.incentives).toMatchObject([{ id: "toyota-cash", amount: "1000.00" }]);
    const without = await priced(shopper, "cash", { inventory: toyotaAtMaple, incentives: [] });
    expect(without.incentives).toEqual([]);
    expect(Number(without.payment)).toBeGreaterThan(Number(withRebate.payment));
    const conflicting = await priced(shopper, "cash", { inventory: toyotaAtMaple, incentives: ["loyalty"] });
    expect(conflicting.incentives).toEqual([]);
  });

  it("adds a trade-in whose lien is above its value: tax credit on the value, the difference owed", async () => {
    const option = await priced(await shopperAt("maple-auto"), "cash", {
      inventory: known["maple-auto"], trade_in_credit: "5000", trade_in_owing: "8000",
    });
    // Ontario taxes the price less the trade-in: HST 13 % of 27,716.00 = 3,603.08; due 36,319.08 − 5,000 + 8,000.
    expect(option).toMatchObject({ trade_in_credit: "5000.00", trade_in_owing: "8000.00", sales_tax: "3603.08", payment: "39319.08" });
  });

  it("adds a customer-selectable fee only when chosen, and lists it", async () => {
    const shopper = await shopperAt("maple-auto");
    const fees = await shopper.get(`/api/customer-selectable-fees/?vehicle=${known["maple-auto"]}&payment_type=cash`);
    expect(fees.statusCode).toBe(200);
    expect(fees.json()).toEqual([
      { id: "delivery", name: "Home delivery", name_fr: "Livraison à domicile", fee_type: "global_fees", amount: "299.00", taxability: "pretax", payment_types: ["cash", "finance", "lease"] },
    ]);
    const option = await priced(shopper, "cash", { inventory: known["maple-auto"], selected_fees: ["delivery"] });
    expect(option.subtotal).toBe("33015.00");
  });

  it("refuses bad input with a 400 naming the field, in the shopper's language", async () => {
    const shopper = await shopperAt("maple-auto");
    const post = (type: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
      shopper.post(`/api/payment-type/${type}/pricing/`, { inventory: known["maple-auto"], ...body }, headers);

    const negative = await post("finance", { down_payment: "-100" });
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(negative.json())).toContain("down_payment");

    const term = await post("finance", { term: 30 });
    expect(term.statusCode).toBe(400);
    expect(term.json()).toMatchObject({ term: ["Choose a term the dealership offers: 36, 48, 60, 72, 84 months."] });

    const above = await post("finance", { down_payment: "36000" });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ down_payment: ["The down payment can be at most $35,969.08 for this vehicle."] });

    const french = await post("finance", { down_payment: "36000" }, { "accept-language": "fr-CA" });
    expect(french.json()).toMatchObject({ down_payment: ["La mise de fonds peut être d'au plus 35\u00a0969,08\u00a0$ pour ce véhicule."] });

    expect((await post("finance", { payment_frequency: "daily" })).json()).toHaveProperty("payment_frequency");
    expect((await shopper.post("/api/payment-type/barter/pricing/", { inventory: known["maple-auto"] })).statusCode).toBe(400);
    expect((await post("cash", { postal_code: "ZZZ" })).json()).toHaveProperty("postal_code");
  });

  it("uses the charges the feed gives for the vehicle itself, as its details page lists them", async () => {
    const maple = await dealershipId("maple-auto");
    const spec = buildVehicle(random, {
      make: "Mazda", model: "CX-30", year: 2026, condition: "New", isCertified: false, priceCents: 3_000_000, msrpCents: 3_100_000,
      freightCents: 185_000, pdiCents: 49_900, dealerFeeCents: 69_900, stockStatus: "I",
    });
    const [row] = await testApp.database.db.insert(vehicles).values(vehicleRowValues(maple, spec)).returning();
    const option = await priced(await shopperAt("maple-auto"), "cash", { inventory: row!.id });
    expect(option.fees.map((f) => [f.id, f.amount])).toEqual([
      ["vehicle-freight", "1850.00"], ["vehicle-pdi", "499.00"], ["vehicle-dealer-fee", "699.00"], ["omvic", "22.00"],
    ]);
    expect(option.subtotal).toBe("33070.00");
  });

  it("never prices another dealership's vehicle", async () => {
    const response = await (await shopperAt("maple-auto")).post("/api/payment-type/cash/pricing/", { inventory: known["boulevard-laval"] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("inventory");
  });

  it("offers used vehicles the used-vehicle rates", async () => {
    const option = await priced(await shopperAt("maple-auto"), "finance", { inventory: usedAtMaple, use_fallback_values: true });
    expect(option.bank).toBe("Demo used-vehicle rates (Canada)");
    expect(option.discounts).toMatchObject([{ id: "online-used", amount: "500.00" }]);
  });
});

describe("PUT payment-type/{id}/", () => {
  it("prices the stored option again with the changed settings, keeping the others", async () => {
    const shopper = await shopperAt("maple-auto");
    const first = await priced(shopper, "finance", { inventory: known["maple-auto"], use_fallback_values: true, down_payment: "2000" });
    const response = await shopper.request("PUT", `/api/payment-type/${first.id}/`, { body: { term: 48, payment_frequency: "monthly" } });
    expect(response.statusCode, response.body).toBe(200);
    const updated = paymentOptionSchema.parse(response.json());
    expect(updated).toMatchObject({ id: first.id, term: 48, payment_frequency: "monthly", down_payment: "2000.00", rate: "6.29" });
    expect(Number(updated.monthly_payment)).toBeGreaterThan(Number(first.monthly_payment));

    const refused = await shopper.request("PUT", `/api/payment-type/${first.id}/`, { body: { term: 30 } });
    expect(refused.statusCode).toBe(400);
    const again = await shopper.request("PUT", `/api/payment-type/${first.id}/`, { body: {} });
    expect(again.json()).toMatchObject({ term: 48 });
  });

  it("is another session's or another dealership's option: not found", async () => {
    const owner = await shopperAt("maple-auto");
    const option = await priced(owner, "cash", { inventory: known["maple-auto"] });
    const stranger = await shopperAt("maple-auto");
    expect((await stranger.request("PUT", `/api/payment-type/${option.id}/`, { body: { down_payment: "100" } })).statusCode).toBe(404);
    const elsewhere = await shopperAt("boulevard-laval");
    expect((await elsewhere.request("PUT", `/api/payment-type/${option.id}/`, { body: {} })).statusCode).toBe(404);
  });

  it("lets the dealership's staff change a shopper's option, and answers 440 once their session expired", async () => {
    const shopper = await shopperAt("maple-auto");
    const option = await priced(shopper, "cash", { inventory: known["maple-auto"] });
    const staff = await shopperAt("maple-auto");
    await staff.signInAsStaff("sales-rep@maple-auto.example");
    const changed = await staff.request("PUT", `/api/payment-type/${option.id}/`, { body: { down_payment: "1000" } });
    expect(changed.statusCode, changed.body).toBe(200);
    testApp.clock.advance(testApp.config.sessionIdleMs + 1_000);
    expect((await staff.request("PUT", `/api/payment-type/${option.id}/`, { body: {} })).statusCode).toBe(440);
  });
});

describe("stored payments", () => {
  it("gives every priced vehicle of the demo its cash, finance and lease payment at the dealership's defaults", async () => {
    const [row] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.id, toyotaAtMaple));
    const cash = await priced(await shopperAt("maple-auto"), "cash", { inventory: toyotaAtMaple });
    expect(row!.cashPaymentCents).toBe(dollarsToCents(cash.payment));
    const finance = await priced(await shopperAt("maple-auto"), "finance", { inventory: toyotaAtMaple, use_fallback_values: true });
    expect(row!.financePaymentCents).toBe(dollarsToCents(finance.payment));
    expect(row!.leasePaymentCents).toBeGreaterThan(0);
  });
});
