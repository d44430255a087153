import { dateInZone, dollarsToCents, formatMoney, type Currency, type Locale } from "@showroom/domain";

/** The quote builder's figures and dates in the page's language. */

const intlLocale = (locale: Locale) => (locale === "fr-ca" ? "fr-CA" : locale === "en-us" ? "en-US" : "en-CA");

/** "$2,500.00" / "2 500,00 $" from the API's dollar strings. */
export const money = (amount: string, locale: Locale, currency: Currency) => formatMoney(dollarsToCents(amount), { locale, currency });

/** Today at the dealership (YYYY-MM-DD), as the API's expiry check reads it. */
export const todayIn = (timeZone: string, at: Date = new Date()) => dateInZone(at.getTime(), timeZone);

/** A calendar day (YYYY-MM-DD) in words: "May 21, 2026" / "21 mai 2026". */
export function dayInWords(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
}

/** An instant in the dealership's zone, in words with the time ("May 21, 2026 at 3:04 p.m."). */
export const momentInWords = (iso: string, locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeStyle: "short", timeZone }).format(new Date(iso));

/** An instant's day in the dealership's zone, in words. */
export const dateInWords = (iso: string, locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone }).format(new Date(iso));

/** A whole number with the language's grouping ("20,000" / "20 000"). */
export const wholeNumber = (value: number, locale: Locale) => new Intl.NumberFormat(intlLocale(locale)).format(value);
