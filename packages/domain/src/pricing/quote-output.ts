import { centsToDecimalString, type Cents } from "../money.ts";
import { unpricedAddOns } from "./add-on-pricing.ts";
import { type PriceReduction } from "./adjustments.ts";
import { applyRate, sumCents, ZERO_CENTS } from "./cents-math.ts";
import { type Fee } from "./deal-inputs.ts";
import { paymentFrequencyChoices, monthlyEquivalentPayment } from "./pay-frequency.ts";
import { type PaymentOption, type QuotedFee, type QuotedIncentive, type QuotedTax, type TaxTiming } from "./payment-option.ts";
import { creditLine, groupLine, leafLine, type PricingLine } from "./pricing-lines.ts";
import { type QuoteContext } from "./quote-context.ts";
import { type TaxLine } from "./tax-rules.ts";

/** Building blocks shared by the cash, finance and lease quotes. */

export const isTaxableFee = (fee: Fee): boolean => fee.taxability === "pretax";

export function quotedFees(fees: readonly Fee[], isCapitalized: (fee: Fee) => boolean = () => false): QuotedFee[] {
  return fees.map((fee) => ({
    id: fee.id,
    name: fee.name,
    ...(fee.name_fr === undefined ? {} : { name_fr: fee.name_fr }),
    ...(fee.fee_type === undefined ? {} : { fee_type: fee.fee_type }),
    amount: fee.amount,
    taxability: fee.taxability,
    capitalized: isCapitalized(fee),
  }));
}

export function quotedIncentives(context: QuoteContext, appliedRate: string | null): QuotedIncentive[] {
  const reductions = [...context.reductions.preTax, ...context.reductions.postTax];
  return context.incentives.map((incentive) => {
    const reduction = reductions.find((item) => item.source === "incentive" && item.id === incentive.id);
    const isRate = incentive.type === "rate_reduction";
    return {
      id: incentive.id,
      name: incentive.name,
      ...(incentive.name_fr === undefined ? {} : { name_fr: incentive.name_fr }),
      type: incentive.type,
      amount: reduction?.amount ?? ZERO_CENTS,
      tax_treatment: reduction?.tax_treatment ?? null,
      rate: isRate && context.reductions.rateIncentive?.id === incentive.id ? appliedRate : null,
    };
  });
}

export const quotedDiscounts = (context: QuoteContext): PaymentOption["discounts"] =>
  context.discounts.map((discount) => ({
    id: discount.id,
    name: discount.name,
    ...(discount.name_fr === undefined ? {} : { name_fr: discount.name_fr }),
    amount: discount.amount,
    taxability: discount.taxability,
  }));

export const withTiming = (lines: readonly TaxLine[], timing: TaxTiming): QuotedTax[] =>
  lines.map((line) => ({ ...line, timing }));

/** The dealer admin fee before tax, and with the tax it bears at the sale's rates (each component rounded). */
export function dealerAdminFees(fees: readonly Fee[], saleTaxLines: readonly TaxLine[]): { pretax: Cents; posttax: Cents } {
  const adminFees = fees.filter((fee) => fee.is_dealer_admin);
  const pretax = sumCents(adminFees.map((fee) => fee.amount));
  const taxable = sumCents(adminFees.filter(isTaxableFee).map((fee) => fee.amount));
  const tax = sumCents(saleTaxLines.map((line) => applyRate(taxable, line.rate)));
  return { pretax, posttax: sumCents([pretax, tax]) };
}

const reductionParams = (reduction: PriceReduction) => ({ id: reduction.id, name: reduction.name, name_fr: reduction.name_fr ?? reduction.name });

/** Vehicle price less the reductions taken before tax. */
export function sellingPriceLine(context: QuoteContext): PricingLine {
  return groupLine("pricing.line.selling_price", [
    leafLine("pricing.line.vehicle_price", context.vehicle.price),
    ...context.reductions.preTax.map((reduction) => creditLine(reduction.label_key, reduction.amount, reductionParams(reduction))),
  ]);
}

export const feeLine = (fee: Fee): PricingLine =>
  leafLine("pricing.line.fee", fee.amount, {
    id: fee.id,
    name: fee.name,
    name_fr: fee.name_fr ?? fee.name,
    fee_type: fee.fee_type ?? "",
    taxability: fee.taxability,
  });

export const feesLine = (label_key: string, fees: readonly Fee[]): PricingLine => groupLine(label_key, fees.map(feeLine));

export const taxesLine = (label_key: string, lines: readonly TaxLine[]): PricingLine =>
  groupLine(
    label_key,
    lines.map((line) => leafLine(line.label_key, line.amount, { rate: line.rate, base: centsToDecimalString(line.base) })),
  );

/** Credits taken after tax (post-tax rebates and discounts), as negative lines. */
export const postTaxCreditLines = (context: QuoteContext): PricingLine[] =>
  context.reductions.postTax.map((reduction) => creditLine(reduction.label_key, reduction.amount, reductionParams(reduction)));

/** The periodic payment at the chosen frequency, and every frequency's monthly-equivalent display amount. */
export function frequencyFields(context: QuoteContext, monthly: Cents) {
  return {
    payment: monthlyEquivalentPayment(monthly, context.frequency),
    payment_frequency: context.frequency,
    payment_frequency_choices: paymentFrequencyChoices(monthly, context.frequencies),
  };
}

/** The fields every payment type shares. */
export function commonOptionFields(context: QuoteContext) {
  return {
    payment_type: context.paymentType,
    jurisdiction: context.rules.jurisdiction,
    down_payment: context.down,
    include_tax: context.includeTax,
    discounts: quotedDiscounts(context),
    trade_in_credit: context.tradeValue,
    trade_in_owing: context.tradeOwing,
    credit_score: context.input.settings.credit_score ?? null,
    term_choices: [...(context.input.term_choices ?? [])],
    distance_allowance_choices: [...(context.input.distance_allowance_choices ?? [])],
    add_on_prices: unpricedAddOns(context.addOns),
  };
}

export const paymentRepr = (amount: Cents): string => centsToDecimalString(amount);

export const registrationTaxes = (lines: readonly TaxLine[]): Cents =>
  sumCents(lines.filter((line) => line.collected_by === "registration_authority").map((line) => line.amount));
