import { type QuoteResult } from "./payment-option.ts";
import { quoteCash } from "./quote-cash.ts";
import { buildQuoteContext } from "./quote-context.ts";
import { quoteFinance } from "./quote-finance.ts";
import { type QuoteInput } from "./quote-input.ts";
import { quoteLease } from "./quote-lease.ts";

/**
 * Prices one payment type: validates the input (problems come back as field errors, never
 * thrown), then computes the payment option with its explained pricing stack.
 */
export function quote(input: QuoteInput): QuoteResult {
  const built = buildQuoteContext(input);
  if (!built.ok) return built;
  switch (built.context.paymentType) {
    case "cash":
      return quoteCash(built.context);
    case "finance":
      return quoteFinance(built.context);
    case "lease":
      return quoteLease(built.context);
  }
}
