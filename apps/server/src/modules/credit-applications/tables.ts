import type { AdverseActionNotice, CreditApplicationStatus, CreditDecision, CreditDraftScreens, CreditReason, CreditScreen, CreditVariant, PaymentType } from "@showroom/domain";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { customers } from "../customers/tables.ts";
import { dealerships } from "../dealerships/tables.ts";
import { orders } from "../orders/tables.ts";

/** Where a sealed value sits: "applicant.sin", "co_applicant.date_of_birth". */
export type SealedField = `${"applicant" | "co_applicant"}.${"sin" | "date_of_birth"}`;

/**
 * A shopper's credit application for one saved deal. `screens` holds the answers without the SIN and the date of
 * birth: those are in `sealed`, each AES-256-GCM under a key derived from DATA_ENCRYPTION_KEY and bound to this
 * row and field, so the database never holds them readable. `sinLastThree` is what any call may show of a SIN.
 * Fourteen days after submission the personal information goes (`personalDataPurgedAt`); a US application's
 * record is first sealed whole into `archive` and kept until `disposeAt` (25 months, Reg B).
 */
export const creditApplications = pgTable(
  "credit_applications",
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
    variant: text().$type<CreditVariant>().notNull(),
    country: text().$type<"CA" | "US">().notNull(),
    status: text().$type<CreditApplicationStatus>().notNull().default("draft"),
    screens: jsonb().$type<CreditDraftScreens>().notNull().default({}),
    sealed: jsonb().$type<Partial<Record<SealedField, string>>>().notNull().default({}),
    sinLastThree: jsonb().$type<{ applicant?: string; co_applicant?: string }>().notNull().default({}),
    currentScreen: text().$type<CreditScreen>(),
    prefilled: boolean().notNull().default(false),
    /** The language the shopper applied in: consents were given in it, and the notices are written in it. */
    language: text().$type<"en" | "fr">().notNull(),
    /** The privacy notice was shown (the application started, GLBA 16 CFR 313 / PIPEDA). */
    privacyNoticeShownAt: timestamp({ withTimezone: true }).notNull(),
    paymentType: text().$type<PaymentType>(),
    amountFinancedCents: integer(),
    monthlyPaymentCents: integer(),
    creditScore: integer(),
    submittedAt: timestamp({ withTimezone: true }),
    /** How many times sending was tried, and when it is tried next (a technical error left it queued). */
    sendAttempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastError: text(),
    lenderReference: text(),
    decidedAt: timestamp({ withTimezone: true }),
    decision: jsonb().$type<{ status: CreditDecision; reasons: CreditReason[]; score: number | null }>(),
    adverseAction: jsonb().$type<AdverseActionNotice>(),
    personalDataPurgedAt: timestamp({ withTimezone: true }),
    archive: text(),
    disposeAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique("credit_applications_order_unique").on(t.orderId),
    index("credit_applications_customer_idx").on(t.dealershipId, t.customerId),
    index("credit_applications_work_idx").on(t.status, t.nextAttemptAt),
    index("credit_applications_purge_idx").on(t.submittedAt),
  ],
);

/**
 * Each applicant's consents, as given when the application was sent (before any bureau pull): express, per
 * section, in the applicant's language, and the joint-application intent apart from the accuracy signature.
 * Kept after the purge: they name no one but the customer account.
 */
export const creditConsents = pgTable(
  "credit_consents",
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => creditApplications.id, { onDelete: "cascade" }),
    applicant: text().$type<"applicant" | "co_applicant">().notNull(),
    section: text().notNull(),
    answer: text().$type<"yes" | "no">().notNull(),
    language: text().$type<"en" | "fr">().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [unique("credit_consents_unique").on(t.applicationId, t.applicant, t.section)],
);

/**
 * Every time a sealed value was opened, or an application read by staff: by whom, for what, when. Kept when the
 * application goes (no foreign key), as the Safeguards Rule's logging asks.
 */
export const creditDataAccess = pgTable(
  "credit_data_access",
  {
    id: serial().primaryKey(),
    dealershipId: integer().notNull(),
    applicationId: integer().notNull(),
    field: text().notNull(),
    purpose: text().$type<"owner_read" | "staff_read" | "submission" | "prefill" | "archive">().notNull(),
    actorKind: text().$type<"customer" | "staff" | "system">().notNull(),
    actorId: integer(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("credit_data_access_application_idx").on(t.applicationId, t.at)],
);

/**
 * What was sent to a lender, written before the call (the intent) and completed after it: with the idempotency
 * key, a call repeated after a crash or a timeout reaches the same file at the lender, never a second one.
 */
export const lenderSubmissions = pgTable("lender_submissions", {
  id: serial().primaryKey(),
  applicationId: integer()
    .notNull()
    .references(() => creditApplications.id, { onDelete: "cascade" }),
  lender: text().notNull(),
  idempotencyKey: text().notNull().unique(),
  status: text().$type<"sending" | "sent">().notNull(),
  reference: text(),
  attempts: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The built-in simulated lender's own files, as an outside lender would keep them: what it decided (from the
 * application's figures) and when it answers. It holds no personal information.
 */
export const simulatedLenderFiles = pgTable("simulated_lender_files", {
  id: serial().primaryKey(),
  idempotencyKey: text().notNull().unique(),
  reference: text().notNull().unique(),
  dealershipId: integer().notNull(),
  decision: jsonb().$type<{ status: CreditDecision; reasons: CreditReason[]; score: number | null }>().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull(),
  answersAt: timestamp({ withTimezone: true }).notNull(),
});
