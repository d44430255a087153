import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { buildStates } from "../build-and-price/tables.ts";
import { dealerships } from "../dealerships/tables.ts";

/**
 * A customer configuration (spec 2.1 `configurationId`, transactional spec 7): a build state shared under a short
 * id, opened by whoever holds its token (`Authorization: Token <token>`). Only the token's sha-256 is kept.
 */
export const customerConfigurations = pgTable(
  "customer_configurations",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    buildStateUid: text()
      .notNull()
      .references(() => buildStates.uid, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    customerId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("customer_configurations_build_idx").on(t.buildStateUid)],
);
