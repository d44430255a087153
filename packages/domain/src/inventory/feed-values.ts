import { parseDecimal } from "../decimal.ts";
import { dollarsToCents, isPlaceholderAmount, PRICE_CAP_CENTS, type Cents } from "../money.ts";

/** A cell that could not be read; `reason` ends without a period and starts with the label. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

/** VIN rule of the spec: 17 letters and digits, no I, O or Q, any case. */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/i;

export function parseVin(raw: string): Parsed<string> {
  const vin = raw.trim().toUpperCase();
  return VIN.test(vin) ? ok(vin) : fail("VIN must be 17 letters and digits without I, O or Q");
}

/** The newest model year a feed may list: the calendar year of `now` (UTC) plus two. */
export function maxFeedModelYear(now: Date): number {
  return now.getUTCFullYear() + 2;
}

export const MIN_FEED_MODEL_YEAR = 1981;

export function parseYear(raw: string, now: Date): Parsed<number> {
  const text = raw.trim();
  const year = /^\d{4}$/.test(text) ? Number(text) : Number.NaN;
  const max = maxFeedModelYear(now);
  return year >= MIN_FEED_MODEL_YEAR && year <= max
    ? ok(year)
    : fail(`Year must be a whole number from ${MIN_FEED_MODEL_YEAR} to ${max}`);
}

/** Seven digits, as on a mechanical odometer; a bigger reading is a typing error. */
export const MAX_ODOMETER = 9_999_999;

const PLAIN_INTEGER = /^\d+$/;
const GROUPED_INTEGER = /^\d{1,3}(,\d{3})+$/;

/** "12345" or "12,345"; empty is 0. The unit (km or miles) is the dealership's, not converted. */
export function parseOdometer(raw: string): Parsed<number> {
  const text = raw.trim();
  if (text === "") return ok(0);
  const value = PLAIN_INTEGER.test(text) || GROUPED_INTEGER.test(text) ? Number(text.replaceAll(",", "")) : Number.NaN;
  return value <= MAX_ODOMETER
    ? ok(value)
    : fail("Odometer must be a whole number from 0 to 9,999,999");
}

const GROUPED_DECIMAL = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * A dollar amount: "25999", "25999.5", "$25,999.00". The spec's placeholders (empty, 0,
 * 999998, 999999) mean "no amount" and give null. Negative, unreadable, finer than a cent
 * or above the 999,999.99 cap is an error rather than a guess.
 */
export function parseAmount(raw: string, label: string): Parsed<Cents | null> {
  let text = raw.trim();
  const negative = text.startsWith("-");
  if (negative) text = text.slice(1).trim();
  if (text.startsWith("$")) text = text.slice(1).trim();
  if (GROUPED_DECIMAL.test(text)) text = text.replaceAll(",", "");
  const signed = negative ? `-${text}` : text;
  if (raw.trim() === "" || (text !== "" && isPlaceholderAmount(signed))) return ok(null);
  const decimal = /^[+]?(\d+\.?\d*|\.\d+)$/.test(text) ? parseDecimal(text) : null;
  if (!decimal) return fail(`${label} is not a number`);
  if (negative && decimal.unscaled !== 0n) return fail(`${label} must not be negative`);
  if (decimal.scale > 2 && decimal.unscaled % 10n ** BigInt(decimal.scale - 2) !== 0n) {
    return fail(`${label} has fractions of a cent`);
  }
  const amount = dollarsToCents(text);
  return amount <= PRICE_CAP_CENTS ? ok(amount) : fail(`${label} is above the 999,999.99 cap`);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** YYYY-MM-DD or MM/DD/YYYY to an ISO date; null when empty or not a real calendar date. */
export function parseFeedDate(raw: string): string | null {
  const text = raw.trim();
  const iso = ISO_DATE.exec(text);
  const us = iso ? null : US_DATE.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!valid) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A pipe-separated list, items trimmed, empty items dropped. */
export function splitList(raw: string): string[] {
  return raw
    .split("|")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** The http(s) URLs of a pipe-separated list (as the URL parser writes them) and how many were not. */
export function parsePhotoUrls(raw: string): { urls: string[]; dropped: number } {
  const urls: string[] = [];
  let dropped = 0;
  for (const item of splitList(raw)) {
    const url = toUrl(item);
    if (url && (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "") urls.push(url.href);
    else dropped += 1;
  }
  return { urls, dropped };
}

// URL.canParse is missing from Safari before 17.
function toUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
