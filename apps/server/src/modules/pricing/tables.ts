import type { DealerIncentive, Discount, Fee, PaymentOptionWire, PaymentSettingsChoice, PaymentType, RateProgram } from "@showroom/domain";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { dealerships } from "../dealerships/tables.ts";

/**
 * What a dealership prices with besides its payment settings: fees, discounts, incentives, the rate
 * programs of its lenders and a US local tax rate. Kept as data (JSON validated by the domain types),
 * since lenders and manufacturers change programs monthly.
 */
export const dealershipPricing = pgTable("dealership_pricing", {
  dealershipId: integer()
    .primaryKey()
    .references(() => dealerships.id),
  fees: jsonb().$type<Fee[]>().notNull().default([]),
  discounts: jsonb().$type<Discount[]>().notNull().default([]),
  incentives: jsonb().$type<DealerIncentive[]>().notNull().default([]),
  ratePrograms: jsonb().$type<RateProgram[]>().notNull().default([]),
  localTaxRate: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A shopper's payment option for one vehicle and payment type: the settings they chose and the
 * option last computed from them. Only the session that created it (or the dealership's staff) may
 * change it; the id is a long random string, never a counter.
 */
export const paymentOptions = pgTable(
  "payment_options",
  {
    id: serial().primaryKey(),
    uid: text().notNull().unique(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    vehicleId: integer().notNull(),
    paymentType: text().$type<PaymentType>().notNull(),
    /** sha-256 of the session id that created it. */
    ownerSessionHash: text().notNull(),
    /** Money in cents. */
    settings: jsonb().$type<PaymentSettingsChoice>().notNull(),
    /** The build-and-price configuration priced with the vehicle (its options' MSRP is added), if any. */
    buildStateUid: text(),
    option: jsonb().$type<PaymentOptionWire>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_options_vehicle_idx").on(t.vehicleId)],
);
