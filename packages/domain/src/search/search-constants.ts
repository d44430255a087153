import { STOCK_STATUS_NAMES, type StockStatusCode, type StockStatusName } from "../inventory/normalize.ts";

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
