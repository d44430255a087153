import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { dealerships } from "../dealerships/tables.ts";
import { vehicles } from "../inventory/tables.ts";

/** A shopper's contact-dealer request: kept for the dealership even when its CRM delivery is pending. */
export const contactLeads = pgTable(
  "contact_leads",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    vehicleId: integer().references(() => vehicles.id),
    orderId: integer(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    url: text().notNull(),
    helpMessage: text().notNull(),
    source: text(),
    language: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_leads_dealership_idx").on(t.dealershipId, t.createdAt)],
);
