import { z } from "zod";
import {
  CONDITION_KEYS,
  DAMAGE_AREAS,
  MAX_OFFER_VALID_DAYS,
  MAX_PAYMENTS_LEFT,
  ODOMETER_STATEMENTS,
  OFFER_STATUSES,
  TRADE_IN_CUSTOMER_STATES,
  TRADE_IN_FINANCING_KINDS,
  TRADE_IN_FLOWS,
  TRADE_IN_PHOTO_ANGLES,
  TRADE_IN_PHOTO_STATES,
  TRADE_IN_STATUSES,
  TRADE_IN_SYSTEMS,
  VALUATION_QUOTE_STATES,
} from "../trade-in/types.ts";
import { vinProblem } from "../trade-in/vin.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { countrySchema, lengthUnitSchema, moneySchema } from "./common.ts";
import { rowIdSchema, rowIdTextSchema } from "./ids.ts";

/**
 * The trade-in calls (transactional contract section 7, "Trade-in"). The contract does not show their base path:
 * the shopper's calls are served under /api/trade-in/, the dealership staff's under /api/quickshop/trade-ins/.
 * Amounts are dollar strings on the way out and dollars (number or string) on the way in, as in pricing.
 */

/** Dollars with at most two decimals up to the 999,999.99 cap (spec 5), kept as the decimal string. */
const dollars = z
  .union([z.number(), z.string().trim()])
  .refine((value) => /^\d{1,6}(\.\d{1,2})?$/.test(String(value)), msg("amount"))
  .transform((value) => String(value));

const CURRENT_YEAR_CAP = 2100;
const text = (max: number) => z.string().trim().min(1, msg("required")).max(max, msg("too_long"));

/** A VIN as typed: spaces and hyphens dropped, upper case; 17 characters without I, O, Q, whose check digit matches. */
export const vinInputSchema = z
  .string(msg("required"))
  .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
  .superRefine((vin, context) => {
    const problem = vinProblem(vin);
    if (problem) context.addIssue({ code: "custom", message: msg(problem === "check_digit" ? "vin_check_digit" : problem === "characters" ? "vin_characters" : "vin") });
  });

export const tradeInFinancingInputSchema = z
  .object({
    kind: z.enum(TRADE_IN_FINANCING_KINDS, msg("choice")),
    /** What is still owed to the lender (the payoff). */
    amount_due: dollars,
    payments_left: z.number(msg("whole_number")).int(msg("whole_number")).min(0, msg("not_negative")).max(MAX_PAYMENTS_LEFT, msg("payments_left_max")),
    payment_amount: dollars,
    /** A lease's buy-out at its end; left out on a loan. */
    residual_value: dollars.nullable().optional(),
  })
  .superRefine((value, context) => {
    // What is owed cannot exceed what is left to pay (the payments, plus a lease's residual): the balance is "too high".
    const cents = (d: string) => Math.round(Number(d) * 100);
    const left = value.payments_left * cents(value.payment_amount) + (value.kind === "lease" ? cents(value.residual_value ?? "0") : 0);
    if (cents(value.amount_due) > left) context.addIssue({ code: "custom", path: ["amount_due"], message: msg("loan_balance_too_high") });
  });
export type TradeInFinancingInput = z.output<typeof tradeInFinancingInputSchema>;

export const tradeInAnswersInputSchema = z
  .object({
    involved_in_accident: z.boolean(msg("choice")),
    accident_areas: z.array(z.enum(DAMAGE_AREAS, msg("choice"))).max(DAMAGE_AREAS.length),
    paint_work_performed: z.boolean(msg("choice")),
    paint_areas: z.array(z.enum(DAMAGE_AREAS, msg("choice"))).max(DAMAGE_AREAS.length),
    repairs_other_than_maintainence: z.boolean(msg("choice")),
    has_unexpired_protection_coverage: z.boolean(msg("choice")),
    has_windshield_damage: z.boolean(msg("choice")),
    /** Asked in Canada only (spec 3). */
    export_import_usa: z.boolean(msg("choice")).nullable(),
    making_active_payments: z.boolean(msg("choice")),
  })
  .partial();
export type TradeInAnswersInput = z.output<typeof tradeInAnswersInputSchema>;

/** PATCH {id}/submit_vehicle_information/: any of the vehicle's facts and answers; what is left out keeps its value. */
export const tradeInVehicleInformationSchema = z
  .object({
    year: z.number(msg("year")).int(msg("year")).min(1981, msg("year")).max(CURRENT_YEAR_CAP, msg("year")),
    make: text(60),
    model: text(80),
    trim: text(80),
    style: text(120).nullable(),
    colour: text(60).nullable(),
    transmission: z.enum(["automatic", "manual"], msg("choice")).nullable(),
    odometer: z.number(msg("whole_number")).int(msg("whole_number")).min(0, msg("not_negative")).max(2_000_000, msg("too_large")),
    odometer_unit: lengthUnitSchema,
    has_power_sunroof: z.boolean(msg("choice")),
    has_navigation_system: z.boolean(msg("choice")),
    has_technology_package: z.boolean(msg("choice")),
    answers: tradeInAnswersInputSchema,
    /** The loan or lease still being paid on the trade; null when there is none. */
    financing: tradeInFinancingInputSchema.nullable(),
    odometer_statement: z.enum(ODOMETER_STATEMENTS, msg("choice")).nullable(),
  })
  .partial();
