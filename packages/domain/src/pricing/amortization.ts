import { type Cents } from "../money.ts";
import { centsToRatio, multiplyCentsByInteger, multiplyCentsByRatio, roundRatioToCents, subtractCents, sumCents } from "./cents-math.ts";
import {
  addRatio,
  divideRatio,
  isZeroRatio,
  ONE,
  powerRatio,
  ratio,
  ratioFromDecimal,
  type Ratio,
} from "./exact-ratio.ts";

/** The periodic rate of a nominal APR (in percent) compounded `periodsPerYear` times: APR / (100 × ppy). */
export function periodicRateFromApr(aprPercent: string, periodsPerYear = 12): Ratio {
  return divideRatio(ratioFromDecimal(aprPercent), ratio(BigInt(100 * periodsPerYear)));
}

/**
 * The level payment that amortizes `principal` over `periods` at `periodicRate`, rounded half-up
 * to the cent: P·r / (1 − (1 + r)^−n), or P / n when the rate is zero (pricing reference 1.2–1.3).
 * The power is computed as an exact fraction, so no floating point is involved.
 */
export function levelPayment(principal: Cents, periodicRate: Ratio, periods: number): Cents {
  if (!Number.isSafeInteger(periods) || periods <= 0) throw new RangeError(`Bad number of periods: ${periods}`);
  const p = centsToRatio(principal);
  if (isZeroRatio(periodicRate)) return roundRatioToCents(divideRatio(p, ratio(BigInt(periods))));
  const growth = powerRatio(addRatio(ONE, periodicRate), periods);
  // p·r·g / (g − 1) as one fraction, left unreduced: rounding needs no lowest terms, and reducing
  // numbers of a few hundred digits was most of a quote's time.
  const { num: g, den: h } = growth;
  return roundRatioToCents({ num: p.num * periodicRate.num * g, den: p.den * periodicRate.den * (g - h) });
}

export interface FinancePaymentInput {
  principal: Cents;
  /** Nominal APR in percent, as an exact decimal string ("6.49"). */
  aprPercent: string;
  months: number;
}

/** Monthly payment of a retail instalment loan: APR/12 compounded monthly, rounded half-up. */
export const financePayment = ({ principal, aprPercent, months }: FinancePaymentInput): Cents =>
  levelPayment(principal, periodicRateFromApr(aprPercent), months);

export interface ScheduleRow {
  period: number;
  payment: Cents;
  interest: Cents;
  principal: Cents;
  balance: Cents;
}

export interface Schedule {
  rows: ScheduleRow[];
  regularPayment: Cents;
  /** The last payment: whatever clears the balance (balance before it + its interest). */
  finalPayment: Cents;
  /** Σ of the cent-rounded periodic interest (what a ledger shows). */
  scheduleInterest: Cents;
  totalOfPayments: Cents;
}

/**
 * A cent schedule: each period's interest is round2(balance × r); every payment but the last is
 * `payment`; the last one clears the balance, so the schedule always ends at exactly zero.
 */
export function amortizationSchedule(input: {
  principal: Cents;
  periodicRate: Ratio;
  periods: number;
  payment: Cents;
}): Schedule {
  const { principal, periodicRate, periods, payment } = input;
  if (!Number.isSafeInteger(periods) || periods <= 0) throw new RangeError(`Bad number of periods: ${periods}`);
  const rows: ScheduleRow[] = [];
  let balance = principal;
  for (let period = 1; period <= periods; period += 1) {
    const interest = multiplyCentsByRatio(balance, periodicRate);
    const paid = period < periods ? payment : sumCents([balance, interest]);
    const principalPart = subtractCents(paid, interest);
    balance = subtractCents(balance, principalPart);
    rows.push({ period, payment: paid, interest, principal: principalPart, balance });
  }
  const last = rows[rows.length - 1]!;
  return {
    rows,
    regularPayment: payment,
    finalPayment: last.payment,
    scheduleInterest: sumCents(rows.map((row) => row.interest)),
    totalOfPayments: sumCents(rows.map((row) => row.payment)),
  };
}

export interface FinanceSummary {
  payment: Cents;
  finalPayment: Cents;
  /** payment × n − principal: the figure most web calculators print. */
  nominalFinanceCharge: Cents;
  /** Σ rounded monthly interest of the cent schedule; differs from the nominal one by final − payment. */
  scheduleInterest: Cents;
  totalOfPayments: Cents;
  schedule: Schedule;
}

/** Payment, cent schedule and both finance-charge figures of a monthly loan (pricing reference 1.2). */
export function financeSummary(input: FinancePaymentInput): FinanceSummary {
  const periodicRate = periodicRateFromApr(input.aprPercent);
  const payment = levelPayment(input.principal, periodicRate, input.months);
  const schedule = amortizationSchedule({ principal: input.principal, periodicRate, periods: input.months, payment });
  return {
    payment,
    finalPayment: schedule.finalPayment,
    nominalFinanceCharge: subtractCents(multiplyCentsByInteger(payment, input.months), input.principal),
    scheduleInterest: schedule.scheduleInterest,
    totalOfPayments: schedule.totalOfPayments,
    schedule,
  };
}
