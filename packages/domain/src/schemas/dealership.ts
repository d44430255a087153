import { z } from "zod";
import { PAYMENT_TYPES, PROTECTION_CATEGORIES } from "../constants.ts";
import { validationMessage } from "../validation-messages.ts";
import { countrySchema, currencyUnitSchema, hexColorSchema, lengthUnitSchema, localeSchema } from "./common.ts";
import { rowIdTextSchema } from "./ids.ts";
import { CHAT_PROVIDERS } from "../storefront-extras.ts";

const localizedText = z.object({ en: z.string(), fr: z.string() });
const weekday = z.enum(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
const timeOfDay = z.string().regex(/^\d{2}:\d{2}$/);

export const themeSchema = z.object({
  logo_url: z.string(),
  logo_alt: z.string(),
  secondary_logo_url: z.string().nullable(),
  header_background_color: hexColorSchema,
  header_text_color: hexColorSchema,
  text_color: hexColorSchema,
  accent_color: hexColorSchema,
  navbar_background_color: hexColorSchema,
  navbar_text_color: hexColorSchema,
  banner_background_color: hexColorSchema,
  banner_text_color: hexColorSchema,
  modal_background_color: hexColorSchema,
  modal_font_color: hexColorSchema,
  button_cta_color: hexColorSchema,
  is_srp_dealer_login_menu_hidden: z.boolean(),
  stylesheet_url: z.string().nullable(),
  cpo_badge_url: z.string().nullable(),
  enable_nav_banner: z.boolean(),
  enable_vdp_banner: z.boolean(),
  vdp_back_link_url: z.string().nullable(),
  vdp_back_link_text: localizedText.nullable(),
  cta_text: localizedText.nullable(),
  vehicle_placeholder_image_url: z.string().nullable(),
});
export type Theme = z.infer<typeof themeSchema>;

export const MODULE_NAMES = [
  "accessories",
  "protection_plans",
  "trade_in",
  "credit_app",
  "deposit",
  "appointment",
  "test_drive",
  "file_upload",
  "insurance_quote",
  "review",
  "personalized_quote",
] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];
const moduleName = z.enum(MODULE_NAMES);

export const moduleSettingsSchema = z.object({
  elevated_modules: z.array(moduleName),
  enabled_modules: z.array(moduleName),
  cta_overrides: z.array(
    z.object({
      cta: z.string(),
      target_module: moduleName,
      text_en: z.string(),
      text_fr: z.string(),
      completed_text_en: z.string().nullable(),
      completed_text_fr: z.string().nullable(),
    }),
  ),
  section_visibility: z.record(z.string(), z.boolean()),
});
export type ModuleSettings = z.infer<typeof moduleSettingsSchema>;

export const HEADER_VARIANTS = ["classic", "nav_banner", "seamless", "manufacturer", "checkout"] as const;
export type HeaderVariant = (typeof HEADER_VARIANTS)[number];

