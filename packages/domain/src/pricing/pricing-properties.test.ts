import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAYMENT_TYPES, type PaymentType } from "../constants.ts";
import { cents, type Cents } from "../money.ts";
import { amortizationSchedule, financePayment, periodicRateFromApr } from "./amortization.ts";
import { PLAN_TAX_FLAGS } from "../add-ons/types.ts";
import { type DealAddOn, type Fee, type Incentive } from "./deal-inputs.ts";
import { addRatio, divideRatio, isZeroRatio, ONE, powerRatio, roundRatioHalfUp, subtractRatio } from "./exact-ratio.ts";
import { type PaymentOption } from "./payment-option.ts";
import { findLine, linesAreConsistent } from "./pricing-lines.ts";
import { quote } from "./quote.ts";
import { type QuoteInput } from "./quote-input.ts";
import { SUPPORTED_JURISDICTIONS } from "./tax-rules.ts";

const amount = (min: number, max: number) => fc.integer({ min, max }).map((value) => cents(value));
/** An APR in percent with two decimals, 0.00 to 25.00. */
const aprText = fc.integer({ min: 0, max: 2_500 }).map((hundredths) => (hundredths / 100).toFixed(2));
const months = fc.integer({ min: 6, max: 96 });

describe("finance schedule properties", () => {
  it("pays any balance down to exactly zero, and its principal parts add up to the amount financed", () => {
    fc.assert(
      fc.property(amount(100, 99_999_999), aprText, months, (principal, apr, term) => {
        const periodicRate = periodicRateFromApr(apr);
        const payment = financePayment({ principal, aprPercent: apr, months: term });
        const schedule = amortizationSchedule({ principal, periodicRate, periods: term, payment });
        expect(schedule.rows.at(-1)!.balance).toBe(0);
        expect(schedule.rows.reduce((sum, row) => sum + row.principal, 0)).toBe(principal);
        expect(schedule.totalOfPayments).toBe(principal + schedule.scheduleInterest);
        // The final payment absorbs only rounding: at most a cent per period, compounded at r
        // (the annuity factor ((1 + r)^n − 1) / r, or n at 0 %).
        const growth = powerRatio(addRatio(ONE, periodicRate), term);
        const bound = isZeroRatio(periodicRate) ? BigInt(term) : roundRatioHalfUp(divideRatio(subtractRatio(growth, ONE), periodicRate)) + 1n;
        expect(BigInt(Math.abs(schedule.finalPayment - payment))).toBeLessThanOrEqual(bound);
      }),
    );
  });

  it("grows with the rate and the price and shrinks with the term", () => {
    fc.assert(
      fc.property(amount(100_000, 50_000_000), aprText, aprText, months, months, amount(0, 1_000_000), (principal, a, b, m, n, extra) => {
        const [lowApr, highApr] = Number(a) <= Number(b) ? [a, b] : [b, a];
        const [short, long] = m <= n ? [m, n] : [n, m];
        const pay = (p: Cents, apr: string, term: number) => financePayment({ principal: p, aprPercent: apr, months: term });
        expect(pay(principal, lowApr, short)).toBeLessThanOrEqual(pay(principal, highApr, short));
        expect(pay(principal, lowApr, short)).toBeLessThanOrEqual(pay(cents(principal + extra), lowApr, short));
        expect(pay(principal, lowApr, long)).toBeLessThanOrEqual(pay(principal, lowApr, short));
      }),
    );
  });
});

const everywhere = { new: true, used: true, cpo: true, cash: true, finance: true, lease: true } as const;

const feeArbitrary: fc.Arbitrary<Fee> = fc.record({
  id: fc.constantFrom("freight", "admin", "levy", "ppsa"),
  amount: amount(0, 300_000),
  taxability: fc.constantFrom("pretax" as const, "posttax" as const),
  cap_cost: fc.boolean(),
  tax_in_cap: fc.boolean(),
  is_dealer_admin: fc.boolean(),
}).map((fee) => ({ ...everywhere, ...fee, name: fee.id, include_by_default: true }));

