import type { Country } from "../constants.ts";
import { divideRoundHalfAwayFromZero } from "../decimal.ts";
import type { Cents } from "../money.ts";
import type { TradeInAnswers } from "./rules.ts";

/**
 * The built-in valuation (a depreciation model): what a dealership would likely pay for a trade, as a range, from
 * the catalogue price, the age, the distance driven, the region and the condition answers. It is an estimate, not
 * an offer: the factors below are round figures of the Canadian and US used-vehicle markets, written down here so
 * a dealership can see and change them, not a price guide's data.
 *
 * Every factor is in basis points (1/100 of a percent) and every amount in integer cents; a product of the two is
 * divided exactly and rounded half away from zero.
 */

export type ValuationInput = {
  /** The vehicle's price when new (the catalogue's MSRP for its year, make, model, trim and style). */
  catalogueMsrp: Cents;
  modelYear: number;
  /** The day of the valuation, YYYY-MM-DD. */
  valuedOn: string;
  odometer: number;
  odometerUnit: "km" | "mi";
  country: Country;
  /** Province or state code. */
  regionCode: string;
  answers: TradeInAnswers;
  options: { sunroof: boolean; navigation: boolean; technology: boolean };
};

export type ValuationEstimate = { low: Cents; high: Cents; mid: Cents };

const BP = 10_000n;
const applyBp = (amount: number, bp: number): number => Number(divideRoundHalfAwayFromZero(BigInt(amount) * BigInt(bp), BP));

/** Share of the new price kept after the first year, then kept each further year, and the floor (of the MSRP). */
const FIRST_YEAR_RETENTION_BP = 8_000;
const YEARLY_RETENTION_BP = 8_800;
const RETENTION_FLOOR_BP = 1_000;
/** A model year goes on sale in the autumn before it: age is counted from October 1 of the year before. */
const SALE_START_MONTH = 10;

/** The distance a vehicle is expected to cover in a year, and the adjustment per 10,000 km over or under it. */
const EXPECTED_KM_PER_YEAR = 20_000;
const OVER_DISTANCE_BP_PER_10K = -300;
const UNDER_DISTANCE_BP_PER_10K = 200;
const DISTANCE_ADJUSTMENT_CAP_BP = 1_500;
const MILLIMETRES_PER_MILE = 1_609_344n;
const MILLIMETRES_PER_KM = 1_000_000n;

/** Condition answers and options, as adjustments of the value. */
const ACCIDENT_BP = -1_200;
const ACCIDENT_EXTRA_AREA_BP = -200;
const PAINT_BP = -300;
const REPAIRS_BP = -500;
const EXPORT_IMPORT_BP = -1_000;
const PROTECTION_BP = 100;
const WINDSHIELD_CENTS = 40_000;
const OPTION_BP = { sunroof: 150, navigation: 100, technology: 200 } as const;

/** Regions where used vehicles sell above or below the national average (milder winters, less salt, bigger markets). */
const REGION_BP: Record<Country, Readonly<Record<string, number>>> = {
  CA: { BC: 300, AB: 200, SK: 100, QC: -200, NB: -300, NS: -300, PE: -300, NL: -300 },
  US: { CA: 300, AZ: 200, TX: 200, FL: 100, NY: -100, MI: -300, OH: -200, PA: -200, IL: -200 },
};

/** The range around the middle value, and the rounding of each end. */
const LOW_BP = 9_300;
const HIGH_BP = 10_500;
const ROUND_TO_CENTS = 5_000;
/** What any running vehicle fetches at the least (its parts and metal). */
const FLOOR_CENTS = 50_000;

/** Age in whole months since the model year went on sale (0 for a model year not yet on sale). */
export function ageInMonths(modelYear: number, valuedOn: string): number {
  const [year, month] = valuedOn.split("-").map(Number) as [number, number];
  return Math.max(0, (year - (modelYear - 1)) * 12 + (month - SALE_START_MONTH));
}

