import { subtractCents } from "./cents-math.ts";
import { maxDownPayment } from "./down-payment-limits.ts";
import { fieldError } from "./field-errors.ts";
import { type QuoteResult } from "./payment-option.ts";
import { creditLine, groupLine, leafLine, nonZeroLines } from "./pricing-lines.ts";
import { type QuoteContext } from "./quote-context.ts";
import {
  commonOptionFields,
  dealerAdminFees,
  paymentRepr,
  postTaxCreditLines,
  quotedFees,
  quotedIncentives,
  registrationTaxes,
  withTiming,
} from "./quote-output.ts";
import { balanceBeforeDownPayment, saleStructure } from "./sale-structure.ts";

/**
 * Cash deal: balance due = total − deposit − trade value + trade owing − post-tax rebates
 * (pricing reference 1.1). The down payment is the deposit paid ahead.
 */
export function quoteCash(context: QuoteContext): QuoteResult {
  const sale = saleStructure(context);
  const balanceBeforeDown = balanceBeforeDownPayment(context, sale);
  const max = maxDownPayment("cash", context.downPaymentLimit, balanceBeforeDown);
  if (context.down > max) return { ok: false, errors: [fieldError("down_payment", "above_limit", { max })] };
  const balanceDue = subtractCents(balanceBeforeDown, context.down);
  const root = groupLine(
    "pricing.line.balance_due",
    nonZeroLines([
      sale.totalLine,
      creditLine("pricing.line.down_payment", context.down),
      creditLine("pricing.line.trade_in_value", context.tradeValue),
      leafLine("pricing.line.trade_in_owing", context.tradeOwing),
      ...postTaxCreditLines(context),
    ]),
  );
  const admin = dealerAdminFees(context.fees, sale.taxLines);
  return {
    ok: true,
    option: {
      ...commonOptionFields(context),
      payment: balanceDue,
      payment_repr: paymentRepr(balanceDue),
      monthly_payment: null,
      payment_frequency: null,
      payment_frequency_choices: [],
      term: null,
      rate: null,
      distance_allowance: null,
      taxes: withTiming(sale.taxLines, "sale"),
      fees: quotedFees(context.fees),
      incentives: quotedIncentives(context, null),
      pricing_stack: [root],
      sales_tax: sale.salesTax,
      tax_payable_at_registration: registrationTaxes(sale.taxLines),
      subtotal: sale.subtotal,
      total_purchase_price: sale.totalPurchasePrice,
      trade_in_tax_credit: sale.tradeTaxCredit,
      dealer_admin_fee_pretax: admin.pretax,
      dealer_admin_fee_posttax: admin.posttax,
      residual_value: null,
      cash: { balance_due: balanceDue },
      finance: null,
      lease: null,
    },
  };
}
