import { z } from "zod";
import { searchQuerySchema } from "../search/search-query.ts";
import { validationMessage } from "../validation-messages.ts";
import { paginatedSchema } from "./common.ts";
import { vehicleSummarySchema } from "./inventory.ts";

/** The search query keys a search ad may keep: every filter and the order of the search API, not its page. */
export const SEARCH_AD_FILTER_KEYS = [
  "sort",
  "query",
  "condition",
  "make",
  "model",
  "trim",
  "bodyType",
  "drivetrain",
  "exteriorColor",
  "interiorColor",
  "fuelType",
  "transmission",
  "stockType",
  "features",
  "dealership_uid",
  "dealership_name",
  "minYear",
  "maxYear",
  "minMileage",
  "maxMileage",
  "paymentType",
  "minPayment",
  "maxPayment",
  "location",
] as const;

const filterValue = z.union([z.string().max(200, validationMessage("too_long")), z.array(z.string().max(200, validationMessage("too_long"))).max(40, validationMessage("too_many"))]);

/**
 * A search ad's filters, as the search API's query takes them ({"make": "Toyota", "bodyType": ["suv", "coupe"]}):
 * each key must be one of its filters and each value one it accepts; the refusal names the key (filters.make).
 */
export const searchAdFiltersSchema = z.record(z.string(), filterValue).superRefine((filters, ctx) => {
  const unknown = Object.keys(filters).filter((key) => !(SEARCH_AD_FILTER_KEYS as readonly string[]).includes(key));
  for (const key of unknown) ctx.addIssue({ code: "custom", path: [key], message: validationMessage("search_filter") });
  if (unknown.length) return;
  const parsed = searchQuerySchema.safeParse(filters);
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
});
export type SearchAdFilters = Record<string, string | string[]>;

/** The filters kept: empty values dropped, a one-item list as its item. */
export function cleanSearchAdFilters(filters: SearchAdFilters): SearchAdFilters {
  const kept: SearchAdFilters = {};
  for (const [key, value] of Object.entries(filters)) {
    const values = (Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter((v) => v !== "");
    if (values.length) kept[key] = values.length === 1 ? values[0]! : [...new Set(values)];
  }
  return kept;
}

/** A search ad's filters as address parameters (the vehicle list's own address for the same search). */
export function searchAdParams(filters: SearchAdFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  return params;
}

export const searchAdCreateSchema = z.object({
  title: z.string({ error: validationMessage("required") }).trim().min(1, validationMessage("required")).max(120, validationMessage("too_long")),
  filters: searchAdFiltersSchema,
});
export type SearchAdCreate = z.infer<typeof searchAdCreateSchema>;

export const searchAdUpdateSchema = z.object({ active: z.boolean({ error: validationMessage("boolean") }) });

export const searchAdUidParamSchema = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, validationMessage("search_ad_uid")) });

const filtersOut = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** A search ad as staff see it. */
export const searchAdSchema = z.object({
  uid: z.string(),
  title: z.string(),
  filters: filtersOut,
  active: z.boolean(),
  created_by: z.object({ id: z.number().int(), full_name: z.string() }),
  created_at: z.string(),
});
export type SearchAd = z.infer<typeof searchAdSchema>;

export const searchAdListQuerySchema = z.object({
  page: z.coerce.number({ error: validationMessage("page") }).int(validationMessage("page")).min(1, validationMessage("page")).max(10_000, validationMessage("too_large")).default(1),
});

/** The public view of an ad: its title and filters, and its matching listed vehicles, 50 a page. */
export const publicSearchAdSchema = paginatedSchema(vehicleSummarySchema).extend({
  uid: z.string(),
  title: z.string(),
  filters: filtersOut,
  created_at: z.string(),
});
export type PublicSearchAd = z.infer<typeof publicSearchAdSchema>;
