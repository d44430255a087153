import type { OutboxKind, OutboxStatus } from "@showroom/domain";
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
    kind: text().$type<OutboxKind>().notNull(),
    /** The message itself, shaped by its kind (see OutboxPayload in service.ts). */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<OutboxStatus>().notNull().default("pending"),
    /** Delivery attempts started (counted when a worker claims the row). */
    attempts: integer().notNull().default(0),
    /** Due from this time: the next retry, or the end of a worker's claim while it delivers. */
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** The transport that delivered it ("smtp", "mailbox"). */
    transport: text(),
    /** Why the last attempt failed (short). */
    lastError: text(),
  },
  (t) => [index("outbox_pending_idx").on(t.status, t.availableAt)],
);
