import type { QuoteWire } from "../schemas/quotes.ts";
import { differingFields } from "./rules.ts";

/**
 * A US lease never shows a rate (Consumer Leasing Act: a lease rate is not disclosed, let alone as an APR); cash has
 * none. Every view of the options withholds it the same way.
 */
export const quoteShowsRate = (quote: Pick<QuoteWire, "payment_type" | "option">) =>
  quote.payment_type !== "cash" && !(quote.payment_type === "lease" && (quote.option?.jurisdiction ?? "").startsWith("US"));

/**
 * The figures the options are compared on, one per row of the compare page and the staff's worksheet: the engine's
 * figures where it priced the option, else the terms staff set.
 */
export function quoteComparedValues(quote: QuoteWire) {
  return {
    payment_type: quote.payment_type,
    payment: quote.option?.payment ?? null,
    payment_frequency: quote.option?.payment_frequency ?? quote.payment_frequency,
    term: quote.option?.term ?? quote.term,
    interest_rate: quoteShowsRate(quote) ? (quote.option?.rate ?? quote.interest_rate) : null,
    down_payment: quote.option?.down_payment ?? quote.down_payment,
    trade_in_credit: quote.trade_in_credit,
    due_on_delivery: quote.due_on_delivery,
    savings: quote.savings,
    total_purchase_price: quote.option?.total_purchase_price ?? null,
  };
}
export type QuoteComparedField = keyof ReturnType<typeof quoteComparedValues>;
export const QUOTE_COMPARED_FIELDS: readonly QuoteComparedField[] = [
  "payment_type",
  "payment",
  "payment_frequency",
  "term",
  "interest_rate",
  "down_payment",
  "trade_in_credit",
  "due_on_delivery",
  "savings",
  "total_purchase_price",
];

/** The rows whose figures are not the same in every option (the compare page's highlights). */
export const differingQuoteFields = (quotes: readonly QuoteWire[]): QuoteComparedField[] => differingFields(quotes.map(quoteComparedValues), QUOTE_COMPARED_FIELDS);
