import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import {
  dollarsToCents,
  LISTED_STOCK_CODES,
  SEARCH_FEATURES,
  STOCK_STATUS_NAMES,
  type SearchQuery,
  type StockStatusCode,
} from "@showroom/domain";
import { listedVehicle, stockStatusRank, vehicles as v } from "./tables.ts";

/** Facet dimensions: a filter each, counted with every other filter applied. */
export const DIMENSIONS = [
  "condition", "make", "model", "trim", "bodyType", "drivetrain", "exteriorColor", "interiorColor", "fuelType",
  "transmission", "stockType", "features", "year", "mileage", "payment",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];
/** A facet count: vehicles with this value of the dimension that fail no filter (miss "") or only that one. */
export type FacetRow = { dimension: Dimension; miss: Dimension | ""; value: string | null; count: number };

export const MILEAGE_BUCKET = 1000;
export const PAYMENT_BUCKET_CENTS = 10_000;

const lowerIn = (column: SQLWrapper, values: string[]) =>
  sql`lower(${column}) in (${sql.join(values.map((value) => sql`${value.toLowerCase()}`), sql`, `)})`;

/**
 * What a budget means: for cash, the price the list shows; for finance and lease, the vehicle's stored
 * payment at the dealership's defaults (a vehicle with no such payment has no place in that budget).
 */
export function budgetColumn(paymentType: SearchQuery["paymentType"]): SQL {
  const column = { cash: v.priceCents, finance: v.financePaymentCents, lease: v.leasePaymentCents }[paymentType];
  return sql`${column}`;
}

/** The grouping expression of each dimension, as the facet query groups it. */
export function dimensionColumns(paymentType: SearchQuery["paymentType"]): Record<Dimension, SQL> {
  return {
    condition: sql`case when ${v.condition} = 'New' then 'new' when ${v.isCertified} then 'cpo' else 'used' end`,
    make: sql`${v.make}`,
    model: sql`${v.model}`,
    trim: sql`${v.trim}`,
    bodyType: sql`${v.bodyType}`,
    drivetrain: sql`${v.drivetrain}`,
    exteriorColor: sql`${v.exteriorColorNormalized}`,
    interiorColor: sql`${v.interiorColor}`,
    fuelType: sql`${v.fuelType}`,
    transmission: sql`${v.transmission}`,
    stockType: sql`${v.stockStatus}`,
    features: sql`${v.featureMask}`,
    year: sql`${v.year}`,
    mileage: sql`(${v.odometer} / ${sql.raw(String(MILEAGE_BUCKET))})`,
    payment: sql`(${budgetColumn(paymentType)} / ${sql.raw(String(PAYMENT_BUCKET_CENTS))})`,
  };
}

export type FacetGrouping = { dimension: Dimension; column: SQL };

/**
 * The facet query's grouping columns: one a dimension, but the feature mask a byte at a time. Whole
 * masks are nearly one a vehicle (tens of thousands of groups across a big group's stock); a byte has at
 * most 256 values, and as every row is counted once in each byte, a feature's count is still the sum of
 * the groups whose byte holds its bit.
 */
export function facetGroupings(paymentType: SearchQuery["paymentType"]): FacetGrouping[] {
  const columns = dimensionColumns(paymentType);
  const featureBytes = Array.from({ length: Math.ceil(SEARCH_FEATURES.length / 8) }, (_, i) => 0xff << (8 * i));
  return DIMENSIONS.flatMap((dimension): FacetGrouping[] =>
    dimension === "features"
      ? featureBytes.map((byte) => ({ dimension, column: sql`(${v.featureMask} & ${sql.raw(String(byte))})` }))
      : [{ dimension, column: columns[dimension] }],
  );
}

function codesOfStockTypes(types: string[]): StockStatusCode[] {
  return (Object.entries(STOCK_STATUS_NAMES) as [StockStatusCode, string][])
    .filter(([, type]) => types.includes(type))
    .map(([code]) => code);
}

/** Escapes LIKE wildcards so a shopper's % or _ is matched as text. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The conditions every listed vehicle of the chosen dealerships meets, plus the text query. */
export function scopeCondition(dealershipIds: number[], query: SearchQuery): SQL {
  const parts: SQL[] = [
    sql`${v.dealershipId} in (${sql.join(dealershipIds.map((id) => sql`${id}`), sql`, `)})`,
    listedVehicle(v),
  ];
  const words = (query.query ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) parts.push(sql`${v.searchText} like ${likePattern(word)}`);
  return sql.join(parts, sql` and `);
}

