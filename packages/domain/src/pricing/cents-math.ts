import { addCents, cents, multiplyCentsByRate, type Cents } from "../money.ts";
import { multiplyRatio, ratio, roundRatioHalfUp, type Ratio } from "./exact-ratio.ts";

/**
 * Integer-cent helpers for the pricing engine. Every operation stays on safe integers (checked by
 * `cents()`); multiplication by a rate goes through exact decimals or exact ratios, then rounds
 * half-up to the cent.
 */
export const ZERO_CENTS = cents(0);

export const sumCents = (values: readonly Cents[]): Cents => (values.length === 0 ? ZERO_CENTS : addCents(...values));
export const subtractCents = (a: Cents, b: Cents): Cents => addCents(a, cents(-b));
export const negateCents = (a: Cents): Cents => cents(-a);
export const minCents = (a: Cents, b: Cents): Cents => (a <= b ? a : b);
export const maxCents = (a: Cents, b: Cents): Cents => (a >= b ? a : b);
export const multiplyCentsByInteger = (a: Cents, factor: number): Cents => cents(Number(BigInt(a) * BigInt(factor)));

/** round2(amount × rate) with the rate an exact decimal string ("0.09975"). */
export const applyRate = (amount: Cents, rate: string): Cents => multiplyCentsByRate(amount, rate);

export const centsToRatio = (amount: Cents): Ratio => ratio(BigInt(amount));

/** Rounds an exact amount of cents half-up to a whole cent. */
export function roundRatioToCents(amountInCents: Ratio): Cents {
  const rounded = roundRatioHalfUp(amountInCents);
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER) || rounded < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount out of range: ${rounded} cents`);
  }
  return cents(Number(rounded));
}

/** round2(amount × exact ratio). */
export const multiplyCentsByRatio = (amount: Cents, factor: Ratio): Cents =>
  roundRatioToCents(multiplyRatio(centsToRatio(amount), factor));
