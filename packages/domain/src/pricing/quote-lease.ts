import { multiplyCentsByInteger, negateCents, subtractCents, sumCents, ZERO_CENTS } from "./cents-math.ts";
import { maxDownPayment } from "./down-payment-limits.ts";
import { multiplyRatio, ratio, ratioToDecimalString } from "./exact-ratio.ts";
import { fieldError } from "./field-errors.ts";
import { leaseBasePayment } from "./lease-math.ts";
import { capReductionLine, leaseCapitalization, leaseMoneyFactor, leaseTaxes } from "./lease-structure.ts";
import { type QuoteResult } from "./payment-option.ts";
import { groupLine, leafLine, nonZeroLines } from "./pricing-lines.ts";
import { type QuoteContext } from "./quote-context.ts";
import { type TaxLine } from "./tax-rules.ts";
import {
  commonOptionFields,
  dealerAdminFees,
  feesLine,
  frequencyFields,
  paymentRepr,
  quotedFees,
  quotedIncentives,
  registrationTaxes,
  taxesLine,
  withTiming,
} from "./quote-output.ts";

const total = (lines: readonly TaxLine[]) => sumCents(lines.map((line) => line.amount));

/**
 * Closed-end lease by the money-factor method (pricing reference 2.1): residual on MSRP,
 * depreciation + rent charge, base payment rounded first, then taxed per the jurisdiction's model.
 */
export function quoteLease(context: QuoteContext): QuoteResult {
  const cap = leaseCapitalization(context);
  const grossCap = cap.grossCapLine.amount;
  const depreciationBeforeDown = subtractCents(subtractCents(grossCap, cap.reductionBeforeDown), cap.residual);
  const max = maxDownPayment("lease", context.downPaymentLimit, depreciationBeforeDown);
  if (context.down > 0 && context.down > max) {
    return { ok: false, errors: [fieldError("down_payment", "above_limit", { max })] };
  }
  const reductionLine = capReductionLine(context, cap);
  const adjustedCapLine = groupLine("pricing.line.adjusted_cap_cost", [cap.grossCapLine, reductionLine]);
  const moneyFactor = leaseMoneyFactor(context);
  const parts = leaseBasePayment({
    adjustedCapCost: adjustedCapLine.amount,
    residualValue: cap.residual,
    moneyFactor,
    term: context.term,
  });
  if (parts.basePayment <= 0) return { ok: false, errors: [fieldError("down_payment", "payment_not_positive")] };

  const taxes = leaseTaxes(context, cap, parts);
  const include = context.includeTax;
  const paymentLine = groupLine("pricing.line.lease_payment", [
    groupLine(
      "pricing.line.base_payment",
      nonZeroLines([
        leafLine("pricing.line.depreciation", parts.depreciation),
        leafLine("pricing.line.rent_charge", parts.rentCharge),
        leafLine("pricing.line.rounding", parts.roundingAdjustment),
      ]),
    ),
    ...(include && taxes.paymentTaxLines.length > 0 ? [taxesLine("pricing.line.payment_taxes", taxes.paymentTaxLines)] : []),
  ]);
  const monthly = paymentLine.amount;
  const signingTaxLine = taxesLine("pricing.line.taxes_at_signing", include ? taxes.signingTaxLines : []);
  const upfrontTaxLine = taxesLine("pricing.line.upfront_tax", include ? taxes.upfrontTaxLines : []);
  const upfrontFeesLine = feesLine("pricing.line.fees_at_signing", cap.upfrontFees);
  const securityDeposit = context.input.security_deposit ?? ZERO_CENTS;
  const dueLine = groupLine(
    "pricing.line.due_at_signing",
    nonZeroLines([
      leafLine("pricing.line.first_payment", monthly),
      leafLine("pricing.line.down_payment", context.down),
      signingTaxLine,
      upfrontFeesLine,
      upfrontTaxLine,
      leafLine("pricing.line.security_deposit", securityDeposit),
    ]),
  );
  const costLine = groupLine(
    "pricing.line.total_lease_cost",
    nonZeroLines([
      leafLine("pricing.line.payments", multiplyCentsByInteger(monthly, context.term), { term: context.term }),
      leafLine("pricing.line.down_payment", context.down),
      signingTaxLine,
      upfrontFeesLine,
      upfrontTaxLine,
    ]),
  );
  const depreciationTotal = subtractCents(adjustedCapLine.amount, cap.residual);
  const paymentTax = total(taxes.paymentTaxLines);
  const admin = dealerAdminFees(context.fees, taxes.paymentTaxLines);
  const frequency = frequencyFields(context, monthly);
  const apr = ratioToDecimalString(multiplyRatio(moneyFactor, ratio(2400n)));
  const allTaxLines = [...taxes.paymentTaxLines, ...taxes.signingTaxLines, ...taxes.upfrontTaxLines, ...cap.capitalizedTaxLines];
  return {
    ok: true,
    option: {
      ...commonOptionFields(context),
      ...frequency,
      payment_repr: paymentRepr(frequency.payment),
      monthly_payment: monthly,
      term: context.term,
      rate: apr,
      distance_allowance: context.input.settings.distance_allowance ?? null,
      taxes: [
        ...withTiming(taxes.paymentTaxLines, "per_payment"),
        ...withTiming(taxes.signingTaxLines, "at_signing"),
        ...withTiming(taxes.upfrontTaxLines, "upfront"),
        ...withTiming(cap.capitalizedTaxLines, "capitalized"),
      ],
      fees: quotedFees(context.fees, (fee) => fee.cap_cost === true),
      incentives: quotedIncentives(context, apr),
      pricing_stack: [adjustedCapLine, paymentLine, dueLine, costLine, leafLine("pricing.line.residual_value", cap.residual)],
      sales_tax: paymentTax,
      tax_payable_at_registration: registrationTaxes(allTaxLines),
      subtotal: grossCap,
      total_purchase_price: costLine.amount,
      trade_in_tax_credit: subtractCents(cap.positiveEquity, cap.taxableEquity),
      dealer_admin_fee_pretax: admin.pretax,
      dealer_admin_fee_posttax: admin.posttax,
      residual_value: cap.residual,
      cash: null,
      finance: null,
      lease: {
        msrp: cap.msrp,
        residual_percent: context.input.residual_percent ?? "0",
        money_factor: ratioToDecimalString(moneyFactor),
        gross_cap_cost: grossCap,
        cap_cost_reduction: negateCents(reductionLine.amount),
        adjusted_cap_cost: adjustedCapLine.amount,
        depreciation: parts.depreciation,
        rent_charge: parts.rentCharge,
        base_payment: parts.basePayment,
        payment_tax: paymentTax,
        monthly_payment_with_tax: monthly,
        tax_model: context.rules.leaseTaxModel,
        tax_due_at_signing: total(taxes.signingTaxLines),
        upfront_tax: total(taxes.upfrontTaxLines),
        security_deposit: securityDeposit,
        due_at_signing: dueLine.amount,
        total_lease_cost: costLine.amount,
        total_rent_charge: subtractCents(multiplyCentsByInteger(parts.basePayment, context.term), depreciationTotal),
      },
    },
  };
}
