import { buildDealership, defaultTheme, type DealershipSpec } from "@showroom/testing";

const logo = (code: string) => `/api/quickshop/dealership/logo/${code}.svg`;
const mapleGroup = { uid: "group-maple", name: "Maple Auto Group" };

/** The demo tenants: each shows a different header variant, language setup and market. */
export const DEMO_DEALERSHIPS: DealershipSpec[] = [
  buildDealership({
    uid: "dealer-maple-auto",
    code: "maple-auto",
    name: "Maple Auto Toronto",
    group: mapleGroup,
    crm_email: "crm@maple-auto.example",
    dealer_leads_enabled: true,
    allowed_languages: ["en-ca", "fr-ca"],
    profile: {
      website: "https://maple-auto.example",
      full_address: "250 Front Street West, Toronto, ON M5V 3G5",
      phone: "(416) 555-0142",
      oem: null,
      privacy_policy: {
        en:
          "Maple Auto Toronto collects the information you give us (your name, email, phone and the vehicles and deals you save) to answer your requests and prepare your purchase.\n\n" +
          "We share it only with the lenders and service providers your purchase needs, and keep it as long as the law requires. Write to privacy@maple-auto.example to see, correct or delete it.",
        fr:
          "Maple Auto Toronto recueille les renseignements que vous nous donnez (votre nom, votre courriel, votre téléphone ainsi que les véhicules et les offres que vous sauvegardez) pour répondre à vos demandes et préparer votre achat.\n\n" +
          "Nous ne les communiquons qu'aux prêteurs et aux fournisseurs dont votre achat a besoin, et les conservons aussi longtemps que la loi l'exige. Écrivez à confidentialite@maple-auto.example pour les consulter, les corriger ou les supprimer.",
      },
      terms_and_conditions_link: "https://maple-auto.example/terms",
      checkout_enabled: true,
      cookie_banner_enabled: true,
      // The full trade-in flow: vehicle details, history, photos, review; staff make the offer.
      trade_in_system: "NO_VENDOR",
      trade_in_variant: "FULL",
    },
    theme: {
      ...defaultTheme,
      logo_url: logo("maple-auto"),
      logo_alt: "Maple Auto Toronto",
      accent_color: "#b91c1c",
      button_cta_color: "#b91c1c",
    },
  }),
  buildDealership({
    uid: "dealer-boulevard-laval",
    code: "boulevard-laval",
    name: "Automobiles Boulevard Laval",
    crm_email: "crm@boulevard-laval.example",
    dealer_leads_enabled: false,
    country: "CA",
    province_code: "QC",
    time_zone: "America/Toronto",
    allowed_languages: ["fr-ca", "en-ca"],
    geo_coords: { lat: 45.5697, lng: -73.7246 },
    profile: {
      website: "https://boulevard-laval.example",
      full_address: "1800 boulevard Le Corbusier, Laval, QC H7S 2K1",
      phone: "(450) 555-0177",
      showroom_header: { enable_nav_banner: true, use_manufacturer_header: false },
      financing_default_payment_type: { new: "lease", used: "finance" },
      srp_show_contact_dealer_button: false,
      // Its own Google Tag Manager container and GA4 property (invented ids), behind the cookie banner: no Google
      // script loads before the shopper allows performance cookies.
      cookie_banner_enabled: true,
      cookie_banner_with_analytics: true,
      dealer_ga_key: "GTM-BLVD7Q2",
      ga4_keys: ["G-BLVD4LAVAL"],
      // Version 2 of the trade-in flow (get started, vehicle details, photos, review).
      trade_in_system: "NO_VENDOR",
      trade_in_variant: "LIGHT",
      custom_footer: {
        en: "<p>Automobiles Boulevard Laval — a family business since 1987. <a href=\"https://boulevard-laval.example/en/privacy\">Privacy</a></p>",
        fr: "<p>Automobiles Boulevard Laval — entreprise familiale depuis 1987. <a href=\"https://boulevard-laval.example/confidentialite\">Confidentialité</a></p>",
      },
    },
    theme: {
      ...defaultTheme,
      logo_url: logo("boulevard-laval"),
      logo_alt: "Automobiles Boulevard Laval",
      enable_nav_banner: true,
      navbar_background_color: "#0b3d91",
      navbar_text_color: "#ffffff",
      accent_color: "#0b3d91",
      button_cta_color: "#0b3d91",
    },
    payment_settings: { default_payment_type: { new: "lease", used: "finance" } },
  }),
  buildDealership({
    uid: "dealer-lakeshore-buffalo",
    code: "lakeshore-buffalo",
    name: "Lakeshore Motors Buffalo",
    country: "US",
    province_code: "NY",
    time_zone: "America/New_York",
    currency_unit: "usd",
    length_unit: "mi",
    allowed_languages: ["en-us"],
    geo_coords: { lat: 42.8864, lng: -78.8784 },
    profile: {
      website: "https://lakeshore-motors.example",
      full_address: "410 Delaware Avenue, Buffalo, NY 14202",
      phone: "716-555-0123",
      compulsory_login: true,
      // The checkout-style header (a cart item for a signed-in shopper), a welcome modal once per browser, chat through
      // Gubagoo once the shopper allows targeting cookies, and the trade-in card opened as a slide-in sheet.
      showroom_header: { enable_nav_banner: false, use_manufacturer_header: false, use_checkout_header: true },
      welcome_modal: true,
      customer_messaging: "GUBAGOO",
      customer_messaging_account_id: "lakeshore-buffalo-7731",
      vdp_modular_card_experience: "slide-in",
      show_dealership_address_in_header: false,
      financing_default_payment_type: { new: "lease", used: "finance" },
      // The marketplace's instant cash offer (built in), which needs the trade's VIN.
      trade_in_system: "INSTANT_CASH_OFFER",
      mandatory_trade_vin: true,
    },
    theme: {
      ...defaultTheme,
      logo_url: logo("lakeshore-buffalo"),
      logo_alt: "Lakeshore Motors Buffalo",
      accent_color: "#047857",
      button_cta_color: "#111827",
      is_srp_dealer_login_menu_hidden: true,
    },
    payment_settings: {
      finance_terms: [36, 48, 60, 72],
      distance_allowances: [10000, 12000, 15000],
      default_distance_allowance: 12000,
      default_payment_frequency: "monthly",
      payment_frequencies: ["monthly", "biweekly"],
      // New York state 4 % plus Erie County 4.75 % (the dealership's local rate) are in every payment.
      include_sales_tax: true,
      uses_credit_score: true,
      // Its add-on prices are estimates: no add-on shows its own share of the payment.
      accurate_add_on_prices: false,
    },
  }),
  buildDealership({
    uid: "dealer-maple-vw-ottawa",
    code: "maple-vw-ottawa",
    name: "Maple Volkswagen Ottawa",
    group: mapleGroup,
    allowed_languages: ["en-ca", "fr-ca"],
    geo_coords: { lat: 45.4215, lng: -75.6972 },
    profile: {
      oem: "Volkswagen",
      oem_code: "VW",
      website: "https://maple-vw.example",
      full_address: "1500 Carling Avenue, Ottawa, ON K1Z 7M4",
      phone: "(613) 555-0160",
      enable_volkswagen_id: true,
      deposit_system: "VW_DEPOSIT",
      showroom_header: { enable_nav_banner: false, use_manufacturer_header: true },
      show_vehicle_list: false,
      // A price guide values the trade (get started, vehicle details, review).
      trade_in_system: "BLACK_BOOK",
      // The simplified credit application (one applicant, fewer screens).
      credit_application_variant: "SIMPLIFIED",
    },
    theme: {
      ...defaultTheme,
      logo_url: logo("maple-vw-ottawa"),
      logo_alt: "Maple Volkswagen Ottawa",
      accent_color: "#001e50",
      button_cta_color: "#001e50",
      secondary_logo_url: logo("maple-auto"),
    },
  }),
];

export const DEMO_PASSWORD = "showroom-demo-2026";
