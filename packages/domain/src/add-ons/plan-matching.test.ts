import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { matchPlanPrice, planDistance, planPrice, plansInvalidFor, plansValidFor, type PlanQuery } from "./plan-matching.ts";
import { testEntry, testPlan } from "./test-catalogue.ts";

const query = (options: Partial<PlanQuery> = {}): PlanQuery => ({ payment_type: "finance", vehicle_id: 7, term: 60, distance: 100_000, ...options });
const matchedId = (result: ReturnType<typeof matchPlanPrice>) => (result.ok ? result.entry.id : result.reason);

describe("matchPlanPrice", () => {
  it("refuses a payment type the plan does not support", () => {
    const plan = testPlan(1, [testEntry(1)], { payment_type: ["cash"] });
    expect(matchedId(matchPlanPrice(plan, query()))).toBe("payment_type_not_supported");
  });

  it("takes the one entry of the payment type whose duration and distance fit", () => {
    const plan = testPlan(1, [
      testEntry(1, { duration: 48 }),
      testEntry(2, { duration: 60, km_range: { from: 0, to: 100_000 } }),
      testEntry(3, { duration: 60, km_range: { from: 100_000, to: 160_000 } }),
      testEntry(4, { duration: 60, payment_type: "lease" }),
    ]);
    // The range is [from, to): 100,000 is in the second band.
    expect(matchedId(matchPlanPrice(plan, query()))).toBe(3);
    expect(matchedId(matchPlanPrice(plan, query({ distance: 99_999 })))).toBe(2);
    expect(matchedId(matchPlanPrice(plan, query({ distance: 160_000 })))).toBe("no_price_fits");
  });

  it("treats an open range as unlimited distance", () => {
    const plan = testPlan(1, [testEntry(1, { km_range: { from: 20_000, to: null } })]);
    expect(matchedId(matchPlanPrice(plan, query({ distance: 9_000_000 })))).toBe(1);
    expect(matchedId(matchPlanPrice(plan, query({ distance: 19_999 })))).toBe("no_price_fits");
  });

  it("uses the shopper's chosen coverage, else the term, else any duration", () => {
    const plan = testPlan(1, [testEntry(1, { duration: 36 }), testEntry(2, { duration: 60 })]);
    expect(matchedId(matchPlanPrice(plan, query({ duration: 36 })))).toBe(1);
    expect(matchedId(matchPlanPrice(plan, query()))).toBe(2);
    expect(matchedId(matchPlanPrice(plan, query({ payment_type: "cash", term: null })))).toBe("no_price_fits");
    const cashPlan = testPlan(1, [testEntry(1, { duration: 36, payment_type: "cash" }), testEntry(2, { duration: 60, payment_type: "cash" })]);
    expect(matchedId(matchPlanPrice(cashPlan, query({ payment_type: "cash", term: null })))).toBe("several_prices_fit");
    expect(matchedId(matchPlanPrice(cashPlan, query({ payment_type: "cash", term: null, duration: 60 })))).toBe(2);
  });

  it("on a lease forced to the term, ignores the chosen coverage (plan or entry flag)", () => {
    const entries = [testEntry(1, { payment_type: "lease", duration: 36 }), testEntry(2, { payment_type: "lease", duration: 48 })];
    const lease = query({ payment_type: "lease", term: 48, duration: 36 });
    expect(matchedId(matchPlanPrice(testPlan(1, entries), lease))).toBe(1);
    expect(matchedId(matchPlanPrice(testPlan(1, entries, { force_match_lease_term: true }), lease))).toBe(2);
    const entryForced = [entries[0]!, { ...entries[1]!, force_match_lease_term: true }, testEntry(3, { payment_type: "lease", duration: 36, force_match_lease_term: true })];
    expect(matchedId(matchPlanPrice(testPlan(1, entryForced), lease))).toBe("several_prices_fit");
    // Not a lease: the flag does not apply.
    expect(matchedId(matchPlanPrice(testPlan(1, [testEntry(4, { duration: 36 })], { force_match_lease_term: true }), query({ duration: 36 })))).toBe(4);
  });

  it("prefers the vehicle's own entries to the generic ones", () => {
    const plan = testPlan(1, [testEntry(1), testEntry(2, { vehicle_id: 7 }), testEntry(3, { vehicle_id: 8 })]);
    expect(matchedId(matchPlanPrice(plan, query()))).toBe(2);
    expect(matchedId(matchPlanPrice(plan, query({ vehicle_id: 9 })))).toBe(1);
    // The vehicle has entries, none fitting: the generic ones are not a fallback.
    const ownOnly = testPlan(1, [testEntry(1), testEntry(2, { vehicle_id: 7, duration: 36 })]);
    expect(matchedId(matchPlanPrice(ownOnly, query()))).toBe("no_price_fits");
  });

  it("filters by deductible when one is given, and refuses an ambiguous catalogue", () => {
    const plan = testPlan(1, [testEntry(1, { deductible_amount: cents(0) }), testEntry(2, { deductible_amount: cents(10_000) })]);
    expect(matchedId(matchPlanPrice(plan, query()))).toBe("several_prices_fit");
    expect(matchedId(matchPlanPrice(plan, query({ deductible_amount: cents(10_000) })))).toBe(2);
    expect(matchedId(matchPlanPrice(plan, query({ deductible_amount: cents(5_000) })))).toBe("no_price_fits");
  });
});

describe("planPrice", () => {
  it("is the matching entry's price, else the fallback when the plan uses one and nothing fits", () => {
    const entries = [testEntry(1, { duration: 60, price: cents(120_000) })];
    expect(planPrice(testPlan(1, entries), query())).toBe(120_000);
    expect(planPrice(testPlan(1, entries), query({ term: 72 }))).toBeNull();
    expect(planPrice(testPlan(1, entries, { use_fallback_prices: true, fallback_price: cents(99_000) }), query({ term: 72 }))).toBe(99_000);
    expect(planPrice(testPlan(1, entries, { payment_type: ["cash"], use_fallback_prices: true, fallback_price: cents(99_000) }), query())).toBeNull();
  });
});

describe("plans on a payment-type switch", () => {
  const financeOnly = testPlan(1, [testEntry(1)], { payment_type: ["finance"] });
  const everywhere = testPlan(2, [testEntry(2), testEntry(3, { payment_type: "lease", duration: 36 })]);

  it("removes the plans whose payment types lack the new one", () => {
    expect(plansInvalidFor([financeOnly, everywhere], "lease").map((plan) => plan.id)).toEqual([1]);
    expect(plansValidFor([financeOnly, everywhere], "lease").map((plan) => plan.id)).toEqual([2]);
  });

  it("with the deal's new figures, also removes the plans that no longer have a price", () => {
    const lease = { vehicle_id: 7, term: 48, distance: 80_000 };
    expect(plansInvalidFor([financeOnly, everywhere], "lease", lease).map((plan) => plan.id)).toEqual([1, 2]);
    expect(plansValidFor([financeOnly, everywhere], "lease", { ...lease, term: 36 }).map((plan) => plan.id)).toEqual([2]);
  });
});

describe("planDistance", () => {
  it("is annual × months / 12, rounded half-up to a whole unit", () => {
    expect(planDistance(20_000, 36)).toBe(60_000);
    expect(planDistance(24_000, 39)).toBe(78_000);
    // 16,000 × 13 / 12 = 17,333.33 → 17,333; 18,006 × 1 / 12 = 1,500.5 → 1,501 (half-up).
    expect(planDistance(16_000, 13)).toBe(17_333);
    expect(planDistance(18_006, 1)).toBe(1_501);
  });
});
