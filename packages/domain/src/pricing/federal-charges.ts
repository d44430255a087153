import { cents, type Cents } from "../money.ts";
import { applyRate, maxCents, minCents, subtractCents, ZERO_CENTS } from "./cents-math.ts";

/**
 * Canadian federal charges that can appear on a bill of sale (pricing reference 3.1). They are
 * inputs to a quote as fees (fee type `ac_levy` for the A/C tax); these helpers compute them.
 */

/** Federal air-conditioning excise tax: $100 per automobile air conditioner ([O] Excise Tax Act Sch. I s.7). */
export const AC_EXCISE_TAX = cents(10_000);

/** Green levy on fuel-inefficient passenger vehicles by weighted L/100 km, in tenths ([S] Consultaxe; [O] X3-1). */
export function greenLevy(litresPer100KmTenths: number): Cents {
  if (litresPer100KmTenths >= 160) return cents(400_000);
  if (litresPer100KmTenths >= 150) return cents(300_000);
  if (litresPer100KmTenths >= 140) return cents(200_000);
  if (litresPer100KmTenths >= 130) return cents(100_000);
  return ZERO_CENTS;
}

/** Threshold of the Select Luxury Items Tax Act for subject vehicles: $100,000. */
export const LUXURY_TAX_THRESHOLD = cents(10_000_000);

/**
 * Federal luxury tax on a new subject vehicle: the lesser of 10 % of the full value and 20 % of
 * the value above $100,000 ($140,000 → $8,000). Whether it reaches leases is UNCERTAIN.
 */
export function luxuryTax(value: Cents): Cents {
  if (value <= LUXURY_TAX_THRESHOLD) return ZERO_CENTS;
  return maxCents(minCents(applyRate(value, "0.10"), applyRate(subtractCents(value, LUXURY_TAX_THRESHOLD), "0.20")), ZERO_CENTS);
}
