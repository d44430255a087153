import type { AppointmentSlot, Locale } from "@showroom/domain";

/**
 * The calendar's slots as the editor shows them: grouped by the dealership's calendar date, each time read in the
 * dealership's zone (not the browser's), and the zone named, so a shopper in Winnipeg booking in Toronto knows which
 * 10:30 it is. Two slots of one day at the same wall-clock time (the autumn's repeated hour) read apart by the
 * zone's abbreviation.
 */

const FORMAT_LOCALE = { "en-ca": "en-CA", "en-us": "en-US", "fr-ca": "fr-CA" } as const;
export const formatLocale = (locale: Locale) => FORMAT_LOCALE[locale] ?? "en-CA";

/** The slots of each date, dates in order (the API answers them earliest first). */
export function slotsByDate(slots: readonly AppointmentSlot[]): Map<string, AppointmentSlot[]> {
  const days = new Map<string, AppointmentSlot[]>();
  for (const slot of slots) {
    const day = days.get(slot.date);
    if (day) day.push(slot);
    else days.set(slot.date, [slot]);
  }
  return days;
}

function timeFormat(locale: Locale, timeZone: string, withZone: boolean) {
  return new Intl.DateTimeFormat(formatLocale(locale), {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    ...(withZone ? { timeZoneName: "short" } : {}),
  });
}

export type TimeChoice = { slot: AppointmentSlot; label: string };

/** One day's times as labels: "10:30 a.m." (or "10 h 30"); the zone's abbreviation added where a time repeats. */
export function timeChoices(slots: readonly AppointmentSlot[], locale: Locale, timeZone: string): TimeChoice[] {
  const plain = timeFormat(locale, timeZone, false);
  const zoned = timeFormat(locale, timeZone, true);
  const seen = new Map<string, number>();
  for (const slot of slots) seen.set(slot.time, (seen.get(slot.time) ?? 0) + 1);
  return slots.map((slot) => ({
    slot,
    label: (seen.get(slot.time)! > 1 ? zoned : plain).format(new Date(slot.starts_at)),
  }));
}

/** A date of the dealership's calendar ("2026-11-24") as a heading: "Tuesday, November 24". */
export function dayLabel(date: string, locale: Locale): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(formatLocale(locale), {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
  }).format(new Date(Date.UTC(year, month - 1, day, 12)));
}

/** The zone as people say it, with its city: "Eastern Time (Toronto)", "heure de l’Est (Toronto)". */
export function zoneName(timeZone: string, locale: Locale, at = new Date()): string {
  const city = timeZone.split("/").pop()!.replace(/_/g, " ");
  let generic: string | undefined;
  try {
    generic = new Intl.DateTimeFormat(formatLocale(locale), { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value;
  } catch {
    generic = undefined;
  }
  return generic && !/^GMT|^UTC/.test(generic) ? `${generic} (${city})` : city;
}

/** The chosen time as a sentence: "Tuesday, November 24 at 10:30 a.m. EST". */
export function slotLabel(slot: AppointmentSlot, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(formatLocale(locale), {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(slot.starts_at));
}
