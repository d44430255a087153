import type { PaymentOption, QuoteTerms } from "@showroom/domain";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { dealerships } from "../dealerships/tables.ts";
import { orders } from "../orders/tables.ts";

/**
 * A personalized quote flow (spec 3, praq_flow): the options staff prepare for one deal, sent to its customer, who
 * compares them and may reserve one. A shopper's request opens one before staff do.
 */
export const quoteFlows = pgTable(
  "quote_flows",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    customerId: integer().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    isActive: boolean().notNull().default(false),
    /** The last day the quotes hold, in the dealership's zone (YYYY-MM-DD). */
    quoteExpiry: text(),
    requestedAt: timestamp({ withTimezone: true }),
    requestMessage: text(),
    preparedByStaffId: integer(),
    preparedByName: text(),
    preparedByEmail: text(),
    submittedAt: timestamp({ withTimezone: true }),
    viewedAt: timestamp({ withTimezone: true }),
    primaryQuoteId: integer(),
    reservedQuoteId: integer(),
    /** sha-256 of the token of the emailed link (it reads the quotes before sign-in). */
    accessTokenHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quote_flows_order_idx").on(t.dealershipId, t.orderId)],
);

/** The figures the server adds to an engine's option when it sends it (the lender program and the down-payment limit). */
export type QuoteOptionKnown = { bank: string | null; expiry_date: string | null; max_down_payment: number | null; available_incentives: { id: string; name: string; name_fr?: string; type: string }[] };

/** One option of a flow (spec 3, praq): the terms staff set and the engine's answer for them when they were saved. */
export const quotes = pgTable(
  "quotes",
  {
    id: serial().primaryKey(),
    flowId: integer()
      .notNull()
      .references(() => quoteFlows.id, { onDelete: "cascade" }),
    /** 1 to 3: the unique index and the check keep a flow at three options however many saves race. */
    position: integer().notNull(),
    quoteName: text(),
    terms: jsonb().$type<QuoteTerms>().notNull(),
    option: jsonb().$type<PaymentOption>(),
    known: jsonb().$type<QuoteOptionKnown>(),
    pricingErrors: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("quotes_flow_position_idx").on(t.flowId, t.position), check("quotes_position_range", sql`${t.position} between 1 and 3`)],
);
