/** The deposit's vocabulary (transactional contract sections 3, 4 and 9). */

export const DEPOSIT_SYSTEMS = ["STANDARD", "VW_DEPOSIT"] as const;
export type DepositSystem = (typeof DEPOSIT_SYSTEMS)[number];

/** hold: the card is authorised and the amount held, captured later or released; capture: charged at once. */
export const DEPOSIT_MODES = ["hold", "capture"] as const;
export type DepositMode = (typeof DEPOSIT_MODES)[number];

export const DEPOSIT_FEE_MODES = ["No Fee", "Charge Processing Fee", "Charge Fixed Fee", "Charge Processing + Fixed Fee"] as const;
export type DepositFeeMode = (typeof DEPOSIT_FEE_MODES)[number];

/** The flows' screens: standard (place, review) and the manufacturer variant (place, review, confirmation). */
export const DEPOSIT_SCREENS: Record<DepositSystem, readonly ("place" | "review" | "confirmation")[]> = {
  STANDARD: ["place", "review"],
  VW_DEPOSIT: ["place", "review", "confirmation"],
};

/** Payment transaction statuses (spec 4). */
export const PAYMENT_TRANSACTION_STATUSES = ["created", "initiated", "pre_authorized", "confirmed", "refunded", "rejected", "expired", "canceled", "error"] as const;
export type PaymentTransactionStatus = (typeof PAYMENT_TRANSACTION_STATUSES)[number];

/** Spec 9: a hold or pre-authorization lasts 7 days (online, customer-initiated card holds). */
export const DEPOSIT_HOLD_DAYS = 7;
