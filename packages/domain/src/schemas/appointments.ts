import { z } from "zod";
import {
  APPOINTMENT_CUSTOMER_STATES,
  APPOINTMENT_KINDS,
  APPOINTMENT_STATUSES,
  APPOINTMENT_STEP_STATES,
  kindNeedsAddress,
} from "../appointments/booking.ts";
import { CANADIAN_PROVINCES, US_STATES } from "../constants.ts";
import { isCity } from "../customers/field-rules.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { rowIdSchema, rowIdTextSchema } from "./ids.ts";
import { personNameSchema, phoneSchema } from "./leads.ts";

/**
 * The appointment and test drive calls (transactional contract section 7, "Appointment, test drive"):
 * POST /api/appointment/ (path, datetime, order_id), PATCH /api/appointment/{orderId}/ (path, datetime), the
 * slots the calendar offers, the staff's confirm and propose, and POST /api/test-drive-bookings/ (section 3's
 * payload, answered with the url of the storefront page showing the booking).
 */

export const PROVINCE_CODES = [...CANADIAN_PROVINCES.map((p) => p.code), ...US_STATES.map(([code]) => code)] as [
  string,
  ...string[],
];
export const provinceCodeSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
  z.enum(PROVINCE_CODES, msg("province")),
);

/** The page the call was made from (the contract's `path`): a path of this site, or a full http(s) address. */
export const pagePathSchema = z
  .string(msg("page_path"))
  .trim()
  .max(2000, msg("too_long"))
  .refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), msg("page_path"));

/** A start time as ISO 8601 with an offset or Z ("2026-11-24T10:30:00-05:00"), as the slots give it. */
export const appointmentDatetimeSchema = z.iso.datetime({
  offset: true,
  local: false,
  error: msg("appointment_datetime"),
});

export const appointmentKindSchema = z.enum(APPOINTMENT_KINDS, msg("appointment_kind"));

/** Where a test drive is brought: street, city, province or state, and postal or ZIP code. */
export const bookingAddressSchema = z.object({
  street: z.string(msg("street")).trim().min(3, msg("street")).max(120, msg("too_long")),
  city: z.string(msg("city")).trim().max(60, msg("too_long")).refine(isCity, msg("city")),
  province: provinceCodeSchema,
  postal_code: z
    .string(msg("postal_or_zip"))
    .trim()
    .max(10, msg("too_long"))
    .refine(
      (v) => /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/.test(v) || /^\d{5}(-?\d{4})?$/.test(v),
      msg("postal_or_zip"),
    ),
});
export type BookingAddress = z.output<typeof bookingAddressSchema>;
/** The address as the API answers it (plain values: response schemas carry no transforms). */
export const bookingAddressOutputSchema = z.object({
  street: z.string(),
  city: z.string(),
  province: z.string(),
  postal_code: z.string(),
});

const commentsSchema = z.string().trim().max(1000, msg("too_long"));

/** An address is required exactly when the vehicle is brought to the shopper. */
function requireAddress(
  value: { kind?: (typeof APPOINTMENT_KINDS)[number] | undefined; address?: BookingAddress | null | undefined },
  context: z.core.$RefinementCtx,
) {
  if (value.kind && kindNeedsAddress(value.kind) && !value.address)
    context.addIssue({ code: "custom", path: ["address"], message: msg("appointment_address_required") });
}

export const appointmentCreateSchema = z
  .object({
    path: pagePathSchema,
    datetime: appointmentDatetimeSchema,
    order_id: rowIdSchema(msg("order_id")),
    kind: appointmentKindSchema.default("dealership"),
    address: bookingAddressSchema.nullish(),
    comments: commentsSchema.nullish(),
  })
  .superRefine(requireAddress);
export type AppointmentCreate = z.output<typeof appointmentCreateSchema>;

/** A change by the shopper: a new time, and the place when it changes (an address then if it is brought to them). */
export const appointmentPatchSchema = z
  .object({
    path: pagePathSchema,
    datetime: appointmentDatetimeSchema,
    kind: appointmentKindSchema.optional(),
    address: bookingAddressSchema.nullish(),
    comments: commentsSchema.nullish(),
  })
  .superRefine(requireAddress);
export type AppointmentPatch = z.output<typeof appointmentPatchSchema>;

export const orderIdPathSchema = z.object({ orderId: rowIdTextSchema(msg("order_id")) });

export const appointmentSlotSchema = z.object({
  datetime: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  date: z.string(),
  time: z.string(),
  utc_offset: z.string(),
});

