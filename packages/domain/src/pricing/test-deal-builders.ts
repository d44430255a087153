import { type PaymentType } from "../constants.ts";
import { centsToDecimalString, dollarsToCents, type Cents } from "../money.ts";
import { type Fee, type Incentive } from "./deal-inputs.ts";
import { DEMO_RATE_PROGRAMS } from "./demo-rate-programs.ts";
import { type DealerPricingSetup } from "./vehicle-quote.ts";
import { type PaymentOption } from "./payment-option.ts";
import { quote } from "./quote.ts";
import { type QuoteInput } from "./quote-input.ts";
import { type TaxLine } from "./tax-rules.ts";

/** Builders shared by the pricing tests (not part of the public API). */

/** The deal date of the reference vectors: after NS 14 % (2025-04-01) and OMVIC $22 (2025-09-01), in MI's 2025 cap year. */
export const VECTOR_DATE = "2025-10-01";

export const dollars = (amount: string | number): Cents => dollarsToCents(amount);
export const text = (amount: Cents | null | undefined): string | null =>
  amount === null || amount === undefined ? null : centsToDecimalString(amount);

const everywhere = { new: true, used: true, cpo: true, cash: true, finance: true, lease: true } as const;

export function testFee(id: string, amount: string | number, options: Partial<Fee> = {}): Fee {
  return {
    ...everywhere,
    id,
    name: id,
    amount: dollars(amount),
    taxability: "pretax",
    include_by_default: true,
    ...options,
  };
}

/** A lease fee rolled into the capitalized cost. */
export const capFee = (id: string, amount: string | number): Fee => testFee(id, amount, { cap_cost: true });

export const rebateIncentive = (id: string, amount: string | number, tax_treatment: "pre_tax" | "post_tax"): Incentive => ({
  id,
  name: id,
  type: "rebate",
  amount: dollars(amount),
  tax_treatment,
});

export const percentOffIncentive = (id: string, percent: string): Incentive => ({
  id,
  name: id,
  type: "percentage_discount",
  percent,
});

export const rateReductionIncentive = (id: string, apr: string): Incentive => ({ id, name: id, type: "rate_reduction", apr });

export interface DealShape {
  price: string | number;
  msrp?: string | number;
  down?: string | number;
  trade?: string | number;
  owing?: string | number;
  term?: number;
}

/** A quote input for a new vehicle with the given numbers; everything else comes from `extra`. */
export function dealInput(paymentType: PaymentType, deal: DealShape, extra: Partial<QuoteInput> = {}): QuoteInput {
  return {
    payment_type: paymentType,
    vehicle: {
      price: dollars(deal.price),
      ...(deal.msrp === undefined ? {} : { msrp: dollars(deal.msrp) }),
      condition: "new",
    },
    settings: {
      down_payment: dollars(deal.down ?? 0),
      trade_in_credit: dollars(deal.trade ?? 0),
      trade_in_owing: dollars(deal.owing ?? 0),
      ...(deal.term === undefined ? {} : { term: deal.term }),
    },
    date: VECTOR_DATE,
    ...extra,
  };
}

/** Quotes and fails loudly (with the field errors) when the quote is refused. */
export function quoteOption(input: QuoteInput): PaymentOption {
  const result = quote(input);
  if (!result.ok) throw new Error(`Quote refused: ${JSON.stringify(result.errors)}`);
  return result.option;
}

/** { gst: "1222.50", qst: "2438.89" } for comparing tax lines. */
export const taxAmounts = (lines: readonly TaxLine[]): Record<string, string> =>
  Object.fromEntries(lines.map((line) => [line.id, centsToDecimalString(line.amount)]));

/** An Ontario dealership's pricing setup with the demo rate programs: every term, frequency and distance, taxes included. */
export function ontarioDealerSetup(overrides: Partial<DealerPricingSetup> = {}): DealerPricingSetup {
  return {
    country: "CA",
    regionCode: "ON",
    settings: {
      payment_types: ["cash", "finance", "lease"],
      finance_terms: [36, 48, 60, 72, 84],
      lease_terms: [24, 36, 48, 60],
      default_finance_term: 60,
      default_lease_term: 36,
      payment_frequencies: ["weekly", "biweekly", "semimonthly", "monthly"],
      default_payment_frequency: "biweekly",
      distance_allowances: [16000, 20000, 24000],
      default_distance_allowance: 20000,
      include_sales_tax: true,
      down_payment_limits: { cash: "70000.00", finance: "1000.00", lease: "1000.00" },
      uses_credit_score: false,
    },
    fees: [],
    discounts: [],
    incentives: [],
    ratePrograms: DEMO_RATE_PROGRAMS,
    ...overrides,
  };
}
