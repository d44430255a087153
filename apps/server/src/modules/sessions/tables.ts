import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Server-side sessions. Only a hash of the id is stored, so a database leak yields no live cookie. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text().primaryKey(),
    dealershipId: integer(),
    customerId: integer(),
    dealerUserId: integer(),
    language: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_expires_at_idx").on(t.expiresAt)],
);