export const appointmentSlotsSchema = z.object({
  enabled: z.boolean(),
  time_zone: z.string(),
  slot_minutes: z.number().int(),
  lead_minutes: z.number().int(),
  days_ahead: z.number().int(),
  kinds: z.array(appointmentKindSchema),
  slots: z.array(appointmentSlotSchema),
});
export type AppointmentSlots = z.infer<typeof appointmentSlotsSchema>;

export const appointmentSchema = z.object({
  id: z.number().int(),
  /** The calendar event's UID: the same in every calendar file sent for this appointment. */
  uid: z.string(),
  order_id: z.number().int(),
  kind: appointmentKindSchema,
  status: z.enum(APPOINTMENT_STATUSES),
  /** Spec 4, "Appointment (customer-facing)": null once canceled. */
  customer_state: z.enum(APPOINTMENT_CUSTOMER_STATES).nullable(),
  step: z.enum(APPOINTMENT_STEP_STATES),
  /** Who chose the current time: the shopper, or staff proposing another. */
  proposed_by: z.enum(["customer", "dealer"]),
  datetime: z.string(),
  formatted: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  address: bookingAddressOutputSchema.nullable(),
  comments: z.string().nullable(),
  is_autoconfirmed: z.boolean(),
  /** The calendar file's SEQUENCE: raised on each change sent to the shopper. */
  sequence: z.number().int(),
  created: z.string(),
  last_updated: z.string(),
});
export type AppointmentWire = z.infer<typeof appointmentSchema>;

/** Staff: the appointments of the dealership, optionally of one customer or deal, or in one status. */
export const staffAppointmentsQuerySchema = z.object({
  customer: rowIdTextSchema(msg("row_id")).optional(),
  order: rowIdTextSchema(msg("order_id")).optional(),
  status: z.enum(APPOINTMENT_STATUSES, msg("choice")).optional(),
});

export const staffAppointmentSchema = appointmentSchema.extend({
  customer: z.object({ id: z.number().int(), full_name: z.string(), email: z.string(), phone: z.string().nullable() }),
});

/** Staff propose another time (a slot of the calendar; the lead time does not apply to them). */
export const appointmentProposeSchema = z.object({
  datetime: appointmentDatetimeSchema,
  comments: commentsSchema.nullish(),
});

// ---- test drive bookings -----------------------------------------------------------------------------------------

export const TEST_DRIVE_LANGUAGES = ["en", "fr"] as const;

/** Section 3, "Test drive booking"; `address` (ours) is needed when the test drive is brought to the shopper. */
export const testDriveBookingSchema = z
  .object({
    booking_option: z.enum(APPOINTMENT_KINDS, msg("appointment_kind")),
    model_year: z
      .number(msg("model_year"))
      .int(msg("model_year"))
      .min(1980, msg("model_year"))
      .max(2100, msg("model_year")),
    model_code: z.string(msg("required")).trim().min(1, msg("required")).max(40, msg("too_long")),
    model_name: z.string(msg("required")).trim().min(1, msg("required")).max(80, msg("too_long")),
    dealer_code: z.string(msg("required")).trim().min(1, msg("required")).max(60, msg("too_long")),
    province: provinceCodeSchema,
    first_name: personNameSchema,
    last_name: personNameSchema,
    phone: phoneSchema,
    tokenized_url: z
      .string(msg("url"))
      .trim()
      .max(2000, msg("too_long"))
      .pipe(z.url({ protocol: /^https?$/, error: msg("url") })),
    language: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase().slice(0, 2) : v),
      z.enum(TEST_DRIVE_LANGUAGES, msg("language")),
    ),
    address: bookingAddressSchema.nullish(),
  })
  .superRefine((value, context) => requireAddress({ kind: value.booking_option, address: value.address }, context));
export type TestDriveBookingInput = z.output<typeof testDriveBookingSchema>;

export const testDriveBookingResultSchema = z.object({ url: z.string() });

/** What the booking's page shows (read by the id in its url; no phone and no last name). */
export const testDriveBookingViewSchema = z.object({
  id: z.string(),
  dealership: z.object({ code: z.string(), name: z.string(), phone: z.string() }),
  booking_option: appointmentKindSchema,
  model_year: z.number().int(),
  model_name: z.string(),
  first_name: z.string(),
  language: z.enum(TEST_DRIVE_LANGUAGES),
  created: z.string(),
});
export const testDriveBookingIdPathSchema = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, msg("row_id")) });
