import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { dealerships } from "../dealerships/tables.ts";

export const vehicles = pgTable(
  "vehicles",
  {
    id: serial().primaryKey(),
    uid: text().notNull().unique(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    vin: text().notNull(),
    stockNumber: text().notNull(),
    year: integer().notNull(),
    make: text().notNull(),
    model: text().notNull(),
    trim: text().notNull(),
    condition: text().$type<"New" | "Used">().notNull(),
    isCertified: boolean().notNull().default(false),
    stockStatus: text().notNull(),
    bodyType: text().notNull(),
    exteriorColor: text().notNull(),
    exteriorColorNormalized: text().notNull(),
    interiorColor: text().notNull(),
    fuelType: text().notNull(),
    drivetrain: text().notNull(),
    transmission: text().notNull(),
    odometer: integer().notNull(),
    msrpCents: integer(),
    priceCents: integer(),
    images: jsonb().$type<string[]>().notNull().default([]),
    available: boolean().notNull().default(true),
    /** Per-vehicle override of the dealership's VDP settings. */
    vdpSettings: jsonb().$type<{ show_savings_detail?: boolean; show_savings_details_expanded_by_default?: boolean }>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vehicles_dealership_vin_idx").on(t.dealershipId, t.vin),
    index("vehicles_dealership_idx").on(t.dealershipId),
  ],
);
