import { type Cents } from "../money.ts";
import { addOnLines, addOnsTotal, isTaxedLikeVehicle, vehicleLikeAddOnsTotal } from "./add-on-pricing.ts";
import { maxCents, multiplyCentsByInteger, negateCents, subtractCents, sumCents, ZERO_CENTS } from "./cents-math.ts";
import { type Fee } from "./deal-inputs.ts";
import { ratioFromDecimal, type Ratio } from "./exact-ratio.ts";
import { moneyFactorFromApr, residualValue, type LeasePaymentParts } from "./lease-math.ts";
import { creditLine, groupLine, leafLine, nonZeroLines, type PricingLine } from "./pricing-lines.ts";
import { type QuoteContext } from "./quote-context.ts";
import { feesLine, isTaxableFee, postTaxCreditLines, sellingPriceLine, taxesLine } from "./quote-output.ts";
import { computeTaxLines, tradeInTaxCredit, type TaxLine } from "./tax-rules.ts";
import { type TaxRules } from "./tax-types.ts";

/** The money factor: a lease rate-reduction incentive first, then the program's MF, then APR / 2400. */
export function leaseMoneyFactor(context: QuoteContext): Ratio {
  const incentive = context.reductions.rateIncentive;
  if (incentive?.money_factor !== undefined) return ratioFromDecimal(incentive.money_factor);
  if (incentive?.apr !== undefined) return moneyFactorFromApr(incentive.apr);
  if (context.input.money_factor !== undefined) return ratioFromDecimal(context.input.money_factor);
  return moneyFactorFromApr(context.input.apr ?? "0");
}

/** Gross capitalized cost and what reduces it, before the cash down payment (pricing reference 2.1). */
export interface LeaseCapitalization {
  msrp: Cents;
  residual: Cents;
  capFees: Fee[];
  upfrontFees: Fee[];
  /** Selling price + taxable capitalized fees + capitalized accessories: picks banded rates (BC). */
  bandBase: Cents;
  capitalizedTaxLines: TaxLine[];
  grossCapLine: PricingLine;
  positiveEquity: Cents;
  /** Positive trade equity that is not covered by a lease trade-in credit (taxed like cash). */
  taxableEquity: Cents;
  /** Positive trade equity + post-tax rebates and discounts. */
  reductionBeforeDown: Cents;
}

export function leaseCapitalization(context: QuoteContext): LeaseCapitalization {
  const { rules, fees, vehicle } = context;
  const msrp = vehicle.msrp ?? vehicle.price;
  const capFees = fees.filter((fee) => fee.cap_cost === true);
  const upfrontFees = fees.filter((fee) => fee.cap_cost !== true);
  const sellingLine = sellingPriceLine(context);
  const addOns = context.addOns;
  const bandBase = sumCents([
    sellingLine.amount,
    ...capFees.filter(isTaxableFee).map((fee) => fee.amount),
    vehicleLikeAddOnsTotal(addOns),
  ]);
  const equity = subtractCents(context.tradeValue, context.tradeOwing);
  const positiveEquity = maxCents(equity, ZERO_CENTS);
  const negativeEquity = maxCents(negateCents(equity), ZERO_CENTS);

  // Texas-style: the lessor pays tax on its purchase price and passes it on in the cap cost [K].
  // Every capitalized add-on is part of what the lessor buys, protection plans included (see README).
  const lessorBase = sumCents([bandBase, addOnsTotal(addOns.filter((addOn) => !isTaxedLikeVehicle(addOn)))]);
  const lessorTax =
    rules.leaseTaxModel === "lessor_paid" ? computeTaxLines({ rules, paymentType: "lease", taxableBase: lessorBase, bandBase }) : [];
  const taxInCapBase = sumCents(upfrontFees.filter((fee) => isTaxableFee(fee) && fee.tax_in_cap).map((fee) => fee.amount));
  const feeTax =
    taxInCapBase > 0 && rules.leaseTaxModel !== "lessor_paid"
      ? computeTaxLines({ rules, paymentType: "lease", taxableBase: taxInCapBase, bandBase })
      : [];
  const capitalizedTaxLines = [...lessorTax, ...feeTax].filter((line) => line.amount > 0);

  const grossCapLine = groupLine(
    "pricing.line.gross_cap_cost",
    nonZeroLines([
      sellingLine,
      ...addOnLines(addOns),
      feesLine("pricing.line.capitalized_fees", capFees),
      leafLine("pricing.line.negative_equity", negativeEquity),
      ...(capitalizedTaxLines.length > 0 ? [taxesLine("pricing.line.capitalized_taxes", capitalizedTaxLines)] : []),
    ]),
  );
  const tradeCredit = tradeInTaxCredit(rules.leaseTradeInCredit, positiveEquity, vehicle.condition === "new");
  return {
    msrp,
    residual: residualValue(msrp, context.input.residual_percent ?? "0"),
    capFees,
    upfrontFees,
    bandBase,
    capitalizedTaxLines,
    grossCapLine,
    positiveEquity,
    taxableEquity: subtractCents(positiveEquity, tradeCredit),
    reductionBeforeDown: sumCents([positiveEquity, context.reductions.postTaxTotal]),
  };
}

