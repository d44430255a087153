/** Business constants of the contract (storefront spec, section 9). */

export const PAYMENT_TYPES = ["cash", "finance", "lease"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_FREQUENCIES = ["weekly", "biweekly", "semimonthly", "monthly"] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

/** Multiplier from a payment of this frequency to its monthly equivalent, as exact decimals. */
export const MONTHLY_FACTOR: Record<PaymentFrequency, string> = {
  weekly: "4.345",
  biweekly: "2.172",
  semimonthly: "2",
  monthly: "1",
};

export const SEARCH_PAGE_SIZE = 50;
export const TOAST_DURATION_MS = 5000;
export const SAFE_REQUEST_RETRIES = 3;
export const SAFE_REQUEST_RETRY_DELAY_MS = 3000;
export const PROGRESS_BAR_THROTTLE_MS = 200;
export const PROGRESS_BAR_DURATION_MS = 5000;
export const LAZY_PLACEHOLDER_DELAY_MS = 200;
export const GEOLOCATION_TIMEOUT_MS = 5000;

export const PROTECTION_CATEGORIES = ["PP", "PN", "PU", "PS"] as const;
export type ProtectionCategory = (typeof PROTECTION_CATEGORIES)[number];

export const COUNTRIES = ["CA", "US"] as const;
export type Country = (typeof COUNTRIES)[number];

// The provinces and states live in a module of their own: a page that only needs the constants above does not ship them.
export { CANADIAN_PROVINCES, US_STATES } from "./regions.ts";

export const FUEL_TYPES = ["Diesel", "Gasoline", "Electric", "Hybrid", "Plug-in Hybrid"] as const;
export const TRANSMISSION_TYPES = ["Automatic", "Manual"] as const;

export const NORMALIZED_COLORS = [
  "Black", "White", "Silver", "Grey", "Blue", "Red", "Green", "Brown", "Beige", "Gold",
  "Orange", "Yellow", "Purple",
] as const;

export const VEHICLE_MAKES = [
  "Acura", "Alfa Romeo", "Audi", "BMW", "Buick", "Cadillac", "Chevrolet", "Chrysler", "Dodge",
  "Fiat", "Ford", "Genesis", "GMC", "Honda", "Hyundai", "Infiniti", "Jaguar", "Jeep", "Kia",
  "Land Rover", "Lexus", "Lincoln", "Maserati", "Mazda", "Mercedes-Benz", "MINI", "Mitsubishi",
  "Nissan", "Polestar", "Porsche", "Ram", "Rivian", "Subaru", "Tesla", "Toyota", "Volkswagen",
  "Volvo", "Used",
] as const;

/** Step statuses of an order (spec section 4). */
export const STEP_STATUS = {
  initial: 0,
  completed: 1,
  awaiting_dealer: 2,
  awaiting_customer: 3,
  skipped: 4,
} as const;

export const STAFF_ROLES = [
  "dealer_sales_rep",
  "dealer_sales_manager",
  "dealer_admin",
  "organization_assistant",
  "organization_admin",
  "super_admin",
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Dealer codes that would collide with the language prefix of a route. */
export const RESERVED_DEALER_CODES = ["en", "fr", "api", "assets"] as const;
