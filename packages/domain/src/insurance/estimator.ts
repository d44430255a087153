import type { Country } from "../constants.ts";
import { divideRoundHalfAwayFromZero } from "../decimal.ts";
import type { BodyType } from "../inventory/normalize.ts";
import type { Cents } from "../money.ts";
import { jurisdictionFromPostalCode, jurisdictionFromZip } from "../pricing/postal-jurisdiction.ts";

/**
 * The built-in car-insurance estimator (the liability insurer's quote when no insurer is connected). It is an
 * estimate, not a binding offer: the factors below are round figures of the Canadian and US personal auto markets,
 * written down as data so a dealership can see and tune them (dealer info `insurance_factors`, merged over these),
 * not an insurer's rating manual.
 *
 * A yearly premium has two parts:
 *   - third-party liability (and the accident benefits that go with it): the region's base amount for the
 *     smallest limit, times the urban, limit and driver factors;
 *   - own damage (collision and comprehensive): a rate of the vehicle's value, times the vehicle age, body type,
 *     deductible and driver factors.
 * Every factor is in basis points (10,000 = ×1); every amount is integer cents. Each part is the exact product of
 * its amount and factors, rounded half away from zero once; the yearly premium is their sum rounded to the dollar
 * and never under the minimum; the monthly premium is the yearly one divided by 12, rounded to the cent.
 */

export const DRIVER_AGE_BANDS = ["16-24", "25-34", "35-49", "50-64", "65+"] as const;
export type DriverAgeBand = (typeof DRIVER_AGE_BANDS)[number];

export const INSURANCE_DEDUCTIBLES = [500, 1000, 2500] as const;
export type InsuranceDeductible = (typeof INSURANCE_DEDUCTIBLES)[number];

/** Third-party liability limits offered, in whole dollars, by country (Canada: per occurrence; US: per accident). */
export const LIABILITY_LIMITS: Record<Country, readonly number[]> = {
  CA: [1_000_000, 2_000_000],
  US: [100_000, 300_000, 500_000],
};

/** At-fault claims in the last six years are counted up to this many (more rate as this many). */
export const MAX_COUNTED_CLAIMS = 3;

export type InsuranceFactors = {
  /** Yearly liability base (cents) per province or state at the smallest limit; `default` for any other. */
  liabilityBase: Record<Country, Record<string, number> & { default: number }>;
  /** Urban areas by the first letter (Canada) or the three first digits (US) of the postal code, in basis points. */
  urbanArea: Record<Country, Record<string, number>>;
  /** Liability limit (whole dollars) → factor. */
  liabilityLimit: Record<Country, Record<string, number>>;
  /** Yearly own-damage rate of the vehicle's value, in basis points. */
  ownDamageRateBp: number;
  /** Vehicle age in years (0 = this year's model): the factor of the first band whose `maxAge` covers it. */
  vehicleAge: readonly { maxAge: number; bp: number }[];
  bodyType: Record<BodyType, number>;
  deductible: Record<`${InsuranceDeductible}`, number>;
  driverAge: Record<DriverAgeBand, number>;
  /** Years licensed: the factor of the first band whose `maxYears` covers them. */
  yearsLicensed: readonly { maxYears: number; bp: number }[];
  /** At-fault claims in the last six years, 0 to MAX_COUNTED_CLAIMS. */
  claims: readonly number[];
  minimumYearlyCents: number;
};

