import { boolean, doublePrecision, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { DealerInfo, ModuleSettings, PaymentSettings, Theme, VdpSettings } from "@showroom/domain";

/** Every dealer-info field that is not a column: settings change shape faster than columns should. */
export type DealershipProfile = Omit<
  DealerInfo,
  | "uid" | "code" | "name" | "group" | "province_code" | "country" | "time_zone" | "allowed_languages"
  | "is_multilingual" | "currency_unit" | "length_unit" | "geo_coords" | "theme" | "module_settings"
  | "header_variant"
>;

export const dealershipGroups = pgTable("dealership_groups", {
  id: serial().primaryKey(),
  uid: text().notNull().unique(),
  name: text().notNull(),
});

export const dealerships = pgTable("dealerships", {
  id: serial().primaryKey(),
  uid: text().notNull().unique(),
  code: text().notNull().unique(),
  name: text().notNull(),
  groupId: integer().references(() => dealershipGroups.id),
  country: text().$type<"CA" | "US">().notNull(),
  provinceCode: text().notNull(),
  timeZone: text().notNull(),
  currencyUnit: text().$type<"cad" | "usd">().notNull(),
  lengthUnit: text().$type<"km" | "mi">().notNull(),
  allowedLanguages: text().array().$type<DealerInfo["allowed_languages"]>().notNull(),
  latitude: doublePrecision().notNull(),
  longitude: doublePrecision().notNull(),
  profile: jsonb().$type<DealershipProfile>().notNull(),
  theme: jsonb().$type<Theme>().notNull(),
  moduleSettings: jsonb().$type<ModuleSettings>().notNull(),
  paymentSettings: jsonb()
    .$type<Omit<PaymentSettings, "country" | "currency_unit" | "length_unit" | "accurate_add_on_prices"> & { accurate_add_on_prices?: boolean }>()
    .notNull(),
  vdpSettings: jsonb().$type<VdpSettings>().notNull(),
  /** Private CRM settings, never in the public dealer info: where ADF leads are mailed (null: no CRM). */
  crmEmail: text(),
  /** Whether leads created by staff go to the CRM too. */
  dealerLeadsEnabled: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
