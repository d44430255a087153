import type { Accessory, PaymentType, ProtectionCategory, ProtectionPlan } from "@showroom/domain";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { dealerships } from "../dealerships/tables.ts";

/** The contract's accessory record, without what has its own column. */
export type AccessoryRecord = Omit<Accessory, "id" | "sku" | "active">;
/** The contract's plan record, without what has its own column (price entries carry their final ids). */
export type ProtectionPlanRecord = Omit<ProtectionPlan, "id" | "product_code" | "category">;

/**
 * A dealership's accessory catalogue. The record is kept whole as JSON (it is read whole and filtered in
 * memory: a catalogue is a few hundred rows); what identifies and filters it has columns.
 */
export const accessories = pgTable(
  "accessories",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    sku: text().notNull(),
    active: boolean().notNull().default(true),
    record: jsonb().$type<AccessoryRecord>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("accessories_sku_unique").on(t.dealershipId, t.sku)],
);

/** Questions shoppers ask about accessories, answered by the dealership (the get_questions call). */
export const accessoryQuestions = pgTable("accessory_questions", {
  id: serial().primaryKey(),
  dealershipId: integer()
    .notNull()
    .references(() => dealerships.id),
  position: integer().notNull().default(0),
  question: text().notNull(),
  questionFr: text().notNull(),
  answer: text().notNull(),
  answerFr: text().notNull(),
});

/** A dealership's protection plans with their price entries. */
export const protectionPlans = pgTable(
  "protection_plans",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    productCode: text().notNull(),
    category: text().$type<ProtectionCategory>().notNull(),
    active: boolean().notNull().default(true),
    record: jsonb().$type<ProtectionPlanRecord>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("protection_plans_code_unique").on(t.dealershipId, t.productCode)],
);

/** Each time a plan was shown at its fallback price (no price entry fitted): the dealership reviews these to complete its price sets. */
export const planFallbackPriceLog = pgTable(
  "plan_fallback_price_log",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    planId: integer()
      .notNull()
      .references(() => protectionPlans.id, { onDelete: "cascade" }),
    vehicleId: integer().notNull(),
    paymentType: text().$type<PaymentType>().notNull(),
    priceCents: integer().notNull(),
    loggedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("plan_fallback_price_log_plan_idx").on(t.planId, t.loggedAt)],
);
