import { subtractCents, ZERO_CENTS } from "./cents-math.ts";
import { type AddOnPrice, type PaymentOption, type QuoteResult } from "./payment-option.ts";
import { quoteCash } from "./quote-cash.ts";
import { buildQuoteContext, type QuoteContext } from "./quote-context.ts";
import { quoteFinance } from "./quote-finance.ts";
import { type QuoteInput } from "./quote-input.ts";
import { quoteLease } from "./quote-lease.ts";

function priceDeal(context: QuoteContext): QuoteResult {
  switch (context.paymentType) {
    case "cash":
      return quoteCash(context);
    case "finance":
      return quoteFinance(context);
    case "lease":
      return quoteLease(context);
  }
}

/**
 * What each add-on adds to the payment: the option's payment less that of the same deal priced
 * once without the item. `priceDeal` leaves these payments null, so this never recurses (n + 1
 * quotes). The down payment limit is lifted for the comparison: a deal the limit would refuse
 * without the item still has a payment to compare with; where none is left (nothing to finance,
 * no positive lease payment) the item accounts for the whole payment.
 */
function addOnPayments(context: QuoteContext, option: PaymentOption): AddOnPrice[] {
  return option.add_on_prices.map((price, index) => {
    const without = priceDeal({
      ...context,
      addOns: context.addOns.filter((_, other) => other !== index),
      downPaymentLimit: ZERO_CENTS,
    });
    return { ...price, payment: subtractCents(option.payment, without.ok ? without.option.payment : ZERO_CENTS) };
  });
}

/**
 * Prices one payment type: validates the input (problems come back as field errors, never
 * thrown), then computes the payment option with its explained pricing stack.
 */
export function quote(input: QuoteInput): QuoteResult {
  const built = buildQuoteContext(input);
  if (!built.ok) return built;
  const result = priceDeal(built.context);
  if (!result.ok || built.context.paymentType === "cash" || built.context.addOns.length === 0) return result;
  return { ok: true, option: { ...result.option, add_on_prices: addOnPayments(built.context, result.option) } };
}
