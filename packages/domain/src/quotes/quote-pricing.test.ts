import { describe, expect, it } from "vitest";
import { cents, type Cents } from "../money.ts";
import { ontarioDealerSetup } from "../pricing/test-deal-builders.ts";
import { quote } from "../pricing/quote.ts";
import { quoteVehicle, type PricedVehicle } from "../pricing/vehicle-quote.ts";
import { quoteOptionPricing, type QuoteTerms } from "./quote-pricing.ts";

const ontario = ontarioDealerSetup();
const vehicle: PricedVehicle = { price: cents(3_000_000), msrp: cents(3_100_000), condition: "new", year: 2026, make: "Toyota", model: "RAV4" };
const date = "2026-11-26";

const terms = (overrides: Partial<QuoteTerms> = {}): QuoteTerms => ({
  payment_type: "finance",
  term: 72,
  interest_rate: null,
  down_payment: cents(300_000),
  payment_frequency: "monthly",
  distance_allowance: null,
  rebates: [],
  custom_fees: [],
  custom_discounts: [],
  trade_in_credit: cents(0),
  trade_in_owing: cents(0),
  ...overrides,
});

function priced(t: QuoteTerms) {
  const { choice, overrides } = quoteOptionPricing(t);
  const result = quoteVehicle(ontario, vehicle, t.payment_type, choice, { date, fallback: false, overrides });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote.option;
}

describe("a quote option priced by the engine", () => {
  it("without staff's own figures, is the storefront's payment for the same settings", () => {
    const plain = quoteVehicle(ontario, vehicle, "finance", { term: 72, payment_frequency: "monthly", down_payment: cents(300_000) as Cents, trade_in_credit: cents(0), trade_in_owing: cents(0) }, { date, fallback: false });
    expect(plain.ok && plain.quote.option.payment).toBe(priced(terms()).payment);
  });

  it("with a rate, a rebate, a fee and a discount of its own: the engine's payment for exactly those inputs", () => {
    const option = priced(
      terms({
        interest_rate: "1.99",
        rebates: [{ name: "Loyalty", amount: cents(100_000) }],
        custom_fees: [{ name: "Winter tires", amount: cents(120_000), taxable: true }],
        custom_discounts: [{ name: "Manager's discount", amount: cents(50_000) }],
        trade_in_credit: cents(800_000),
        trade_in_owing: cents(200_000),
      }),
    );
    expect(option.rate).toBe("1.99");
    const direct = quote({
      payment_type: "finance",
      vehicle: { price: cents(3_000_000), msrp: cents(3_100_000), condition: "new" },
      settings: { term: 72, payment_frequency: "monthly", down_payment: cents(300_000), include_tax: true, trade_in_credit: cents(800_000), trade_in_owing: cents(200_000), credit_score: null },
      fees: [{ new: true, used: true, cpo: true, cash: true, finance: true, lease: true, id: "f", name: "Winter tires", amount: cents(120_000), taxability: "pretax", include_by_default: true }],
      discounts: [{ new: true, used: true, cpo: true, cash: true, finance: true, lease: true, id: "d", name: "Manager's discount", amount: cents(50_000), taxability: "pretax", include_by_default: true }],
      incentives: [{ id: "r", name: "Loyalty", type: "rebate", amount: cents(100_000) }],
      jurisdiction: "CA-ON",
      date,
      apr: "1.99",
      term_choices: option.term_choices,
      payment_frequencies: ["weekly", "biweekly", "semimonthly", "monthly"],
    });
    if (!direct.ok) throw new Error(JSON.stringify(direct.errors));
    expect(option.payment).toBe(direct.option.payment);
    expect(option.finance?.amount_financed).toBe(direct.option.finance?.amount_financed);
    // A lower rate costs less than the program's for the same deal.
    expect(option.payment).toBeLessThan(priced(terms({ rebates: [{ name: "Loyalty", amount: cents(100_000) }], custom_fees: [{ name: "Winter tires", amount: cents(120_000), taxable: true }], custom_discounts: [{ name: "Manager's discount", amount: cents(50_000) }], trade_in_credit: cents(800_000), trade_in_owing: cents(200_000) })).payment);
  });

  it("cash has no term and no rate; a lease keeps its residual with the rate staff quote", () => {
    const cash = priced(terms({ payment_type: "cash", term: 72, interest_rate: "1.99", payment_frequency: null }));
    expect(cash.term).toBeNull();
    expect(cash.rate).toBeNull();
    const lease = priced(terms({ payment_type: "lease", term: 36, interest_rate: "2.4", distance_allowance: 20000, payment_frequency: "monthly" }));
    expect(lease.lease?.money_factor).toBe("0.001");
  });
});
