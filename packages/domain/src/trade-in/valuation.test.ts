import { describe, expect, it } from "vitest";
import type { Cents } from "../money.ts";
import { emptyAnswers, type TradeInAnswers } from "./rules.ts";
import { ageInMonths, distanceAdjustmentBp, estimateTradeInValue, instantCashOffer, retentionBp, type ValuationInput } from "./valuation.ts";

const base = (overrides: Partial<ValuationInput> = {}, answers: Partial<TradeInAnswers> = {}): ValuationInput => ({
  catalogueMsrp: 3_450_000 as Cents,
  modelYear: 2021,
  valuedOn: "2026-11-24",
  odometer: 90_000,
  odometerUnit: "km",
  country: "CA",
  regionCode: "ON",
  options: { sunroof: false, navigation: false, technology: false },
  ...overrides,
  answers: { ...emptyAnswers(), involved_in_accident: false, paint_work_performed: false, ...answers },
});

describe("built-in trade-in valuation (vectors worked by hand in the comments)", () => {
  it("counts age from October 1 before the model year", () => {
    expect(ageInMonths(2021, "2026-11-24")).toBe(73);
    expect(ageInMonths(2027, "2026-09-30")).toBe(0);
    expect(ageInMonths(2027, "2026-10-01")).toBe(0);
    expect(ageInMonths(2027, "2026-11-01")).toBe(1);
  });

  it("keeps 80 % after a year, 12 % less each further year, moving evenly through the months", () => {
    expect(retentionBp(0)).toBe(10_000);
    expect(retentionBp(12)).toBe(8_000);
    expect(retentionBp(6)).toBe(9_000);
    // 8000 → 7040 → 6195 → 5452 → 4798 → 4222 (6 years), 3715 (7 years); 73 months: 4222 − 42.
    expect(retentionBp(72)).toBe(4_222);
    expect(retentionBp(73)).toBe(4_180);
    expect(retentionBp(12 * 40)).toBe(1_000);
  });

  it("adjusts by 3 % per 10,000 km over the expected distance and 2 % per 10,000 km under it, within 15 %", () => {
    // 73 months: 121,666 km expected; 90,000 km is 31,666 under → +633 bp.
    expect(distanceAdjustmentBp(90_000, "km", 73)).toBe(633);
    expect(distanceAdjustmentBp(131_666, "km", 73)).toBe(-300);
    expect(distanceAdjustmentBp(900_000, "km", 73)).toBe(-1_500);
    // 40,000 mi = 64,373 km.
    expect(distanceAdjustmentBp(40_000, "mi", 61)).toBe(745);
  });

  it("a 2021 RAV4 at $34,500 new, 90,000 km in Ontario, no damage: $14,250 to $16,150", () => {
    // 34,500.00 × 41.80 % = 14,421.00; × 106.33 % = 15,333.85; middle 15,350; low 15,333.85 × 93 % = 14,260.48 → 14,250; high × 105 % = 16,100.54 → 16,150.
    const estimate = estimateTradeInValue(base());
    expect(estimate).toEqual({ low: 1_425_000, mid: 1_535_000, high: 1_615_000 });
    expect(instantCashOffer(estimate)).toEqual({ amount: 1_420_000, rangeMin: 1_425_000, rangeMax: 1_535_000 });
  });

  it("a 2019 Civic in Quebec with accident damage in two areas, paint work and a cracked windshield", () => {
    // 89 months: 35.30 % of 28,100.00 = 9,919.30; 150,000 km is 1,667 over → −50 bp; accident −1400, paint −300,
    // Quebec −200: × 80.50 % = 7,985.04; windshield −400.00 = 7,585.04 → 7,600; low 7,054.09 → 7,050; high 7,964.29 → 8,000.
    const estimate = estimateTradeInValue(
      base({ catalogueMsrp: 2_810_000 as Cents, modelYear: 2019, valuedOn: "2026-03-15", odometer: 150_000, regionCode: "QC" }, {
        involved_in_accident: true,
        accident_areas: ["front", "driver_side"],
        paint_work_performed: true,
        has_windshield_damage: true,
      }),
    );
    expect(estimate).toEqual({ low: 705_000, mid: 760_000, high: 800_000 });
  });

  it("a 2022 F-150 in Texas in miles, with a sunroof and the technology package", () => {
    // 61 months: 47.50 % of 52,900.00 = 25,127.50; under distance +745, sunroof +150, technology +200, Texas +200:
    // × 112.95 % = 28,381.51 → 28,400; low 26,394.80 → 26,350; high 29,800.59 → 29,850.
    const estimate = estimateTradeInValue(
      base({ catalogueMsrp: 5_290_000 as Cents, modelYear: 2022, odometer: 40_000, odometerUnit: "mi", country: "US", regionCode: "TX", options: { sunroof: true, navigation: false, technology: true } }),
    );
    expect(estimate).toEqual({ low: 2_635_000, mid: 2_840_000, high: 2_985_000 });
  });

  it("counts export/import only in Canada, and never values a vehicle under $500", () => {
    const canada = estimateTradeInValue(base({}, { export_import_usa: true }));
    const us = estimateTradeInValue(base({ country: "US", regionCode: "NV" }, { export_import_usa: true }));
    expect(canada.mid).toBeLessThan(us.mid);
    const wreck = estimateTradeInValue(base({ catalogueMsrp: 300_000 as Cents, modelYear: 1995, odometer: 600_000 }, { has_windshield_damage: true }));
    expect(wreck).toEqual({ low: 50_000, mid: 50_000, high: 55_000 });
  });

  it("never gives a range whose low end is above its high end, and worse answers never raise it", () => {
    const clean = estimateTradeInValue(base());
    const damaged = estimateTradeInValue(base({}, { involved_in_accident: true, accident_areas: ["rear"], repairs_other_than_maintainence: true }));
    expect(damaged.low).toBeLessThan(clean.low);
    for (const e of [clean, damaged]) expect(e.low <= e.mid && e.mid <= e.high).toBe(true);
  });
});
