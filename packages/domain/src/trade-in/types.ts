/**
 * Trade-ins (transactional spec 3, 4 and 9): the systems a dealership values trades with, the flow each one
 * shows, the statuses of a trade-in and of its offers, and the photo angles.
 */

/**
 * Spec 9, "Trade-in systems": a no-vendor system, two price-guide vendors, a rapid one, a marketplace instant
 * cash offer, and trade pending. The contract gives no identifiers; these are ours.
 */
export const TRADE_IN_SYSTEMS = ["NO_VENDOR", "BLACK_BOOK", "KELLEY_BLUE_BOOK", "RAPID", "INSTANT_CASH_OFFER", "TRADE_PENDING"] as const;
export type TradeInSystem = (typeof TRADE_IN_SYSTEMS)[number];
export const TRADE_IN_VARIANTS = ["FULL", "LIGHT"] as const;
export type TradeInVariant = (typeof TRADE_IN_VARIANTS)[number];

/** The flows, named as the order's progress groups name them (spec 3, "Progress"). */
export const TRADE_IN_FLOWS = ["TRADE-IN", "TRADE-IN-2", "TRADE-IN-EXTERNAL", "TRADE-IN-BLACK-BOOK"] as const;
export type TradeInFlow = (typeof TRADE_IN_FLOWS)[number];

/** Spec 2, "Trade-in": the sections of each flow, in order. */
export const TRADE_IN_FLOW_SECTIONS = {
  "TRADE-IN": ["vehicle-details", "vehicle-history", "vehicle-images", "review"],
  "TRADE-IN-2": ["get-started", "vehicle-details", "vehicle-photos", "review"],
  "TRADE-IN-EXTERNAL": ["instant-cash-offer", "review"],
  "TRADE-IN-BLACK-BOOK": ["get-started", "vehicle-details", "review"],
} as const satisfies Record<TradeInFlow, readonly string[]>;
export type TradeInSection = (typeof TRADE_IN_FLOW_SECTIONS)[TradeInFlow][number];

/**
 * The flow a dealership's system shows: the marketplace's instant cash offer has its own; the price guides theirs;
 * every other system the full flow, or version 2 when the dealership chose the LIGHT variant. No system set
 * means the no-vendor system.
 */
export function tradeInFlowOf(system: string | null, variant: TradeInVariant): TradeInFlow {
  if (system === "INSTANT_CASH_OFFER") return "TRADE-IN-EXTERNAL";
  if (system === "BLACK_BOOK" || system === "KELLEY_BLUE_BOOK") return "TRADE-IN-BLACK-BOOK";
  return variant === "LIGHT" ? "TRADE-IN-2" : "TRADE-IN";
}

/** Whether a flow asks for photos (the no-photo dialog warns before a submission without them). */
export const flowTakesPhotos = (flow: TradeInFlow): boolean => flow === "TRADE-IN" || flow === "TRADE-IN-2";

/** Spec 9: the no-vendor system and the two price guides value the trade at once (their estimate is auto-applied). */
export const systemValuesAtOnce = (system: string | null): boolean =>
  system === null || system === "NO_VENDOR" || system === "BLACK_BOOK" || system === "KELLEY_BLUE_BOOK";

/** Spec 4, "Trade-in step". */
export const TRADE_IN_STATUSES = [
  "initial", "draft", "discarded", "awaiting-provider", "awaiting-agency", "awaiting-customer", "awaiting-dealer", "included", "excluded",
] as const;
export type TradeInStatus = (typeof TRADE_IN_STATUSES)[number];

/** Spec 4, "Trade-in offer": accepted (A), awaiting customer (O), declined (D). */
export const OFFER_STATUSES = ["A", "O", "D"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Spec 4, "Trade-in valuation quote". */
export const VALUATION_QUOTE_STATES = ["quoting", "not_quoted", "quoted"] as const;
export type ValuationQuoteState = (typeof VALUATION_QUOTE_STATES)[number];

/**
 * Spec 4, "Trade-in (customer-facing)": requested, offer received, offer declined, submitted, conditional offer;
 * with in progress (a draft), accepted, offer expired and discarded, which the shopper also needs told.
 */
export const TRADE_IN_CUSTOMER_STATES = [
  "in_progress", "submitted", "requested", "conditional_offer", "offer_received", "offer_expired", "offer_declined", "accepted", "discarded",
] as const;
export type TradeInCustomerState = (typeof TRADE_IN_CUSTOMER_STATES)[number];

/** Spec 3, "images (front, back, left, right, dashboard, seat interior, VIN)". */
export const TRADE_IN_PHOTO_ANGLES = ["front", "back", "left", "right", "dashboard", "seat_interior", "vin"] as const;
export type TradeInPhotoAngle = (typeof TRADE_IN_PHOTO_ANGLES)[number];
/** A photo is checked and stored, then re-encoded: "processing" until check_images says "uploaded" (or "error"). */
export const TRADE_IN_PHOTO_STATES = ["processing", "uploaded", "error"] as const;
export type TradeInPhotoState = (typeof TRADE_IN_PHOTO_STATES)[number];
/** The largest photo a shopper may send (a phone's full-size JPEG is 3 to 8 MB). */
export const TRADE_IN_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** The longest edge of a stored photo, in pixels: enough to judge a panel, small enough for a phone. */
export const TRADE_IN_PHOTO_MAX_EDGE = 2048;

/** Spec 9: the dealership promises a firm offer within 3 business hours of a conditional one (configurable). */
export const DEFAULT_OFFER_PROMISE_BUSINESS_HOURS = 3;
/** How long a dealer's offer stands unless staff choose otherwise. */
export const DEFAULT_OFFER_VALID_DAYS = 7;
export const MAX_OFFER_VALID_DAYS = 30;

/** Spec 3: the condition questions; Canada adds export/import to the USA. */
export const CONDITION_KEYS = [
  "involved_in_accident", "paint_work_performed", "repairs_other_than_maintainence", "has_unexpired_protection_coverage",
  "has_windshield_damage", "export_import_usa", "making_active_payments",
] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];

/** Areas named in the checkbox sets nested under the accident and paint questions. */
export const DAMAGE_AREAS = ["front", "rear", "driver_side", "passenger_side", "roof", "underbody"] as const;
export type DamageArea = (typeof DAMAGE_AREAS)[number];

/** Spec 5: payments remaining must be below a maximum ("enter a value lower than the maximum"). */
export const MAX_PAYMENTS_LEFT = 96;
export const TRADE_IN_FINANCING_KINDS = ["finance", "lease"] as const;
export type TradeInFinancingKind = (typeof TRADE_IN_FINANCING_KINDS)[number];

/** US odometer statement choices (49 CFR 580): the reading is actual, exceeds the mechanical limit, or is not actual. */
export const ODOMETER_STATEMENTS = ["actual", "exceeds_mechanical_limits", "not_actual"] as const;
export type OdometerStatement = (typeof ODOMETER_STATEMENTS)[number];
