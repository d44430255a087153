import type { AppointmentKind, AppointmentStatus, BookingAddress } from "@showroom/domain";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "../customers/tables.ts";
import { dealerUsers } from "../dealer-auth/tables.ts";
import { dealerships } from "../dealerships/tables.ts";
import { orders } from "../orders/tables.ts";

/**
 * A deal's appointment at the dealership (or a test drive brought to the shopper). Kept as the dealership's wall
 * time and zone, with the offset then (which of the autumn's two 1:30s) and the instant derived from them
 * (transactions reference 6). One active appointment per deal; a slot holds at most the dealership's capacity
 * (`seat` 0..capacity-1, unique per slot among active appointments, so two bookings can never share a seat).
 */
export const appointments = pgTable(
  "appointments",
  {
    id: serial().primaryKey(),
    /** The calendar event's UID (before "@"): the same in every calendar file of this appointment. */
    uid: text().notNull().unique(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text().$type<AppointmentKind>().notNull(),
    status: text().$type<AppointmentStatus>().notNull(),
    proposedBy: text().$type<"customer" | "dealer">().notNull(),
    timeZone: text().notNull(),
    /** The dealership's calendar date and wall-clock time ("2026-11-24", "10:30") and its offset then, in minutes. */
    localDate: text().notNull(),
    localTime: text().notNull(),
    utcOffsetMinutes: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    seat: integer().notNull(),
    address: jsonb().$type<BookingAddress>(),
    comments: text(),
    /** The page the shopper booked from (the contract's `path`). */
    pageUrl: text(),
    language: text().$type<"en" | "fr">().notNull(),
    /** The calendar file's SEQUENCE, raised with every change sent to the shopper. */
    sequence: integer().notNull().default(0),
    isAutoconfirmed: boolean().notNull().default(false),
    /** The staff user who last confirmed or proposed a time. */
    staffUserId: integer().references(() => dealerUsers.id, { onDelete: "set null" }),
    confirmedAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("appointments_active_order_unique")
      .on(t.orderId)
      .where(sql`${t.status} <> 'canceled'`),
    uniqueIndex("appointments_active_seat_unique")
      .on(t.dealershipId, t.startsAt, t.seat)
      .where(sql`${t.status} <> 'canceled'`),
    index("appointments_dealership_start_idx").on(t.dealershipId, t.startsAt),
    index("appointments_customer_idx").on(t.dealershipId, t.customerId),
  ],
);

/**
 * A test drive booked from a model page (contract section 3, "Test drive booking"): the model, the shopper's name
 * and phone, where the drive happens. `uid` names its page (the url the call answers with).
 */
export const testDriveBookings = pgTable(
  "test_drive_bookings",
  {
    id: serial().primaryKey(),
    uid: text().notNull().unique(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    /** The signed-in customer who booked, when there was one. */
    customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
    bookingOption: text().$type<AppointmentKind>().notNull(),
    modelYear: integer().notNull(),
    modelCode: text().notNull(),
    modelName: text().notNull(),
    province: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text().notNull(),
    tokenizedUrl: text().notNull(),
    language: text().$type<"en" | "fr">().notNull(),
    address: jsonb().$type<BookingAddress>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("test_drive_bookings_dealership_idx").on(t.dealershipId, t.createdAt)],
);
