import { featuresInMask, SEARCH_CONDITIONS, SEARCH_FEATURES, stockTypeOf, type FacetValue, type SearchFacets, type SearchQuery } from "@showroom/domain";
import type { FacetRow } from "./repo.ts";
import { MILEAGE_BUCKET, PAYMENT_BUCKET_CENTS, type Dimension } from "./search-sql.ts";

/** String.prototype.localeCompare's order (the default locale's collation), without building a collator per comparison. */
export const collation = new Intl.Collator();

/** The values with a count, and those selected even at zero, in collation order. */
export function sortedValues(counts: Map<string, number>, selected: readonly string[]): FacetValue[] {
  for (const value of selected) if (!counts.has(value)) counts.set(value, 0);
  return [...counts]
    .filter(([value, count]) => count > 0 || selected.includes(value))
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => collation.compare(a.value, b.value));
}

export type CountedFacets = { count: number; facets: Omit<SearchFacets, "dealership"> };

/** Folds the grouped rows into facets: for each dimension, the rows missing nothing or only that filter. */
export function buildFacets(rows: FacetRow[], query: SearchQuery): CountedFacets {
  const per = new Map<Dimension, Map<string, number>>();
  let count = 0;
  for (const row of rows) {
    if (row.miss !== "" && row.miss !== row.dimension) continue;
    if (row.dimension === "make" && row.miss === "") count += row.count;
    if (row.value === null) continue;
    const counts = per.get(row.dimension) ?? new Map<string, number>();
    counts.set(row.value, (counts.get(row.value) ?? 0) + row.count);
    per.set(row.dimension, counts);
  }
  const of = (d: Dimension) => per.get(d) ?? new Map<string, number>();
  const condition = of("condition");
  const cpo = condition.get("cpo") ?? 0;
  const conditionCounts = new Map([["new", condition.get("new") ?? 0], ["used", (condition.get("used") ?? 0) + cpo], ["cpo", cpo]]);
  const features = new Map<string, number>();
  for (const [mask, n] of of("features")) {
    for (const feature of featuresInMask(Number(mask))) features.set(feature, (features.get(feature) ?? 0) + n);
  }
  const stockTypes = new Map<string, number>();
  for (const [code, n] of of("stockType")) stockTypes.set(stockTypeOf(code), (stockTypes.get(stockTypeOf(code)) ?? 0) + n);
  const range = (d: Dimension, step: number) => {
    const keys = [...of(d).keys()].map(Number);
    if (keys.length === 0) return { min: null, max: null };
    return { min: Math.min(...keys) * step, max: (Math.max(...keys) + (step === 1 ? 0 : 1)) * step };
  };
  const one = (value: string | undefined) => (value ? [value] : []);
  return {
    count,
    facets: {
      condition: sortedValues(conditionCounts, one(query.condition))
        .filter((f) => f.count > 0 || f.value === query.condition)
        .sort((x, y) => SEARCH_CONDITIONS.indexOf(x.value as never) - SEARCH_CONDITIONS.indexOf(y.value as never)),
      make: sortedValues(of("make"), one(query.make)),
      model: sortedValues(of("model"), one(query.model)),
      trim: sortedValues(of("trim"), one(query.trim)),
      bodyType: sortedValues(of("bodyType"), query.bodyType ?? []),
      drivetrain: sortedValues(of("drivetrain"), query.drivetrain ?? []),
      exteriorColor: sortedValues(of("exteriorColor"), query.exteriorColor ?? []),
      interiorColor: sortedValues(of("interiorColor"), query.interiorColor ?? []),
      fuelType: sortedValues(of("fuelType"), query.fuelType ?? []),
      transmission: sortedValues(of("transmission"), query.transmission ?? []),
      stockType: sortedValues(stockTypes, query.stockType ?? []),
      features: sortedValues(features, query.features ?? []).sort(
        (a, b) => SEARCH_FEATURES.indexOf(a.value as never) - SEARCH_FEATURES.indexOf(b.value as never),
      ),
      year: range("year", 1),
      mileage: range("mileage", MILEAGE_BUCKET),
      payment: (() => {
        const r = range("payment", PAYMENT_BUCKET_CENTS);
        return { min: r.min === null ? null : r.min / 100, max: r.max === null ? null : r.max / 100 };
      })(),
    },
  };
}

