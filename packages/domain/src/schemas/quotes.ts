import { z } from "zod";
import { PAYMENT_FREQUENCIES, PAYMENT_TYPES } from "../constants.ts";
import { QUOTE_STATUSES } from "../quotes/rules.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { moneySchema } from "./common.ts";
import { idPathSchema, rowIdSchema, rowIdTextSchema } from "./ids.ts";
import { dollarsInputSchema, paymentOptionSchema } from "./pricing.ts";

/**
 * The personalized-quote calls (transactional contract section 7, "Quotes"): staff under /api/dealer/praq/, the
 * shopper under /api/customer/praq/. Amounts arrive as dollars (number or decimal string) and leave as two-decimal
 * strings; each option's figures are the pricing engine's payment option.
 */
const text = (max: number) => z.string(msg("required")).trim().min(1, msg("required")).max(max, msg("too_long"));
const whole = z.number(msg("whole_number")).int(msg("whole_number")).positive(msg("whole_number"));
/** An APR in percent: 0 to 30 with up to 3 decimals ("4.99"). */
const aprSchema = z
  .union([z.number(), z.string().trim()])
  .refine((value) => /^\d{1,2}(\.\d{1,3})?$/.test(String(value)) && Number(value) <= 30, msg("rate"))
  .transform((value) => String(value));
const named = (max: number) => z.object({ name: text(60), amount: dollarsInputSchema }).array().max(max, msg("too_many"));

/** One option as staff set it; absent fields keep the option's value (PATCH) or take the defaults (create). */
export const quoteOptionInputSchema = z.object({
  quote_name: z.string().trim().max(60, msg("too_long")).nullable().optional(),
  payment_type: z.enum(PAYMENT_TYPES, msg("payment_type")),
  term: whole.nullable().optional(),
  /** null: the lender program's rate. */
  interest_rate: aprSchema.nullable().optional(),
  down_payment: dollarsInputSchema.optional(),
  payment_frequency: z.enum(PAYMENT_FREQUENCIES, msg("payment_frequency")).nullable().optional(),
  distance_allowance: whole.nullable().optional(),
  rebates: named(5).optional(),
  custom_fees: z
    .object({ name: text(60), amount: dollarsInputSchema, taxable: z.boolean(msg("boolean")).default(true) })
    .array()
    .max(5, msg("too_many"))
    .optional(),
  custom_discounts: named(5).optional(),
  trade_in_credit: dollarsInputSchema.optional(),
  trade_in_owing: dollarsInputSchema.optional(),
});
export type QuoteOptionInput = z.output<typeof quoteOptionInputSchema>;
export const quoteOptionPatchSchema = quoteOptionInputSchema.partial();

export const quoteIdParamSchema = idPathSchema;
export const quoteFlowsQuerySchema = z.object({ order: rowIdTextSchema(msg("order_id")) });
export const quoteFlowCreateSchema = z.object({ order: rowIdSchema(msg("order_id")) });
export const quoteExpirySchema = z.object({ quote_expiry: z.string(msg("date")).regex(/^\d{4}-\d{2}-\d{2}$/, msg("date")) });
export const quotesSubmittedSchema = z.object({ praq_flow: rowIdSchema(msg("not_found")), message: z.string().trim().max(1000, msg("too_long")).optional() });
/** The shopper's personal quote request (spec 7: order_id and user_options). */
export const personalQuoteRequestSchema = z.object({
  order_id: rowIdSchema(msg("order_id")),
  user_options: z.object({ message: z.string().trim().max(1000, msg("too_long")).optional() }).default({}),
});
export const primaryQuoteSchema = z.object({ quote: rowIdSchema(msg("not_found")) });
/** The emailed link's token: the shopper reads the quotes with it before signing in. */
export const quoteTokenQuerySchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, msg("not_found")).optional() });

/** One disclosure line of an option (transactions reference 3), worded in the caller's language. */
export const quoteDisclosureSchema = z.object({ key: z.string(), label: z.string(), value: z.string(), emphasis: z.enum(["primary", "normal"]) });

