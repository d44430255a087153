import type { CalendarMethod } from "@showroom/domain";
import { createEvent, type EventAttributes } from "ics";
import type { AppointmentRow } from "./repo.ts";

export const CALENDAR_PRODUCT_ID = "-//Showroom//Appointments 1.0//EN";
export const CALENDAR_FILENAME = "appointment.ics";

export type CalendarInput = {
  appointment: Pick<AppointmentRow, "uid" | "sequence" | "startsAt" | "endsAt" | "status">;
  method: CalendarMethod;
  /** The calendar file's UID domain: the storefront's host, so UIDs are unique worldwide (RFC 5545 3.8.4.7). */
  host: string;
  title: string;
  description: string;
  location: string;
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** DTSTAMP: when this file was made. */
  now: Date;
};

/** The event's UID: the same for every file of one appointment, so calendars update or remove the one event. */
export const calendarUid = (uid: string, host: string) => `appointment-${uid}@${host}`;

/**
 * The appointment as an iCalendar object (RFC 5545) for iTIP (RFC 5546): VERSION 2.0, our PRODID, METHOD REQUEST
 * (an invitation or its update) or CANCEL; one VEVENT with the appointment's stable UID, its SEQUENCE, DTSTAMP and
 * the start and end in UTC (the `ics` package writes no VTIMEZONE, and UTC is exact), the dealership as ORGANIZER
 * and the shopper as ATTENDEE. Throws when the package refuses the event (never for our own input).
 */
export function appointmentCalendar(input: CalendarInput): string {
  const { appointment, method } = input;
  const canceled = method === "CANCEL";
  // DTSTAMP: `timestamp`, which the package reads (defaulting to the machine's clock) but its types leave out.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: CALENDAR_PRODUCT_ID,
    method,
    uid: calendarUid(appointment.uid, input.host),
    sequence: appointment.sequence,
    timestamp: input.now.getTime(),
    start: appointment.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: appointment.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: input.title,
    description: input.description,
    location: input.location,
    url: input.url,
    status: canceled ? "CANCELLED" : appointment.status === "confirmed" ? "CONFIRMED" : "TENTATIVE",
    organizer: input.organizer,
    attendees: [
      {
        name: input.attendee.name,
        email: input.attendee.email,
        rsvp: false,
        role: "REQ-PARTICIPANT",
        partstat: canceled ? "DECLINED" : "ACCEPTED",
      },
    ],
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error("the calendar file could not be written");
  return value;
}

/** The address part of a From header ("Showroom <no-reply@showroom.example>" → no-reply@showroom.example). */
export function mailAddressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}
