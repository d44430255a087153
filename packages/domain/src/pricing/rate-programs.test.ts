import { describe, expect, it } from "vitest";
import { creditTierForScore } from "./credit-tiers.ts";
import { DEMO_RATE_PROGRAMS } from "./demo-rate-programs.ts";
import { findRateProgram, rateProgramChoices, type RateProgram, type RateProgramQuery } from "./rate-programs.ts";

const base: RateProgramQuery = {
  paymentType: "finance",
  country: "CA",
  make: "Toyota",
  model: "RAV4",
  year: 2026,
  condition: "new",
  term: 60,
  date: "2026-01-15",
};

describe("credit tiers", () => {
  it.each([
    [820, "super_prime"],
    [781, "super_prime"],
    [780, "prime"],
    [640, "near_prime"],
    [550, "subprime"],
    [420, "deep_subprime"],
  ])("%i → %s", (score, tier) => {
    expect(creditTierForScore(score)?.id).toBe(tier);
  });

  it("has no tier for a missing score (0 is the contract's default) or one out of range", () => {
    expect(creditTierForScore(0)).toBeNull();
    expect(creditTierForScore(null)).toBeNull();
    expect(creditTierForScore(900)).toBeNull();
  });
});

describe("findRateProgram", () => {
  it("falls back to the generic Canadian program, without credit score", () => {
    const match = findRateProgram(DEMO_RATE_PROGRAMS, { ...base, creditScore: 800 });
    expect(match).toMatchObject({ paymentType: "finance", apr: "6.49", creditTier: null });
    expect(match?.program.id).toBe("demo-ca-generic");
  });

  it("prefers a make-specific program over the generic one, within its model years and conditions", () => {
    expect(findRateProgram(DEMO_RATE_PROGRAMS, { ...base, make: "honda", term: 48 })).toMatchObject({ apr: "1.99" });
    expect(findRateProgram(DEMO_RATE_PROGRAMS, { ...base, make: "Honda", year: 2024, term: 48 })).toMatchObject({ apr: "6.29" });
    expect(findRateProgram(DEMO_RATE_PROGRAMS, { ...base, make: "Honda", condition: "used", term: 48 })).toMatchObject({ apr: "8.49" });
  });

  it("falls through to a less specific program when the specific one lacks the term", () => {
    expect(findRateProgram(DEMO_RATE_PROGRAMS, { ...base, make: "Honda", term: 84 })).toMatchObject({ apr: "6.99" });
  });

  it("picks the US rate of the score's tier, and the untiered rate without a score", () => {
    const us = { ...base, country: "US" as const };
    expect(findRateProgram(DEMO_RATE_PROGRAMS, { ...us, creditScore: 800 })).toMatchObject({ apr: "5.49", creditTier: "super_prime" });
    expect(findRateProgram(DEMO_RATE_PROGRAMS, { ...us, creditScore: 580 })).toMatchObject({ apr: "13.99", creditTier: "subprime" });
    expect(findRateProgram(DEMO_RATE_PROGRAMS, { ...us, creditScore: 0 })).toMatchObject({ apr: "6.99", creditTier: null });
  });

  it("finds a lease money factor and residual by term and distance allowance", () => {
    const lease = { ...base, paymentType: "lease" as const, term: 36, distanceAllowance: 20_000 };
    expect(findRateProgram(DEMO_RATE_PROGRAMS, lease)).toMatchObject({ moneyFactor: "0.00200", residualPercent: "56" });
    expect(findRateProgram(DEMO_RATE_PROGRAMS, { ...lease, distanceAllowance: 18_000 })).toBeNull();
    const us = { ...lease, country: "US" as const, distanceAllowance: 12_000, creditScore: 700 };
    expect(findRateProgram(DEMO_RATE_PROGRAMS, us)).toMatchObject({ moneyFactor: "0.00225", residualPercent: "56", creditTier: "prime" });
  });

  it("honours a program's validity dates and model", () => {
    const programs: RateProgram[] = [
      { id: "old", name: "old", country: "CA", vehicle: { model: "rav4" }, validTo: "2025-12-31", finance: [{ term: 60, apr: "0.99" }] },
      { id: "generic", name: "generic", country: "CA", vehicle: {}, finance: [{ term: 60, apr: "5.00" }] },
    ];
    expect(findRateProgram(programs, { ...base, date: "2025-12-31" })?.program.id).toBe("old");
    expect(findRateProgram(programs, base)?.program.id).toBe("generic");
    expect(findRateProgram(programs, { ...base, country: "US" })).toBeNull();
  });

  it("lists the terms and distance allowances offered", () => {
    const { term: _term, ...query } = base;
    expect(rateProgramChoices(DEMO_RATE_PROGRAMS, query).terms).toEqual([36, 48, 60, 72, 84, 96]);
    expect(rateProgramChoices(DEMO_RATE_PROGRAMS, { ...query, paymentType: "lease" })).toEqual({
      terms: [24, 36, 48],
      distanceAllowances: [16_000, 20_000, 24_000],
    });
  });
});
