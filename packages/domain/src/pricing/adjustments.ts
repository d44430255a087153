import { type PaymentType } from "../constants.ts";
import { type Cents } from "../money.ts";
import { multiplyCentsByRatio, sumCents, ZERO_CENTS } from "./cents-math.ts";
import {
  type Applicability,
  type Discount,
  type Fee,
  type Incentive,
  type IncentiveType,
  type VehicleCondition,
} from "./deal-inputs.ts";
import { compareRatio, divideRatio, multiplyRatio, ratio, ratioFromDecimal, type Ratio } from "./exact-ratio.ts";
import { type TaxTreatment } from "./tax-types.ts";

/** A fee or discount applies to the vehicle's condition and to the payment type. */
export const isApplicable = (item: Applicability, condition: VehicleCondition, paymentType: PaymentType): boolean =>
  item[condition] && item[paymentType];

/** Applicable fees that are on by default or chosen by the shopper. */
export function selectFees(
  fees: readonly Fee[],
  context: { condition: VehicleCondition; paymentType: PaymentType; selectedIds?: readonly string[] },
): Fee[] {
  return fees.filter(
    (fee) =>
      isApplicable(fee, context.condition, context.paymentType) &&
      (fee.include_by_default || (context.selectedIds?.includes(fee.id) ?? false)),
  );
}

export function selectDiscounts(
  discounts: readonly Discount[],
  context: { condition: VehicleCondition; paymentType: PaymentType },
): Discount[] {
  return discounts.filter((discount) => discount.include_by_default && isApplicable(discount, context.condition, context.paymentType));
}

/** Spec section 5: incentives are kept only when their conflict is empty. */
export function hasNoConflict(incentive: Incentive): boolean {
  const { conflict } = incentive;
  if (conflict === null || conflict === undefined) return true;
  return typeof conflict === "string" ? conflict.trim() === "" : conflict.length === 0;
}

/** The lender program's rate as an APR: finance its APR, lease its money factor × 2400 (or its APR); null for cash or without a rate. */
export function programApr(paymentType: PaymentType, rates: { apr?: string | undefined; money_factor?: string | undefined }): Ratio | null {
  if (paymentType === "cash") return null;
  if (paymentType === "lease" && rates.money_factor !== undefined) return multiplyRatio(ratioFromDecimal(rates.money_factor), ratio(2400n));
  return rates.apr === undefined ? null : ratioFromDecimal(rates.apr);
}

/**
 * The APR a rate reduction names for a payment type, as the quote applies it: finance its `apr`; lease its
 * money factor × 2400 (or its `apr`). Null when it names none for this type (cash has no rate).
 */
export function incentiveApr(incentive: Incentive, paymentType: PaymentType): Ratio | null {
  if (incentive.type !== "rate_reduction" || paymentType === "cash") return null;
  if (paymentType === "lease" && incentive.money_factor !== undefined) return multiplyRatio(ratioFromDecimal(incentive.money_factor), ratio(2400n));
  return incentive.apr === undefined ? null : ratioFromDecimal(incentive.apr);
}

/**
 * A rate reduction only ever lowers the rate: it applies (and is offered) only when the rate it names is
 * below the lender program's. Other incentives are not about the rate and always pass.
 */
export function lowersRate(incentive: Incentive, paymentType: PaymentType, program: Ratio | null): boolean {
  if (incentive.type !== "rate_reduction") return true;
  const apr = incentiveApr(incentive, paymentType);
  return apr !== null && program !== null && compareRatio(apr, program) < 0;
}

/**
 * Incentives without conflict, for this payment type, that lower the rate when they are rate reductions
 * (`programApr`: the program's rate, see `programApr`), and chosen by the shopper when a choice is given.
 */
export function activeIncentives(
  incentives: readonly Incentive[],
  context: { paymentType: PaymentType; programApr: Ratio | null; selectedIds?: readonly string[] },
): Incentive[] {
  return incentives.filter(
    (incentive) =>
      hasNoConflict(incentive) &&
      (!incentive.payment_types || incentive.payment_types.includes(context.paymentType)) &&
      lowersRate(incentive, context.paymentType, context.programApr) &&
      (!context.selectedIds || context.selectedIds.includes(incentive.id)),
  );
}

/** A price reduction explained: a discount, a percentage discount or a rebate. */
export interface PriceReduction {
  source: "discount" | "incentive";
  id: string;
  name: string;
  name_fr?: string;
  incentive_type?: IncentiveType;
  /** Positive amount taken off. */
  amount: Cents;
  tax_treatment: TaxTreatment;
  label_key: string;
}

export interface PriceReductions {
  preTax: PriceReduction[];
  postTax: PriceReduction[];
  preTaxTotal: Cents;
  postTaxTotal: Cents;
  /** The rate reduction with the lowest rate for the payment type, if any applies. */
  rateIncentive: Incentive | null;
}

/** round2(price × percent / 100): a percentage discount is on the vehicle price only (reference 5). */
export const percentageDiscountAmount = (price: Cents, percent: string): Cents =>
  multiplyCentsByRatio(price, divideRatio(ratioFromDecimal(percent), ratio(100n)));

function incentiveReduction(incentive: Incentive, price: Cents, rebateDefault: TaxTreatment): PriceReduction | null {
  if (incentive.type === "rate_reduction") return null;
  const isPercentage = incentive.type === "percentage_discount";
  const amount = isPercentage ? percentageDiscountAmount(price, incentive.percent ?? "0") : (incentive.amount ?? ZERO_CENTS);
  return {
    source: "incentive",
    id: incentive.id,
    name: incentive.name,
    ...(incentive.name_fr === undefined ? {} : { name_fr: incentive.name_fr }),
    incentive_type: incentive.type,
    amount,
    tax_treatment: incentive.tax_treatment ?? (isPercentage ? "pre_tax" : rebateDefault),
    label_key: isPercentage ? "pricing.line.percentage_discount" : "pricing.line.rebate",
  };
}

const discountReduction = (discount: Discount): PriceReduction => ({
  source: "discount",
  id: discount.id,
  name: discount.name,
  ...(discount.name_fr === undefined ? {} : { name_fr: discount.name_fr }),
  amount: discount.amount,
  tax_treatment: discount.taxability === "pretax" ? "pre_tax" : "post_tax",
  label_key: "pricing.line.discount",
});

/** Splits discounts and incentives into reductions before tax, credits after tax, and a rate. */
export function priceReductions(input: {
  price: Cents;
  discounts: readonly Discount[];
  incentives: readonly Incentive[];
  rebateDefault: TaxTreatment;
  paymentType: PaymentType;
}): PriceReductions {
  const reductions = [
    ...input.discounts.map(discountReduction),
    ...input.incentives.flatMap((incentive) => incentiveReduction(incentive, input.price, input.rebateDefault) ?? []),
  ].filter((reduction) => reduction.amount > 0);
  const preTax = reductions.filter((reduction) => reduction.tax_treatment === "pre_tax");
  const postTax = reductions.filter((reduction) => reduction.tax_treatment === "post_tax");
  let rateIncentive: Incentive | null = null;
  let bestApr: Ratio | null = null;
  for (const incentive of input.incentives) {
    const apr = incentiveApr(incentive, input.paymentType);
    if (apr && (bestApr === null || compareRatio(apr, bestApr) < 0)) [rateIncentive, bestApr] = [incentive, apr];
  }
  return {
    preTax,
    postTax,
    preTaxTotal: sumCents(preTax.map((reduction) => reduction.amount)),
    postTaxTotal: sumCents(postTax.map((reduction) => reduction.amount)),
    rateIncentive,
  };
}
