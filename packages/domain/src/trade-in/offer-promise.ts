/**
 * Spec 9, "Trade-in conditional offer promise": the dealership answers within a number of business hours, counted
 * in its opening hours and its time zone (a trade sent on Saturday evening is answered on Monday morning).
 */

export type OpeningHours = { weekday: string; start: string | null; end: string | null };

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Looked ahead at most two weeks: a dealership closed longer than that has no business hours to promise in. */
const LOOKAHEAD_DAYS = 14;

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function localParts(at: number, timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" });
    partsFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return { year: parts["year"]!, month: parts["month"]!, day: parts["day"]!, hour: parts["hour"]!, minute: parts["minute"]! };
}

/** The instant a wall-clock time of a calendar day has in a time zone (twice corrected, for the days clocks change). */
function instantOf(year: number, month: number, day: number, time: string, timeZone: string): number {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const seen = localParts(guess, timeZone);
    guess += wall - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
  }
  return guess;
}

/** When the promised business hours run out after `submittedAt`; with no opening hours, the same number of plain hours. */
export function offerPromisedBy(submittedAt: Date, openingHours: readonly OpeningHours[], timeZone: string, businessHours: number): Date {
  let remaining = businessHours * 60 * MINUTE_MS;
  const start = submittedAt.getTime();
  const today = localParts(start, timeZone);
  const firstDay = Date.UTC(today.year, today.month - 1, today.day);
  for (let offset = 0; offset < LOOKAHEAD_DAYS; offset++) {
    const date = new Date(firstDay + offset * DAY_MS);
    const hours = openingHours.find((h) => h.weekday === WEEKDAYS[date.getUTCDay()]);
    if (!hours?.start || !hours.end) continue;
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const open = instantOf(y, m, d, hours.start, timeZone);
    const close = instantOf(y, m, d, hours.end, timeZone);
    const from = Math.max(open, start);
    if (from >= close) continue;
    if (close - from >= remaining) return new Date(from + remaining);
    remaining -= close - from;
  }
  return new Date(start + businessHours * 60 * MINUTE_MS);
}
