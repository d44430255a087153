import { z } from "zod";
import { DRIVER_AGE_BANDS, INSURANCE_DEDUCTIBLES } from "../insurance/estimator.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { rowIdSchema, rowIdTextSchema } from "./ids.ts";

/**
 * The liability insurer's quote of a deal (transactional spec 3 "Insurance quote", 7: GET
 * order/{id}/liberty_mutual_create_quote/ and POST order/{id}/liberty_mutual_save_quote/ with the quote), the
 * rebate application record (spec 3: order, rebate_id, source, uid). The customer configuration is in
 * customer-configurations.ts: it carries a build state, whose schemas the deal panel's insurance card need not load.
 */

/** A whole number, sent as a number or its digits; missing (or empty) is "required". */
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? msg("required") : message) })
      .int(message)
      .min(min, message)
      .max(max, message),
  );

/** What the driver tells the insurer; the vehicle and its value are the deal's. */
export const insuranceQuoteRequestSchema = z.object({
  driver_age_band: z.enum(DRIVER_AGE_BANDS, msg("driver_age_band")),
  years_licensed: wholeNumber(0, 80, msg("years_licensed")),
  at_fault_claims: wholeNumber(0, 10, msg("at_fault_claims")),
  postal_code: z
    .string(msg("postal_or_zip"))
    .trim()
    .max(10, msg("too_long"))
    .refine((v) => /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/.test(v) || /^\d{5}(-?\d{4})?$/.test(v), msg("postal_or_zip")),
  liability_limit: wholeNumber(1, 100_000_000, msg("liability_limit")),
  deductible: z.coerce
    .number(msg("deductible"))
    .refine((v): v is (typeof INSURANCE_DEDUCTIBLES)[number] => (INSURANCE_DEDUCTIBLES as readonly number[]).includes(v), msg("deductible")),
});
export type InsuranceQuoteRequest = z.infer<typeof insuranceQuoteRequestSchema>;

export const INSURANCE_QUOTE_STATUSES = ["quoted", "saved"] as const;

export const insuranceQuoteSchema = z.object({
  id: z.number().int(),
  order: z.number().int(),
  /** Who rated it: `estimate` is the built-in estimator (not an insurer's offer). */
  provider: z.string(),
  status: z.enum(INSURANCE_QUOTE_STATUSES),
  /** Dollars with two decimals. */
  yearly_premium: z.string(),
  monthly_premium: z.string(),
  liability_premium: z.string(),
  own_damage_premium: z.string(),
  currency: z.enum(["CAD", "USD"]),
  region: z.string(),
  /** The driver's answers as they were rated. */
  request: z.object({
    driver_age_band: z.enum(DRIVER_AGE_BANDS),
    years_licensed: z.number().int(),
    at_fault_claims: z.number().int(),
    postal_code: z.string(),
    liability_limit: z.number().int(),
    deductible: z.number().int(),
  }),
  vehicle_value: z.string(),
  /** The estimate is not a binding offer: an insurer sets the premium once it has the driver's record. */
  is_binding: z.boolean(),
  created: z.string(),
  saved_at: z.string().nullable(),
});
export type InsuranceQuoteWire = z.infer<typeof insuranceQuoteSchema>;

export const insuranceQuoteListSchema = z.object({ results: z.array(insuranceQuoteSchema) });

/** The quote to keep on the deal (spec: the save call's `quote`). */
export const insuranceQuoteSaveSchema = z.object({ quote: rowIdSchema(msg("insurance_quote")) });

/** What the order shows of its saved insurance quote (`insurance_quote`: provider, quote). */
export const orderInsuranceQuoteSchema = z.object({ provider: z.string(), quote: insuranceQuoteSchema });

/** Rebate application (spec 3): the deal, the rebate (an incentive the dealership offers for its vehicle), where it was asked. */
export const rebateApplicationCreateSchema = z.object({
  order: rowIdSchema(msg("order_id")),
  rebate_id: z.string(msg("rebate_id")).trim().min(1, msg("rebate_id")).max(80, msg("rebate_id")),
  source: z
    .string(msg("rebate_source"))
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, msg("rebate_source")),
});

export const rebateApplicationSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  order: z.number().int(),
  rebate_id: z.string(),
  source: z.string(),
  name: z.string(),
  name_fr: z.string(),
  created: z.string(),
});
export const rebateApplicationListQuerySchema = z.object({ order: rowIdTextSchema(msg("order_id")) });
export const rebateApplicationListSchema = z.object({ results: z.array(rebateApplicationSchema) });
