import { describe, expect, it } from "vitest";
import { appointmentStepOf, formatAppointment, kindNeedsAddress } from "./booking.ts";
import type { OpeningHours } from "../trade-in/offer-promise.ts";
import { appointmentSettingsOf, appointmentSlots, checkAppointmentStart, DEFAULT_APPOINTMENT_SETTINGS } from "./slots.ts";
import { instantsOfWallTime, isoInZone, zonedParts } from "./zoned-time.ts";

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
/** Open 09:00–18:00 Monday to Saturday, closed on Sunday (the demo dealerships' hours). */
const weekHours: OpeningHours[] = WEEKDAYS.map((weekday) => (weekday === "sunday" ? { weekday, start: null, end: null } : { weekday, start: "09:00", end: "18:00" }));
/** Open from midnight to 06:00 every day, so the nights the clocks change fall inside opening hours. */
const nightHours: OpeningHours[] = WEEKDAYS.map((weekday) => ({ weekday, start: "00:00", end: "06:00" }));

const settings = DEFAULT_APPOINTMENT_SETTINGS;
/** Saturday 21 November 2026, 10:00 in Toronto (the API tests' clock). */
const saturdayMorning = new Date("2026-11-21T15:00:00Z");

const slotsOn = (date: string, query: Parameters<typeof appointmentSlots>[0]) => appointmentSlots(query).filter((s) => s.date === date);

