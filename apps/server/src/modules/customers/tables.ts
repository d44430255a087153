import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";

/** A shopper's contact-dealer request: kept for the dealership even when its CRM delivery is pending. */
export const contactLeads = pgTable(
  "contact_leads",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    vehicleId: integer().references(() => vehicles.id),
    orderId: integer(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    url: text().notNull(),
    helpMessage: text().notNull(),
    source: text(),
    language: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_leads_dealership_idx").on(t.dealershipId, t.createdAt)],
);

/** A shopper of one dealership. Email is kept lower-case and is unique within the dealership. */
export const customers = pgTable(
  "customers",
  {
    id: serial().primaryKey(),
    uid: text().notNull().unique(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    email: text().notNull(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    /** Ten digits, no formatting. */
    phone: text(),
    postalCode: text(),
    language: text().$type<"en" | "fr">().notNull(),
    leadType: text(),
    preferredMethodOfContact: text().$type<"email" | "phone" | "sms" | "">().notNull().default(""),
    adobeTrackingId: text(),
    /** The staff user who added this customer, if one did. */
    dealerUserId: integer(),
    sendInvitationEmail: boolean().notNull().default(false),
    sendLeadToCrm: boolean().notNull().default(true),
    notifyMe: boolean().notNull().default(false),
    source: text(),
    catId: text(),
    etiIds: text().array().notNull().default([]),
    /** Signed in at least once with the manufacturer's identity (spec 3, has_volkswagen_id). */
    hasVolkswagenId: boolean().notNull().default(false),
    /** Wrong guesses at codes really sent to this customer, in a row; 100 pause sign-in (NIST SP 800-63B). */
    failedCodeAttempts: integer().notNull().default(0),
    /** Sign-in by code is paused until then; the owner asks for a new code once it has passed. */
    codeLockedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("customers_dealership_email_idx").on(t.dealershipId, t.email), index("customers_dealer_user_idx").on(t.dealershipId, t.dealerUserId)],
);

/**
 * One-time sign-in codes. Only an HMAC of the code is kept, bound to the session that asked for it.
 * A request for an unknown email is recorded too (no code), so limits and answers do not reveal accounts.
 */
export const customerCodes = pgTable(
  "customer_codes",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    emailHash: text().notNull(),
    customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
    codeHash: text(),
    sessionHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("customer_codes_email_idx").on(t.dealershipId, t.emailHash, t.createdAt)],
);

export const consents = pgTable("consents", {
  id: serial().primaryKey(),
  dealershipId: integer()
    .notNull()
    .references(() => dealerships.id),
  customerId: integer()
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" }),
  disclosureTokenization: boolean(),
  termsAndConditions: boolean(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export const crmEvents = pgTable("crm_events", {
  id: serial().primaryKey(),
  dealershipId: integer()
    .notNull()
    .references(() => dealerships.id),
  customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
  event: text().notNull(),
  orderId: integer(),
  vehicleId: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A notify-me request (spec 2, "Notify-me form"): someone asked to hear about a vehicle, with their terms
 * confirmation; the deal it was sent from when there is one, the customer when signed in.
 */
export const notifyMeRequests = pgTable(
  "notify_me_requests",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
    vehicleId: integer().notNull(),
    orderId: integer(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    url: text(),
    termsConfirmedAt: timestamp({ withTimezone: true }).notNull(),
    language: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("notify_me_requests_dealership_idx").on(t.dealershipId, t.vehicleId, t.createdAt)],
);
