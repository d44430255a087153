import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window request counters shared by every server process. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
