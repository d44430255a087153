import { z } from "zod";
import { PAYMENT_TYPES } from "../constants.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { SEARCH_CONDITIONS, SEARCH_FEATURES, SEARCH_SORTS, STOCK_TYPES, type StockType } from "./search-constants.ts";

const CURRENT_MAX_YEAR = 2100;
const text = (max: number) => z.string().trim().max(max, msg("too_long"));
/** A multi-value filter arrives as a repeated query key; one occurrence is a plain string. */
const multi = <T extends string>(item: z.ZodType<T>) =>
  z
    .union([item, z.array(item)])
    .transform((value) => [...new Set((Array.isArray(value) ? value : [value]).filter((v) => v !== ""))])
    .optional();
const wholeNumber = (max: number) =>
  z.coerce
    .number({ error: msg("whole_number") })
    .int(msg("whole_number"))
    .min(0, msg("not_negative"))
    .max(max, msg("too_large"))
    .optional();
const year = z.coerce
  .number({ error: msg("year") })
  .int(msg("year"))
  .min(1900, msg("year"))
  .max(CURRENT_MAX_YEAR, msg("year"))
  .optional();
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, msg("amount"))
  .optional();
const single = (max = 60) => text(max).optional().transform((v) => (v === "" ? undefined : v));

/**
 * The search query parameters of the contract (section 2.1). One schema for the API and the web
 * address: a shared link reproduces the same list.
 */
export const searchQuerySchema = z
  .object({
    page: z.coerce.number({ error: msg("page") }).int(msg("page")).min(1, msg("page")).max(10_000, msg("too_large")).default(1),
    sort: z.enum(SEARCH_SORTS, { error: msg("sort") }).default("recommended"),
    query: single(100),
    condition: z.enum(SEARCH_CONDITIONS, { error: msg("condition") }).optional(),
    make: single(),
    model: single(),
    trim: single(),
    bodyType: multi(text(40)),
    drivetrain: multi(text(20)),
    exteriorColor: multi(text(30)),
    interiorColor: multi(text(30)),
    fuelType: multi(text(30)),
    transmission: multi(text(30)),
    stockType: multi(z.enum(STOCK_TYPES as [StockType, ...StockType[]], { error: msg("stock_type") })),
    features: multi(z.enum(SEARCH_FEATURES, { error: msg("features") })),
    dealership_uid: multi(text(80)),
    dealership_name: multi(text(120)),
    minYear: year,
    maxYear: year,
    minMileage: wholeNumber(9_999_999),
    maxMileage: wholeNumber(9_999_999),
    paymentType: z.enum(PAYMENT_TYPES, { error: msg("payment_type") }).default("cash"),
    minPayment: amount,
    maxPayment: amount,
    location: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase().replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^([A-Z]\d[A-Z](\d[A-Z]\d)?|\d{5}(\d{4})?)?$/, msg("postal_or_zip")))
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
  })
  // A range typed the wrong way round (2024 to 2020) means the same range: its bounds are swapped, not dropped.
  .transform((q) => ({
    ...q,
    ...ordered(q.minYear, q.maxYear, "minYear", "maxYear"),
    ...ordered(q.minMileage, q.maxMileage, "minMileage", "maxMileage"),
    ...ordered(q.minPayment, q.maxPayment, "minPayment", "maxPayment"),
  }));

function ordered<T extends number | string, Min extends string, Max extends string>(min: T | undefined, max: T | undefined, minKey: Min, maxKey: Max) {
  const swap = min !== undefined && max !== undefined && Number(min) > Number(max);
  return (swap ? { [minKey]: max, [maxKey]: min } : {}) as Partial<Record<Min | Max, T>>;
}
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/** Reads an address's parameters; invalid values are dropped one by one so a stale link still shows cars. */
export function searchQueryFromParams(params: URLSearchParams): SearchQuery {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length === 1 ? values[0]! : values;
  }
  const parsed = searchQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const invalid = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  for (const key of invalid) delete raw[key];
  return searchQuerySchema.catch(searchQuerySchema.parse({})).parse(raw);
}
