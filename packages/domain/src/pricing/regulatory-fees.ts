import { cents, type Cents } from "../money.ts";

/**
 * Provincial dealer-regulator fees passed on per sale or lease, effective-dated (pricing
 * reference 3.3, [O] omvic.ca and amvic.org). Passing them on is the dealer's choice; when it
 * does, they are itemized fees (fee type `omvic_amvic_fees`).
 */
export interface RegulatoryFeeVersion {
  jurisdiction: string;
  id: "omvic_fee" | "amvic_levy";
  label_key: string;
  amount: Cents;
  effectiveFrom: string;
  effectiveTo?: string;
  /** Whether GST/HST applies when passed on: AMVIC [O] yes; OMVIC UNCERTAIN (vectors treat it as taxable). */
  taxable: boolean | "uncertain";
}

export const REGULATORY_FEES: readonly RegulatoryFeeVersion[] = [
  { jurisdiction: "CA-ON", id: "omvic_fee", label_key: "pricing.line.omvic_fee", amount: cents(1_000), effectiveFrom: "0000-01-01", effectiveTo: "2024-03-31", taxable: "uncertain" },
  { jurisdiction: "CA-ON", id: "omvic_fee", label_key: "pricing.line.omvic_fee", amount: cents(1_250), effectiveFrom: "2024-04-01", effectiveTo: "2025-08-31", taxable: "uncertain" },
  { jurisdiction: "CA-ON", id: "omvic_fee", label_key: "pricing.line.omvic_fee", amount: cents(2_200), effectiveFrom: "2025-09-01", taxable: "uncertain" },
  { jurisdiction: "CA-AB", id: "amvic_levy", label_key: "pricing.line.amvic_levy", amount: cents(625), effectiveFrom: "0000-01-01", effectiveTo: "2024-03-31", taxable: true },
  { jurisdiction: "CA-AB", id: "amvic_levy", label_key: "pricing.line.amvic_levy", amount: cents(1_000), effectiveFrom: "2024-04-01", taxable: true },
];

/** The regulator fee of a jurisdiction in force on an ISO date, or null where there is none. */
export function regulatoryFeeOn(jurisdiction: string, date: string): RegulatoryFeeVersion | null {
  return (
    REGULATORY_FEES.find(
      (fee) =>
        fee.jurisdiction === jurisdiction && fee.effectiveFrom <= date && (fee.effectiveTo === undefined || date <= fee.effectiveTo),
    ) ?? null
  );
}
