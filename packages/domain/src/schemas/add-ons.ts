import { z } from "zod";
import { PAYMENT_TYPES, PROTECTION_CATEGORIES } from "../constants.ts";
import { ACCESSORY_CATEGORIES, ACCESSORY_ORIGINS, PLAN_TAX_FLAGS } from "../add-ons/types.ts";
import { VEHICLE_CONDITIONS } from "../pricing/deal-inputs.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { moneySchema } from "./common.ts";
import { rowIdSchema, rowIdTextSchema } from "./ids.ts";

/**
 * The accessory and protection-plan calls (storefront contract section 7, "Accessories and protection
 * plans"). The contract does not show their base paths: this product serves them under
 * /api/accessories/ and /api/protection-plans/. Amounts are dollar strings, as everywhere on the wire.
 */

export const ADD_ON_PAGE_SIZE_MAX = 200;
export const ADD_ON_DEFAULT_PAGE_SIZE = 50;

const pageParam = z.coerce.number({ error: msg("page") }).int(msg("page")).min(1, msg("page")).default(1);
const pageSizeParam = z.coerce
  .number({ error: msg("page_size") })
  .int(msg("page_size"))
  .min(1, msg("page_size"))
  .max(ADD_ON_PAGE_SIZE_MAX, msg("page_size"))
  .default(ADD_ON_DEFAULT_PAGE_SIZE);
const vehicleParam = rowIdTextSchema(msg("vehicle_id"));
const flag = z.enum(["true", "false", "1", "0"], msg("choice")).transform((v) => v === "true" || v === "1");

export const accessoryVehicleQuerySchema = z.object({ vehicle: vehicleParam });

export const accessoryListQuerySchema = z.object({
  vehicle: vehicleParam,
  page: pageParam,
  page_size: pageSizeParam,
  /** Absent: active accessories only (an inactive one can still be read by id on a deal that has it). */
  active: flag.optional(),
  /** A payment type: the list is the same for every type; accepted because the contract sends it. */
  financing: z.enum(PAYMENT_TYPES, msg("payment_type")).optional(),
  oem_origin: z.enum(ACCESSORY_ORIGINS, msg("choice")).optional(),
  category: z.enum(ACCESSORY_CATEGORIES, msg("choice")).optional(),
});
export type AccessoryListQuery = z.output<typeof accessoryListQuerySchema>;

export const accessorySchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  name_fr: z.string(),
  description: z.string(),
  description_fr: z.string(),
  legal_disclaimer: z.string(),
  legal_disclaimer_fr: z.string(),
  category: z.enum(ACCESSORY_CATEGORIES),
  image: z.string().nullable(),
  recommended_image_desktop: z.string().nullable(),
  recommended_image_mobile: z.string().nullable(),
  origin: z.enum(ACCESSORY_ORIGINS),
  pre_installed: z.boolean(),
  port_installed: z.boolean(),
  active: z.boolean(),
  is_removable: z.boolean(),
  price: moneySchema,
  price_including_installation: moneySchema.nullable(),
  price_recurring: moneySchema.nullable(),
  installation_charge_override: moneySchema.nullable(),
  installation_labour_rate: moneySchema.nullable(),
  installation_labour_time: z.string().nullable(),
  /** What the accessory costs installed (price_including_installation, or price plus installation). */
  installed_price: moneySchema,
  vehicle_types: z.array(z.string()),
  incompatible_with: z.array(z.number().int()),
});
export type AccessoryWire = z.infer<typeof accessorySchema>;

const filterCountSchema = z.object({ value: z.string(), count: z.number().int() });
export const accessoryFiltersSchema = z.object({ category: z.array(filterCountSchema), oem_origin: z.array(filterCountSchema) });
export type AccessoryFilters = z.infer<typeof accessoryFiltersSchema>;

export const accessoryPageSchema = z.object({
  results: z.array(accessorySchema),
  pre_installed: z.array(accessorySchema),
  filters: accessoryFiltersSchema,
  current: z.number().int(),
  last: z.number().int(),
  limit: z.number().int(),
});
export type AccessoryPage = z.infer<typeof accessoryPageSchema>;

export const accessoryQuestionSchema = z.object({ id: z.number().int(), question: z.string(), question_fr: z.string(), answer: z.string(), answer_fr: z.string() });
export type AccessoryQuestion = z.infer<typeof accessoryQuestionSchema>;
export const accessoryQuestionsSchema = z.object({ results: z.array(accessoryQuestionSchema) });

export const accessoryConfigureBodySchema = z.object({
  /** Remove whatever conflicts with the accessory being added, instead of answering with the conflicts. */
  force_operation: z.boolean().default(false),
  selected_accessories: z.array(rowIdSchema()).max(ADD_ON_PAGE_SIZE_MAX),
  operand: z.enum(["add", "remove"], msg("choice")).optional(),
  accessory_id: rowIdSchema().optional(),
});
export type AccessoryConfigureBody = z.input<typeof accessoryConfigureBodySchema>;

export const accessoryConfigurationSchema = z.object({ selected_accessories: z.array(z.number().int()), removed: z.array(z.number().int()) });
export const accessoryConflictSchema = z.object({
  code: z.literal("accessory_conflict"),
  detail: z.string(),
  conflicts: z.array(z.object({ accessory_id: z.number().int(), conflicts_with: z.array(z.number().int()) })),
});
export type AccessoryConflictBody = z.infer<typeof accessoryConflictSchema>;

