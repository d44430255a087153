import type { Locale } from "@showroom/domain";

/** A calendar day (YYYY-MM-DD) in words ("December 3, 2026" / "3 décembre 2026"). */
export function dayInWords(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day.slice(0, 10)}T12:00:00Z`));
}

/** An instant's day in the dealership's zone, in words. */
export function dateInWords(iso: string, locale: Locale, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone }).format(new Date(iso));
  } catch {
    return dayInWords(iso, locale);
  }
}

const intlLocale = (locale: Locale) => (locale === "fr-ca" ? "fr-CA" : locale === "en-us" ? "en-US" : "en-CA");
