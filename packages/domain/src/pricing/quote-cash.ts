import { subtractCents } from "./cents-math.ts";
import { maxDownPayment } from "./down-payment-limits.ts";
import { fieldError } from "./field-errors.ts";
import { type QuoteResult } from "./payment-option.ts";
import { groupLine } from "./pricing-lines.ts";
import { type QuoteContext } from "./quote-context.ts";
import { commonOptionFields, paymentRepr, quotedIncentives } from "./quote-output.ts";
import { balanceBeforeDownPayment, balanceLines, saleOptionFields, saleStructure } from "./sale-structure.ts";

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
  const root = groupLine("pricing.line.balance_due", balanceLines(context, sale));
  return {
    ok: true,
    option: {
      ...commonOptionFields(context),
      ...saleOptionFields(context, sale),
      payment: balanceDue,
      payment_repr: paymentRepr(balanceDue),
      monthly_payment: null,
      payment_frequency: null,
      payment_frequency_choices: [],
      term: null,
      rate: null,
      incentives: quotedIncentives(context, null),
      pricing_stack: [root],
      cash: { balance_due: balanceDue },
      finance: null,
      lease: null,
    },
  };
}
