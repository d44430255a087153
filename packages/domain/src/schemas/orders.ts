import { z } from "zod";
import { PAYMENT_FREQUENCIES, PAYMENT_TYPES } from "../constants.ts";
import {
  DEPOSIT_STEP_STATUSES,
  ORDER_OVERALL_STATUSES,
  ORDER_STATUSES,
  ORDER_TYPES,
  PROGRESS_GROUPS,
  STEP_KEYS,
  STEP_STATUS_VALUES,
} from "../orders/order-rules.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { rowIdSchema, rowIdTextSchema } from "./ids.ts";
import { moneySchema, paginatedSchema } from "./common.ts";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = (max: number) => z.string().trim().max(max, msg("too_long"));
const optionalText = (max: number) => z.preprocess(blankToUndefined, text(max).optional());

export const stepKeySchema = z.enum(STEP_KEYS, { error: msg("step_key") });
export const stepStatusesSchema = z.partialRecord(
  stepKeySchema,
  z.literal(STEP_STATUS_VALUES, { error: msg("step_status") }),
);

export const campaignSchema = z.object({
  utm_source: optionalText(200),
  utm_medium: optionalText(200),
  utm_campaign: optionalText(200),
  utm_term: optionalText(200),
  utm_content: optionalText(200),
  gclid: optionalText(200),
  entry_point: optionalText(200),
  referrer: optionalText(2000),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const orderAnalyticsSchema = z.object({
  source_document_url: optionalText(2000),
  referrer: optionalText(2000),
  adobe_id: optionalText(100),
});

/** A payment option id returned by the pricing call (24 hexadecimal characters). */
const paymentOptionId = z.string().regex(/^[0-9a-f]{24}$/, msg("choice"));
const idList = z.array(rowIdSchema()).max(200);

/** Everything a shopper chooses on a deal; create, replace (PUT) and partial update (PATCH) share it. */
const orderChoices = {
  payment_type: z.enum(PAYMENT_TYPES, { error: msg("payment_type") }),
  /** Snapshot the payment the shopper looked at: the id the pricing call returned for this vehicle. */
  payment_option: paymentOptionId,
  payment_credit_score: z.number().int().min(0).max(900).default(0),
  postal_code: optionalText(10),
  build_state: optionalText(64),
  configuration_id: optionalText(64),
  accessory_ids: idList,
  protection_ids: idList,
};

export const orderCreateSchema = z.object({
  vehicle: rowIdSchema(msg("vehicle_number")),
  payment_type: orderChoices.payment_type.optional(),
  payment_option: orderChoices.payment_option.optional(),
  payment_credit_score: orderChoices.payment_credit_score,
  postal_code: orderChoices.postal_code,
  build_state: orderChoices.build_state,
  configuration_id: orderChoices.configuration_id,
  accessory_ids: idList.default([]),
  protection_ids: idList.default([]),
  source_slug: optionalText(60),
  analytics: orderAnalyticsSchema.default({}),
  campaign: campaignSchema.default({}),
  uses_oem_code: z.boolean().default(false),
  url_params: z.object({ content: optionalText(2000) }).default({}),
  /** Step statuses the browser kept before the deal existed; stored with it, in the same transaction. */
  step_statuses: stepStatusesSchema.default({}),
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;
export type OrderCreate = z.output<typeof orderCreateSchema>;

export const orderPatchSchema = z
  .object({
    payment_type: orderChoices.payment_type,
    payment_option: orderChoices.payment_option,
    payment_credit_score: z.number().int().min(0).max(900),
    postal_code: orderChoices.postal_code,
    build_state: orderChoices.build_state,
    configuration_id: orderChoices.configuration_id,
    accessory_ids: idList,
    protection_ids: idList,
    is_archived: z.boolean(),
  })
  .partial();
export type OrderPatch = z.infer<typeof orderPatchSchema>;

/** PUT replaces the shopper's choices: the ones left out go back to their defaults. */
export const orderPutSchema = orderPatchSchema.extend({ payment_type: orderChoices.payment_type });

export const orderIncentivesSchema = z.object({ incentives: z.array(text(64).min(1, msg("required"))).max(50) });

export const orderDeleteQuerySchema = z.object({ dry_run: z.enum(["0", "1"], { error: msg("choice") }).optional() });
export const orderListQuerySchema = z.object({
  page: z.coerce.number({ error: msg("page") }).int(msg("page")).min(1, msg("page")).max(100_000, msg("page")).default(1),
  vehicle: rowIdTextSchema(msg("vehicle_number")).optional(),
});
export const orderStepsQuerySchema = z.object({
  order: rowIdTextSchema(msg("order_id")).optional(),
  vehicle: rowIdTextSchema(msg("vehicle_number")).optional(),
});
export const orderStepsUpdateSchema = z.object({ step_statuses: stepStatusesSchema });

export const savedVehicleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  title_fr: z.string(),
  created: z.string(),
  last_updated: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  model_fr: z.string(),
  trim: z.string(),
  trim_fr: z.string(),
  vin: z.string().nullable(),
  stock_number: z.string().nullable(),
  model_code: z.string().nullable(),
  vehicle_condition: z.enum(["New", "Used"]),
  main_image: z.string().nullable(),
  is_available: z.boolean(),
});

export const orderPaymentSchema = z.object({
  payment_type: z.enum(PAYMENT_TYPES),
  payment: moneySchema,
  payment_frequency: z.enum(PAYMENT_FREQUENCIES).nullable(),
  term: z.number().int().nullable(),
  rate: z.string().nullable(),
  down_payment: moneySchema,
  total_purchase_price: moneySchema,
  include_tax: z.boolean(),
  /** A lease's yearly distance (km or miles); absent from deals saved before it was kept. */
  distance_allowance: z.number().int().nullable().optional(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderStepSchema = z.object({
  id: stepKeySchema,
  available: z.boolean(),
  progress: z.number().int(),
  section: z.string(),
  triggers: z.array(z.string()),
});
export const orderSectionSchema = z.object({
  section: z.string(),
  final_step: stepKeySchema.nullable(),
  optional: z.boolean(),
  is_locked: z.boolean(),
  conditional_sections: z.array(z.string()),
});
export const orderStepsSchema = z.object({ order: z.number().int().nullable(), steps: z.array(orderStepSchema), sections: z.array(orderSectionSchema) });
export type OrderSteps = z.infer<typeof orderStepsSchema>;

const nullableObject = z.record(z.string(), z.unknown()).nullable();

/** A saved deal as the API returns it (transactional spec 3, "Order"): every field later flows fill in is here. */
export const orderSchema = z.object({
  id: z.number().int(),
  customer: z.number().int(),
  dealership: z.string(),
  vehicle: savedVehicleSchema,
  customer_info: z.object({ email: z.string(), full_name: z.string(), phone: z.string().nullable() }),
  status: z.enum(ORDER_STATUSES),
  overall_status: z.enum(ORDER_OVERALL_STATUSES),
  order_type: z.enum(ORDER_TYPES),
  payment_type: z.enum(PAYMENT_TYPES).nullable(),
  payment: orderPaymentSchema.nullable(),
  finance_term: z.number().int().nullable(),
  lease_term: z.number().int().nullable(),
  finance_down_payment: moneySchema.nullable(),
  lease_down_payment: moneySchema.nullable(),
  finance_payment_frequency: z.enum(PAYMENT_FREQUENCIES).nullable(),
  lease_payment_frequency: z.enum(PAYMENT_FREQUENCIES).nullable(),
  lease_model_km: z.number().int().nullable(),
  payment_credit_score: z.number().int(),
  payment_include_tax: z.boolean(),
  payment_type_settings: z.record(z.string(), z.unknown()),
  accessories: z.array(z.unknown()),
  accessory_ids: z.array(z.number().int()),
  protection_ids: z.array(z.number().int()),
  protection_plan_prices: z.array(z.unknown()),
  fees: z.array(z.unknown()),
  discounts: z.array(z.unknown()),
  incentives: z.array(z.string()),
  trade_in: nullableObject,
  available_trade_in: nullableObject,
  has_trade_in_intention: z.boolean(),
  has_deposit: z.boolean(),
  deposit_status: z.enum(DEPOSIT_STEP_STATUSES),
  has_notify_me_submission: z.boolean(),
  cardinfo: nullableObject,
  credit_application_status: z.string().nullable(),
  personal_application: nullableObject,
  personal_application_status: z.string().nullable(),
  display: z.object({ title: z.string(), title_fr: z.string() }),
  submit_datetime: z.string().nullable(),
  decision_datetime: z.string().nullable(),
  verify_request_datetime: z.string().nullable(),
  proposed_appointment: z.string().nullable(),
  proposed_appointment_formatted: z.string().nullable(),
  is_appointment_autoconfirmed: z.boolean(),
  praq: nullableObject,
  praq_data: nullableObject,
  praq_flow: nullableObject,
  insurance_quote: nullableObject,
  build_state: z.string().nullable(),
  campaign: z.record(z.string(), z.string().optional()),
  analytics: z.record(z.string(), z.string().optional()),
  progress: z.record(z.enum(PROGRESS_GROUPS), z.record(z.string(), z.number())),
  step_statuses: stepStatusesSchema,
  step_progress: z.number().int().min(0).max(100),
  sections: z.array(orderSectionSchema),
  show_credit_app_result: z.boolean(),
  show_tradein_result: z.boolean(),
  started_transactional: z.boolean(),
  tokenized_url: z.string(),
  reserveit_id: z.string().nullable(),
  commission_number: z.string().nullable(),
  completion_sections_completed: z.number().int(),
  vom_order_status: z.object({ status: z.string(), status_subcopy: z.string(), detailed_status: z.string() }).nullable(),
  url_params: z.object({ content: z.string().optional() }),
  is_sold_out: z.boolean(),
  order_lang: z.enum(["en", "fr"]),
  postal_code: z.string().nullable(),
  is_archived: z.boolean(),
  source_slug: z.string().nullable(),
  uses_oem_code: z.boolean(),
  configuration_id: z.string().nullable(),
  created: z.string(),
  last_updated: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** A page of the signed-in customer's saved deals (`GET order/?page=`). */
export const orderPageSchema = paginatedSchema(orderSchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderDeletionCheckSchema = z.object({ can_delete: z.literal(true) });