const incentiveArbitrary: fc.Arbitrary<Incentive> = fc.oneof(
  fc.record({ id: fc.constant("pct"), percent: fc.integer({ min: 0, max: 10 }).map(String) }).map(
    (incentive): Incentive => ({ ...incentive, name: "pct", type: "percentage_discount" }),
  ),
  fc.record({ id: fc.constant("rebate"), amount: amount(0, 300_000), tax_treatment: fc.constantFrom("pre_tax" as const, "post_tax" as const) }).map(
    (incentive): Incentive => ({ ...incentive, name: "rebate", type: "rebate" }),
  ),
  fc.record({ id: fc.constant("rate"), apr: aprText }).map((incentive): Incentive => ({ ...incentive, name: "rate", type: "rate_reduction" })),
);

const dealArbitrary = fc
  .record({
    paymentType: fc.constantFrom<PaymentType>(...PAYMENT_TYPES),
    jurisdiction: fc.constantFrom(...SUPPORTED_JURISDICTIONS),
    price: amount(500_000, 15_000_000),
    msrpExtra: amount(0, 500_000),
    downShare: fc.integer({ min: 0, max: 20 }),
    tradeShare: fc.integer({ min: 0, max: 40 }),
    owingShare: fc.integer({ min: 0, max: 150 }),
    fees: fc.array(feeArbitrary, { maxLength: 4 }),
    incentives: fc.array(incentiveArbitrary, { maxLength: 3 }),
    apr: aprText,
    residual: fc.integer({ min: 30, max: 65 }).map(String),
    term: fc.constantFrom(24, 36, 48, 60, 72, 84),
    includeTax: fc.boolean(),
    localRate: fc.option(fc.constantFrom("0.01", "0.025", "0.04875"), { nil: undefined }),
  })
  .map((deal): QuoteInput => {
    const share = (percent: number, of: number) => cents(Number((BigInt(of) * BigInt(percent)) / 100n));
    const trade = share(deal.tradeShare, deal.price);
    return {
      payment_type: deal.paymentType,
      vehicle: { price: deal.price, msrp: cents(deal.price + deal.msrpExtra), condition: "new" },
      settings: {
        down_payment: share(deal.downShare, deal.price),
        trade_in_credit: trade,
        trade_in_owing: share(deal.owingShare, trade),
        term: deal.term,
        include_tax: deal.includeTax,
      },
      fees: deal.fees.map((fee, index) => ({ ...fee, id: `${fee.id}-${index}` })),
      incentives: deal.incentives.map((incentive, index) => ({ ...incentive, id: `${incentive.id}-${index}` })),
      jurisdiction: deal.jurisdiction,
      ...(deal.localRate ? { local_tax_rate: deal.localRate } : {}),
      date: "2026-03-01",
      apr: deal.apr,
      residual_percent: deal.residual,
    };
  });

/** The root line of each total must equal the option's own field. */
function rootTotals(option: PaymentOption): [number, number][] {
  const [first, second, third, fourth] = option.pricing_stack;
  if (option.cash) return [[first!.amount, option.cash.balance_due]];
  if (option.finance) return [[first!.amount, option.finance.amount_financed], [second!.amount, option.finance.total_of_payments]];
  const lease = option.lease!;
  return [
    [first!.amount, lease.adjusted_cap_cost],
    [second!.amount, lease.monthly_payment_with_tax],
    [third!.amount, lease.due_at_signing],
    [fourth!.amount, lease.total_lease_cost],
  ];
}

/** Every subtotal is the sum of its lines, the roots are the option's totals, and the taxes add up to `sales_tax`. */
function expectConsistentStack(option: PaymentOption): void {
  expect(option.pricing_stack.every(linesAreConsistent)).toBe(true);
  for (const [line, field] of rootTotals(option)) expect(line).toBe(field);
  if (!option.lease) expect(findLine(option.pricing_stack, "pricing.line.total_purchase_price")?.amount).toBe(option.total_purchase_price);
  expect(option.sales_tax).toBe(option.taxes.filter((tax) => tax.timing === "sale" || tax.timing === "per_payment").reduce((sum, tax) => sum + tax.amount, 0));
}

