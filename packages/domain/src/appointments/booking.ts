import type { StepStatusValue } from "../orders/order-rules.ts";

/**
 * Bookings (transactional spec 2 "Appointment", 3 "Appointment" and "Test drive booking", 4 "Appointment step"):
 * where the shopper meets the vehicle, what an appointment's status means for the deal's appointment step, and
 * how its time reads in the dealership's zone.
 */

/** At the dealership, or a test drive brought to the shopper's home or work (an address is needed then). */
export const APPOINTMENT_KINDS = ["dealership", "home", "work"] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];
export const kindNeedsAddress = (kind: AppointmentKind): boolean => kind !== "dealership";

/**
 * An appointment is requested by the shopper (the dealership still has to confirm it), confirmed (by staff, by the
 * dealership's autoconfirm setting, or because staff chose the time themselves) or canceled.
 */
export const APPOINTMENT_STATUSES = ["requested", "confirmed", "canceled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The appointment step's states (spec 4) and their numeric step status on the order (spec 4, "Step status"). */
export const APPOINTMENT_STEP_STATES = ["initial", "awaiting-dealer", "completed"] as const;
export type AppointmentStepState = (typeof APPOINTMENT_STEP_STATES)[number];
export const APPOINTMENT_STEP_VALUE: Record<AppointmentStepState, StepStatusValue> = {
  initial: 0,
  "awaiting-dealer": 2,
  completed: 1,
};

export function appointmentStepOf(status: AppointmentStatus | null): AppointmentStepState {
  if (status === "requested") return "awaiting-dealer";
  if (status === "confirmed") return "completed";
  return "initial";
}

/** Spec 4, "Appointment (customer-facing)": requested until the dealership confirms it, then confirmed. */
export const APPOINTMENT_CUSTOMER_STATES = ["requested", "confirmed"] as const;

/** The ADF vehicle interest of an appointment's lead: a visit to the dealership is about buying; one brought to the shopper is a test drive. */
export const adfInterestOfKind = (kind: AppointmentKind): "buy" | "test-drive" =>
  kind === "dealership" ? "buy" : "test-drive";

const FORMAT_LOCALES = { en: "en-CA", fr: "fr-CA" } as const;

/**
 * An appointment's time as the shopper reads it, in the dealership's zone with the zone's abbreviation, so the two
 * 1:30s of the autumn night read apart: "Tuesday, November 24, 2026 at 10:30 a.m. EST",
 * "mardi 24 novembre 2026 à 10 h 30 HNE".
 */
export function formatAppointment(at: Date, timeZone: string, language: "en" | "fr"): string {
  return new Intl.DateTimeFormat(FORMAT_LOCALES[language], {
    timeZone,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
}
