import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { dealerUsers } from "../dealer-auth/tables.ts";
import { dealerships } from "../dealerships/tables.ts";

/**
 * A saved search published by staff as a public, read-only list (public-views/search-ads/{uid}): its
 * filters are kept as the search API takes them (query keys and values), and the list is searched anew on
 * every view, so it follows the inventory. A deactivated ad answers as missing.
 */
export const searchAds = pgTable(
  "search_ads",
  {
    id: serial().primaryKey(),
    /** The ad's address in links: random, not guessable from another ad's. */
    uid: text().notNull(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    title: text().notNull(),
    /** The search filters as the search API's query takes them, e.g. {"make": "Toyota", "bodyType": ["suv"]}. */
    filters: jsonb().$type<Record<string, string | string[]>>().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => dealerUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex("search_ads_uid_idx").on(t.uid), index("search_ads_dealership_idx").on(t.dealershipId, t.createdAt)],
);
