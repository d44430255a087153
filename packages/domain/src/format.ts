import { divideRoundHalfAwayFromZero, groupThousands, rescale, toDecimal } from "./decimal.ts";
import { cents, type Cents } from "./money.ts";

export type Locale = "en-ca" | "en-us" | "fr-ca";
export type Currency = "cad" | "usd";
export type LengthUnit = "km" | "mi";

// French typography keeps numbers and their unit together on one line.
const NBSP = "\u00a0";

interface NumberStyle {
  readonly groupSeparator: string;
  readonly decimalSeparator: string;
}

const ENGLISH: NumberStyle = { groupSeparator: ",", decimalSeparator: "." };
const FRENCH: NumberStyle = { groupSeparator: NBSP, decimalSeparator: "," };

function isFrench(locale: Locale): boolean {
  return locale === "fr-ca";
}

function styleFor(locale: Locale): NumberStyle {
  return isFrench(locale) ? FRENCH : ENGLISH;
}

/** Formats `magnitude / 10^fractionDigits` (magnitude >= 0) with the locale's separators. */
function formatUnsigned(magnitude: bigint, fractionDigits: number, style: NumberStyle): string {
  const digits = magnitude.toString().padStart(fractionDigits + 1, "0");
  const integerPart = groupThousands(digits.slice(0, digits.length - fractionDigits), style.groupSeparator);
  if (fractionDigits === 0) return integerPart;
  return `${integerPart}${style.decimalSeparator}${digits.slice(-fractionDigits)}`;
}

/** Both currencies print a bare "$": the storefront's country already tells which dollar it is. */
export function formatMoney(
  amount: Cents,
  options: { locale: Locale; currency: Currency; wholeDollars?: boolean },
): string {
  const value = BigInt(cents(amount));
  const shown = options.wholeDollars ? divideRoundHalfAwayFromZero(value, 100n) : value;
  const sign = shown < 0n ? "-" : "";
  const number = formatUnsigned(shown < 0n ? -shown : shown, options.wholeDollars ? 0 : 2, styleFor(options.locale));
  return isFrench(options.locale) ? `${sign}${number}${NBSP}$` : `${sign}$${number}`;
}

/** `rate` is already in percent: "4.99" prints as 4.99 %. */
export function formatPercent(rate: string | number, locale: Locale): string {
  const decimal = typeof rate === "string" || typeof rate === "number" ? toDecimal(rate) : null;
  if (!decimal) throw new RangeError(`Not a finite percentage: ${String(rate)}`);
  const hundredths = rescale(decimal, 2);
  const sign = hundredths < 0n ? "-" : "";
  const number = formatUnsigned(hundredths < 0n ? -hundredths : hundredths, 2, styleFor(locale));
  return isFrench(locale) ? `${sign}${number}${NBSP}%` : `${sign}${number}%`;
}

/**
 * A rate given as a fraction ("0.13", "0.09975") in percent, exactly and with no trailing zeros: "13%",
 * "9.975%" (French "13 %", "9,975 %"). Tax rates are never rounded; text that is not a decimal comes back as is.
 */
export function formatRate(fraction: string | number, locale: Locale): string {
  const decimal = toDecimal(fraction);
  if (!decimal || decimal.unscaled < 0n) return String(fraction);
  let scale = Math.max(decimal.scale - 2, 0);
  let magnitude = decimal.unscaled * 10n ** BigInt(Math.max(2 - decimal.scale, 0));
  while (scale > 0 && magnitude % 10n === 0n) {
    magnitude /= 10n;
    scale -= 1;
  }
  const number = formatUnsigned(magnitude, scale, styleFor(locale));
  return isFrench(locale) ? `${number}${NBSP}%` : `${number}%`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function parseIsoDate(text: string): Date {
  const iso = text.trim().toUpperCase().replace(" ", "T");
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`Not an ISO date: ${text}`);
  const [, year = "", month = "", day = "", hour = "0", minute, second = "0", offset] = match;
  // A date-time without an offset is read as UTC so the result never depends on the server's time zone.
  const date = new Date(minute !== undefined && offset === undefined ? `${iso}Z` : iso);
  // Date silently rolls "2026-02-30" over into March; reject impossible calendar dates instead.
  const calendar = new Date(0);
  calendar.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  const valid =
    !Number.isNaN(date.getTime()) &&
    calendar.getUTCMonth() === Number(month) - 1 &&
    calendar.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute ?? "0") < 60 &&
    Number(second) < 60;
  if (!valid) throw new RangeError(`Invalid date: ${text}`);
  return date;
}

/** "MM/dd/yyyy" in UTC for every locale; the locale parameter is kept so call sites stay stable if that changes. */
export function formatDate(value: Date | string, _locale: Locale): string {
  const date = typeof value === "string" ? parseIsoDate(value) : value;
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new RangeError("Invalid date");
  }
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  const day = String(date.getUTCDate()).padStart(2, "0");
  const year = String(date.getUTCFullYear()).padStart(4, "0");
  return `${month}/${day}/${year}`;
}

/** Odometer-style whole number; fractions are rounded half away from zero. */
export function formatDistance(value: number, unit: LengthUnit, locale: Locale): string {
  const decimal = typeof value === "number" ? toDecimal(value) : null;
  if (!decimal) throw new RangeError(`Not a finite distance: ${String(value)}`);
  const whole = rescale(decimal, 0);
  const sign = whole < 0n ? "-" : "";
  const style = styleFor(locale);
  const number = formatUnsigned(whole < 0n ? -whole : whole, 0, style);
  return `${sign}${number}${isFrench(locale) ? NBSP : " "}${unit}`;
}

export function lengthUnitForCountry(country: "CA" | "US"): LengthUnit {
  return country === "US" ? "mi" : "km";
}
