import { type PaymentType } from "../constants.ts";
import { cents, dollarsToCents, type Cents } from "../money.ts";
import { maxCents, minCents, subtractCents, ZERO_CENTS } from "./cents-math.ts";

export type DownPaymentLimits = Record<PaymentType, Cents>;

/** Spec section 9: default down payment limits 70000 cash, 1000 finance, 1000 lease (dollars). */
export const DEFAULT_DOWN_PAYMENT_LIMITS: Readonly<DownPaymentLimits> = {
  cash: cents(7_000_000),
  finance: cents(100_000),
  lease: cents(100_000),
};

/**
 * What each limit means. The spec gives only the numbers; a $1,000 ceiling on a finance down
 * payment would forbid ordinary deals (the reference's vectors put $5,000 and $10,000 down), so:
 * - cash: the most that can be paid ahead as a deposit/down payment online;
 * - finance: the least that must remain financed (down payment ≤ balance − limit);
 * - lease: the least depreciation that must remain to be paid by the payments
 *   (down payment ≤ adjusted cap cost before it − residual − limit).
 */
export const DOWN_PAYMENT_LIMIT_RULES = {
  cash: "maximum_down_payment",
  finance: "minimum_amount_financed",
  lease: "minimum_depreciation",
} as const satisfies Record<PaymentType, string>;

/** Reads the dealership's `down_payment_limits` ({ cash: "70000.00", … }) into cents. */
export function downPaymentLimitsFromSettings(limits: Record<PaymentType, string>): DownPaymentLimits {
  return {
    cash: dollarsToCents(limits.cash),
    finance: dollarsToCents(limits.finance),
    lease: dollarsToCents(limits.lease),
  };
}

/**
 * The largest down payment accepted. `balanceBeforeDown` is the cash balance (cash), the amount
 * to finance before the down payment (finance) or the depreciation before it (lease).
 */
export function maxDownPayment(paymentType: PaymentType, limit: Cents, balanceBeforeDown: Cents): Cents {
  if (paymentType === "cash") return maxCents(minCents(limit, balanceBeforeDown), ZERO_CENTS);
  return maxCents(subtractCents(balanceBeforeDown, limit), ZERO_CENTS);
}
