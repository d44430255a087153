/**
 * Validation problems of a quote, as data: an API maps each one to a 400 naming the field
 * (`{ "down_payment": ["pricing.error.above_limit"] }`); nothing here throws for bad input.
 */
export const PRICING_ERROR_CODES = [
  "required",
  "negative",
  "not_an_integer",
  "above_price_cap",
  "term_not_offered",
  "frequency_not_offered",
  "distance_allowance_not_offered",
  "above_limit",
  "nothing_to_finance",
  "payment_not_positive",
  "invalid_rate",
  "invalid_date",
  "invalid_postal_code",
  "jurisdiction_not_supported",
] as const;
export type PricingErrorCode = (typeof PRICING_ERROR_CODES)[number];

export interface PricingFieldError {
  /** The contract's field name: "down_payment", "term", "trade_in_credit", "price", "rate", … */
  field: string;
  code: PricingErrorCode;
  /** Values for the message, e.g. the limit in cents. */
  params?: Record<string, string | number>;
}

export const fieldError = (
  field: string,
  code: PricingErrorCode,
  params?: Record<string, string | number>,
): PricingFieldError => (params ? { field, code, params } : { field, code });

/** The translation key of an error, e.g. "pricing.error.above_limit". */
export const pricingErrorKey = (error: PricingFieldError): string => `pricing.error.${error.code}`;