/**
 * New York style: tax on all receipts of the lease (payments × term + other receipts such as the
 * cash down), due at inception (20 NYCRR 527.15). Each component rounded once.
 */
export function upfrontLeaseTax(input: {
  rules: TaxRules;
  basePayment: Cents;
  term: number;
  otherReceipts: Cents;
  bandBase?: Cents;
}): TaxLine[] {
  const receipts = sumCents([multiplyCentsByInteger(input.basePayment, input.term), input.otherReceipts]);
  return computeTaxLines({
    rules: input.rules,
    paymentType: "lease",
    taxableBase: receipts,
    ...(input.bandBase === undefined ? {} : { bandBase: input.bandBase }),
  }).filter((line) => line.amount !== 0);
}

export interface LeaseTaxes {
  paymentTaxLines: TaxLine[];
  signingTaxLines: TaxLine[];
  upfrontTaxLines: TaxLine[];
}

/**
 * Lease taxes by the jurisdiction's model (pricing reference 2.3): per payment (and on the cash
 * down and other consideration at signing), on all receipts upfront, or none (lessor-paid).
 */
export function leaseTaxes(
  context: QuoteContext,
  capitalization: LeaseCapitalization,
  parts: LeasePaymentParts,
): LeaseTaxes {
  const { rules } = context;
  const bandBase = capitalization.bandBase;
  const consideration = sumCents([context.down, context.reductions.postTaxTotal, capitalization.taxableEquity]);
  const taxableFeesAtSigning = sumCents(
    capitalization.upfrontFees.filter((fee) => isTaxableFee(fee) && !fee.tax_in_cap).map((fee) => fee.amount),
  );
  const taxes = (taxableBase: Cents) =>
    computeTaxLines({ rules, paymentType: "lease", taxableBase, bandBase }).filter((line) => line.amount !== 0);
  switch (rules.leaseTaxModel) {
    case "per_payment":
      return {
        paymentTaxLines: computeTaxLines({ rules, paymentType: "lease", taxableBase: parts.basePayment, bandBase }),
        signingTaxLines: taxes(sumCents([rules.taxCashDownOnLease ? consideration : ZERO_CENTS, taxableFeesAtSigning])),
        upfrontTaxLines: [],
      };
    case "upfront_total_payments": {
      const upfrontTaxLines = upfrontLeaseTax({
        rules,
        basePayment: parts.basePayment,
        term: context.term,
        otherReceipts: sumCents([consideration, taxableFeesAtSigning]),
        bandBase,
      });
      return { paymentTaxLines: [], signingTaxLines: [], upfrontTaxLines };
    }
    case "lessor_paid":
      return { paymentTaxLines: [], signingTaxLines: [], upfrontTaxLines: [] };
  }
}

/** The cap cost reduction lines: cash down, positive trade equity, post-tax rebates and discounts. */
export function capReductionLine(context: QuoteContext, capitalization: LeaseCapitalization): PricingLine {
  return groupLine(
    "pricing.line.cap_cost_reduction",
    nonZeroLines([
      creditLine("pricing.line.down_payment", context.down),
      creditLine("pricing.line.trade_in_equity", capitalization.positiveEquity),
      ...postTaxCreditLines(context),
    ]),
  );
}
