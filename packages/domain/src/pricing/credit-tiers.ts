/**
 * US credit-score tiers used to pick a rate (Canada quotes without a credit score). The bands
 * are the common bureau categories (Experian's super-prime … deep-subprime) [K].
 */
export interface CreditTier {
  id: string;
  label_key: string;
  minScore: number;
  maxScore: number;
}

export const US_CREDIT_TIERS: readonly CreditTier[] = [
  { id: "super_prime", label_key: "pricing.credit_tier.super_prime", minScore: 781, maxScore: 850 },
  { id: "prime", label_key: "pricing.credit_tier.prime", minScore: 661, maxScore: 780 },
  { id: "near_prime", label_key: "pricing.credit_tier.near_prime", minScore: 601, maxScore: 660 },
  { id: "subprime", label_key: "pricing.credit_tier.subprime", minScore: 501, maxScore: 600 },
  { id: "deep_subprime", label_key: "pricing.credit_tier.deep_subprime", minScore: 300, maxScore: 500 },
];

/** The tier of a score, or null when the score is missing (0 is the contract's "not given") or out of range. */
export function creditTierForScore(score: number | null | undefined, tiers: readonly CreditTier[] = US_CREDIT_TIERS): CreditTier | null {
  if (score === null || score === undefined || !Number.isFinite(score) || score <= 0) return null;
  return tiers.find((tier) => score >= tier.minScore && score <= tier.maxScore) ?? null;
}
