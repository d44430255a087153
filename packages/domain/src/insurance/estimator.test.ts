import { describe, expect, it } from "vitest";
import type { Cents } from "../money.ts";
import {
  DEFAULT_INSURANCE_FACTORS,
  estimateInsurancePremium,
  insuranceFactorsOf,
  type InsuranceEstimateInput,
} from "./estimator.ts";

const base: InsuranceEstimateInput = {
  country: "CA",
  vehicleValue: 3_500_000 as Cents,
  modelYear: 2025,
  bodyType: "SUV",
  quotedYear: 2026,
  driverAgeBand: "35-49",
  yearsLicensed: 15,
  atFaultClaims: 0,
  postalCode: "L4C 1A1",
  liabilityLimit: 1_000_000,
  deductible: 1000,
};

const estimate = (over: Partial<InsuranceEstimateInput> = {}, factors = DEFAULT_INSURANCE_FACTORS) => {
  const result = estimateInsurancePremium({ ...base, ...over }, factors);
  if (!result.ok) throw new Error(`not rated: ${result.failure.field}`);
  return result.estimate;
};

describe("estimateInsurancePremium (worked figures)", () => {
  it("an experienced Ontario driver of a one-year-old $35,000 SUV outside Toronto", () => {
    // Liability: 950.00 × 0.9 (15 years licensed) = 855.00.
    // Own damage: 35,000 × 2.5 % × 1.05 (age 1) × 1.05 (SUV) × 0.9 ($1,000 deductible) × 0.9 = 781.396875 → 781.40.
    // Yearly: 1,636.40 → $1,636; monthly 1,636 / 12 = 136.333… → 136.33.
    const e = estimate();
    expect(e).toMatchObject({ liability: 85_500, ownDamage: 78_140, yearly: 163_600, monthly: 13_633, region: "ON" });
  });

  it("a young Toronto driver with a claim, a $2M limit and a $500 deductible on an eight-year-old sedan", () => {
    // Liability: 950 × 1.25 (M) × 1.06 ($2M) × 1.8 (16-24) × 1.3 (1 year) × 1.35 (1 claim) = 3,976.39125 → 3,976.39.
    // Own damage: 20,000 × 2.5 % × 0.95 (age 8) × 1.0 × 1.0 × 1.8 × 1.3 × 1.35 = 1,500.525 → 1,500.53.
    // Yearly 5,476.92 → $5,477; monthly 456.4166… → 456.42.
    const e = estimate({
      vehicleValue: 2_000_000 as Cents,
      modelYear: 2018,
      bodyType: "Sedan",
      driverAgeBand: "16-24",
      yearsLicensed: 1,
      atFaultClaims: 1,
      postalCode: "m5v3l9",
      liabilityLimit: 2_000_000,
      deductible: 500,
    });
    expect(e).toMatchObject({ liability: 397_639, ownDamage: 150_053, yearly: 547_700, monthly: 45_642, region: "ON" });
  });

  it("a Buffalo driver of a new $30,000 pickup with a 300/300 limit", () => {
    // Liability: 1,100 × 1.05 (142) × 1.15 ($300k) × 1.2 (25-34) = 1,593.90.
    // Own damage: 30,000 × 2.5 % × 1.05 × 1.1 (pickup) × 0.9 × 1.2 = 935.55. Yearly 2,529.45 → $2,529; monthly 210.75.
    const e = estimate({
      country: "US",
      vehicleValue: 3_000_000 as Cents,
      modelYear: 2026,
      bodyType: "Pickup",
      driverAgeBand: "25-34",
      yearsLicensed: 8,
      postalCode: "14202",
      liabilityLimit: 300_000,
    });
    expect(e).toMatchObject({ liability: 159_390, ownDamage: 93_555, yearly: 252_900, monthly: 21_075, region: "NY" });
  });

  it("never goes under the minimum yearly premium (a Quebec City driver of an old hatchback)", () => {
    // 364.50 + 69.66 = 434.16 → $434, under the $500 minimum; monthly 41.666… → 41.67.
    const e = estimate({
      vehicleValue: 500_000 as Cents,
      modelYear: 2010,
      bodyType: "Hatchback",
      driverAgeBand: "50-64",
      yearsLicensed: 30,
      postalCode: "G1R 4P5",
      deductible: 2500,
    });
    expect(e).toMatchObject({ liability: 36_450, ownDamage: 6_966, yearly: 50_000, monthly: 4_167, region: "QC" });
  });

  it("each risk raises the premium and a higher deductible lowers it", () => {
    const reference = estimate().yearly;
    expect(estimate({ atFaultClaims: 2 }).yearly).toBeGreaterThan(estimate({ atFaultClaims: 1 }).yearly);
    expect(estimate({ atFaultClaims: 9 }).yearly).toBe(estimate({ atFaultClaims: 3 }).yearly);
    expect(estimate({ driverAgeBand: "16-24" }).yearly).toBeGreaterThan(reference);
    expect(estimate({ vehicleValue: 7_000_000 as Cents }).yearly).toBeGreaterThan(reference);
    expect(estimate({ deductible: 2500 }).yearly).toBeLessThan(reference);
    expect(estimate({ postalCode: "M4W 1A8" }).yearly).toBeGreaterThan(reference);
  });

  it("names the field it cannot rate: a postal code of another country, a limit not offered there", () => {
    expect(estimateInsurancePremium({ ...base, postalCode: "14202" })).toEqual({ ok: false, failure: { field: "postal_code", reason: "region" } });
    expect(estimateInsurancePremium({ ...base, liabilityLimit: 300_000 })).toEqual({ ok: false, failure: { field: "liability_limit", reason: "limit" } });
  });
});

describe("insuranceFactorsOf", () => {
  it("takes the dealership's factors over the defaults, and ignores what is not a factor", () => {
    const tuned = insuranceFactorsOf({ liabilityBase: { CA: { ON: 100_000 } }, ownDamageRateBp: 300, minimumYearlyCents: -5 });
    expect(tuned.liabilityBase.CA.ON).toBe(100_000);
    expect(tuned.liabilityBase.CA.QC).toBe(45_000);
    expect(tuned.ownDamageRateBp).toBe(300);
    expect(tuned.minimumYearlyCents).toBe(DEFAULT_INSURANCE_FACTORS.minimumYearlyCents);
    // 1,000 × 0.9 = 900.00 liability; own damage 937.68 at 3 %: 1,837.68 → $1,838.
    expect(estimate({}, tuned)).toMatchObject({ liability: 90_000, ownDamage: 93_768, yearly: 183_800 });
    expect(insuranceFactorsOf(null)).toBe(DEFAULT_INSURANCE_FACTORS);
  });
});

describe("insuranceQuoteRequestSchema", () => {
  const valid = { driver_age_band: "35-49", years_licensed: "15", at_fault_claims: 0, postal_code: "M5V 3L9", liability_limit: 1_000_000, deductible: "1000" };
  it("reads numbers sent as digits, and says a missing one is required", async () => {
    const { insuranceQuoteRequestSchema } = await import("../schemas/insurance.ts");
    expect(insuranceQuoteRequestSchema.parse(valid)).toMatchObject({ years_licensed: 15, deductible: 1000 });
    const missing = insuranceQuoteRequestSchema.safeParse({ ...valid, years_licensed: "" });
    expect(missing.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["years_licensed", "This field is required."]]);
    const bad = insuranceQuoteRequestSchema.safeParse({ ...valid, at_fault_claims: "many", deductible: 750 });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["at_fault_claims", "deductible"]);
  });
});