export const dealerInfoSchema = z.object({
  uid: z.string(),
  code: z.string(),
  name: z.string(),
  oem: z.string().nullable(),
  oem_code: z.string().nullable(),
  group: z.object({ uid: z.string(), name: z.string() }).nullable(),
  province_code: z.string(),
  country: countrySchema,
  time_zone: z.string(),
  website: z.string().nullable(),
  phone: z.string(),
  full_address: z.string(),
  geo_coords: z.object({ lat: z.number(), lng: z.number() }),
  dealer_hours: z.array(z.object({ weekday, start: timeOfDay.nullable(), end: timeOfDay.nullable() })),
  allowed_languages: z.array(localeSchema).min(1),
  is_multilingual: z.boolean(),
  currency_unit: currencyUnitSchema,
  length_unit: lengthUnitSchema,
  compulsory_login: z.boolean(),
  vdp_flow: z.enum(["linear", "non-linear", "legacy"]),
  is_trs_enabled: z.boolean(),
  trs_url: localizedText.nullable(),
  enable_volkswagen_id: z.boolean(),
  spin_car_enabled: z.boolean(),
  trade_in_system: z.string().nullable(),
  trade_in_variant: z.enum(["FULL", "LIGHT"]),
  payment_system: z.enum(["MARKETSCAN", "PC_API", "EASYDEAL"]),
  deposit_system: z.enum(["STANDARD", "VW_DEPOSIT"]),
  credit_application_variant: z.enum(["FULL", "SIMPLIFIED"]),
  credit_application_system: z.string().nullable(),
  financing_default_payment_type: z.object({ new: z.enum(PAYMENT_TYPES), used: z.enum(PAYMENT_TYPES) }),
  include_sales_tax: z.boolean(),
  supported_inventory_condition: z.enum(["new", "used", "all"]),
  enabled_protection_plan_categories: z.array(z.enum(PROTECTION_CATEGORIES)),
  customer_messaging: z.enum(CHAT_PROVIDERS).nullable(),
  /** The dealership's account (site, dealer or widget id) with its chat provider; null when it has none. */
  customer_messaging_account_id: z.string().nullable(),
  showroom_header: z.object({
    enable_nav_banner: z.boolean(),
    use_manufacturer_header: z.boolean(),
    /** The checkout-style header (spec 2.3): the dealership's logo and a cart item for a signed-in shopper. */
    use_checkout_header: z.boolean().optional(),
  }),
  use_seamless_header: z.boolean(),
  use_seamless_footer: z.boolean(),
  header_variant: z.enum(HEADER_VARIANTS),
  checkout_enabled: z.boolean(),
  welcome_modal: z.boolean(),
  cookie_banner_enabled: z.boolean(),
  /** Spec 2.5: with analytics ids, the cookie banner is shown only when this allows it. */
  cookie_banner_with_analytics: z.boolean(),
  show_vehicle_list: z.boolean(),
  show_dealership_address_in_header: z.boolean(),
  srp_show_contact_dealer_button: z.boolean(),
  display_unsupported_browser_message: z.boolean(),
  vdp_modular_card_experience: z.enum(["random", "modal", "slide-in"]),
  showroom_logo_redirect: z.string().nullable(),
  privacy_policy: localizedText.nullable(),
  terms_and_conditions_link: z.string().nullable(),
  custom_footer: localizedText.nullable(),
  mandatory_names: z.boolean(),
  mandatory_trade_vin: z.boolean(),
  mandatory_secondary_phone: z.boolean(),
  disclosure_texts: z.record(z.string(), localizedText),
  disclaimer_package_types: z.array(z.string()),
  custom_copy: z.record(z.string(), localizedText),
  dealer_ga_key: z.string().nullable(),
  ga4_keys: z.array(z.string()),
  enable_default_google_analytics: z.boolean(),
  theme: themeSchema,
  module_settings: moduleSettingsSchema,
});
export type DealerInfo = z.infer<typeof dealerInfoSchema>;

export const vdpSettingsSchema = z.object({
  show_savings_detail: z.boolean(),
  show_savings_details_expanded_by_default: z.boolean(),
});
export type VdpSettings = z.infer<typeof vdpSettingsSchema>;

export const vdpSettingsQuerySchema = z.object({
  order: rowIdTextSchema(validationMessage("order_id")).optional(),
  vehicle: rowIdTextSchema(validationMessage("vehicle_number")).optional(),
});

/** The storefront's dealership (its pages name no photo host: feed photos come through the image route). */
export const homeDealershipSchema = dealerInfoSchema;
export type HomeDealership = z.infer<typeof homeDealershipSchema>;

export const paymentSettingsSchema = z.object({
  payment_system: z.enum(["MARKETSCAN", "PC_API", "EASYDEAL"]),
  payment_types: z.array(z.enum(PAYMENT_TYPES)),
  default_payment_type: z.object({ new: z.enum(PAYMENT_TYPES), used: z.enum(PAYMENT_TYPES) }),
  finance_terms: z.array(z.number().int().positive()),
  lease_terms: z.array(z.number().int().positive()),
  default_finance_term: z.number().int().positive(),
  default_lease_term: z.number().int().positive(),
  payment_frequencies: z.array(z.enum(["weekly", "biweekly", "semimonthly", "monthly"])),
  default_payment_frequency: z.enum(["weekly", "biweekly", "semimonthly", "monthly"]),
  distance_allowances: z.array(z.number().int().positive()),
  default_distance_allowance: z.number().int().positive(),
  length_unit: lengthUnitSchema,
  include_sales_tax: z.boolean(),
  /** Spec 4, "Add-on prices": the payment recalculation gives what each accessory and plan adds to every payment. */
  accurate_add_on_prices: z.boolean(),
  down_payment_limits: z.object({ cash: z.string(), finance: z.string(), lease: z.string() }),
  uses_credit_score: z.boolean(),
  country: countrySchema,
  currency_unit: currencyUnitSchema,
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
