import { dollarsToCents, paymentOptionSchema, type PaymentOptionWire, type PricingLineWire } from "@showroom/domain";
import { buildVehicle, createRandom } from "@showroom/testing";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";
import { vehicleRowValues } from "../inventory/vehicle-values.ts";

/**
 * US sales tax at lakeshore-buffalo (New York, Erie County, include_sales_tax true). Every expected figure
 * is worked here from the pricing reference's rules, never read back from the engine:
 * - 3.4: New York 4 % state tax plus the county's rate (Erie County 4.75 %, the dealership's local rate;
 *   8.75 % combined, inside the reference's 7 %–8.875 % range); a trade-in reduces the base.
 * - 1.1: each tax component is round2(base × rate), half-up, on its own; 1.2: the monthly payment's closed form.
 * - 2.1 and 2.3: a New York lease pays no tax per payment; all receipts are taxed at inception.
 */
const STATE = "0.04";
const ERIE_COUNTY = "0.0475";

/** An exact decimal ("0.0475") as numerator and power-of-ten denominator. */
function decimal(text: string): { num: bigint; den: bigint } {
  const [whole, fraction = ""] = text.split(".");
  return { num: BigInt(`${whole}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

/** num / den rounded half-up (both positive). */
const roundHalfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/** round2(base × rate) in cents. */
function taxOn(baseCents: bigint, rate: string): bigint {
  const { num, den } = decimal(rate);
  return roundHalfUp(baseCents * num, den);
}

/** M = P·r / (1 − (1 + r)^−n), r = APR / 1200, rounded half-up to the cent (reference 1.2). */
function monthlyPayment(principalCents: bigint, apr: string, months: number): bigint {
  const { num, den } = decimal(apr);
  const d = den * 1200n;
  const grown = (d + num) ** BigInt(months);
  const base = d ** BigInt(months);
  return roundHalfUp(principalCents * num * grown, d * (grown - base));
}

const cents = (amount: string) => BigInt(dollarsToCents(amount));
const dollars = (value: bigint) => `${value / 100n}.${(value % 100n).toString().padStart(2, "0")}`;
const byId = (option: PaymentOptionWire) => Object.fromEntries(option.taxes.map((tax) => [tax.id, { amount: tax.amount, timing: tax.timing, base: tax.base }]));

function findLine(lines: readonly PricingLineWire[], key: string): PricingLineWire | undefined {
  for (const line of lines) {
    if (line.label_key === key) return line;
    const found = findLine(line.children ?? [], key);
    if (found) return found;
  }
  return undefined;
}

/** The state and local lines of a taxes group of the pricing stack: what the calculator's breakdown lists. */
function stackTaxes(option: PaymentOptionWire, groupKey: string) {
  const group = findLine(option.pricing_stack, groupKey);
  return Object.fromEntries((group?.children ?? []).map((line) => [line.label_key, line.amount]));
}

let testApp: TestApp;
let vehicleId: number;
let dealershipId: number;
/** 30,000 + freight and PDI 1,395 + documentation 175 (the demo's New York fees). */
const SUBTOTAL = 3_157_000n;

beforeAll(async () => {
  testApp = await createTestApp();
  const [dealer] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "lakeshore-buffalo"));
  dealershipId = dealer!.id;
  const spec = buildVehicle(createRandom(7), {
    make: "Mazda", model: "CX-5", trim: "GS", year: 2026, condition: "New", isCertified: false,
    priceCents: 3_000_000, msrpCents: 3_100_000, stockStatus: "I", freightCents: null, pdiCents: null, dealerFeeCents: null,
  });
  const [row] = await testApp.database.db.insert(vehicles).values(vehicleRowValues(dealershipId, spec)).returning();
  vehicleId = row!.id;
});

afterAll(async () => {
  await testApp?.close();
});

/** lakeshore-buffalo requires sign-in before prices show: a staff member prices for the shopper. */
async function signedIn() {
  const who = client(testApp, "lakeshore-buffalo");
  await who.get("/api/i18n/");
  await who.signInAsStaff("sales-rep@lakeshore-buffalo.example");
  return who;
}

async function priced(type: string, body: Record<string, unknown>): Promise<PaymentOptionWire> {
  const response = await (await signedIn()).post(`/api/payment-type/${type}/pricing/`, { inventory: vehicleId, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return paymentOptionSchema.parse(response.json());
}

describe("US sales tax at lakeshore-buffalo (NY state + Erie County)", () => {
  it("taxes a cash deal with a state and a local line, in the total and in the breakdown", async () => {
    const option = await priced("cash", {});
    const state = taxOn(SUBTOTAL, STATE);
    const local = taxOn(SUBTOTAL, ERIE_COUNTY);
    expect([dollars(state), dollars(local)]).toEqual(["1262.80", "1499.58"]);
    expect(option).toMatchObject({ jurisdiction: "US-NY", include_tax: true, subtotal: dollars(SUBTOTAL), sales_tax: dollars(state + local) });
    expect(byId(option)).toEqual({
      state: { amount: dollars(state), timing: "sale", base: dollars(SUBTOTAL) },
      local: { amount: dollars(local), timing: "sale", base: dollars(SUBTOTAL) },
    });
    expect(option.payment).toBe(dollars(SUBTOTAL + state + local));
    expect(stackTaxes(option, "pricing.line.taxes")).toEqual({ "pricing.line.state_tax": dollars(state), "pricing.line.local_tax": dollars(local) });
  });

  it("takes a trade-in off the taxable base of both lines", async () => {
    const option = await priced("cash", { trade_in_credit: "5000" });
    const base = SUBTOTAL - 500_000n;
    expect(byId(option)).toMatchObject({ state: { amount: dollars(taxOn(base, STATE)) }, local: { amount: dollars(taxOn(base, ERIE_COUNTY)) } });
  });

  it("finances the taxed total: both lines in the amount financed and the payment", async () => {
    const option = await priced("finance", { use_fallback_values: true, credit_score: 790, down_payment: "2000", term: 60 });
    const state = taxOn(SUBTOTAL, STATE);
    const local = taxOn(SUBTOTAL, ERIE_COUNTY);
    const financed = SUBTOTAL + state + local - 200_000n;
    expect(option.rate).toBe("5.49"); // the demo's super-prime 60-month rate
    expect(byId(option)).toMatchObject({ state: { amount: dollars(state), timing: "sale" }, local: { amount: dollars(local), timing: "sale" } });
    expect(option.finance!.amount_financed).toBe(dollars(financed));
    expect(option.monthly_payment).toBe(dollars(monthlyPayment(financed, "5.49", 60)));
    expect(stackTaxes(option, "pricing.line.taxes")).toEqual({ "pricing.line.state_tax": dollars(state), "pricing.line.local_tax": dollars(local) });
  });

  it("taxes a lease's receipts upfront, New York style, and none of the payment", async () => {
    const option = await priced("lease", { use_fallback_values: true });
    const lease = option.lease!;
    const term = BigInt(option.term!);
    const percent = decimal(lease.residual_percent);
    const residual = roundHalfUp(3_100_000n * percent.num, percent.den * 100n); // round2(MSRP × residual %)
    expect(option.residual_value).toBe(dollars(residual));
    // Freight, PDI and documentation are capitalized: adjusted cap = 31,570.00 without a down payment.
    const mf = decimal(lease.money_factor);
    const base = roundHalfUp((SUBTOTAL - residual) * mf.den + term * (SUBTOTAL + residual) * mf.num, term * mf.den);
    expect(findLine(option.pricing_stack, "pricing.line.base_payment")?.amount).toBe(dollars(base));
    expect(option.monthly_payment).toBe(dollars(base));
    expect(option.sales_tax).toBe("0.00");
    const receipts = base * term;
    const state = taxOn(receipts, STATE);
    const local = taxOn(receipts, ERIE_COUNTY);
    expect(byId(option)).toEqual({
      state: { amount: dollars(state), timing: "upfront", base: dollars(receipts) },
      local: { amount: dollars(local), timing: "upfront", base: dollars(receipts) },
    });
    expect(lease.due_at_signing).toBe(dollars(base + state + local));
    expect(stackTaxes(option, "pricing.line.upfront_tax")).toEqual({ "pricing.line.state_tax": dollars(state), "pricing.line.local_tax": dollars(local) });
  });

  it("stores each seeded vehicle's list payments with the tax in them", async () => {
    const [row] = await testApp.database.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.dealershipId, dealershipId), eq(vehicles.condition, "New"), isNotNull(vehicles.cashPaymentCents)));
    const cash = await priced("cash", { inventory: row!.id });
    expect(cash.taxes.map((tax) => tax.id)).toEqual(["state", "local"]);
    expect(cash.payment).toBe(dollars(cents(cash.subtotal) + cents(cash.sales_tax)));
    expect(row!.cashPaymentCents).toBe(dollarsToCents(cash.payment));
    const finance = await priced("finance", { inventory: row!.id, use_fallback_values: true });
    expect(row!.financePaymentCents).toBe(dollarsToCents(finance.payment));
    const lease = await priced("lease", { inventory: row!.id, use_fallback_values: true });
    expect(row!.leasePaymentCents).toBe(dollarsToCents(lease.payment));
  });
});
