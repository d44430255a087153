import type { PaymentType } from "../constants.ts";
import { MIN_AMOUNT_FINANCED_CENTS, isFinalCreditStatus, type CreditApplicationStatus, type CreditCustomerState, type CreditOrderStatus } from "./types.ts";

/**
 * Why a deal's credit application cannot be sent now (spec 4, credit application outcomes): a cash deal has
 * nothing to finance; under $4,000 financed the application may not be processed; a payment whose rate program
 * has ended (incentives being updated) must be priced again first.
 */
export type CreditBlock = "cash_payment" | "no_payment" | "amount_below_minimum" | "stale_incentives";

export function creditApplicationBlock(deal: {
  paymentType: PaymentType | null;
  amountFinancedCents: number | null;
  /** The last day (YYYY-MM-DD) of the rate program the payment was priced with, or null. */
  programValidTo: string | null;
  /** The dealership's today (YYYY-MM-DD). */
  today: string;
}): CreditBlock | null {
  if (deal.paymentType === "cash") return "cash_payment";
  if (deal.paymentType === null || deal.amountFinancedCents === null) return "no_payment";
  if (deal.amountFinancedCents < MIN_AMOUNT_FINANCED_CENTS) return "amount_below_minimum";
  if (deal.programValidTo !== null && deal.programValidTo < deal.today) return "stale_incentives";
  return null;
}

/** How long a shopper waits on the overlay before an unanswered application is said to be "under review". */
export const REAL_TIME_WINDOW_MS = 90_000;

/** What the shopper is told of an application (spec 4, "Credit (customer-facing)"). */
export function creditCustomerState(status: CreditApplicationStatus, submittedAt: Date | null, now: Date): CreditCustomerState {
  switch (status) {
    case "draft":
      return "in_progress";
    case "queued":
      return "submitted";
    case "pending":
      return submittedAt && now.getTime() - submittedAt.getTime() > REAL_TIME_WINDOW_MS ? "under_review" : "under_real_time_review";
    case "approved":
      return "approved";
    case "awaiting_dealer":
      return "awaiting_approval";
    case "further_verification":
      return "further_verification";
    case "declined":
      return "declined";
  }
}

/** The order's credit application status and its finance step (spec 4). */
export function creditOrderStatus(status: CreditApplicationStatus): { order: CreditOrderStatus; step: "initial" | "awaiting-dealer" | "awaiting-customer" | "completed" | "declined" } {
  if (status === "draft") return { order: "awaiting_customer", step: "awaiting-customer" };
  if (!isFinalCreditStatus(status)) return { order: "awaiting_dealer", step: "awaiting-dealer" };
  if (status === "approved") return { order: "complete", step: "completed" };
  if (status === "declined") return { order: "declined", step: "declined" };
  if (status === "further_verification") return { order: "further_verification", step: "awaiting-customer" };
  return { order: "awaiting_dealer", step: "awaiting-dealer" };
}

/** When an application's personal information is destroyed (or, in the US, sealed): 14 days after it was sent. */
export function personalDataPurgeAt(submittedAt: Date, retentionDays: number): Date {
  return new Date(submittedAt.getTime() + retentionDays * 86_400_000);
}

/** When a US application's sealed record may go: 25 months after it was sent (Reg B 1002.12(b)). */
export function usRecordDisposalAt(submittedAt: Date, months: number): Date {
  const at = new Date(submittedAt);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at;
}

/** A SIN as any call may show it: the last three digits only. */
export const maskSin = (lastThree: string) => `***-***-${lastThree}`;
