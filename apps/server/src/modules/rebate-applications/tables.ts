import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "../customers/tables.ts";
import { dealerships } from "../dealerships/tables.ts";
import { orders } from "../orders/tables.ts";

/**
 * A shopper's application for a rebate on a deal (transactional spec 3, "Rebate application": order, rebate_id,
 * source, uid). The rebate is an incentive the dealership offered for the deal's vehicle when it was applied for;
 * its names are kept as they were. One application per rebate and deal.
 */
export const rebateApplications = pgTable(
  "rebate_applications",
  {
    id: serial().primaryKey(),
    uid: text().notNull().unique(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    rebateId: text().notNull(),
    name: text().notNull(),
    nameFr: text().notNull(),
    source: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("rebate_applications_order_rebate_idx").on(t.orderId, t.rebateId)],
);
