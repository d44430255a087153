import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    phone: text(),
    passwordHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("dealer_users_email_idx").on(sql`lower(${t.email})`)],
);
