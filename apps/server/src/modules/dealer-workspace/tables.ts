import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "../customers/tables.ts";
import { dealerUsers } from "../dealer-auth/tables.ts";
import { dealerships } from "../dealerships/tables.ts";

/**
 * What staff did while acting for a customer: one row per unsafe API call (written before the call
 * runs, completed with its status after), so no change made in a customer's name goes unrecorded.
 * The summary names the fields sent and never holds passwords, codes, tokens or card data.
 */
export const activity = pgTable(
  "activity",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    dealerUserId: integer()
      .notNull()
      .references(() => dealerUsers.id),
    /** The staff user's name at the time, so the record reads the same later. */
    staffName: text().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** The deal the call named (no foreign key: the record outlives a deleted deal). */
    orderId: integer(),
    method: text().notNull(),
    path: text().notNull(),
    /** Null while the call runs (or if the server stopped during it). */
    statusCode: integer(),
    fields: text().array().notNull().default([]),
    summary: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("activity_customer_idx").on(t.dealershipId, t.customerId, t.createdAt), index("activity_order_idx").on(t.dealershipId, t.orderId, t.createdAt)],
);
