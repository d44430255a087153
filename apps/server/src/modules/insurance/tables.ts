import type { InsuranceQuoteRequest } from "@showroom/domain";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "../customers/tables.ts";
import { dealerUsers } from "../dealer-auth/tables.ts";
import { dealerships } from "../dealerships/tables.ts";
import { orders } from "../orders/tables.ts";

/**
 * Insurance quotes of a deal (transactional spec 3, "Insurance quote"): what the driver said, what the provider
 * answered, in cents. `quoted` when rated; `saved` once the shopper keeps it on the deal (one saved per deal: saving
 * another puts the previous one back to `quoted`).
 */
export const insuranceQuotes = pgTable(
  "insurance_quotes",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    status: text().$type<"quoted" | "saved">().notNull().default("quoted"),
    request: jsonb().$type<InsuranceQuoteRequest>().notNull(),
    vehicleValueCents: integer().notNull(),
    yearlyCents: integer().notNull(),
    monthlyCents: integer().notNull(),
    liabilityCents: integer().notNull(),
    ownDamageCents: integer().notNull(),
    currency: text().$type<"CAD" | "USD">().notNull(),
    region: text().notNull(),
    /** The provider's own answer (the estimator's factors), as it gave it. */
    answer: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The staff user who asked for it while acting for the customer, if one did. */
    staffUserId: integer().references(() => dealerUsers.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    savedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("insurance_quotes_order_idx").on(t.dealershipId, t.orderId, t.createdAt)],
);
