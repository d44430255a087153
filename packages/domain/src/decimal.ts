/** An exact decimal value: `unscaled / 10^scale`. */
export interface ExactDecimal {
  readonly unscaled: bigint;
  readonly scale: number;
}

const PLAIN_DECIMAL = /^([+-]?)(\d+\.?\d*|\.\d+)$/;
// Only what String(number) can produce: digits, optional fraction, optional exponent.
const NUMBER_STRING = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** Parses "12", "-12.345", ".5", "+3." exactly; null for anything else (no exponents, spaces or separators). */
export function parseDecimal(text: string): ExactDecimal | null {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = "", body = ""] = match;
  const [integerPart = "", fractionPart = ""] = body.split(".");
  const magnitude = BigInt((integerPart + fractionPart) || "0");
  return { unscaled: sign === "-" ? -magnitude : magnitude, scale: fractionPart.length };
}

/**
 * Reads a number through its shortest round-trip decimal string, so 0.1 means
 * exactly one tenth rather than the nearest binary double.
 */
export function numberToDecimal(value: number): ExactDecimal | null {
  if (!Number.isFinite(value)) return null;
  const match = NUMBER_STRING.exec(String(value));
  if (!match) return null;
  const [, sign = "", integerPart = "", fractionPart = "", exponent = "0"] = match;
  const magnitude = BigInt(integerPart + fractionPart);
  const scale = fractionPart.length - Number(exponent);
  const unscaled = sign === "-" ? -magnitude : magnitude;
  return scale >= 0 ? { unscaled, scale } : { unscaled: unscaled * 10n ** BigInt(-scale), scale: 0 };
}

export function toDecimal(value: string | number): ExactDecimal | null {
  return typeof value === "number" ? numberToDecimal(value) : parseDecimal(value);
}

/** Integer division rounding half away from zero (the usual commercial rounding). */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** The value as an integer count of `10^-scale` units, rounded half away from zero. */
export function rescale(value: ExactDecimal, scale: number): bigint {
  const shift = scale - value.scale;
  if (shift >= 0) return value.unscaled * 10n ** BigInt(shift);
  return divideRoundHalfAwayFromZero(value.unscaled, 10n ** BigInt(-shift));
}

/** Groups an unsigned digit string in threes: groupThousands("1234567", ",") === "1,234,567". */
export function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
