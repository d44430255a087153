/**
 * Pure pricing engine: cash, finance and lease quotes with Canadian and US taxes, fees,
 * discounts, incentives and trade-ins, in integer cents with exact rational arithmetic
 * (pricing reference: shared/reference/pricing.md).
 */
export * from "./quote.ts";
export type * from "./quote-input.ts";
export type * from "./payment-option.ts";
export * from "./deal-inputs.ts";
export * from "./field-errors.ts";
export * from "./down-payment-limits.ts";
export * from "./pricing-lines.ts";

export * from "./amortization.ts";
export * from "./pay-frequency.ts";
export * from "./lease-math.ts";
export { upfrontLeaseTax } from "./lease-structure.ts";
export { hasNoConflict, activeIncentives, lowersRate, programApr, percentageDiscountAmount, selectFees, selectDiscounts, isApplicable } from "./adjustments.ts";

export type * from "./tax-types.ts";
export * from "./tax-rules.ts";
export * from "./canada-tax-data.ts";
export * from "./us-tax-data.ts";
export * from "./postal-jurisdiction.ts";
export * from "./us-zip-prefixes.ts";
export * from "./regulatory-fees.ts";
export * from "./federal-charges.ts";
export * from "./excess-distance.ts";

export * from "./credit-tiers.ts";
export * from "./rate-programs.ts";
export * from "./demo-rate-programs.ts";
export * from "./error-messages.ts";
export * from "./vehicle-quote.ts";
export * from "./line-periods.ts";
export * from "./msrp-savings.ts";
export * from "./advertising.ts";