describe("appointmentSlots", () => {
  it("lays 30-minute slots inside the day's hours, in the dealership's zone, from 2 hours after now", () => {
    const slots = appointmentSlots({ hours: weekHours, timeZone: "America/Toronto", now: saturdayMorning, settings });
    // Saturday: 12:00 is the first slot 2 hours after 10:00; the last starts at 17:30 and ends at closing.
    const saturday = slots.filter((s) => s.date === "2026-11-21");
    expect(saturday[0]).toEqual({
      datetime: "2026-11-21T12:00:00-05:00",
      starts_at: "2026-11-21T17:00:00.000Z",
      ends_at: "2026-11-21T17:30:00.000Z",
      date: "2026-11-21",
      time: "12:00",
      utc_offset: "-05:00",
    });
    expect(saturday.at(-1)!.time).toBe("17:30");
    expect(saturday).toHaveLength(12);
    // Closed on Sunday; Monday has the whole day, 18 slots.
    expect(slots.some((s) => s.date === "2026-11-22")).toBe(false);
    expect(slots.filter((s) => s.date === "2026-11-23").map((s) => s.time)).toEqual(
      Array.from({ length: 18 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`),
    );
    // 14 days, today included: the last day offered is Friday 4 December.
    expect(slots.at(-1)!.date).toBe("2026-12-04");
    expect(slots.every((s) => Date.parse(s.starts_at) >= saturdayMorning.getTime() + 2 * 3_600_000)).toBe(true);
  });

  it("leaves out full slots", () => {
    const full = new Set([Date.parse("2026-11-23T14:00:00Z")]);
    const monday = slotsOn("2026-11-23", { hours: weekHours, timeZone: "America/Toronto", now: saturdayMorning, settings, full });
    expect(monday.map((s) => s.time)).not.toContain("09:00");
    expect(monday).toHaveLength(17);
  });

  it("has no slot in the spring gap (Toronto, 14 March 2027: 02:00 becomes 03:00)", () => {
    const now = new Date("2027-03-12T12:00:00Z");
    const day = slotsOn("2027-03-14", { hours: nightHours, timeZone: "America/Toronto", now, settings });
    expect(day.map((s) => `${s.time}${s.utc_offset}`)).toEqual([
      "00:00-05:00", "00:30-05:00", "01:00-05:00", "01:30-05:00",
      "03:00-04:00", "03:30-04:00", "04:00-04:00", "04:30-04:00", "05:00-04:00", "05:30-04:00",
    ]);
    expect(instantsOfWallTime({ year: 2027, month: 3, day: 14, hour: 2, minute: 30 }, "America/Toronto")).toEqual([]);
  });

  it("offers both occurrences of the autumn's repeated hour, each with its offset (Toronto, 1 November 2026)", () => {
    const now = new Date("2026-10-30T12:00:00Z");
    const day = slotsOn("2026-11-01", { hours: nightHours, timeZone: "America/Toronto", now, settings });
    expect(day.map((s) => s.datetime)).toEqual([
      "2026-11-01T00:00:00-04:00", "2026-11-01T00:30:00-04:00", "2026-11-01T01:00:00-04:00", "2026-11-01T01:30:00-04:00",
      "2026-11-01T01:00:00-05:00", "2026-11-01T01:30:00-05:00", "2026-11-01T02:00:00-05:00", "2026-11-01T02:30:00-05:00",
      "2026-11-01T03:00:00-05:00", "2026-11-01T03:30:00-05:00", "2026-11-01T04:00:00-05:00", "2026-11-01T04:30:00-05:00",
      "2026-11-01T05:00:00-05:00", "2026-11-01T05:30:00-05:00",
    ]);
    // Each occurrence is its own instant, and each is bookable.
    const first = checkAppointmentStart({ hours: nightHours, timeZone: "America/Toronto", now, settings }, new Date("2026-11-01T01:30:00-04:00"));
    const second = checkAppointmentStart({ hours: nightHours, timeZone: "America/Toronto", now, settings }, new Date("2026-11-01T01:30:00-05:00"));
    expect(first).toMatchObject({ ok: true, slot: { starts_at: "2026-11-01T05:30:00.000Z", utc_offset: "-04:00" } });
    expect(second).toMatchObject({ ok: true, slot: { starts_at: "2026-11-01T06:30:00.000Z", utc_offset: "-05:00" } });
    expect(formatAppointment(new Date("2026-11-01T05:30:00Z"), "America/Toronto", "en")).toMatch(/1:30 a\.m\. EDT$/);
    expect(formatAppointment(new Date("2026-11-01T06:30:00Z"), "America/Toronto", "en")).toMatch(/1:30 a\.m\. EST$/);
  });

  it("follows this runtime's tz database for Alberta's 1 November 2026 (tzdata that predates Alberta's change still falls back)", () => {
    const now = new Date("2026-10-30T12:00:00Z");
    const day = slotsOn("2026-11-01", { hours: nightHours, timeZone: "America/Edmonton", now, settings });
    const before = zonedParts(Date.parse("2026-10-31T12:00:00Z"), "America/Edmonton").offsetMinutes;
    const after = zonedParts(Date.parse("2026-11-02T12:00:00Z"), "America/Edmonton").offsetMinutes;
    const fallsBack = before !== after;
    // Node 20's bundled tz database 2025c predates the change, so here Alberta still falls back in 2026.
    if (process.versions.tz === "2025c") expect(fallsBack).toBe(true);
    if (fallsBack) {
      expect([before, after]).toEqual([-360, -420]);
      expect(day).toHaveLength(14);
      expect(day.filter((s) => s.time === "01:30").map((s) => s.utc_offset)).toEqual(["-06:00", "-07:00"]);
    } else {
      expect(day).toHaveLength(12);
      expect(new Set(day.map((s) => s.utc_offset))).toEqual(new Set(["-06:00"]));
    }
    // Spring 2026 (8 March) changed clocks under every tz database: no 02:xx slot.
    const spring = slotsOn("2026-03-08", { hours: nightHours, timeZone: "America/Edmonton", now: new Date("2026-03-06T12:00:00Z"), settings });
    expect(spring.some((s) => s.time.startsWith("02:"))).toBe(false);
    expect(spring).toHaveLength(10);
  });

  it.each([
    ["America/Regina", "-06:00"],
    ["America/Phoenix", "-07:00"],
  ])("keeps one offset all year where the clocks never change (%s)", (timeZone, offset) => {
    for (const [date, now] of [
      ["2027-03-14", "2027-03-12T12:00:00Z"],
      ["2026-11-01", "2026-10-30T12:00:00Z"],
    ] as const) {
      const day = slotsOn(date, { hours: nightHours, timeZone, now: new Date(now), settings });
      expect(day).toHaveLength(12);
      expect(day.every((s) => s.utc_offset === offset)).toBe(true);
      expect(day.map((s) => s.time)).toContain("02:30");
    }
  });

  it("reads a closing time of 24:00 as midnight", () => {
    const hours = WEEKDAYS.map((weekday) => ({ weekday, start: "22:00", end: "24:00" }));
    const day = slotsOn("2026-11-23", { hours, timeZone: "America/Toronto", now: saturdayMorning, settings });
    expect(day.map((s) => s.time)).toEqual(["22:00", "22:30", "23:00", "23:30"]);
    expect(day.at(-1)!.ends_at).toBe("2026-11-24T05:00:00.000Z");
  });

  it("has no slots for days without hours or with hours that make no sense", () => {
    const hours = [
      { weekday: "monday", start: "18:00", end: "09:00" },
      { weekday: "tuesday", start: "9am", end: "5pm" },
    ];
    expect(appointmentSlots({ hours, timeZone: "America/Toronto", now: saturdayMorning, settings })).toEqual([]);
  });
});

describe("checkAppointmentStart", () => {
  const query = { hours: weekHours, timeZone: "America/Toronto", now: saturdayMorning, settings };
  const check = (iso: string) => checkAppointmentStart(query, new Date(iso));

  it("accepts a slot start given with any offset (the same instant)", () => {
    expect(check("2026-11-23T10:30:00-05:00")).toMatchObject({ ok: true, slot: { datetime: "2026-11-23T10:30:00-05:00" } });
    expect(check("2026-11-23T15:30:00Z")).toMatchObject({ ok: true, slot: { datetime: "2026-11-23T10:30:00-05:00" } });
  });

  it("refuses a time in the past, within the lead time, beyond the days offered, or outside opening hours", () => {
    expect(check("2026-11-20T10:00:00-05:00")).toEqual({ ok: false, reason: "past" });
    expect(check("2026-11-21T10:00:00-05:00")).toEqual({ ok: false, reason: "past" });
    expect(check("2026-11-21T11:00:00-05:00")).toEqual({ ok: false, reason: "too_soon" });
    expect(check("2026-12-05T10:00:00-05:00")).toEqual({ ok: false, reason: "too_far" });
    expect(check("2026-11-23T08:30:00-05:00")).toEqual({ ok: false, reason: "closed" });
    expect(check("2026-11-23T18:00:00-05:00")).toEqual({ ok: false, reason: "closed" });
    expect(check("2026-11-23T09:15:00-05:00")).toEqual({ ok: false, reason: "closed" });
    expect(check("2026-11-22T10:00:00-05:00")).toEqual({ ok: false, reason: "closed" }); // Sunday
    expect(checkAppointmentStart(query, new Date("nonsense"))).toEqual({ ok: false, reason: "closed" });
  });
});

describe("appointmentSettingsOf", () => {
  it("takes whole numbers within bounds and falls back to the defaults otherwise", () => {
    expect(appointmentSettingsOf(undefined)).toEqual(DEFAULT_APPOINTMENT_SETTINGS);
    expect(appointmentSettingsOf({ slot_minutes: 60, lead_minutes: 0, days_ahead: 7, capacity_per_slot: 2, autoconfirm: true })).toEqual({
      slot_minutes: 60, lead_minutes: 0, days_ahead: 7, capacity_per_slot: 2, autoconfirm: true,
    });
    expect(appointmentSettingsOf({ slot_minutes: 45, days_ahead: 0, capacity_per_slot: 1.5, lead_minutes: "2h", autoconfirm: "yes" })).toEqual(DEFAULT_APPOINTMENT_SETTINGS);
  });
});

describe("bookings", () => {
  it("asks an address for a test drive at home or at work only", () => {
    expect([kindNeedsAddress("dealership"), kindNeedsAddress("home"), kindNeedsAddress("work")]).toEqual([false, true, true]);
  });
  it("maps the appointment's status to the step (initial, awaiting-dealer, completed)", () => {
    expect([appointmentStepOf(null), appointmentStepOf("requested"), appointmentStepOf("confirmed"), appointmentStepOf("canceled")]).toEqual([
      "initial", "awaiting-dealer", "completed", "initial",
    ]);
  });
  it("formats the time in French with the zone's abbreviation", () => {
    expect(formatAppointment(new Date("2026-11-24T15:30:00Z"), "America/Toronto", "fr")).toBe("mardi 24 novembre 2026 à 10 h 30 HNE");
    expect(isoInZone(Date.parse("2026-11-24T15:30:00Z"), "America/Phoenix")).toBe("2026-11-24T08:30:00-07:00");
  });
});
