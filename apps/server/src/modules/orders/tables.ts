import type { Campaign, DepositStepStatus, OrderOverallStatus, OrderPayment, OrderProgress, OrderStatus, PaymentFrequency, PaymentType, StepStatuses } from "@showroom/domain";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "../customers/tables.ts";
import { dealerships } from "../dealerships/tables.ts";

/**
 * A saved deal. Columns hold what this product reads and writes today; `details` keeps the contract's
 * fields that later flows (trade-in, credit, quotes, insurance) fill in, so the model has them all now.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    vehicleId: integer().notNull(),
    status: text().$type<OrderStatus>().notNull().default("initial"),
    overallStatus: text().$type<OrderOverallStatus>().notNull().default("Active"),
    orderType: text().$type<"standard" | "quote">().notNull().default("standard"),
    paymentType: text().$type<PaymentType>(),
    /** The payment the shopper chose, as it was priced (money as dollar strings, like the wire). */
    payment: jsonb().$type<OrderPayment>(),
    paymentOptionUid: text(),
    financeTerm: integer(),
    leaseTerm: integer(),
    financeDownPaymentCents: integer(),
    leaseDownPaymentCents: integer(),
    financePaymentFrequency: text().$type<PaymentFrequency>(),
    leasePaymentFrequency: text().$type<PaymentFrequency>(),
    leaseModelKm: integer(),
    paymentCreditScore: integer().notNull().default(0),
    paymentIncludeTax: boolean().notNull().default(true),
    paymentTypeSettings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    accessoryIds: integer().array().notNull().default([]),
    protectionIds: integer().array().notNull().default([]),
    incentives: text().array().notNull().default([]),
    stepStatuses: jsonb().$type<StepStatuses>().notNull().default({}),
    progress: jsonb().$type<OrderProgress>().notNull(),
    depositStatus: text().$type<DepositStepStatus>().notNull().default("initial"),
    /** A personalized quote request is waiting for the dealership. */
    praqPending: boolean().notNull().default(false),
    buildState: text(),
    configurationId: text(),
    campaign: jsonb().$type<Campaign>().notNull().default({}),
    analytics: jsonb().$type<Record<string, string | undefined>>().notNull().default({}),
    urlParams: jsonb().$type<{ content?: string }>().notNull().default({}),
    sourceSlug: text(),
    usesOemCode: boolean().notNull().default(false),
    postalCode: text(),
    orderLang: text().$type<"en" | "fr">().notNull(),
    isArchived: boolean().notNull().default(false),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("orders_customer_idx").on(t.dealershipId, t.customerId, t.createdAt)],
);
