import type { DepositFeeMode, DepositMode, PaymentTransactionStatus } from "@showroom/domain";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "../customers/tables.ts";
import { dealerships } from "../dealerships/tables.ts";
import { orders } from "../orders/tables.ts";

/**
 * A refundable deposit on a saved deal, as the card processor holds or charged it. The card itself is never kept:
 * its brand and last four digits only. At most one deposit of a deal is live (created to confirmed) at a time,
 * which the partial unique index enforces however many submissions arrive at once.
 */
export const deposits = pgTable(
  "deposits",
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
    vehicleId: integer().notNull(),
    gateway: text().$type<"sandbox" | "stripe">().notNull(),
    mode: text().$type<DepositMode>().notNull(),
    currency: text().$type<"cad" | "usd">().notNull(),
    feeMode: text().$type<DepositFeeMode>().notNull(),
    depositCents: integer().notNull(),
    processingFeeCents: integer().notNull(),
    fixedFeeCents: integer().notNull(),
    totalCents: integer().notNull(),
    cancellationFeeCents: integer().notNull(),
    refundableOnRequest: boolean().notNull(),
    status: text().$type<PaymentTransactionStatus>().notNull(),
    /** The browser's key for this submission: the same one sent again is the same deposit. */
    clientKey: text().notNull(),
    processorPaymentId: text(),
    /** Stripe: the PaymentMethod its Elements made of the card (a token, not card data), sent again on recovery. */
    paymentMethodId: text(),
    declineCode: text(),
    cardBrand: text(),
    cardLast4: text(),
    nameOnCard: text(),
    firstName: text(),
    lastName: text(),
    addressLine: text(),
    postalCode: text(),
    couponCode: text(),
    authorizedAt: timestamp({ withTimezone: true }),
    /** When the hold must be captured or released (the processor's capture_before, else 7 days). */
    holdDeadline: timestamp({ withTimezone: true }),
    capturedAt: timestamp({ withTimezone: true }),
    releasedAt: timestamp({ withTimezone: true }),
    refundedCents: integer().notNull().default(0),
    refundRequestedAt: timestamp({ withTimezone: true }),
    refundRequestReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("deposits_one_live_per_order").on(t.orderId).where(sql`status in ('created', 'initiated', 'pre_authorized', 'confirmed')`),
    uniqueIndex("deposits_client_key").on(t.orderId, t.clientKey),
    index("deposits_customer_idx").on(t.dealershipId, t.customerId),
    index("deposits_hold_idx").on(t.status, t.holdDeadline),
  ],
);

/**
 * Every call to the card processor, written before it is made (the intent) and completed after: a crash between
 * the processor's answer and our write is reconciled at start-up by asking the processor with the same key.
 */
export const paymentAttempts = pgTable("payment_attempts", {
  id: serial().primaryKey(),
  depositId: integer()
    .notNull()
    .references(() => deposits.id, { onDelete: "cascade" }),
  kind: text().$type<"authorize" | "capture" | "release" | "refund">().notNull(),
  idempotencyKey: text().notNull().unique(),
  amountCents: integer().notNull(),
  status: text().$type<"pending" | "succeeded" | "failed">().notNull(),
  processorId: text(),
  error: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The built-in sandbox processor's own books, as a card processor keeps them: payments by id, and each request's
 * first answer by idempotency key (replayed for the same key; a changed request under a used key is refused).
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  id: text().primaryKey(),
  amountCents: integer().notNull(),
  currency: text().notNull(),
  status: text().$type<"requires_capture" | "succeeded" | "canceled">().notNull(),
  capturedCents: integer().notNull().default(0),
  refundedCents: integer().notNull().default(0),
  cardBrand: text().notNull(),
  cardLast4: text().notNull(),
  captureBefore: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export const sandboxRequests = pgTable("sandbox_requests", {
  idempotencyKey: text().primaryKey(),
  operation: text().notNull(),
  fingerprint: text().notNull(),
  response: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** Processor events (webhooks) already handled, by their id: duplicates and retries are acted on once. */
export const processorEvents = pgTable("processor_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull(),
});
