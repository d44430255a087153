import { divideRoundHalfAwayFromZero, parseDecimal } from "../decimal.ts";

/**
 * An exact rational number `num / den` on BigInt (den > 0). Finance and lease formulas need
 * powers such as (1 + r)^n; computing them as fractions keeps every intermediate exact, so the
 * only rounding is the half-up rounding the pricing reference prescribes.
 */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function ratio(num: bigint, den: bigint = 1n): Ratio {
  if (den === 0n) throw new RangeError("Ratio with a zero denominator");
  const sign = den < 0n ? -1n : 1n;
  const divisor = gcd(num, den) || 1n;
  return { num: (sign * num) / divisor, den: (sign * den) / divisor };
}

export const ZERO: Ratio = ratio(0n);
export const ONE: Ratio = ratio(1n);

/** Reads an exact decimal string such as "6.49" or "0.09975"; throws on anything else. */
export function ratioFromDecimal(text: string): Ratio {
  const decimal = parseDecimal(text);
  if (!decimal) throw new RangeError(`Not a decimal: ${JSON.stringify(text)}`);
  return ratio(decimal.unscaled, 10n ** BigInt(decimal.scale));
}

export function ratioFromInteger(value: number | bigint): Ratio {
  if (typeof value === "number" && !Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`);
  return ratio(BigInt(value));
}

export const addRatio = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den + b.num * a.den, a.den * b.den);
export const subtractRatio = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den - b.num * a.den, a.den * b.den);
export const multiplyRatio = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.num, a.den * b.den);

export function divideRatio(a: Ratio, b: Ratio): Ratio {
  if (b.num === 0n) throw new RangeError("Division by zero");
  return ratio(a.num * b.den, a.den * b.num);
}

/** a^exponent for a non-negative integer exponent, exactly. */
export function powerRatio(a: Ratio, exponent: number): Ratio {
  if (!Number.isSafeInteger(exponent) || exponent < 0) throw new RangeError(`Bad exponent: ${exponent}`);
  const e = BigInt(exponent);
  // Powers of coprime numbers stay coprime: a reduced ratio's power needs no gcd (the costly part).
  return { num: a.num ** e, den: a.den ** e };
}

export const compareRatio = (a: Ratio, b: Ratio): number => {
  const difference = a.num * b.den - b.num * a.den;
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
};

export const isZeroRatio = (a: Ratio): boolean => a.num === 0n;

/** The nearest integer, halves rounded away from zero (half-up for the positive amounts of pricing). */
export const roundRatioHalfUp = (a: Ratio): bigint => divideRoundHalfAwayFromZero(a.num, a.den);

/** The exact decimal text of a ratio whose denominator divides a power of ten (for display of rates). */
export function ratioToDecimalString(a: Ratio, maxScale = 12): string {
  for (let scale = 0; scale <= maxScale; scale += 1) {
    const unit = 10n ** BigInt(scale);
    if ((a.num * unit) % a.den === 0n) {
      const scaled = (a.num * unit) / a.den;
      const negative = scaled < 0n;
      const digits = (negative ? -scaled : scaled).toString().padStart(scale + 1, "0");
      const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
      return `${negative ? "-" : ""}${body}`;
    }
  }
  const rounded = divideRoundHalfAwayFromZero(a.num * 10n ** BigInt(maxScale), a.den);
  return ratioToDecimalString(ratio(rounded, 10n ** BigInt(maxScale)), maxScale);
}
