import { type PaymentType, type ProtectionCategory } from "../constants.ts";
import { type Cents } from "../money.ts";
import { type VehicleCondition } from "../pricing/deal-inputs.ts";

/**
 * Accessories and protection plans (spec: storefront-and-shopping section 3, "Accessory", "Protection plan",
 * "Plan price entry"). Amounts are cents; field names follow the contract.
 */

export const ACCESSORY_CATEGORIES = ["I", "E"] as const; // interior, exterior
export type AccessoryCategory = (typeof ACCESSORY_CATEGORIES)[number];
export const ACCESSORY_ORIGINS = ["oem", "third_party"] as const;
export type AccessoryOrigin = (typeof ACCESSORY_ORIGINS)[number];

export interface Accessory {
  id: number;
  sku: string;
  name: string;
  name_fr: string;
  description: string;
  description_fr: string;
  legal_disclaimer: string;
  legal_disclaimer_fr: string;
  category: AccessoryCategory;
  /** Picture addresses (drawn pictures for the demo catalogue); null when none. */
  image: string | null;
  recommended_image_desktop: string | null;
  recommended_image_mobile: string | null;
  origin: AccessoryOrigin;
  /** Already on the vehicle: in its price, shown but not charged again. */
  pre_installed: boolean;
  /** Installed at the port of entry: charged, never removable. */
  port_installed: boolean;
  active: boolean;
  is_removable: boolean;
  /** The part alone. */
  price: Cents;
  /** The part installed, when the dealership quotes one figure; otherwise price + installation (see accessoryCharge). */
  price_including_installation: Cents | null;
  /** What the part adds to each monthly payment when the dealership shows one (informative; the engine works its own out). */
  price_recurring: Cents | null;
  /** A flat installation charge that replaces labour rate × time. */
  installation_charge_override: Cents | null;
  /** Cents per hour. */
  installation_labour_rate: Cents | null;
  /** Hours as an exact decimal ("1.5"). */
  installation_labour_time: string | null;
  /** Body types it fits ("SUV", "Pickup", …); empty: every body type. */
  vehicle_types: string[];
  /** Makes it fits; empty: every make. */
  makes: string[];
  /** Skus of the accessories it cannot be fitted with (symmetric: either side may list it). */
  incompatible_skus: string[];
}

/** The tax components a plan may be subject to; "pst" stands for every provincial or state sales tax (PST, RST, state, local). */
export const PLAN_TAX_FLAGS = ["hst", "gst", "pst", "qst"] as const;
export type PlanTaxFlag = (typeof PLAN_TAX_FLAGS)[number];

export interface PlanPriceEntry {
  id: number;
  protection_plan_id: number;
  /** Null: the entry is for any vehicle of the plan; otherwise one vehicle's own price. */
  vehicle_id: number | null;
  payment_type: PaymentType;
  price: Cents;
  price_recurring: Cents | null;
  /** Months of coverage. */
  duration: number;
  /** Total distance covered, [from, to) in the dealership's length unit; to null: unlimited. */
  km_range: { from: number; to: number | null };
  deductible_amount: Cents;
  deductible_label: string;
  deductible_type: "per_visit" | "per_repair" | "none";
  /** APR used when the price was quoted ("6.49"), null for cash. */
  rate: string | null;
  source: "catalogue" | "fallback";
  force_match_lease_term: boolean;
  name_en: string;
  name_fr: string;
  custom_duration_en: string | null;
  custom_duration_fr: string | null;
}

export interface ProtectionPlan {
  id: number;
  product_code: string;
  name: string;
  name_fr: string;
  category: ProtectionCategory;
  description: string;
  description_fr: string;
  vehicle_condition: VehicleCondition[];
  payment_type: PaymentType[];
  taxes: Record<PlanTaxFlag, boolean>;
  pdf_url: string | null;
  video_url: string | null;
  /** Lease: the coverage must last exactly the lease term. */
  force_match_lease_term: boolean;
  is_price_immutable: boolean;
  pre_installed: boolean;
  use_fallback_prices: boolean;
  duration_type: "months" | "custom";
  custom_duration_en: string | null;
  custom_duration_fr: string | null;
  prices_set: PlanPriceEntry[];
  /** Used when no entry matches and use_fallback_prices is on. */
  fallback_price: Cents | null;
}