export type TradeInVehicleInformation = z.output<typeof tradeInVehicleInformationSchema>;

export const tradeInCreateSchema = z.object({
  /** The saved deal the trade goes towards; a trade can be valued before a deal is saved. */
  order: rowIdSchema(msg("order_id")).nullable().optional(),
});
export const tradeInVinSchema = z.object({ vin: vinInputSchema });
export const tradeInSubmitSchema = z.object({
  /** The page the shopper submitted from (the dealership's lead and email link back to it). */
  page_url: z.url(msg("url")).max(2000, msg("too_long")),
  accepted_terms: z.literal(true, msg("terms_required")),
  /** The shopper saw the no-photo dialog and chose to send the trade without photos. */
  without_photos: z.boolean().optional(),
});
export const tradeInAcceptSchema = z.object({ order: rowIdSchema(msg("order_id")).nullable().optional() });
export const tradeInDeclineSchema = z.object({
  comments: z.string().trim().max(1000, msg("too_long")).default(""),
  order: rowIdSchema(msg("order_id")).nullable().optional(),
});
export const tradeInDiscardSchema = z.object({ confirm: z.literal(true, msg("discard_confirm")) });
export const tradeInPhotoRemovalSchema = z.object({ remove: z.array(z.enum(TRADE_IN_PHOTO_ANGLES, msg("choice"))).min(1, msg("required")).max(TRADE_IN_PHOTO_ANGLES.length) });
export const tradeInListQuerySchema = z.object({ order: rowIdTextSchema(msg("order_id")).optional() });
export const tradeInCheckImagesQuerySchema = z.object({ t: z.string().max(40).optional() });
export const tradeInEtiUserSchema = z.object({ cat_id: z.string().trim().min(1, msg("required")).max(100, msg("too_long")) });
export const tradeInPhotoParamsSchema = z.object({ id: rowIdTextSchema(), angle: z.enum(TRADE_IN_PHOTO_ANGLES, msg("choice")) });

/** GET vehicle-catalogue/: the next level of the year → make → model → trim → style cascade. */
export const tradeInCatalogueQuerySchema = z.object({
  year: z.coerce.number({ error: msg("year") }).int(msg("year")).min(1981, msg("year")).max(CURRENT_YEAR_CAP, msg("year")).optional(),
  make: z.string().trim().min(1).max(60, msg("too_long")).optional(),
  model: z.string().trim().min(1).max(80, msg("too_long")).optional(),
  trim: z.string().trim().min(1).max(80, msg("too_long")).optional(),
});
export const tradeInCatalogueLevelSchema = z.object({
  level: z.enum(["year", "make", "model", "trim", "style"]),
  values: z.array(z.string()),
});

/** POST /api/quickshop/trade-ins/{id}/offer/: staff make an offer (it replaces the one the shopper has not answered). */
export const tradeInOfferInputSchema = z.object({
  dealer_offer: dollars.refine((value) => Number(value) > 0, msg("positive")),
  dealer_comments: z.string().trim().max(2000, msg("too_long")).default(""),
  valid_days: z.number(msg("whole_number")).int(msg("whole_number")).min(1, msg("whole_number")).max(MAX_OFFER_VALID_DAYS, msg("too_large")).optional(),
});

// ---- answers -------------------------------------------------------------------------------------------------

export const tradeInOfferSchema = z.object({
  id: z.number().int(),
  /** "dealer": staff made it; "provider": the valuation system's instant cash offer. */
  source: z.enum(["dealer", "provider"]),
  dealer_offer: moneySchema,
  dealer_comments: z.string(),
  decline_comments: z.string(),
  status: z.enum(OFFER_STATUSES),
  decision_datetime: z.string().nullable(),
  expires_at: z.string(),
  is_expired: z.boolean(),
  created: z.string(),
});
export type TradeInOffer = z.infer<typeof tradeInOfferSchema>;

const photoSchema = z.object({ status: z.enum(TRADE_IN_PHOTO_STATES), url: z.string().nullable() }).nullable();
export const tradeInImagesSchema = z.object(Object.fromEntries(TRADE_IN_PHOTO_ANGLES.map((a) => [a, photoSchema])) as Record<(typeof TRADE_IN_PHOTO_ANGLES)[number], typeof photoSchema>);
export type TradeInImages = z.infer<typeof tradeInImagesSchema>;

export const tradeInAnswersSchema = z.object(
  Object.fromEntries(CONDITION_KEYS.map((k) => [k, z.boolean().nullable()])) as Record<(typeof CONDITION_KEYS)[number], z.ZodNullable<z.ZodBoolean>>,
).extend({ accident_areas: z.array(z.enum(DAMAGE_AREAS)), paint_areas: z.array(z.enum(DAMAGE_AREAS)) });

