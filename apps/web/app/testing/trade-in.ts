import { tradeInQuestions, type TradeInOffer, type TradeInSettingsWire, type TradeInWire } from "@showroom/domain";

/** Wire-shaped trade-in records for the web app's unit tests (what the API answers), with overrides. */

export function tradeInSettings(overrides: Partial<TradeInSettingsWire> = {}): TradeInSettingsWire {
  return {
    enabled: true,
    valuation_system: "NO_VENDOR",
    variant: "FULL",
    flow: "TRADE-IN",
    sections: ["vehicle-details", "vehicle-history", "vehicle-images", "review"],
    mandatory_trade_vin: false,
    country: "CA",
    length_unit: "km",
    offer_promise_business_hours: 3,
    photo_max_bytes: 15 * 1024 * 1024,
    ...overrides,
  };
}

/** The questionnaire the API serves (the domain's, Canada's by default). */
export const questionnaire = (country: "CA" | "US" = "CA") => tradeInQuestions(country);

export function offer(overrides: Partial<TradeInOffer> = {}): TradeInOffer {
  return {
    id: 7,
    source: "dealer",
    dealer_offer: "12500.00",
    dealer_comments: "Clean Civic, thanks for the photos.",
    decline_comments: "",
    status: "O",
    decision_datetime: null,
    expires_at: "2027-03-10T22:00:00Z",
    is_expired: false,
    created: "2027-03-03T15:00:00Z",
    ...overrides,
  };
}

const noImages = { front: null, back: null, left: null, right: null, dashboard: null, seat_interior: null, vin: null };

export function tradeIn(overrides: Partial<TradeInWire> = {}): TradeInWire {
  return {
    id: 41,
    vid: "ti-41",
    order: 12,
    flow: "TRADE-IN",
    valuation_system: "NO_VENDOR",
    status: "draft",
    customer_state: "in_progress",
    order_step_status: 0,
    valuation_quote: "not_quoted",
    vin: null,
    year: 2019,
    make: "Honda",
    model: "Civic",
    trim: "LX",
    style: null,
    colour: "blue",
    transmission: "automatic",
    odometer: 85000,
    odometer_unit: "km",
    has_power_sunroof: true,
    has_navigation_system: false,
    has_technology_package: false,
    accepted_terms: false,
    answers: {
      involved_in_accident: false,
      accident_areas: [],
      paint_work_performed: false,
      paint_areas: [],
      repairs_other_than_maintainence: false,
      has_unexpired_protection_coverage: false,
      has_windshield_damage: false,
      export_import_usa: false,
      making_active_payments: false,
    },
    financing: null,
    trade_in_owing: "0.00",
    images: { ...noImages },
    estimated_low: null,
    estimated_high: null,
    current_offer: null,
    past_offers: [],
    ico_id: null,
    ico_amount: null,
    ico_range_min: null,
    ico_range_max: null,
    is_eti: false,
    is_declined: false,
    is_expired: false,
    odometer_disclosure_required: false,
    odometer_statement: null,
    offer_promised_by: null,
    submit_datetime: null,
    created: "2027-03-03T14:00:00Z",
    last_updated: "2027-03-03T14:30:00Z",
    user: { id: 5, email: "jeanne@example.com", first_name: "Jeanne", last_name: "Tremblay" },
    ...overrides,
  };
}