export const DEFAULT_INSURANCE_FACTORS: InsuranceFactors = {
  liabilityBase: {
    CA: { default: 70_000, ON: 95_000, QC: 45_000, BC: 85_000, AB: 90_000, NS: 60_000, NB: 55_000, MB: 65_000, SK: 65_000 },
    US: { default: 75_000, NY: 110_000, MI: 130_000, FL: 115_000, CA: 90_000, TX: 85_000, OH: 60_000 },
  },
  urbanArea: {
    CA: { M: 12_500, H: 11_500, V: 11_000 },
    US: { "100": 13_000, "101": 13_000, "112": 12_500, "142": 10_500 },
  },
  liabilityLimit: {
    CA: { "1000000": 10_000, "2000000": 10_600 },
    US: { "100000": 10_000, "300000": 11_500, "500000": 12_500 },
  },
  ownDamageRateBp: 250,
  vehicleAge: [
    { maxAge: 2, bp: 10_500 },
    { maxAge: 5, bp: 10_000 },
    { maxAge: 9, bp: 9_500 },
    { maxAge: Number.MAX_SAFE_INTEGER, bp: 9_000 },
  ],
  bodyType: {
    SUV: 10_500,
    Sedan: 10_000,
    Pickup: 11_000,
    Hatchback: 9_800,
    Coupe: 12_000,
    Convertible: 12_500,
    Minivan: 9_500,
    Wagon: 9_700,
    Van: 10_000,
    Other: 10_000,
  },
  deductible: { "500": 10_000, "1000": 9_000, "2500": 7_800 },
  driverAge: { "16-24": 18_000, "25-34": 12_000, "35-49": 10_000, "50-64": 9_000, "65+": 10_500 },
  yearsLicensed: [
    { maxYears: 2, bp: 13_000 },
    { maxYears: 5, bp: 11_000 },
    { maxYears: 9, bp: 10_000 },
    { maxYears: Number.MAX_SAFE_INTEGER, bp: 9_000 },
  ],
  claims: [10_000, 13_500, 17_500, 22_500],
  minimumYearlyCents: 50_000,
};

export type InsuranceEstimateInput = {
  country: Country;
  /** What the deal pays for the vehicle (its price, else its MSRP). */
  vehicleValue: Cents;
  modelYear: number;
  bodyType: BodyType;
  /** The year of the quote (the vehicle's age is this minus its model year, never under 0). */
  quotedYear: number;
  driverAgeBand: DriverAgeBand;
  yearsLicensed: number;
  atFaultClaims: number;
  postalCode: string;
  /** Whole dollars, one of LIABILITY_LIMITS[country]. */
  liabilityLimit: number;
  deductible: InsuranceDeductible;
};

export type InsuranceFactorLine = { factor: string; bp: number };

export type InsuranceEstimate = {
  yearly: Cents;
  monthly: Cents;
  liability: Cents;
  ownDamage: Cents;
  /** Province or state the postal code names. */
  region: string;
  factors: InsuranceFactorLine[];
};

export type InsuranceEstimateFailure = { field: "postal_code" | "liability_limit"; reason: "region" | "limit" };

const BP = 10_000n;

/** amount × each factor (basis points), exactly, rounded half away from zero once. */
function applyFactors(amount: bigint, factors: readonly number[]): bigint {
  const numerator = factors.reduce((product, bp) => product * BigInt(bp), amount);
  return divideRoundHalfAwayFromZero(numerator, BP ** BigInt(factors.length));
}

const bandOf = <T extends { bp: number }>(bands: readonly T[], covers: (band: T) => boolean) => (bands.find(covers) ?? bands[bands.length - 1]!).bp;

/** The province or state of a postal or ZIP code in this country, or null. */
export function insuranceRegionOf(country: Country, postalCode: string): string | null {
  const match = country === "CA" ? jurisdictionFromPostalCode(postalCode) : jurisdictionFromZip(postalCode);
  return match?.region ?? null;
}

function urbanFactor(factors: InsuranceFactors, country: Country, postalCode: string): number {
  const code = postalCode.trim().toUpperCase();
  const key = country === "CA" ? code.slice(0, 1) : code.slice(0, 3);
  return factors.urbanArea[country][key] ?? 10_000;
}

