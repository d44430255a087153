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

export const CANADIAN_PROVINCES = [
  { code: "AB", en: "Alberta", fr: "Alberta" },
  { code: "BC", en: "British Columbia", fr: "Colombie-Britannique" },
  { code: "MB", en: "Manitoba", fr: "Manitoba" },
  { code: "NB", en: "New Brunswick", fr: "Nouveau-Brunswick" },
  { code: "NL", en: "Newfoundland and Labrador", fr: "Terre-Neuve-et-Labrador" },
  { code: "NT", en: "Northwest Territories", fr: "Territoires du Nord-Ouest" },
  { code: "NS", en: "Nova Scotia", fr: "Nouvelle-Écosse" },
  { code: "NU", en: "Nunavut", fr: "Nunavut" },
  { code: "ON", en: "Ontario", fr: "Ontario" },
  { code: "PE", en: "Prince Edward Island", fr: "Île-du-Prince-Édouard" },
  { code: "QC", en: "Quebec", fr: "Québec" },
  { code: "SK", en: "Saskatchewan", fr: "Saskatchewan" },
  { code: "YT", en: "Yukon", fr: "Yukon" },
] as const;

export const US_STATES = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
  ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"],
  ["FL", "Florida"], ["GA", "Georgia"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"],
  ["IN", "Indiana"], ["IA", "Iowa"], ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"],
  ["ME", "Maine"], ["MD", "Maryland"], ["MA", "Massachusetts"], ["MI", "Michigan"],
  ["MN", "Minnesota"], ["MS", "Mississippi"], ["MO", "Missouri"], ["MT", "Montana"],
  ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"], ["NJ", "New Jersey"],
  ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"],
  ["OH", "Ohio"], ["OK", "Oklahoma"], ["OR", "Oregon"], ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"], ["SC", "South Carolina"], ["SD", "South Dakota"], ["TN", "Tennessee"],
  ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"], ["VA", "Virginia"], ["WA", "Washington"],
  ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
] as const;

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
