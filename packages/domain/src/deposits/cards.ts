/**
 * Card numbers as the sandbox gateway's own form checks them (Stripe's Elements check them in Stripe mode: card
 * numbers never reach this server there). Brands by their number ranges and lengths; the Luhn checksum.
 */
export const CARD_BRANDS = ["visa", "mastercard", "amex", "discover"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

const LENGTHS: Record<CardBrand, readonly number[]> = { visa: [16, 19], mastercard: [16], amex: [15], discover: [16, 19] };

export function cardBrandOf(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return "visa";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (digits.length >= 4 && four >= 2221 && four <= 2720)) return "mastercard";
  return null;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Why a card number cannot be used: "incomplete" (the contract's incomplete card number), "invalid", or null. */
export function cardNumberProblem(typed: string): "incomplete" | "invalid" | null {
  const digits = typed.replace(/[\s-]/g, "");
  if (!/^\d*$/.test(digits)) return "invalid";
  const brand = cardBrandOf(digits);
  if (!brand) return digits.length < 16 ? "incomplete" : "invalid";
  const lengths = LENGTHS[brand];
  if (!lengths.includes(digits.length)) return digits.length < Math.max(...lengths) ? "incomplete" : "invalid";
  return luhnValid(digits) ? null : "invalid";
}

/** An expiry (month 1-12, four-digit year) still good in the month of `today` (YYYY-MM-DD). */
export const cardExpiryValid = (month: number, year: number, today: string) =>
  Number.isInteger(month) && month >= 1 && month <= 12 && `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}` >= today.slice(0, 7);

export const cvcValid = (cvc: string, brand: CardBrand | null) => (brand === "amex" ? /^\d{4}$/ : /^\d{3}$/).test(cvc);

/** The last four digits, all a payment record keeps of a number. */
export const cardLastFour = (typed: string) => typed.replace(/\D/g, "").slice(-4);

/**
 * The sandbox gateway's test cards (the processors' documented test numbers): each answers as a real card would.
 * Any other number is declined: the sandbox never takes a real card.
 */
export const SANDBOX_TEST_CARDS = {
  "4242424242424242": "approve",
  "5555555555554444": "approve",
  "378282246310005": "approve",
  "6011111111111117": "approve",
  "4000000000000002": "decline",
  "4000000000009995": "insufficient_funds",
  "4000000000000119": "processing_error",
} as const;
export type SandboxOutcome = (typeof SANDBOX_TEST_CARDS)[keyof typeof SANDBOX_TEST_CARDS] | "not_a_test_card";

export const sandboxOutcomeOf = (typed: string): SandboxOutcome => SANDBOX_TEST_CARDS[typed.replace(/\D/g, "") as keyof typeof SANDBOX_TEST_CARDS] ?? "not_a_test_card";