/** The yearly and monthly premium, with the factors applied (see the file's head), or the field that cannot be rated. */
export function estimateInsurancePremium(
  input: InsuranceEstimateInput,
  factors: InsuranceFactors = DEFAULT_INSURANCE_FACTORS,
): { ok: true; estimate: InsuranceEstimate } | { ok: false; failure: InsuranceEstimateFailure } {
  const region = insuranceRegionOf(input.country, input.postalCode);
  if (!region) return { ok: false, failure: { field: "postal_code", reason: "region" } };
  const limitBp = factors.liabilityLimit[input.country][String(input.liabilityLimit)];
  if (limitBp === undefined) return { ok: false, failure: { field: "liability_limit", reason: "limit" } };

  const bases = factors.liabilityBase[input.country];
  const base = bases[region] ?? bases.default;
  const age = Math.max(0, input.quotedYear - input.modelYear);
  const claims = Math.min(Math.max(0, Math.trunc(input.atFaultClaims)), MAX_COUNTED_CLAIMS);
  const driver: InsuranceFactorLine[] = [
    { factor: "driver_age", bp: factors.driverAge[input.driverAgeBand] },
    { factor: "years_licensed", bp: bandOf(factors.yearsLicensed, (b) => input.yearsLicensed <= b.maxYears) },
    { factor: "claims", bp: factors.claims[claims] ?? factors.claims[factors.claims.length - 1]! },
  ];
  const liabilityLines: InsuranceFactorLine[] = [
    { factor: "urban_area", bp: urbanFactor(factors, input.country, input.postalCode) },
    { factor: "liability_limit", bp: limitBp },
  ];
  const damageLines: InsuranceFactorLine[] = [
    { factor: "own_damage_rate", bp: factors.ownDamageRateBp },
    { factor: "vehicle_age", bp: bandOf(factors.vehicleAge, (b) => age <= b.maxAge) },
    { factor: "body_type", bp: factors.bodyType[input.bodyType] },
    { factor: "deductible", bp: factors.deductible[`${input.deductible}`] },
  ];
  const driverBp = driver.map((l) => l.bp);
  const liability = applyFactors(BigInt(base), [...liabilityLines.map((l) => l.bp), ...driverBp]);
  const ownDamage = applyFactors(BigInt(input.vehicleValue), [...damageLines.map((l) => l.bp), ...driverBp]);
  const total = divideRoundHalfAwayFromZero(liability + ownDamage, 100n) * 100n;
  const yearly = total < BigInt(factors.minimumYearlyCents) ? BigInt(factors.minimumYearlyCents) : total;
  return {
    ok: true,
    estimate: {
      yearly: Number(yearly) as Cents,
      monthly: Number(divideRoundHalfAwayFromZero(yearly, 12n)) as Cents,
      liability: Number(liability) as Cents,
      ownDamage: Number(ownDamage) as Cents,
      region,
      factors: [...liabilityLines, ...damageLines, ...driver],
    },
  };
}

/** The dealership's factors (dealer info `insurance_factors`, any part of them) over the defaults. */
export function insuranceFactorsOf(overrides: unknown): InsuranceFactors {
  if (!overrides || typeof overrides !== "object") return DEFAULT_INSURANCE_FACTORS;
  const o = overrides as Partial<InsuranceFactors>;
  const d = DEFAULT_INSURANCE_FACTORS;
  const merge2 = <T extends Record<Country, Record<string, number>>>(base: T, over: unknown): T =>
    over && typeof over === "object"
      ? ({ CA: { ...base.CA, ...(over as Partial<T>).CA }, US: { ...base.US, ...(over as Partial<T>).US } } as T)
      : base;
  const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : fallback);
  return {
    liabilityBase: merge2(d.liabilityBase, o.liabilityBase),
    urbanArea: merge2(d.urbanArea, o.urbanArea),
    liabilityLimit: merge2(d.liabilityLimit, o.liabilityLimit),
    ownDamageRateBp: num(o.ownDamageRateBp, d.ownDamageRateBp),
    vehicleAge: Array.isArray(o.vehicleAge) && o.vehicleAge.length ? o.vehicleAge : d.vehicleAge,
    bodyType: { ...d.bodyType, ...o.bodyType },
    deductible: { ...d.deductible, ...o.deductible },
    driverAge: { ...d.driverAge, ...o.driverAge },
    yearsLicensed: Array.isArray(o.yearsLicensed) && o.yearsLicensed.length ? o.yearsLicensed : d.yearsLicensed,
    claims: Array.isArray(o.claims) && o.claims.length ? o.claims : d.claims,
    minimumYearlyCents: num(o.minimumYearlyCents, d.minimumYearlyCents),
  };
}
