import type { DepositStepStatus } from "../orders/order-rules.ts";
import type { PaymentTransactionStatus } from "./types.ts";

/**
 * How a card payment moves (spec 4, "Payment transaction"): written as created before the processor is called,
 * initiated while it answers, then held (pre_authorized) or charged (confirmed), or refused (rejected) or failed
 * (error). A hold is captured (confirmed), released (canceled) or runs out (expired); a charge is refunded.
 */
const NEXT: Record<PaymentTransactionStatus, readonly PaymentTransactionStatus[]> = {
  created: ["initiated", "error", "rejected"],
  initiated: ["pre_authorized", "confirmed", "rejected", "error"],
  pre_authorized: ["confirmed", "canceled", "expired"],
  confirmed: ["refunded"],
  refunded: [],
  rejected: [],
  expired: [],
  canceled: [],
  error: ["initiated"],
};

export const canMovePayment = (from: PaymentTransactionStatus, to: PaymentTransactionStatus) => from === to || NEXT[from].includes(to);

/** The deal's deposit step for its payment (spec 4, "Deposit step"). */
export function depositStepOf(status: PaymentTransactionStatus | null): DepositStepStatus {
  switch (status) {
    case null:
      return "initial";
    case "created":
    case "initiated":
      return "pending";
    case "pre_authorized":
      return "pre-authorized";
    case "confirmed":
      return "completed";
    case "refunded":
      return "refunded";
    case "rejected":
    case "error":
      return "failed";
    case "expired":
    case "canceled":
      return "initial";
  }
}

/** A deposit holds the vehicle for this shopper while it is held or paid (and not given back). */
export const depositReservesVehicle = (status: PaymentTransactionStatus | null) => status === "pre_authorized" || status === "confirmed";
