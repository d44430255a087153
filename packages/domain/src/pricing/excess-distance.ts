import { type Cents } from "../money.ts";
import { roundRatioToCents, sumCents } from "./cents-math.ts";
import { multiplyRatio, ratio, ratioFromDecimal } from "./exact-ratio.ts";
import { computeTaxLines, type TaxLine } from "./tax-rules.ts";
import { type TaxRules } from "./tax-types.ts";

export interface ExcessDistanceInput {
  /** Yearly allowance (km or miles). */
  allowancePerYear: number;
  termMonths: number;
  /** Distance driven over the lease (odometer at return minus at delivery). */
  distanceDriven: number;
  /** Charge per excess unit, in dollars as an exact decimal ("0.16"). */
  ratePerUnit: string;
  /** Taxes applied to the charge, if any (whether HST applies is UNCERTAIN in the reference). */
  rules?: TaxRules;
}

/**
 * End-of-lease excess distance charge: max(0, driven − allowance × years) × rate, plus tax when
 * rules are given (pricing reference 2.2, vector L-EXCESS-KM).
 */
export function excessDistanceCharge(input: ExcessDistanceInput): {
  excessDistance: number;
  charge: Cents;
  taxes: TaxLine[];
  total: Cents;
} {
  const allowed = Number((BigInt(input.allowancePerYear) * BigInt(input.termMonths)) / 12n);
  const excessDistance = Math.max(0, input.distanceDriven - allowed);
  const charge = roundRatioToCents(multiplyRatio(ratio(BigInt(excessDistance) * 100n), ratioFromDecimal(input.ratePerUnit)));
  const taxes = input.rules ? computeTaxLines({ rules: input.rules, paymentType: "lease", taxableBase: charge }) : [];
  return { excessDistance, charge, taxes, total: sumCents([charge, ...taxes.map((line) => line.amount)]) };
}
