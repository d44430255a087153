import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { StaffRole } from "@showroom/domain";
import { dealershipGroups, dealerships } from "../dealerships/tables.ts";

export const dealerUsers = pgTable(
  "dealer_users",
  {
    id: serial().primaryKey(),
    uid: text().notNull().unique(),
    /** Null for organization-level and super-admin staff. */
    dealershipId: integer().references(() => dealerships.id),
    groupId: integer().references(() => dealershipGroups.id),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text().$type<StaffRole>().notNull(),
    /** Wins over role (spec 6: is_super_admin takes priority). */
    isSuperAdmin: boolean().notNull().default(false),
    /** E.164 (+1 and ten digits): where second-factor codes go by SMS. */
    phone: text(),
    passwordHash: text().notNull(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    defaultSendInvitationEmail: boolean().notNull().default(true),
    defaultSendLeadToCrm: boolean().notNull().default(true),
    /** Wrong passwords and wrong second-factor codes in a row; sign-in locks at 100 (security.md). */
    failedSignIns: integer().notNull().default(0),
    /** Authenticator-app secret, AES-256-GCM under DATA_ENCRYPTION_KEY; null until set up and confirmed. */
    totpSecret: text(),
    /** A secret being set up, until its first code confirms it. */
    totpPendingSecret: text(),
    /** The last time step a code was accepted for: an authenticator code works once. */
    totpLastTimeStep: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("dealer_users_email_idx").on(sql`lower(${t.email})`)],
);

/**
 * One-time codes sent by SMS to staff: only an HMAC of the code is kept, bound to the session (the
 * sign-in attempt) that asked for it and to the phone it went to. `purpose` "setup" codes confirm a
 * phone being set up; "sign_in" codes are the second factor.
 */
export const staffCodes = pgTable(
  "staff_codes",
  {
    id: serial().primaryKey(),
    dealerUserId: integer()
      .notNull()
      .references(() => dealerUsers.id, { onDelete: "cascade" }),
    purpose: text().$type<"sign_in" | "setup">().notNull(),
    phone: text().notNull(),
    codeHash: text().notNull(),
    sessionHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("staff_codes_user_idx").on(t.dealerUserId, t.createdAt)],
);

/** "Remember this device": a hash of the cookie's 256-bit token, for one user, 30 days at most. */
export const staffRememberedDevices = pgTable(
  "staff_remembered_devices",
  {
    id: serial().primaryKey(),
    dealerUserId: integer()
      .notNull()
      .references(() => dealerUsers.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("staff_remembered_devices_user_idx").on(t.dealerUserId)],
);

/** Password-reset links: a hash of the link's 256-bit token; single use, 30 minutes. */
export const staffPasswordResets = pgTable(
  "staff_password_resets",
  {
    id: serial().primaryKey(),
    dealerUserId: integer()
      .notNull()
      .references(() => dealerUsers.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("staff_password_resets_user_idx").on(t.dealerUserId, t.createdAt)],
);
