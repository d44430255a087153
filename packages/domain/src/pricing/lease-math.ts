import { type Cents } from "../money.ts";
import { centsToRatio, multiplyCentsByRatio, roundRatioToCents, subtractCents } from "./cents-math.ts";
import {
  addRatio,
  divideRatio,
  multiplyRatio,
  ratio,
  ratioFromDecimal,
  ratioToDecimalString,
  subtractRatio,
  type Ratio,
} from "./exact-ratio.ts";

/** MF = APR / 2400 (APR in percent): 4.8 % → 0.002. */
export const moneyFactorFromApr = (aprPercent: string): Ratio => divideRatio(ratioFromDecimal(aprPercent), ratio(2400n));

/** APR ≈ MF × 2400, as an exact decimal string. */
export const aprFromMoneyFactor = (moneyFactor: string): string =>
  ratioToDecimalString(multiplyRatio(ratioFromDecimal(moneyFactor), ratio(2400n)));

/** round2(MSRP × residual %): the residual is set on the MSRP, not the selling price (Edmunds step 1). */
export const residualValue = (msrp: Cents, residualPercent: string): Cents =>
  multiplyCentsByRatio(msrp, divideRatio(ratioFromDecimal(residualPercent), ratio(100n)));

export interface LeasePaymentInput {
  adjustedCapCost: Cents;
  residualValue: Cents;
  moneyFactor: Ratio;
  term: number;
}

export interface LeasePaymentParts {
  /** (adjusted cap − residual) / term, rounded for display. */
  depreciation: Cents;
  /** (adjusted cap + residual) × MF, rounded for display. */
  rentCharge: Cents;
  /** round2(depreciation + rent) from the unrounded parts (pricing reference 2.1). */
  basePayment: Cents;
  /** basePayment − depreciation − rentCharge: non-zero only when the display roundings disagree. */
  roundingAdjustment: Cents;
}

/** Closed-end lease base payment by the money-factor method, monthly in advance. */
export function leaseBasePayment(input: LeasePaymentInput): LeasePaymentParts {
  if (!Number.isSafeInteger(input.term) || input.term <= 0) throw new RangeError(`Bad lease term: ${input.term}`);
  const cap = centsToRatio(input.adjustedCapCost);
  const residual = centsToRatio(input.residualValue);
  const depreciationExact = divideRatio(subtractRatio(cap, residual), ratio(BigInt(input.term)));
  const rentExact = multiplyRatio(addRatio(cap, residual), input.moneyFactor);
  const depreciation = roundRatioToCents(depreciationExact);
  const rentCharge = roundRatioToCents(rentExact);
  const basePayment = roundRatioToCents(addRatio(depreciationExact, rentExact));
  return {
    depreciation,
    rentCharge,
    basePayment,
    roundingAdjustment: subtractCents(subtractCents(basePayment, depreciation), rentCharge),
  };
}
