import { financeSummary } from "./amortization.ts";
import { subtractCents } from "./cents-math.ts";
import { maxDownPayment } from "./down-payment-limits.ts";
import { fieldError } from "./field-errors.ts";
import { type QuoteResult } from "./payment-option.ts";
import { groupLine, leafLine } from "./pricing-lines.ts";
import { type QuoteContext } from "./quote-context.ts";
import { commonOptionFields, frequencyFields, paymentRepr, quotedIncentives } from "./quote-output.ts";
import { balanceBeforeDownPayment, balanceLines, saleOptionFields, saleStructure } from "./sale-structure.ts";

/**
 * Finance deal (pricing reference 1.1–1.3): amount financed = total − cash down − trade value +
 * trade owing − post-tax rebates; closed-form monthly payment rounded half-up; a cent schedule
 * whose last payment clears the balance. A rate-reduction incentive lowers the program APR to its own
 * (it never applies when its rate is not below the program's: see `lowersRate`).
 */
export function quoteFinance(context: QuoteContext): QuoteResult {
  const apr = context.reductions.rateIncentive?.apr ?? context.input.apr ?? "0";
  const sale = saleStructure(context);
  const balanceBeforeDown = balanceBeforeDownPayment(context, sale);
  const max = maxDownPayment("finance", context.downPaymentLimit, balanceBeforeDown);
  if (context.down > 0 && context.down > max) {
    return { ok: false, errors: [fieldError("down_payment", "above_limit", { max })] };
  }
  const amountFinanced = subtractCents(balanceBeforeDown, context.down);
  if (amountFinanced <= 0) return { ok: false, errors: [fieldError("down_payment", "nothing_to_finance")] };

  const summary = financeSummary({ principal: amountFinanced, aprPercent: apr, months: context.term });
  const financedLine = groupLine("pricing.line.amount_financed", balanceLines(context, sale));
  const paymentsLine = groupLine(
    "pricing.line.total_of_payments",
    [leafLine("pricing.line.amount_financed", amountFinanced), leafLine("pricing.line.finance_charge", summary.scheduleInterest)],
    { term: context.term, rate: apr, payment: paymentRepr(summary.payment), final_payment: paymentRepr(summary.finalPayment) },
  );
  const frequency = frequencyFields(context, summary.payment);
  return {
    ok: true,
    option: {
      ...commonOptionFields(context),
      ...saleOptionFields(context, sale),
      ...frequency,
      payment_repr: paymentRepr(frequency.payment),
      monthly_payment: summary.payment,
      term: context.term,
      rate: apr,
      incentives: quotedIncentives(context, apr),
      pricing_stack: [financedLine, paymentsLine],
      cash: null,
      finance: {
        amount_financed: amountFinanced,
        final_payment: summary.finalPayment,
        finance_charge: summary.nominalFinanceCharge,
        schedule_interest: summary.scheduleInterest,
        total_of_payments: summary.totalOfPayments,
      },
      lease: null,
    },
  };
}
