/**
 * Wall-clock times of an IANA time zone, read from the runtime's tz database (Intl). Appointments are kept as
 * the dealership's local time and zone and turned into instants here (transactions reference 6): a wall time in
 * the spring gap has no instant, one in the autumn's repeated hour has two, told apart by their UTC offsets.
 */

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };
export type ZonedParts = WallTime & { second: number; offsetMinutes: number };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in a zone, and the zone's offset from UTC then (minutes east of UTC: Toronto in winter is -300). */
export function zonedParts(instant: number, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(instant)
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = {
    year: parts["year"]!,
    month: parts["month"]!,
    day: parts["day"]!,
    hour: parts["hour"]!,
    minute: parts["minute"]!,
  };
  const second = parts["second"]!;
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, second);
  const flooredInstant = Math.floor(instant / 1000) * 1000;
  return { ...wall, second, offsetMinutes: Math.round((asUtc - flooredInstant) / MINUTE_MS) };
}

const sameWall = (a: WallTime, b: WallTime) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/**
 * Every instant at which the zone's clock shows this wall time, earliest first: none in a gap (spring forward),
 * two in a repeated hour (fall back), one otherwise. Offsets are read a day either side, so any single change
 * of the zone's rules within that day is seen.
 */
export function instantsOfWallTime(wall: WallTime, timeZone: string): number[] {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const offsets = new Set([
    zonedParts(asUtc - DAY_MS, timeZone).offsetMinutes,
    zonedParts(asUtc + DAY_MS, timeZone).offsetMinutes,
    zonedParts(asUtc, timeZone).offsetMinutes,
  ]);
  const found = new Set<number>();
  for (const offset of offsets) {
    const candidate = asUtc - offset * MINUTE_MS;
    if (sameWall(zonedParts(candidate, timeZone), wall)) found.add(candidate);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The instant of a wall time, resolved as calendars do ("compatible"): in a repeated hour the earlier one; in a
 * gap the wall time moved forward by the gap (02:30 on the spring day is 03:30).
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
  const found = instantsOfWallTime(wall, timeZone);
  if (found.length) return found[0]!;
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - zonedParts(asUtc - DAY_MS, timeZone).offsetMinutes * MINUTE_MS;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** "-04:00" for -240 minutes. */
export function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  return `${sign}${pad(Math.trunc(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
}

/** "2026-11-01" */
export const dateText = (wall: Pick<WallTime, "year" | "month" | "day">) =>
  `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
/** "09:30" */
export const timeText = (wall: Pick<WallTime, "hour" | "minute">) => `${pad(wall.hour)}:${pad(wall.minute)}`;

/** The calendar date in the zone at that instant, "2026-11-26": a dealership's today. */
export const dateInZone = (instant: number, timeZone: string) => dateText(zonedParts(instant, timeZone));

/** ISO 8601 local time with the zone's offset then, to the second: "2026-11-01T01:30:00-04:00". */
export function isoInZone(instant: number, timeZone: string): string {
  const parts = zonedParts(instant, timeZone);
  return `${dateText(parts)}T${timeText(parts)}:${pad(parts.second)}${offsetText(parts.offsetMinutes)}`;
}

/** "HH:MM" as minutes after midnight, or null for anything else. */
export function minutesOfDay(text: string | null | undefined): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text ?? "");
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours <= 24 && minutes < 60 && hours * 60 + minutes <= 24 * 60 ? hours * 60 + minutes : null;
}

/** The calendar date `days` after a date (plain Gregorian arithmetic, no zone), with its weekday (0 Sunday). */
export function addDays(date: Pick<WallTime, "year" | "month" | "day">, days: number) {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate(), weekday: at.getUTCDay() };
}
