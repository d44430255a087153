import { dateInZone, dollarsToCents, formatMoney, type Currency, type Locale } from "@showroom/domain";

/** A card number as typed, in the groups printed on the card: 4-6-5 for American Express, else fours (19 digits at most). */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 19);
  if (/^3[47]/.test(digits)) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(" ");
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

const BRAND_NAMES: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };
export const brandName = (brand: string | null) => (brand ? (BRAND_NAMES[brand] ?? brand) : null);

/** "$500.00" / "500,00 $" from the API's dollar strings. */
export const money = (amount: string, locale: Locale, currency: Currency) => formatMoney(dollarsToCents(amount), { locale, currency });

const intlLocale = (locale: Locale) => (locale === "fr-ca" ? "fr-CA" : locale === "en-us" ? "en-US" : "en-CA");

/** Today at the dealership (YYYY-MM-DD), as the API's expiry check reads it. */
export const todayIn = (timeZone: string, at: Date = new Date()) => dateInZone(at.getTime(), timeZone);

/** A calendar day (YYYY-MM-DD) plus `days`, in words ("May 21, 2026" / "21 mai 2026"). */
export function dayInWords(day: string, days: number, locale: Locale): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** An instant in the dealership's zone, in words with the time ("May 21, 2026 at 3:04 p.m."). */
export const momentInWords = (iso: string, locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeStyle: "short", timeZone }).format(new Date(iso));

/** An instant's day in the dealership's zone, in words. */
export const dateInWords = (iso: string, locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone }).format(new Date(iso));