const addOnArbitrary: fc.Arbitrary<DealAddOn> = fc
  .record({
    kind: fc.constantFrom("accessory" as const, "protection" as const),
    id: fc.integer({ min: 1, max: 1_000 }),
    amount: amount(0, 500_000),
    flags: fc.subarray([...PLAN_TAX_FLAGS]),
  })
  .map(({ kind, id, amount: charge, flags }) => ({
    kind,
    id,
    name: `${kind} ${id}`,
    name_fr: `${kind} ${id}`,
    amount: charge,
    taxed_by: kind === "accessory" ? "all" : flags,
  }));

const withAddOns = (input: QuoteInput, addOns: readonly DealAddOn[]): QuoteInput => ({ ...input, add_ons: [...(input.add_ons ?? []), ...addOns] });

describe("pricing stack properties", () => {
  it("every subtotal is the sum of its lines, and the roots are the option's totals", () => {
    let priced = 0;
    fc.assert(
      fc.property(dealArbitrary, (input) => {
        const result = quote(input);
        if (!result.ok) return;
        priced += 1;
        expectConsistentStack(result.option);
      }),
      { numRuns: 300 },
    );
    expect(priced).toBeGreaterThan(150);
  });

  it("holds with add-ons, whose groups add up to what the items charge", () => {
    let priced = 0;
    fc.assert(
      fc.property(dealArbitrary, fc.array(addOnArbitrary, { minLength: 1, maxLength: 4 }), (input, addOns) => {
        const result = quote(withAddOns(input, addOns));
        if (!result.ok) return;
        priced += 1;
        const option = result.option;
        expectConsistentStack(option);
        const grouped = ["pricing.line.accessories", "pricing.line.protection_plans"].reduce(
          (sum, key) => sum + (findLine(option.pricing_stack, key)?.amount ?? 0),
          0,
        );
        expect(grouped).toBe(addOns.reduce((sum, addOn) => sum + addOn.amount, 0));
        expect(option.add_on_prices.map((price) => price.amount)).toEqual(addOns.map((addOn) => addOn.amount));
      }),
      { numRuns: 200 },
    );
    expect(priced).toBeGreaterThan(100);
  });
});

describe("add-on monotonicity", () => {
  it("adding an add-on never lowers the payment, and no item's contribution is negative", () => {
    fc.assert(
      fc.property(dealArbitrary, fc.array(addOnArbitrary, { maxLength: 2 }), addOnArbitrary, (input, existing, added) => {
        const before = quote(withAddOns(input, existing));
        const after = quote(withAddOns(input, [...existing, added]));
        if (!before.ok || !after.ok) return;
        expect(after.option.payment).toBeGreaterThanOrEqual(before.option.payment);
        for (const price of after.option.add_on_prices) {
          if (after.option.cash) expect(price.payment).toBeNull();
          else expect(price.payment).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("quote monotonicity", () => {
  const monthlyOf = (input: QuoteInput): number | null => {
    const result = quote(input);
    return result.ok ? result.option.monthly_payment : null;
  };
  const financing = dealArbitrary.filter((input) => input.payment_type !== "cash");

  it("a larger down payment never raises the payment; a higher price or rate never lowers it; a longer term never raises a loan's", () => {
    fc.assert(
      fc.property(financing, amount(1, 300_000), aprText, (input, step, otherApr) => {
        const base = monthlyOf(input);
        if (base === null) return;
        const moreDown = monthlyOf({ ...input, settings: { ...input.settings, down_payment: cents(input.settings.down_payment + step) } });
        if (moreDown !== null) expect(moreDown).toBeLessThanOrEqual(base);
        const pricier = monthlyOf({ ...input, vehicle: { ...input.vehicle, price: cents(input.vehicle.price + step) } });
        if (pricier !== null) expect(pricier).toBeGreaterThanOrEqual(base);
        // Also with rate reductions: the effective rate is the lower of the program's and the incentive's.
        if (Number(otherApr) >= Number(input.apr)) {
          const dearer = monthlyOf({ ...input, apr: otherApr });
          if (dearer !== null) expect(dearer).toBeGreaterThanOrEqual(base);
        }
        if (input.payment_type === "finance") {
          const longer = monthlyOf({ ...input, settings: { ...input.settings, term: (input.settings.term ?? 0) + 12 } });
          if (longer !== null) expect(longer).toBeLessThanOrEqual(base);
        }
      }),
      { numRuns: 200 },
    );
  });
});
