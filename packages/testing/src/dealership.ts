import type { DealerInfo, ModuleSettings, PaymentSettings, Theme, VdpSettings } from "@showroom/domain";

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K] };

export type DealershipSpec = {
  uid: string;
  code: string;
  name: string;
  group: { uid: string; name: string } | null;
  country: "CA" | "US";
  province_code: string;
  time_zone: string;
  currency_unit: "cad" | "usd";
  length_unit: "km" | "mi";
  allowed_languages: DealerInfo["allowed_languages"];
  geo_coords: { lat: number; lng: number };
  profile: Omit<
    DealerInfo,
    | "uid" | "code" | "name" | "group" | "province_code" | "country" | "time_zone" | "allowed_languages"
    | "is_multilingual" | "currency_unit" | "length_unit" | "geo_coords" | "theme" | "module_settings" | "header_variant"
  >;
  theme: Theme;
  module_settings: ModuleSettings;
  payment_settings: Omit<PaymentSettings, "country" | "currency_unit" | "length_unit">;
  vdp_settings: VdpSettings;
  /** Private CRM settings (never in the public dealer info): where ADF leads are mailed, null for none. */
  crm_email: string | null;
  /** Whether leads created by staff go to the CRM too. */
  dealer_leads_enabled: boolean;
};

function merge<T>(base: T, patch: DeepPartial<T> | undefined): T {
  if (!patch) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] =
      value && typeof value === "object" && !Array.isArray(value) && current && typeof current === "object"
        ? merge(current, value as never)
        : value;
  }
  return out as T;
}

const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

export const defaultTheme: Theme = {
  logo_url: "/brand/logo.svg",
  logo_alt: "Dealership logo",
  secondary_logo_url: null,
  header_background_color: "#ffffff",
  header_text_color: "#111827",
  text_color: "#111827",
  accent_color: "#1d4ed8",
  navbar_background_color: "#111827",
  navbar_text_color: "#ffffff",
  banner_background_color: "#f3f4f6",
  banner_text_color: "#111827",
  modal_background_color: "#ffffff",
  modal_font_color: "#111827",
  button_cta_color: "#000000",
  is_srp_dealer_login_menu_hidden: false,
  stylesheet_url: null,
  cpo_badge_url: null,
  enable_nav_banner: false,
  enable_vdp_banner: false,
  vdp_back_link_url: null,
  vdp_back_link_text: null,
  cta_text: null,
  vehicle_placeholder_image_url: null,
};

/** A complete, valid dealership; tests and the seed override only what they care about. */
export function buildDealership(overrides: DeepPartial<DealershipSpec> & { code: string }): DealershipSpec {
  const base: DealershipSpec = {
    uid: `dealer-${overrides.code}`,
    code: overrides.code,
    name: "Test Motors",
    group: null,
    country: "CA",
    province_code: "ON",
    time_zone: "America/Toronto",
    currency_unit: "cad",
    length_unit: "km",
    allowed_languages: ["en-ca", "fr-ca"],
    geo_coords: { lat: 43.6532, lng: -79.3832 },
    profile: {
      oem: null,
      oem_code: null,
      website: null,
      phone: "(416) 555-0100",
      full_address: "100 King Street West, Toronto, ON M5X 1A9",
      dealer_hours: weekdays.map((weekday) =>
        weekday === "sunday" ? { weekday, start: null, end: null } : { weekday, start: "09:00", end: "18:00" },
      ),
      compulsory_login: false,
      vdp_flow: "non-linear",
      is_trs_enabled: false,
      trs_url: null,
      enable_volkswagen_id: false,
      spin_car_enabled: false,
      trade_in_system: null,
      trade_in_variant: "FULL",
      payment_system: "PC_API",
      deposit_system: "STANDARD",
      credit_application_variant: "FULL",
      credit_application_system: null,
      financing_default_payment_type: { new: "finance", used: "finance" },
      include_sales_tax: true,
      supported_inventory_condition: "all",
      enabled_protection_plan_categories: ["PP", "PN", "PU", "PS"],
      customer_messaging: null,
      customer_messaging_account_id: null,
      showroom_header: { enable_nav_banner: false, use_manufacturer_header: false, use_checkout_header: false },
      use_seamless_header: false,
      use_seamless_footer: false,
      checkout_enabled: false,
      welcome_modal: false,
      cookie_banner_enabled: false,
      cookie_banner_with_analytics: true,
      show_vehicle_list: true,
      show_dealership_address_in_header: true,
      srp_show_contact_dealer_button: true,
      display_unsupported_browser_message: true,
      vdp_modular_card_experience: "modal",
      showroom_logo_redirect: null,
      privacy_policy: null,
      terms_and_conditions_link: null,
      custom_footer: null,
      mandatory_names: true,
      mandatory_trade_vin: false,
      mandatory_secondary_phone: false,
      disclosure_texts: {},
      disclaimer_package_types: ["pricing", "financing", "lease"],
      custom_copy: {},
      dealer_ga_key: null,
      ga4_keys: [],
      enable_default_google_analytics: false,
    },
    theme: defaultTheme,
    module_settings: {
      elevated_modules: ["trade_in"],
      enabled_modules: ["accessories", "protection_plans", "trade_in", "credit_app", "deposit", "appointment", "test_drive", "file_upload", "personalized_quote", "insurance_quote"],
      cta_overrides: [],
      section_visibility: {},
    },
    payment_settings: {
      payment_system: "PC_API",
      payment_types: ["cash", "finance", "lease"],
      default_payment_type: { new: "finance", used: "finance" },
      finance_terms: [36, 48, 60, 72, 84],
      lease_terms: [24, 36, 48, 60],
      default_finance_term: 60,
      default_lease_term: 36,
      payment_frequencies: ["weekly", "biweekly", "semimonthly", "monthly"],
      default_payment_frequency: "biweekly",
      distance_allowances: [16000, 20000, 24000],
      default_distance_allowance: 20000,
      include_sales_tax: true,
      accurate_add_on_prices: true,
      down_payment_limits: { cash: "70000.00", finance: "1000.00", lease: "1000.00" },
      uses_credit_score: false,
    },
    vdp_settings: { show_savings_detail: true, show_savings_details_expanded_by_default: false },
    crm_email: null,
    dealer_leads_enabled: false,
  };
  return merge(base, overrides as DeepPartial<DealershipSpec>);
}
