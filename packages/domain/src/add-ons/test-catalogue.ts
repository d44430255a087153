import { cents } from "../money.ts";
import { type Accessory, type PlanPriceEntry, type ProtectionPlan } from "./types.ts";

/** Builders shared by the add-on tests (not part of the public API). */

export function testAccessory(id: number, options: Partial<Accessory> = {}): Accessory {
  return {
    id,
    sku: `SKU-${id}`,
    name: `Accessory ${id}`,
    name_fr: `Accessoire ${id}`,
    description: "",
    description_fr: "",
    legal_disclaimer: "",
    legal_disclaimer_fr: "",
    category: "E",
    image: null,
    recommended_image_desktop: null,
    recommended_image_mobile: null,
    origin: "oem",
    pre_installed: false,
    port_installed: false,
    active: true,
    is_removable: true,
    price: cents(50_000),
    price_including_installation: null,
    price_recurring: null,
    installation_charge_override: null,
    installation_labour_rate: null,
    installation_labour_time: null,
    vehicle_types: [],
    makes: [],
    incompatible_skus: [],
    ...options,
  };
}

export function testEntry(id: number, options: Partial<PlanPriceEntry> = {}): PlanPriceEntry {
  return {
    id,
    protection_plan_id: 1,
    vehicle_id: null,
    payment_type: "finance",
    price: cents(150_000),
    price_recurring: null,
    duration: 60,
    km_range: { from: 0, to: null },
    deductible_amount: cents(0),
    deductible_label: "$0",
    deductible_type: "none",
    rate: null,
    source: "catalogue",
    force_match_lease_term: false,
    name_en: "Plan",
    name_fr: "Plan",
    custom_duration_en: null,
    custom_duration_fr: null,
    ...options,
  };
}

export function testPlan(id: number, prices: PlanPriceEntry[], options: Partial<ProtectionPlan> = {}): ProtectionPlan {
  return {
    id,
    product_code: `P${id}`,
    name: `Plan ${id}`,
    name_fr: `Plan ${id}`,
    category: "PP",
    description: "",
    description_fr: "",
    vehicle_condition: ["new"],
    payment_type: ["cash", "finance", "lease"],
    taxes: { hst: true, gst: false, pst: false, qst: false },
    pdf_url: null,
    video_url: null,
    force_match_lease_term: false,
    is_price_immutable: false,
    pre_installed: false,
    use_fallback_prices: false,
    duration_type: "months",
    custom_duration_en: null,
    custom_duration_fr: null,
    prices_set: prices,
    fallback_price: null,
    ...options,
  };
}
