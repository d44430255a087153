import { type LeaseRateEntry, type RateProgram } from "./rate-programs.ts";

/**
 * DEMO DATA ONLY: invented, plausible rates for the demo seed and tests. They are not any
 * lender's offer. Generic fallbacks (any make, model and year) for Canada and the US, plus one
 * make-specific subvented program to show that a more specific program wins.
 */

const leaseGrid = (
  terms: readonly (readonly [term: number, residuals: readonly string[]])[],
  allowances: readonly number[],
  moneyFactor: string,
  creditTier?: string,
): LeaseRateEntry[] =>
  terms.flatMap(([term, residuals]) =>
    allowances.map((distanceAllowance, index) => ({
      term,
      distanceAllowance,
      moneyFactor,
      residualPercent: residuals[index]!,
      ...(creditTier ? { creditTier } : {}),
    })),
  );

const CANADA_RESIDUALS = [
  [24, ["65", "63", "61"]],
  [36, ["58", "56", "54"]],
  [48, ["50", "48", "46"]],
] as const;

const US_RESIDUALS = [
  [24, ["64", "63", "61"]],
  [36, ["57", "56", "54"]],
  [48, ["49", "48", "46"]],
] as const;

/** Demo money factor by US credit tier (≈ APR / 2400). */
const US_LEASE_MONEY_FACTORS: readonly (readonly [tier: string, moneyFactor: string])[] = [
  ["super_prime", "0.00175"],
  ["prime", "0.00225"],
  ["near_prime", "0.00300"],
  ["subprime", "0.00400"],
  ["deep_subprime", "0.00500"],
];

/** Demo APR by US credit tier and term. */
const US_FINANCE_APRS: readonly (readonly [tier: string, aprs: readonly string[]])[] = [
  ["super_prime", ["4.99", "5.29", "5.49", "5.79", "6.29"]],
  ["prime", ["6.49", "6.79", "6.99", "7.29", "7.79"]],
  ["near_prime", ["9.49", "9.79", "9.99", "10.49", "10.99"]],
  ["subprime", ["13.49", "13.79", "13.99", "14.49", "14.99"]],
  ["deep_subprime", ["18.49", "18.79", "18.99", "19.49", "19.99"]],
];
const US_FINANCE_TERMS = [36, 48, 60, 72, 84] as const;

export const DEMO_RATE_PROGRAMS: readonly RateProgram[] = [
  {
    id: "demo-ca-generic",
    name: "Demo generic rates (Canada)",
    country: "CA",
    vehicle: {},
    finance: [
      { term: 36, apr: "5.99" },
      { term: 48, apr: "6.29" },
      { term: 60, apr: "6.49" },
      { term: 72, apr: "6.49" },
      { term: 84, apr: "6.99" },
      { term: 96, apr: "7.49" },
    ],
    lease: leaseGrid(CANADA_RESIDUALS, [16_000, 20_000, 24_000], "0.00200"),
  },
  {
    id: "demo-ca-used",
    name: "Demo used-vehicle rates (Canada)",
    country: "CA",
    vehicle: { conditions: ["used", "cpo"] },
    finance: [
      { term: 36, apr: "7.99" },
      { term: 48, apr: "8.49" },
      { term: 60, apr: "8.99" },
      { term: 72, apr: "9.49" },
    ],
  },
  {
    id: "demo-us-generic",
    name: "Demo generic rates (US)",
    country: "US",
    vehicle: {},
    finance: [
      ...US_FINANCE_APRS.flatMap(([creditTier, aprs]) =>
        US_FINANCE_TERMS.map((term, index) => ({ term, apr: aprs[index]!, creditTier })),
      ),
      // Without a credit score the demo quotes the prime tier's rates.
      ...US_FINANCE_TERMS.map((term, index) => ({ term, apr: US_FINANCE_APRS[1]![1][index]! })),
    ],
    lease: [
      ...US_LEASE_MONEY_FACTORS.flatMap(([tier, moneyFactor]) => leaseGrid(US_RESIDUALS, [10_000, 12_000, 15_000], moneyFactor, tier)),
      ...leaseGrid(US_RESIDUALS, [10_000, 12_000, 15_000], "0.00225"),
    ],
  },
  {
    id: "demo-ca-subvented-2026",
    name: "Demo subvented finance (Canada, 2025–2026 model years)",
    country: "CA",
    vehicle: { make: "Honda", yearFrom: 2025, yearTo: 2026, conditions: ["new"] },
    finance: [
      { term: 36, apr: "0.99" },
      { term: 48, apr: "1.99" },
      { term: 60, apr: "2.99" },
      { term: 72, apr: "3.99" },
    ],
  },
];