export const quoteSchema = z.object({
  id: z.number().int(),
  flow: z.number().int(),
  position: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  applied: z.boolean(),
  quote_expiry: z.string().nullable(),
  build_state_uid: z.string().nullable(),
  quote_name: z.string().nullable(),
  payment_type: z.enum(PAYMENT_TYPES),
  term: z.number().int().nullable(),
  interest_rate: z.string().nullable(),
  down_payment: moneySchema,
  payment_frequency: z.enum(PAYMENT_FREQUENCIES).nullable(),
  distance_allowance: z.number().int().nullable(),
  rebates: z.array(z.object({ name: z.string(), amount: moneySchema })),
  custom_fees: z.array(z.object({ name: z.string(), amount: moneySchema, taxable: z.boolean() })),
  custom_discounts: z.array(z.object({ name: z.string(), amount: moneySchema })),
  trade_in_credit: moneySchema,
  trade_in_owing: moneySchema,
  /** Not priced per quote yet: the deal's plans keep the storefront's prices. */
  protection_plan_prices: z.array(z.object({ id: z.number().int(), price: moneySchema })),
  sales_representative_name: z.string().nullable(),
  sales_representative_email: z.string().nullable(),
  /** The engine's figures for these terms; null with `pricing_errors` when the engine refused them. */
  option: paymentOptionSchema.nullable(),
  pricing_errors: z.record(z.string(), z.array(z.string())),
  /** Cash: the balance due; finance and lease: the down payment and what is due at signing. */
  due_on_delivery: moneySchema.nullable(),
  /** Rebates, discounts and incentives taken off the price. */
  savings: moneySchema,
  disclosures: z.array(quoteDisclosureSchema),
  created: z.string(),
  last_updated: z.string(),
});
export type QuoteWire = z.infer<typeof quoteSchema>;

export const quoteVehicleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  title_fr: z.string(),
  vin: z.string(),
  stock_number: z.string(),
  odometer: z.number().int(),
  vehicle_condition: z.enum(["New", "Used"]),
  body_type: z.string(),
  exterior_color: z.string(),
  interior_color: z.string(),
  drivetrain: z.string(),
  fuel_type: z.string(),
  transmission: z.string(),
  main_image: z.string().nullable(),
  listing_price: moneySchema.nullable(),
  is_available: z.boolean(),
});

export const quoteFlowSchema = z.object({
  id: z.number().int(),
  order: z.number().int(),
  is_active: z.boolean(),
  n_quotes: z.number().int(),
  is_expired: z.boolean(),
  /** When the quotes were last sent to the shopper. */
  latest_submission: z.string().nullable(),
  /** When the customer first read the sent quote. */
  viewed_at: z.string().nullable(),
  can_request_new: z.boolean(),
  quotes_with_available_vehicle_count: z.number().int(),
  has_identical_quotes: z.boolean(),
  has_quotes_touched: z.boolean(),
  has_quotes_expire_date_set: z.boolean(),
  is_max_number_of_quotes_reached: z.boolean(),
  quote_expiry: z.string().nullable(),
  requested_at: z.string().nullable(),
  request_message: z.string().nullable(),
  primary_quote: z.number().int().nullable(),
  reserved_quote: z.number().int().nullable(),
  prepared_by: z.object({ name: z.string(), email: z.string() }).nullable(),
  created: z.string(),
  dealership: z.object({ name: z.string(), phone: z.string().nullable(), fax: z.string().nullable(), tax_number: z.string().nullable() }),
  customer: z.object({ id: z.number().int(), full_name: z.string(), email: z.string() }),
  vehicle: quoteVehicleSchema,
  /** The compare page's highlights: the option fields whose values differ between the quotes. */
  differing_fields: z.array(z.string()),
  results: z.array(quoteSchema),
});
export type QuoteFlowWire = z.infer<typeof quoteFlowSchema>;

/** A change to an option priced without saving it (the builder's live figures). */
const figuresSchema = z.object({ payment: moneySchema.nullable(), total_purchase_price: moneySchema.nullable() });
export const quoteDifferenceSchema = z.object({ before: figuresSchema, after: figuresSchema, quote: quoteSchema });
