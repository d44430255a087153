import type { OpeningHours } from "../trade-in/offer-promise.ts";
import {
  addDays,
  dateText,
  instantOfWallTime,
  isoInZone,
  minutesOfDay,
  offsetText,
  timeText,
  zonedParts,
} from "./zoned-time.ts";

/**
 * Appointment slots (transactional spec 2 "Appointment", transactions reference 6): the times a shopper may book,
 * inside the dealership's opening hours (dealer info dealer_hours, per weekday) in its IANA time zone, from a
 * lead time after now and for a number of days ahead. Slots are laid in real time from the opening instant, so
 * the spring gap has none (02:00–03:00 does not exist that night) and the autumn's repeated hour has its two
 * occurrences, told apart by their offsets (01:30-04:00, then 01:30-05:00).
 */

export type AppointmentSettings = {
  /** Length of a slot and of the appointment, in minutes. */
  slot_minutes: number;
  /** How soon the first bookable slot starts after now, in minutes (the dealership needs time to prepare the vehicle). */
  lead_minutes: number;
  /** How many calendar days, today included, the calendar offers. */
  days_ahead: number;
  /** Appointments one slot takes at once (the people and vehicles the dealership has for it). */
  capacity_per_slot: number;
  /** A booked time is confirmed at once, without staff confirming it (the order's is_appointment_autoconfirmed). */
  autoconfirm: boolean;
};

export const DEFAULT_APPOINTMENT_SETTINGS: AppointmentSettings = {
  slot_minutes: 30,
  lead_minutes: 120,
  days_ahead: 14,
  capacity_per_slot: 1,
  autoconfirm: false,
};

const BOUNDS: Record<Exclude<keyof AppointmentSettings, "autoconfirm">, [number, number]> = {
  slot_minutes: [15, 240],
  lead_minutes: [0, 7 * 24 * 60],
  days_ahead: [1, 90],
  capacity_per_slot: [1, 50],
};

/**
 * A dealership's appointment settings (dealer info `appointment_settings`, every key optional): each value that is
 * a whole number within its bounds is taken, anything else falls back to DEFAULT_APPOINTMENT_SETTINGS. Slot lengths
 * divide an hour or are whole hours, so slots stay on the clock's half hours across a change of offset.
 */
export function appointmentSettingsOf(raw: unknown): AppointmentSettings {
  const given = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const out = { ...DEFAULT_APPOINTMENT_SETTINGS };
  for (const [key, [min, max]] of Object.entries(BOUNDS) as [keyof typeof BOUNDS, [number, number]][]) {
    const value = given[key];
    if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) out[key] = value;
  }
  if (60 % out.slot_minutes !== 0 && out.slot_minutes % 60 !== 0)
    out.slot_minutes = DEFAULT_APPOINTMENT_SETTINGS.slot_minutes;
  if (typeof given["autoconfirm"] === "boolean") out.autoconfirm = given["autoconfirm"];
  return out;
}

export type AppointmentSlot = {
  /** The start as ISO 8601 local time with the offset then: what the calendar shows and what a booking sends back. */
  datetime: string;
  /** The same start in UTC. */
  starts_at: string;
  ends_at: string;
  /** The dealership's calendar date and wall-clock time of the start. */
  date: string;
  time: string;
  utc_offset: string;
};

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
const MINUTE_MS = 60_000;

export type SlotQuery = {
  hours: readonly OpeningHours[];
  timeZone: string;
  now: Date;
  settings: AppointmentSettings;
  /** Starts (epoch ms) already full: left out. */
  full?: ReadonlySet<number>;
};

function slotOf(start: number, settings: AppointmentSettings, timeZone: string): AppointmentSlot {
  const parts = zonedParts(start, timeZone);
  return {
    datetime: isoInZone(start, timeZone),
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + settings.slot_minutes * MINUTE_MS).toISOString(),
    date: dateText(parts),
    time: timeText(parts),
    utc_offset: offsetText(parts.offsetMinutes),
  };
}

/** The instant a day's "HH:MM" (up to 24:00) falls on; a time in a gap moves forward, a repeated one is the earlier. */
function instantOfDayTime(
  date: { year: number; month: number; day: number },
  minutes: number,
  timeZone: string,
): number {
  const day = addDays(date, Math.floor(minutes / (24 * 60)));
  const rest = minutes % (24 * 60);
  return instantOfWallTime({ ...day, hour: Math.floor(rest / 60), minute: rest % 60 }, timeZone);
}

/** Every slot start (epoch ms) of the window, open or full, before the lead time is applied. */
function slotStarts(query: Omit<SlotQuery, "full">): number[] {
  const { hours, timeZone, now, settings } = query;
  const today = zonedParts(now.getTime(), timeZone);
  const starts: number[] = [];
  for (let offset = 0; offset < settings.days_ahead; offset++) {
    const date = addDays(today, offset);
    const opening = hours.find((h) => h.weekday === WEEKDAYS[date.weekday]);
    const [open, close] = [minutesOfDay(opening?.start), minutesOfDay(opening?.end)];
    if (open === null || close === null || close <= open) continue;
    const from = instantOfDayTime(date, open, timeZone);
    const until = instantOfDayTime(date, close, timeZone);
    for (
      let start = from;
      start + settings.slot_minutes * MINUTE_MS <= until;
      start += settings.slot_minutes * MINUTE_MS
    )
      starts.push(start);
  }
  return starts;
}

/** The bookable slots, earliest first: inside opening hours, at least the lead time after now, not full. */
export function appointmentSlots(query: SlotQuery): AppointmentSlot[] {
  const earliest = query.now.getTime() + query.settings.lead_minutes * MINUTE_MS;
  return slotStarts(query)
    .filter((start) => start >= earliest && !query.full?.has(start))
    .map((start) => slotOf(start, query.settings, query.timeZone));
}

export type SlotRefusal = "past" | "too_soon" | "too_far" | "closed";

/**
 * Whether a chosen start (any instant; the API reads it from ISO 8601 with an offset) is a slot a shopper may
 * book now: not in the past, not within the lead time, within the days offered, and the start of a slot inside
 * opening hours. Whether the slot is full is the booking's to say (it counts under a lock).
 */
export function checkAppointmentStart(
  query: Omit<SlotQuery, "full">,
  start: Date,
): { ok: true; slot: AppointmentSlot } | { ok: false; reason: SlotRefusal } {
  const at = start.getTime();
  const now = query.now.getTime();
  if (!Number.isFinite(at)) return { ok: false, reason: "closed" };
  if (at <= now) return { ok: false, reason: "past" };
  if (at < now + query.settings.lead_minutes * MINUTE_MS) return { ok: false, reason: "too_soon" };
  const lastDay = addDays(zonedParts(now, query.timeZone), query.settings.days_ahead - 1);
  if (dateText(zonedParts(at, query.timeZone)) > dateText(lastDay)) return { ok: false, reason: "too_far" };
  if (!slotStarts(query).includes(at)) return { ok: false, reason: "closed" };
  return { ok: true, slot: slotOf(at, query.settings, query.timeZone) };
}
