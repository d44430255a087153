import { parseDecimal, rescale, toDecimal } from "./decimal.ts";

export type Cents = number & { readonly __brand: "Cents" };

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Cents must be a safe integer, got ${String(value)}`);
  }
  // Collapse -0 so it never prints as "-0.00".
  return (value === 0 ? 0 : value) as Cents;
}

function centsFromBigInt(value: bigint): Cents {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount out of range: ${value} cents`);
  }
  return cents(Number(value));
}

// An amount with at most two decimals and thirteen whole digits is exact in integer arithmetic on numbers:
// the API writes every amount this way, and pages read hundreds of them per view.
const WHOLE_CENTS = /^(-?)(\d{1,13})(?:\.(\d{0,2}))?$/;

/** Accepts plain decimal strings ("-12.345", "1234.5") or finite numbers; no thousands separators. */
export function dollarsToCents(value: string | number): Cents {
  const plain = typeof value === "string" ? WHOLE_CENTS.exec(value) : null;
  if (plain) {
    const [, sign, whole = "", fraction = ""] = plain;
    const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    return cents(sign ? -magnitude : magnitude);
  }
  const decimal = typeof value === "number" || typeof value === "string" ? toDecimal(value) : null;
  if (!decimal) throw new RangeError(`Not a finite decimal amount: ${String(value)}`);
  return centsFromBigInt(rescale(decimal, 2));
}

export function centsToDecimalString(c: Cents): string {
  const value = cents(c);
  const magnitude = Math.abs(value);
  const dollars = Math.floor(magnitude / 100);
  const remainder = String(magnitude % 100).padStart(2, "0");
  return `${value < 0 ? "-" : ""}${dollars}.${remainder}`;
}

export function addCents(...values: Cents[]): Cents {
  // Summed as bigint so an overflow is reported instead of silently losing precision.
  return centsFromBigInt(values.reduce((sum, value) => sum + BigInt(cents(value)), 0n));
}

/** Applies a decimal rate such as "0.13" (13 % tax) exactly. */
export function multiplyCentsByRate(c: Cents, rate: string): Cents {
  const decimalRate = typeof rate === "string" ? parseDecimal(rate) : null;
  if (!decimalRate) throw new RangeError(`Not a decimal rate: ${String(rate)}`);
  const product = { unscaled: BigInt(cents(c)) * decimalRate.unscaled, scale: decimalRate.scale };
  return centsFromBigInt(rescale(product, 0));
}

/** The largest price the catalogue shows: 999,999.99 dollars. */
export const PRICE_CAP_CENTS = 99_999_999 as Cents;

/** Feed values meaning "no price": null, empty, 0, 999998, 999999 (whole dollars). */
export const PLACEHOLDER_AMOUNTS = [null, "", 0, 999_998, 999_999] as const;

const PLACEHOLDER_WHOLE_DOLLARS = new Set<bigint>([0n, 999_998n, 999_999n]);

export function isPlaceholderAmount(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "number") return Number.isInteger(value) && PLACEHOLDER_WHOLE_DOLLARS.has(BigInt(value));
  if (typeof value !== "string") return false;
  const trimmed = value.trim();
  if (trimmed === "") return true;
  const decimal = parseDecimal(trimmed);
  if (!decimal) return false;
  const unit = 10n ** BigInt(decimal.scale);
  // "999999.00" is a placeholder, "999999.99" (the price cap) is a real price.
  return decimal.unscaled % unit === 0n && PLACEHOLDER_WHOLE_DOLLARS.has(decimal.unscaled / unit);
}
