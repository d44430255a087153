/**
 * Lines of a pricing stack that are amounts per month: a lease is priced by the month (its payment, the
 * payment's parts, the first payment due at signing), whatever frequency the payment is then shown at
 * (pricing.md 1.4). Shown beside a weekly or biweekly payment, such a line must say it is monthly.
 */
const MONTHLY_LINE_KEYS: ReadonlySet<string> = new Set([
  "pricing.line.lease_payment",
  "pricing.line.base_payment",
  "pricing.line.depreciation",
  "pricing.line.rent_charge",
  "pricing.line.payment_taxes",
  "pricing.line.first_payment",
]);

export const isMonthlyLine = (labelKey: string) => MONTHLY_LINE_KEYS.has(labelKey);

/** Whether a line needs its own "(monthly)": it is monthly, its parent is not (which says it already), and the payment is shown at another frequency. */
export function needsMonthlyLabel(line: { label_key: string }, parent: { label_key: string } | null, shownFrequency: string | null): boolean {
  return shownFrequency !== null && shownFrequency !== "monthly" && isMonthlyLine(line.label_key) && !(parent && isMonthlyLine(parent.label_key));
}