export const planListQuerySchema = z.object({
  vehicle: vehicleParam,
  page: pageParam,
  page_size: pageSizeParam,
  financing: z.enum(PAYMENT_TYPES, msg("payment_type")).optional(),
  vehicle_condition: z.enum(VEHICLE_CONDITIONS, msg("condition")).optional(),
  oem_origin: z.enum(ACCESSORY_ORIGINS, msg("choice")).optional(),
});

const termParam = z.coerce.number({ error: msg("whole_number") }).int(msg("whole_number")).min(1, msg("whole_number")).max(120, msg("whole_number"));
const rateText = z.string().regex(/^\d{1,2}(\.\d{1,4})?$/, msg("choice"));
const dollarsText = z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, msg("amount"));

/** What prices a plan for a deal: GET {id}, prepare-data and refresh-prices all take it. */
const planDealFields = {
  term: termParam.optional(),
  rate: rateText.optional(),
  total_purchase_price: dollarsText.optional(),
  payment_type: z.enum(PAYMENT_TYPES, msg("payment_type")),
  /** Lease: distance per year; otherwise the dealership's default yearly distance. */
  distance_allowance: z.coerce.number({ error: msg("whole_number") }).int(msg("whole_number")).min(1, msg("whole_number")).max(200_000, msg("whole_number")).optional(),
};
export const planPriceQuerySchema = z.object({ vehicle: vehicleParam, ...planDealFields });
export type PlanPriceQuery = z.output<typeof planPriceQuerySchema>;
export const planRefreshBodySchema = z.object({ vehicle: rowIdSchema(msg("vehicle_id")), ...planDealFields });
export const planPrepareBodySchema = z.object({
  vehicle: rowIdSchema(msg("vehicle_id")),
  payment: z.enum(PAYMENT_TYPES, msg("payment_type")),
  term: planDealFields.term,
  rate: planDealFields.rate,
  total_purchase_price: planDealFields.total_purchase_price,
  distance_allowance: planDealFields.distance_allowance,
});
export const planFallbackLogBodySchema = z.object({
  plan: rowIdSchema(),
  vehicle: rowIdSchema(msg("vehicle_id")),
  payment_type: z.enum(PAYMENT_TYPES, msg("payment_type")),
  price: dollarsText,
});

export const planPriceEntrySchema = z.object({
  id: z.number().int(),
  protection_plan_id: z.number().int(),
  vehicle_id: z.number().int().nullable(),
  payment_type: z.enum(PAYMENT_TYPES),
  price: moneySchema,
  price_recurring: moneySchema.nullable(),
  duration: z.number().int(),
  queried_duration: z.number().int().nullable(),
  km_range: z.object({ from: z.number().int(), to: z.number().int().nullable() }),
  deductible_amount: moneySchema,
  deductible_label: z.string(),
  deductible_type: z.enum(["per_visit", "per_repair", "none"]),
  rate: z.string().nullable(),
  source: z.enum(["catalogue", "fallback"]),
  force_match_lease_term: z.boolean(),
  name_en: z.string(),
  name_fr: z.string(),
  custom_duration_en: z.string().nullable(),
  custom_duration_fr: z.string().nullable(),
});
export type PlanPriceEntryWire = z.infer<typeof planPriceEntrySchema>;

export const PLAN_UNMATCHED_REASONS = ["payment_type_not_supported", "no_price_fits", "several_prices_fit"] as const;
export type PlanUnmatchedReason = (typeof PLAN_UNMATCHED_REASONS)[number];

export const protectionPlanSchema = z.object({
  id: z.number().int(),
  product_code: z.string(),
  name: z.string(),
  name_fr: z.string(),
  category: z.enum(PROTECTION_CATEGORIES),
  description: z.string(),
  description_fr: z.string(),
  vehicle_condition: z.array(z.enum(VEHICLE_CONDITIONS)),
  payment_type: z.array(z.enum(PAYMENT_TYPES)),
  taxes: z.object(Object.fromEntries(PLAN_TAX_FLAGS.map((f) => [f, z.boolean()])) as Record<(typeof PLAN_TAX_FLAGS)[number], z.ZodBoolean>),
  pdf_url: z.string().nullable(),
  video_url: z.string().nullable(),
  force_match_lease_term: z.boolean(),
  is_price_immutable: z.boolean(),
  pre_installed: z.boolean(),
  use_fallback_prices: z.boolean(),
  duration_type: z.enum(["months", "custom"]),
  custom_duration_en: z.string().nullable(),
  custom_duration_fr: z.string().nullable(),
  prices_set: z.array(planPriceEntrySchema),
  fallback_price: moneySchema.nullable(),
  /** For the deal asked about (GET {id}, refresh-prices, prepare-data): the one entry that fits, or why none does. */
  matched_price: planPriceEntrySchema.nullable(),
  unmatched_reason: z.enum(PLAN_UNMATCHED_REASONS).nullable(),
});
export type ProtectionPlanWire = z.infer<typeof protectionPlanSchema>;

export const planFiltersSchema = z.object({ category: z.array(filterCountSchema), payment_type: z.array(filterCountSchema) });
export const planPageSchema = z.object({
  results: z.array(protectionPlanSchema),
  filters: planFiltersSchema,
  current: z.number().int(),
  last: z.number().int(),
  limit: z.number().int(),
});
export type PlanPage = z.infer<typeof planPageSchema>;
export const planPreparedSchema = z.object({ ready: z.literal(true), plans: z.array(protectionPlanSchema) });
