import { type Country } from "../constants.ts";
import { creditTierForScore, US_CREDIT_TIERS, type CreditTier } from "./credit-tiers.ts";
import { type VehicleCondition } from "./deal-inputs.ts";

/** Which vehicles a program covers; an absent field matches anything. Make and model ignore case. */
export interface VehicleMatch {
  make?: string;
  model?: string;
  yearFrom?: number;
  yearTo?: number;
  conditions?: readonly VehicleCondition[];
}

export interface FinanceRateEntry {
  /** Months. */
  term: number;
  /** APR in percent ("6.49"). */
  apr: string;
  /** US only: the credit tier the rate is for; absent = any score (and no score). */
  creditTier?: string;
}

export interface LeaseRateEntry {
  term: number;
  /** Yearly distance allowance, in the country's unit (km in Canada, miles in the US). */
  distanceAllowance: number;
  moneyFactor: string;
  /** Residual in percent of MSRP ("58"). */
  residualPercent: string;
  creditTier?: string;
}

/** A lender's (or the captive's) rates for a set of vehicles, effective-dated. */
export interface RateProgram {
  id: string;
  name: string;
  country: Country;
  /** Inclusive ISO dates; absent = open-ended. */
  validFrom?: string;
  validTo?: string;
  vehicle: VehicleMatch;
  finance?: readonly FinanceRateEntry[];
  lease?: readonly LeaseRateEntry[];
}

export interface RateProgramQuery {
  paymentType: "finance" | "lease";
  country: Country;
  make: string;
  model: string;
  year: number;
  condition: VehicleCondition;
  term: number;
  /** Lease only. */
  distanceAllowance?: number;
  /** US: picks the tier; ignored in Canada, which has no credit score. */
  creditScore?: number | null;
  date: string;
  tiers?: readonly CreditTier[];
}

export type RateProgramMatch =
  | { paymentType: "finance"; program: RateProgram; term: number; apr: string; creditTier: string | null }
  | {
      paymentType: "lease";
      program: RateProgram;
      term: number;
      distanceAllowance: number;
      moneyFactor: string;
      residualPercent: string;
      creditTier: string | null;
    };

const sameText = (a: string | undefined, b: string) => a === undefined || a.toLowerCase() === b.toLowerCase();

function coversVehicle(program: RateProgram, query: Omit<RateProgramQuery, "term">): boolean {
  const { vehicle } = program;
  return (
    program.country === query.country &&
    (program.validFrom === undefined || program.validFrom <= query.date) &&
    (program.validTo === undefined || query.date <= program.validTo) &&
    sameText(vehicle.make, query.make) &&
    sameText(vehicle.model, query.model) &&
    (vehicle.yearFrom === undefined || query.year >= vehicle.yearFrom) &&
    (vehicle.yearTo === undefined || query.year <= vehicle.yearTo) &&
    (vehicle.conditions === undefined || vehicle.conditions.includes(query.condition))
  );
}

/** More specific programs win: model beats make beats generic; a year range and a condition add to it. */
function specificity(program: RateProgram): number {
  const { vehicle } = program;
  return (
    (vehicle.model ? 8 : 0) +
    (vehicle.make ? 4 : 0) +
    (vehicle.yearFrom !== undefined || vehicle.yearTo !== undefined ? 2 : 0) +
    (vehicle.conditions ? 1 : 0)
  );
}

/** The tier an entry must carry: the score's tier in the US (null without a score), none in Canada. */
function wantedTier(query: Omit<RateProgramQuery, "term">): string | null {
  if (query.country === "CA") return null;
  return creditTierForScore(query.creditScore, query.tiers ?? US_CREDIT_TIERS)?.id ?? null;
}

const tierMatches = (entryTier: string | undefined, wanted: string | null) => (entryTier ?? null) === wanted;

/** Programs covering the vehicle on the date, most specific first (stable for equal specificity). */
export function programsForVehicle(programs: readonly RateProgram[], query: Omit<RateProgramQuery, "term">): RateProgram[] {
  return programs
    .map((program, index) => ({ program, index }))
    .filter(({ program }) => coversVehicle(program, query))
    .sort((a, b) => specificity(b.program) - specificity(a.program) || a.index - b.index)
    .map(({ program }) => program);
}

/**
 * The rate for a vehicle, term (and distance allowance for a lease) and credit score: the most
 * specific program that has a matching entry. In the US an entry for the score's tier is
 * preferred, then an untiered entry; without a score only untiered entries match.
 */
export function findRateProgram(programs: readonly RateProgram[], query: RateProgramQuery): RateProgramMatch | null {
  const tier = wantedTier(query);
  const tiersToTry = tier === null ? [null] : [tier, null];
  for (const program of programsForVehicle(programs, query)) {
    for (const wanted of tiersToTry) {
      if (query.paymentType === "finance") {
        const entry = program.finance?.find((item) => item.term === query.term && tierMatches(item.creditTier, wanted));
        if (entry) return { paymentType: "finance", program, term: entry.term, apr: entry.apr, creditTier: wanted };
      } else {
        const entry = program.lease?.find(
          (item) =>
            item.term === query.term &&
            (query.distanceAllowance === undefined || item.distanceAllowance === query.distanceAllowance) &&
            tierMatches(item.creditTier, wanted),
        );
        if (entry) {
          return {
            paymentType: "lease",
            program,
            term: entry.term,
            distanceAllowance: entry.distanceAllowance,
            moneyFactor: entry.moneyFactor,
            residualPercent: entry.residualPercent,
            creditTier: wanted,
          };
        }
      }
    }
  }
  return null;
}

/** Terms (months) and lease distance allowances offered for a vehicle by the most specific program that has any. */
export function rateProgramChoices(
  programs: readonly RateProgram[],
  query: Omit<RateProgramQuery, "term">,
): { terms: number[]; distanceAllowances: number[] } {
  for (const program of programsForVehicle(programs, query)) {
    const entries = query.paymentType === "finance" ? (program.finance ?? []) : (program.lease ?? []);
    if (entries.length === 0) continue;
    const allowances = (program.lease ?? []).map((entry) => entry.distanceAllowance);
    return {
      terms: [...new Set(entries.map((entry) => entry.term))].sort((a, b) => a - b),
      distanceAllowances: query.paymentType === "lease" ? [...new Set(allowances)].sort((a, b) => a - b) : [],
    };
  }
  return { terms: [], distanceAllowances: [] };
}