/** One condition per active filter; inactive filters are left out. */
export function filterConditions(query: SearchQuery): Partial<Record<Dimension, SQL>> {
  const out: Partial<Record<Dimension, SQL>> = {};
  if (query.condition === "new") out.condition = sql`${v.condition} = 'New'`;
  if (query.condition === "used") out.condition = sql`${v.condition} = 'Used'`;
  if (query.condition === "cpo") out.condition = sql`(${v.condition} = 'Used' and ${v.isCertified})`;
  if (query.make) out.make = lowerIn(v.make, [query.make]);
  if (query.model) out.model = lowerIn(v.model, [query.model]);
  if (query.trim) out.trim = lowerIn(v.trim, [query.trim]);
  const multi: [Dimension, SQLWrapper, string[] | undefined][] = [
    ["bodyType", v.bodyType, query.bodyType],
    ["drivetrain", v.drivetrain, query.drivetrain],
    ["exteriorColor", v.exteriorColorNormalized, query.exteriorColor],
    ["interiorColor", v.interiorColor, query.interiorColor],
    ["fuelType", v.fuelType, query.fuelType],
    ["transmission", v.transmission, query.transmission],
  ];
  for (const [dimension, column, values] of multi) if (values?.length) out[dimension] = lowerIn(column, values);
  if (query.stockType?.length) {
    const codes = codesOfStockTypes(query.stockType).filter((code) => LISTED_STOCK_CODES.includes(code));
    out.stockType = codes.length ? sql`${v.stockStatus} in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})` : sql`false`;
  }
  if (query.features?.length) {
    const mask = query.features.reduce((m, f) => m | (1 << SEARCH_FEATURES.indexOf(f)), 0);
    out.features = sql`(${v.featureMask} & ${mask}) = ${mask}`;
  }
  const range = (column: SQL, min: number | undefined, max: number | undefined): SQL | undefined => {
    const parts: SQL[] = [];
    if (min !== undefined) parts.push(sql`${column} >= ${min}`);
    if (max !== undefined) parts.push(sql`${column} <= ${max}`);
    return parts.length ? sql.join(parts, sql` and `) : undefined;
  };
  const year = range(sql`${v.year}`, query.minYear, query.maxYear);
  if (year) out.year = year;
  const mileage = range(sql`${v.odometer}`, query.minMileage, query.maxMileage);
  if (mileage) out.mileage = mileage;
  const toCents = (amount: string | undefined) => (amount === undefined ? undefined : Number(dollarsToCents(amount)));
  const payment = range(budgetColumn(query.paymentType), toCents(query.minPayment), toCents(query.maxPayment));
  if (payment) out.payment = payment;
  return out;
}

/** The same expression as vehicles_recommended_idx, so the default sort reads that index in order. */
const STATUS_RANK = stockStatusRank(v.stockStatus);

/** Every order ends with the id so pages never overlap or skip a vehicle. */
export function orderBy(query: SearchQuery, distanceByDealership: Map<number, number>): SQL[] {
  const budget = budgetColumn(query.paymentType);
  switch (query.sort) {
    case "price":
      return [sql`${budget} asc nulls last`, sql`${v.id} asc`];
    case "-price":
      return [sql`${budget} desc nulls last`, sql`${v.id} asc`];
    case "year":
      return [sql`${v.year} asc`, sql`${v.id} asc`];
    case "-year":
      return [sql`${v.year} desc`, sql`${v.id} asc`];
    case "mileage":
      return [sql`${v.odometer} asc`, sql`${v.id} asc`];
    case "-mileage":
      return [sql`${v.odometer} desc`, sql`${v.id} asc`];
    case "availability":
      return [STATUS_RANK, sql`${v.arrivalDate} asc nulls first`, sql`${v.id} asc`];
    case "distance": {
      const cases = [...distanceByDealership].map(([id, km]) => sql`when ${sql.raw(String(id))} then ${sql.raw(km.toFixed(3))}`);
      const distance = cases.length ? sql`case ${v.dealershipId} ${sql.join(cases, sql` `)} else 0 end` : sql`0`;
      return [sql`${distance} asc`, STATUS_RANK, sql`${v.id} asc`];
    }
    case "recommended":
      return [STATUS_RANK, sql`${v.inStockDate} desc nulls last`, sql`${v.id} asc`];
  }
}
