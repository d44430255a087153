import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { AdvertisedTerms } from "@showroom/domain";
import { dealerships } from "../dealerships/tables.ts";

/** Stock statuses in the order the recommended and availability sorts show them (in stock first). */
export const stockStatusRank = (stockStatus: AnyPgColumn) =>
  sql`(case ${stockStatus} when 'I' then 0 when 'D' then 1 when 'T' then 2 when 'P' then 3 when 'V' then 4 when 'R' then 5 else 6 end)`;

/** Listed = shown in searches: still in the dealer's feed, neither sold nor unavailable. */
export const listedVehicle = (t: { available: AnyPgColumn; stockStatus: AnyPgColumn }) =>
  sql`${t.available} and ${t.stockStatus} not in ('S', 'U')`;

/**
 * A listed vehicle nobody holds, what search engines and ads are told is for sale (the sitemap, the vehicle-listings
 * feed): one reserved by the feed or held by a shopper's deposit is left out until it is free again.
 */
export const vehicleForSale = (t: { available: AnyPgColumn; stockStatus: AnyPgColumn; heldForCustomerId: AnyPgColumn }) =>
  sql`${listedVehicle(t)} and ${t.stockStatus} <> 'R' and ${t.heldForCustomerId} is null`;

export type VehiclePackage = { name: string; priceCents: number | null; items: string[] };

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
    modelCode: text(),
    jatoId: text(),
    year: integer().notNull(),
    make: text().notNull(),
    model: text().notNull(),
    trim: text().notNull(),
    marketingTrim: text().notNull().default(""),
    trimFr: text().notNull().default(""),
    condition: text().$type<"New" | "Used">().notNull(),
    isCertified: boolean().notNull().default(false),
    isPortVehicle: boolean().notNull().default(false),
    isVinFake: boolean().notNull().default(false),
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
    freightCents: integer(),
    pdiCents: integer(),
    dealerFeeCents: integer(),
    deliveryChargeCents: integer(),
    /** Filled by the pricing engine; until then the budget filter falls back to the price. */
    cashPaymentCents: integer(),
    financePaymentCents: integer(),
    leasePaymentCents: integer(),
    /** The terms those payments are advertised with (term, rate, down payment, due at signing, all-in price), from the same quotes. */
    advertisedTerms: jsonb().$type<AdvertisedTerms>(),
    images: jsonb().$type<string[]>().notNull().default([]),
    features: jsonb().$type<string[]>().notNull().default([]),
    /** Bit i set = SEARCH_FEATURES[i] present; lets the features filter and its counts stay one scan. */
    featureMask: integer().notNull().default(0),
    packages: jsonb().$type<VehiclePackage[]>().notNull().default([]),
    description: text().notNull().default(""),
    inStockDate: date({ mode: "string" }),
    arrivalDate: date({ mode: "string" }),
    spinCarUrl: text(),
    /** Lower-cased year, make, model, trim, VIN and stock number for the text query. */
    searchText: text().notNull(),
    /** False once a full feed no longer lists it: kept for saved deals and links, never listed. */
    available: boolean().notNull().default(true),
    /** Held for one shopper by their deposit (shown reserved to others) until it is released, refunded or runs out. */
    heldForCustomerId: integer(),
    heldUntil: timestamp({ withTimezone: true }),
    /** Per-vehicle override of the dealership's VDP settings. */
    vdpSettings: jsonb().$type<{ show_savings_detail?: boolean; show_savings_details_expanded_by_default?: boolean }>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vehicles_dealership_vin_idx").on(t.dealershipId, t.vin),
    index("vehicles_listed_idx")
      .on(t.dealershipId, t.priceCents)
      .where(listedVehicle(t)),
    // The default (recommended) order of listed vehicles, so a page of a big group's stock is read in
    // order instead of sorting every vehicle; the dealership is the last key, checked in the index.
    index("vehicles_recommended_idx")
      .on(stockStatusRank(t.stockStatus), t.inStockDate.desc().nullsLast(), t.id, t.dealershipId)
      .where(listedVehicle(t)),
  ],
);

export type ImportRejection = { line: number; vin: string | null; field: string; reason: string };

/** One run of a dealer feed, kept so staff can see what each import did and why rows were refused. */
export const inventoryImports = pgTable("inventory_imports", {
  id: serial().primaryKey(),
  dealershipId: integer()
    .notNull()
    .references(() => dealerships.id),
  source: text().notNull(),
  fullFeed: boolean().notNull(),
  rowCount: integer().notNull(),
  created: integer().notNull(),
  updated: integer().notNull(),
  unchanged: integer().notNull(),
  markedUnavailable: integer().notNull(),
  rejected: jsonb().$type<ImportRejection[]>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A counter per dealership that a trigger on `vehicles` raises with every statement that writes its
 * vehicles, whoever writes them (the import, the payment recompute, another process, a manual fix):
 * search caches key their entries on it, so they never serve counts of an inventory that has changed.
 */
export const inventoryRevisions = pgTable("inventory_revisions", {
  dealershipId: integer()
    .primaryKey()
    .references(() => dealerships.id),
  revision: integer().notNull().default(0),
});