export const tradeInSchema = z.object({
  id: z.number().int(),
  vid: z.string(),
  order: z.number().int().nullable(),
  flow: z.enum(TRADE_IN_FLOWS),
  valuation_system: z.enum(TRADE_IN_SYSTEMS),
  status: z.enum(TRADE_IN_STATUSES),
  customer_state: z.enum(TRADE_IN_CUSTOMER_STATES),
  /** The order's trade-in step status (0 initial, 1 completed, 2 awaiting dealer, 3 awaiting customer, 4 skipped). */
  order_step_status: z.number().int(),
  valuation_quote: z.enum(VALUATION_QUOTE_STATES),
  vin: z.string().nullable(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  trim: z.string().nullable(),
  style: z.string().nullable(),
  colour: z.string().nullable(),
  transmission: z.enum(["automatic", "manual"]).nullable(),
  odometer: z.number().int().nullable(),
  odometer_unit: lengthUnitSchema,
  has_power_sunroof: z.boolean(),
  has_navigation_system: z.boolean(),
  has_technology_package: z.boolean(),
  accepted_terms: z.boolean(),
  answers: tradeInAnswersSchema,
  financing: z
    .object({
      kind: z.enum(TRADE_IN_FINANCING_KINDS),
      amount_due: moneySchema,
      payments_left: z.number().int(),
      payment_amount: moneySchema,
      residual_value: moneySchema.nullable(),
    })
    .nullable(),
  /** What is owed on the trade (the financing's amount due), "0.00" when nothing. */
  trade_in_owing: moneySchema,
  images: tradeInImagesSchema,
  /** The estimate range, when the valuation gave one; it is an estimate, not an offer. */
  estimated_low: moneySchema.nullable(),
  estimated_high: moneySchema.nullable(),
  current_offer: tradeInOfferSchema.nullable(),
  past_offers: z.array(tradeInOfferSchema),
  ico_id: z.string().nullable(),
  ico_amount: moneySchema.nullable(),
  ico_range_min: moneySchema.nullable(),
  ico_range_max: moneySchema.nullable(),
  is_eti: z.boolean(),
  is_declined: z.boolean(),
  is_expired: z.boolean(),
  /** A US trade of model year 2011 or newer needs the odometer disclosure (transactions reference 4). */
  odometer_disclosure_required: z.boolean(),
  odometer_statement: z.enum(ODOMETER_STATEMENTS).nullable(),
  /** When the dealership promised a firm offer by (spec 9, business hours in its time zone); null before submission. */
  offer_promised_by: z.string().nullable(),
  submit_datetime: z.string().nullable(),
  created: z.string(),
  last_updated: z.string(),
  user: z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }),
});
export type TradeInWire = z.infer<typeof tradeInSchema>;

export const tradeInCheckImagesSchema = z.object({ images: tradeInImagesSchema, processed: z.boolean() });

/** GET tradein-questions/ (spec 3, "Trade-in question"): nested under a parent's answer, with checkbox sets. */
export type TradeInQuestionWire = {
  id: string;
  question: { en: string; fr: string };
  description: { en: string; fr: string } | null;
  field_type: "boolean" | "checkbox_set" | "financing";
  order: number;
  parent_answer: boolean | null;
  options: { value: string; label: { en: string; fr: string } }[];
  children: TradeInQuestionWire[];
};
const localized = z.object({ en: z.string(), fr: z.string() });
export const tradeInQuestionSchema: z.ZodType<TradeInQuestionWire> = z.lazy(() =>
  z.object({
    id: z.string(),
    question: localized,
    description: localized.nullable(),
    field_type: z.enum(["boolean", "checkbox_set", "financing"]),
    order: z.number().int(),
    parent_answer: z.boolean().nullable(),
    options: z.array(z.object({ value: z.string(), label: localized })),
    children: z.array(tradeInQuestionSchema),
  }),
);

/** GET settings/: what the flow needs to know of the dealership. */
export const tradeInSettingsSchema = z.object({
  enabled: z.boolean(),
  valuation_system: z.enum(TRADE_IN_SYSTEMS),
  variant: z.enum(["FULL", "LIGHT"]),
  flow: z.enum(TRADE_IN_FLOWS),
  sections: z.array(z.string()),
  mandatory_trade_vin: z.boolean(),
  country: countrySchema,
  length_unit: lengthUnitSchema,
  offer_promise_business_hours: z.number().int(),
  photo_max_bytes: z.number().int(),
});
export type TradeInSettingsWire = z.infer<typeof tradeInSettingsSchema>;

/** GET eti/{id}/ (spec 3, "External estimate"). */
export const externalEstimateSchema = z.object({
  id: z.string(),
  cat_id: z.string().nullable(),
  vehicle_value: z.object({ value: moneySchema, range_min: moneySchema, range_max: moneySchema }),
  creation_date: z.string(),
  is_eti: z.boolean(),
  status: z.enum(TRADE_IN_STATUSES),
  current_offer: tradeInOfferSchema.nullable(),
  user: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
  vehicle: z.object({ year: z.number().int().nullable(), make: z.string().nullable(), model: z.string().nullable(), trim: z.string().nullable(), odometer: z.number().int().nullable() }),
});
