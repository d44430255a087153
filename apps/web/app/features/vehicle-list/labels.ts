import { searchQueryToParams, withFilter, type SearchFacets, type SearchQuery } from "@showroom/domain";
import { codeLabel, type MessageKey, type Translate } from "../../i18n/index.ts";

/** Facet values that are codes get a translated label; names (makes, models, trims) show as they are. */
const TRANSLATED: Partial<Record<keyof SearchFacets, string>> = {
  condition: "condition",
  bodyType: "body",
  exteriorColor: "colour",
  interiorColor: "colour",
  fuelType: "fuel",
  drivetrain: "drivetrain",
  transmission: "transmission",
  stockType: "stock",
  features: "feature",
};

export function facetLabel(dimension: keyof SearchFacets, value: string, t: Translate): string {
  const prefix = TRANSLATED[dimension];
  return prefix ? codeLabel(t, prefix, value) : value;
}

/** The address of the list with this query: defaults omitted, so equal lists share one link. */
export function searchHref(path: (route: string, search?: string) => string, query: Partial<SearchQuery>): string {
  return path("search", searchQueryToParams(query).toString());
}

export type Chip = { key: string; label: string; without: SearchQuery };

const MULTI_KEYS = [
  "bodyType", "exteriorColor", "interiorColor", "drivetrain", "transmission", "fuelType", "features", "stockType",
] as const;
const SINGLE_KEYS = ["condition", "make", "model", "trim"] as const;

/** One removable chip per active filter value. */
export function activeFilterChips(query: SearchQuery, t: Translate, dealershipNames: Map<string, string>): Chip[] {
  const chips: Chip[] = [];
  if (query.query) chips.push({ key: "query", label: `“${query.query}”`, without: withFilter(query, "query", undefined) });
  for (const key of SINGLE_KEYS) {
    const value = query[key];
    if (value) chips.push({ key, label: facetLabel(key, value, t), without: withFilter(query, key, undefined) });
  }
  for (const key of MULTI_KEYS) {
    for (const value of query[key] ?? []) {
      const rest = (query[key] ?? []).filter((v) => v !== value);
      chips.push({ key: `${key}:${value}`, label: facetLabel(key, value, t), without: withFilter(query, key, rest as never) });
    }
  }
  const range = (min: unknown, max: unknown, label: string, keys: [keyof SearchQuery, keyof SearchQuery]) => {
    if (min === undefined && max === undefined) return;
    const without = withFilter(withFilter(query, keys[0], undefined), keys[1], undefined);
    chips.push({ key: label, label: `${t(label as MessageKey)}: ${String(min ?? "…")}–${String(max ?? "…")}`, without });
  };
  range(query.minYear, query.maxYear, "filters.year", ["minYear", "maxYear"]);
  range(query.minMileage, query.maxMileage, "filters.mileage", ["minMileage", "maxMileage"]);
  range(query.minPayment, query.maxPayment, "filters.budget", ["minPayment", "maxPayment"]);
  for (const uid of query.dealership_uid ?? []) {
    const rest = (query.dealership_uid ?? []).filter((v) => v !== uid);
    chips.push({ key: `dealer:${uid}`, label: dealershipNames.get(uid) ?? uid, without: withFilter(query, "dealership_uid", rest) });
  }
  return chips;
}

export function clearedQuery(query: SearchQuery): Partial<SearchQuery> {
  return { sort: query.sort, ...(query.location ? { location: query.location } : {}) };
}
