import { z } from "zod";
import { PAYMENT_TYPES } from "../constants.ts";
import { STOCK_STATUS_NAMES, type StockStatusCode, type StockStatusName } from "../inventory/normalize.ts";
import { validationMessage as msg } from "../validation-messages.ts";

/** Stock types (the named forms of the status codes) a shopper can filter by; sold and unavailable ones never list. */
export const STOCK_TYPES = Object.values(STOCK_STATUS_NAMES) as StockType[];
export type StockType = StockStatusName;
/** Sold and unavailable vehicles stay on their details page (with the unavailable message) but never in the list. */
export const LISTED_STOCK_CODES: readonly StockStatusCode[] = ["I", "D", "T", "R", "P", "V", "As-is"];

export function stockTypeOf(code: string): StockType {
  return STOCK_STATUS_NAMES[code as StockStatusCode] ?? "unavailable";
}

/** Searchable features (filter AF): a curated list so the filter stays short and countable. */
export const SEARCH_FEATURES = [
  "sunroof", "navigation", "heated_seats", "leather_seats", "apple_carplay", "android_auto",
  "backup_camera", "blind_spot_monitor", "adaptive_cruise", "remote_start", "third_row", "tow_package",
  "heated_steering_wheel", "power_liftgate", "keyless_entry", "wireless_charging",
] as const;
export type SearchFeature = (typeof SEARCH_FEATURES)[number];

const FEATURE_KEYWORDS: Record<SearchFeature, RegExp> = {
  sunroof: /sun ?roof|moon ?roof|panoram|toit ouvrant/i,
  navigation: /navigation|\bnav\b|gps/i,
  heated_seats: /heated (front )?seats?|sièges? chauffants?/i,
  leather_seats: /leather|cuir/i,
  apple_carplay: /carplay/i,
  android_auto: /android auto/i,
  backup_camera: /back ?up camera|rear ?view camera|reverse camera|caméra de recul/i,
  blind_spot_monitor: /blind ?spot|angle mort/i,
  adaptive_cruise: /adaptive cruise|régulateur (de vitesse )?adaptatif/i,
  remote_start: /remote (engine )?start|démarreur à distance/i,
  third_row: /third[- ]row|3rd row|7[- ]passenger|8[- ]passenger|troisième rangée/i,
  tow_package: /tow(ing)? (package|hitch)|trailer hitch|attelage/i,
  heated_steering_wheel: /heated steering|volant chauffant/i,
  power_liftgate: /power (lift|tail)gate|hayon (à commande )?électrique/i,
  keyless_entry: /keyless|push[- ]button start|sans clé/i,
  wireless_charging: /wireless (phone )?charg|recharge sans fil/i,
};

/** Which curated features a vehicle's free-text option list mentions, as a bit mask for fast filtering. */
export function featureMask(featureTexts: readonly string[]): number {
  let mask = 0;
  SEARCH_FEATURES.forEach((feature, bit) => {
    if (featureTexts.some((text) => FEATURE_KEYWORDS[feature].test(text))) mask |= 1 << bit;
  });
  return mask;
}

export function featuresInMask(mask: number): SearchFeature[] {
  return SEARCH_FEATURES.filter((_, bit) => (mask & (1 << bit)) !== 0);
}

export const SEARCH_SORTS = [
  "recommended", "price", "-price", "year", "-year", "mileage", "-mileage", "availability", "distance",
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_CONDITIONS = ["new", "used", "cpo"] as const;
export type SearchCondition = (typeof SEARCH_CONDITIONS)[number];

/** Filter codes of the contract, used as short keys in analytics and chips. */
export const FILTER_CODES = {
  condition: "VC", budget: "FP", make: "MF", model: "CG", bodyType: "BT", features: "AF", drivetrain: "DTR",
  exteriorColor: "EC", interiorColor: "IC", modelYear: "MY", transmission: "GT", fuelType: "FT", trim: "TR",
} as const;

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
  .superRefine((q, ctx) => {
    const range = (min: number | string | undefined, max: number | string | undefined, field: string) => {
      if (min !== undefined && max !== undefined && Number(min) > Number(max)) {
        ctx.addIssue({ code: "custom", path: [field], message: msg("range") });
      }
    };
    range(q.minYear, q.maxYear, "maxYear");
    range(q.minMileage, q.maxMileage, "maxMileage");
    range(q.minPayment, q.maxPayment, "maxPayment");
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

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
    if (key === "paymentType" && query.minPayment === undefined && query.maxPayment === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

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
