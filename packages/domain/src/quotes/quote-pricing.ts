import type { PaymentFrequency, PaymentType } from "../constants.ts";
import type { Cents } from "../money.ts";
import type { Discount, Fee, Incentive } from "../pricing/deal-inputs.ts";
import type { DealOverrides } from "../pricing/vehicle-quote.ts";
import type { PaymentSettingsChoice } from "../schemas/pricing.ts";

/** One option of a personalized quote as staff set it (spec 3, "Personalized quote"); money in cents. */
export type QuoteTerms = {
  payment_type: PaymentType;
  term: number | null;
  /** APR in percent the dealership quotes ("4.99"); null: the lender program's rate. */
  interest_rate: string | null;
  down_payment: Cents;
  payment_frequency: PaymentFrequency | null;
  distance_allowance: number | null;
  rebates: { name: string; amount: Cents }[];
  custom_fees: { name: string; amount: Cents; taxable: boolean }[];
  custom_discounts: { name: string; amount: Cents }[];
  trade_in_credit: Cents;
  trade_in_owing: Cents;
};

const EVERY_DEAL = { new: true, used: true, cpo: true, cash: true, finance: true, lease: true } as const;

/**
 * The pricing engine's inputs for a quote option: the shopper's settings it names, and what staff add to this deal
 * only (their rate, fees, discounts, rebates). The engine prices it like any other deal, so a quote's payment is the
 * payment the storefront would show for the same inputs.
 */
export function quoteOptionPricing(terms: QuoteTerms): { choice: PaymentSettingsChoice; overrides: DealOverrides } {
  const fees: Fee[] = terms.custom_fees.map((fee, i) => ({
    ...EVERY_DEAL,
    id: `quote-fee-${i + 1}`,
    name: fee.name,
    amount: fee.amount,
    taxability: fee.taxable ? "pretax" : "posttax",
    include_by_default: true,
  }));
  const discounts: Discount[] = terms.custom_discounts.map((discount, i) => ({
    ...EVERY_DEAL,
    id: `quote-discount-${i + 1}`,
    name: discount.name,
    amount: discount.amount,
    taxability: "pretax",
    include_by_default: true,
  }));
  const incentives: Incentive[] = terms.rebates.map((rebate, i) => ({ id: `quote-rebate-${i + 1}`, name: rebate.name, type: "rebate", amount: rebate.amount }));
  const choice: PaymentSettingsChoice = {
    ...(terms.term !== null && terms.payment_type !== "cash" ? { term: terms.term } : {}),
    ...(terms.payment_frequency !== null ? { payment_frequency: terms.payment_frequency } : {}),
    ...(terms.distance_allowance !== null && terms.payment_type === "lease" ? { distance_allowance: terms.distance_allowance } : {}),
    down_payment: terms.down_payment,
    trade_in_credit: terms.trade_in_credit,
    trade_in_owing: terms.trade_in_owing,
  };
  return {
    choice,
    overrides: {
      ...(terms.interest_rate !== null && terms.payment_type !== "cash" ? { apr: terms.interest_rate } : {}),
      fees,
      discounts,
      incentives,
    },
  };
}
