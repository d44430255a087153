import { MONTHLY_FACTOR, type PaymentFrequency } from "../constants.ts";
import { type Cents } from "../money.ts";
import { amortizationSchedule, levelPayment, periodicRateFromApr, type Schedule } from "./amortization.ts";
import { centsToRatio, roundRatioToCents } from "./cents-math.ts";
import { divideRatio, multiplyRatio, ratio, ratioFromDecimal, roundRatioHalfUp } from "./exact-ratio.ts";

/** Payments a year of each frequency (true periodic amortization). */
export const PERIODS_PER_YEAR: Record<PaymentFrequency, number> = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12 };

/**
 * The spec's "monthly factor" display: round2(monthly ÷ f) with f = 4.345, 2.172, 2 or 1, applied
 * to the already rounded monthly payment (pricing reference 1.4). It is a monthly-equivalent
 * display amount, not a contract payment: label it "≈ weekly / ≈ biweekly" in the UI.
 */
export function monthlyEquivalentPayment(monthlyPayment: Cents, frequency: PaymentFrequency): Cents {
  return roundRatioToCents(divideRatio(centsToRatio(monthlyPayment), ratioFromDecimal(MONTHLY_FACTOR[frequency])));
}

export interface FrequencyPayment {
  frequency: PaymentFrequency;
  payment: Cents;
  /** Stable label key for the UI, e.g. "pricing.frequency.weekly". */
  label_key: string;
}

/** One monthly-equivalent display amount per frequency offered. */
export function paymentFrequencyChoices(monthlyPayment: Cents, frequencies: readonly PaymentFrequency[]): FrequencyPayment[] {
  return frequencies.map((frequency) => ({
    frequency,
    payment: monthlyEquivalentPayment(monthlyPayment, frequency),
    label_key: `pricing.frequency.${frequency}`,
  }));
}

/** The common Canadian dealer quote with the same yearly outlay: monthly × 12 / ppy, rounded half-up. */
export function equalAnnualOutlayPayment(monthlyPayment: Cents, frequency: PaymentFrequency): Cents {
  return roundRatioToCents(multiplyRatio(centsToRatio(monthlyPayment), ratio(12n, BigInt(PERIODS_PER_YEAR[frequency]))));
}

/** months × ppy / 12, rounded half-up to a whole number of periods. */
export function periodsForTerm(months: number, frequency: PaymentFrequency): number {
  return Number(roundRatioHalfUp(ratio(BigInt(months * PERIODS_PER_YEAR[frequency]), 12n)));
}

export interface PeriodicLoanInput {
  principal: Cents;
  aprPercent: string;
  months: number;
  frequency: PaymentFrequency;
}

/** What a lender bills on a true weekly/biweekly/semi-monthly contract: APR/ppy over months × ppy/12 periods. */
export function truePeriodicPayment(input: PeriodicLoanInput): { payment: Cents; periods: number } {
  const periods = periodsForTerm(input.months, input.frequency);
  const rate = periodicRateFromApr(input.aprPercent, PERIODS_PER_YEAR[input.frequency]);
  return { payment: levelPayment(input.principal, rate, periods), periods };
}

/**
 * The cent schedule obtained if a given periodic amount (for instance the factor-rule display
 * amount) were actually billed for the whole term; its final payment shows the shortfall
 * (pricing reference table P).
 */
export function scheduleForPeriodicAmount(input: PeriodicLoanInput & { payment: Cents }): Schedule {
  return amortizationSchedule({
    principal: input.principal,
    periodicRate: periodicRateFromApr(input.aprPercent, PERIODS_PER_YEAR[input.frequency]),
    periods: periodsForTerm(input.months, input.frequency),
    payment: input.payment,
  });
}
