import type { SearchQuery } from "./search-query.ts";

const DEFAULTS: Partial<Record<keyof SearchQuery, unknown>> = { page: 1, sort: "recommended", paymentType: "cash" };
const PARAM_ORDER: (keyof SearchQuery)[] = [
  "query", "condition", "make", "model", "trim", "bodyType", "minYear", "maxYear", "minMileage", "maxMileage",
  "paymentType", "minPayment", "maxPayment", "exteriorColor", "interiorColor", "drivetrain", "transmission",
  "fuelType", "features", "stockType", "dealership_uid", "dealership_name", "location", "sort", "page",
];

/** The address form of a query: defaults left out, keys in a stable order, multi-values repeated. */
export function searchQueryToParams(query: Partial<SearchQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of PARAM_ORDER) {
    const value = query[key];
    if (value === undefined || value === null || value === "" || DEFAULTS[key] === value) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

export type SearchFilterKey = Exclude<keyof SearchQuery, "page" | "sort" | "paymentType" | "location">;

/** The query with one filter changed; any change of filter goes back to page 1. */
export function withFilter<K extends keyof SearchQuery>(query: SearchQuery, key: K, value: SearchQuery[K] | undefined): SearchQuery {
  const next: SearchQuery = { ...query, page: 1 };
  if (value === undefined || (Array.isArray(value) && value.length === 0)) delete next[key];
  else next[key] = value as SearchQuery[K];
  // A model belongs to a make and a trim to a model: clear the narrower choice when the wider one changes.
  if (key === "make") { delete next.model; delete next.trim; }
  if (key === "model") delete next.trim;
  return next;
}