/** Share of the MSRP kept at an age (basis points): 80 % after a year, then 12 % less each year, never under 10 %. */
export function retentionBp(months: number): number {
  const at = (years: number): number => {
    if (years === 0) return 10_000;
    let bp = FIRST_YEAR_RETENTION_BP;
    for (let y = 1; y < years; y++) bp = applyBp(bp, YEARLY_RETENTION_BP);
    return Math.max(bp, RETENTION_FLOOR_BP);
  };
  const years = Math.floor(months / 12);
  const from = at(years);
  const to = at(years + 1);
  // Months within the year move the share evenly towards the next year's.
  return from + Math.trunc(((to - from) * (months % 12)) / 12);
}

const toKm = (odometer: number, unit: "km" | "mi") => (unit === "km" ? odometer : Number((BigInt(odometer) * MILLIMETRES_PER_MILE) / MILLIMETRES_PER_KM));

/** Over the expected distance lowers the value, under it raises it, by steps of 10,000 km, within ±15 %. */
export function distanceAdjustmentBp(odometer: number, unit: "km" | "mi", months: number): number {
  const expected = Math.trunc((EXPECTED_KM_PER_YEAR * months) / 12);
  const difference = toKm(odometer, unit) - expected;
  const bp = Math.trunc(difference > 0 ? (difference * OVER_DISTANCE_BP_PER_10K) / 10_000 : (-difference * UNDER_DISTANCE_BP_PER_10K) / 10_000);
  return Math.max(-DISTANCE_ADJUSTMENT_CAP_BP, Math.min(DISTANCE_ADJUSTMENT_CAP_BP, bp));
}

function conditionAdjustmentBp(input: ValuationInput): number {
  const { answers, options } = input;
  let bp = 0;
  if (answers.involved_in_accident) bp += ACCIDENT_BP + ACCIDENT_EXTRA_AREA_BP * Math.max(0, Math.min(3, answers.accident_areas.length - 1));
  if (answers.paint_work_performed) bp += PAINT_BP;
  if (answers.repairs_other_than_maintainence) bp += REPAIRS_BP;
  if (input.country === "CA" && answers.export_import_usa) bp += EXPORT_IMPORT_BP;
  if (answers.has_unexpired_protection_coverage) bp += PROTECTION_BP;
  if (options.sunroof) bp += OPTION_BP.sunroof;
  if (options.navigation) bp += OPTION_BP.navigation;
  if (options.technology) bp += OPTION_BP.technology;
  return bp + (REGION_BP[input.country][input.regionCode] ?? 0);
}

const roundDown = (c: number) => Math.floor(c / ROUND_TO_CENTS) * ROUND_TO_CENTS;
const roundUp = (c: number) => Math.ceil(c / ROUND_TO_CENTS) * ROUND_TO_CENTS;
const roundNearest = (c: number) => Math.round(c / ROUND_TO_CENTS) * ROUND_TO_CENTS;

export function estimateTradeInValue(input: ValuationInput): ValuationEstimate {
  const months = ageInMonths(input.modelYear, input.valuedOn);
  const aged = applyBp(input.catalogueMsrp, retentionBp(months));
  const adjustments = distanceAdjustmentBp(input.odometer, input.odometerUnit, months) + conditionAdjustmentBp(input);
  let value = applyBp(aged, 10_000 + adjustments);
  if (input.answers.has_windshield_damage) value -= WINDSHIELD_CENTS;
  const mid = Math.max(FLOOR_CENTS, value);
  return {
    low: Math.max(FLOOR_CENTS, roundDown(applyBp(mid, LOW_BP))) as Cents,
    mid: Math.max(FLOOR_CENTS, roundNearest(mid)) as Cents,
    high: Math.max(FLOOR_CENTS, roundUp(applyBp(mid, HIGH_BP))) as Cents,
  };
}

/**
 * The marketplace's instant cash offer, built in: the low end of the estimate, rounded down to $100, good within
 * the estimate's low and middle values (conditional on the dealership's inspection).
 */
export function instantCashOffer(estimate: ValuationEstimate): { amount: Cents; rangeMin: Cents; rangeMax: Cents } {
  const amount = (Math.floor(estimate.low / 10_000) * 10_000) as Cents;
  return { amount, rangeMin: estimate.low, rangeMax: estimate.mid };
}
