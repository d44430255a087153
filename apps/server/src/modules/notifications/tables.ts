import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { dealerships } from "../dealerships/tables.ts";

/**
 * Outbox of messages to send (email, SMS, CRM leads). Rows are written in the same transaction as
 * what caused them; a worker claims them with FOR UPDATE SKIP LOCKED and delivers them.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    kind: text().$type<"crm_lead" | "email" | "sms">().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_pending_idx").on(t.status, t.availableAt)],
);
