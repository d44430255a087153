import { z } from "zod";
import type { Country } from "../constants.ts";
import { isPostalCodeFor, normalizePostalCode } from "../customers/field-rules.ts";
import { cardBrandOf, cardExpiryValid, cardNumberProblem, cvcValid } from "../deposits/cards.ts";
import { DEPOSIT_FEE_MODES, DEPOSIT_MODES, PAYMENT_TRANSACTION_STATUSES } from "../deposits/types.ts";
import { DEPOSIT_STEP_STATUSES } from "../orders/order-rules.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { detailErrorSchema, moneySchema } from "./common.ts";
import { pagePathSchema } from "./appointments.ts";
import { rowIdSchema, rowIdTextSchema } from "./ids.ts";

/**
 * The deposit calls (transactional contract section 7, "Deposit"), under /api/customer/deposit/ for the shopper and
 * /api/quickshop/deposits/ for staff. Money leaves as dollar strings.
 */
const text = (max: number) => z.string(msg("required")).trim().min(1, msg("required")).max(max, msg("too_long"));

/** The sandbox gateway's card form: number, expiry and code checked as a processor's form checks them. */
export const sandboxCardSchema = z
  .object({
    number: z.string(msg("required")).trim().min(1, msg("required")).max(23, msg("card_number")),
    exp_month: z.coerce.number(msg("card_expiry")).int(msg("card_expiry")),
    exp_year: z.coerce.number(msg("card_expiry")).int(msg("card_expiry")),
    cvc: z.string(msg("required")).trim(),
  })
  .superRefine((card, context) => {
    const problem = cardNumberProblem(card.number);
    if (problem) context.addIssue({ code: "custom", path: ["number"], message: msg(problem === "incomplete" ? "card_incomplete" : "card_number") });
    if (!cvcValid(card.cvc, cardBrandOf(card.number.replace(/\D/g, "")))) context.addIssue({ code: "custom", path: ["cvc"], message: msg("card_cvc") });
  });

/** The card form's other fields (spec 3): the postal code checked against the country unless geo-validation is off. */
export function depositFormSchema(context: { country: Country; geoValidation: boolean; today: string }) {
  return z
    .object({
      name_on_card: text(80),
      first_name: text(60),
      last_name: text(60),
      address_line: text(120),
      postal_code: text(12),
      coupon_code: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().max(40, msg("too_long")).regex(/^[A-Za-z0-9-]+$/, msg("coupon_code")).optional()),
      /** The sandbox's own card form; absent in Stripe mode, where `payment_method` names the card Stripe took. */
      card: sandboxCardSchema.optional(),
      payment_method: z.string().trim().regex(/^pm_[A-Za-z0-9_]{3,250}$/, msg("choice")).optional(),
    })
    .superRefine((form, ctx) => {
      if (context.geoValidation && !isPostalCodeFor(context.country, form.postal_code)) {
        ctx.addIssue({ code: "custom", path: ["postal_code"], message: msg(context.country === "US" ? "zip_code" : "postal_code") });
      }
      if (form.card && !cardExpiryValid(form.card.exp_month, form.card.exp_year, context.today)) ctx.addIssue({ code: "custom", path: ["card", "exp_month"], message: msg("card_expiry") });
      if (!form.card && !form.payment_method) ctx.addIssue({ code: "custom", path: ["card", "number"], message: msg("required") });
    })
    .transform((form) => (context.geoValidation ? { ...form, postal_code: normalizePostalCode(context.country, form.postal_code) } : form));
}
export type DepositForm = z.output<ReturnType<typeof depositFormSchema>>;

/** POST charge_deposit/: the deal, the page, the browser's key for this submission, and the form. */
export const chargeDepositBodySchema = z.object({
  order: rowIdSchema(msg("order_id")),
  path: pagePathSchema,
  /** The browser makes one per submission: the same one sent again is the same deposit (no second charge). */
  client_key: z.string(msg("required")).regex(/^[A-Za-z0-9_-]{16,80}$/, msg("client_key")),
  form: z.record(z.string(), z.unknown()),
});

export const depositOrderQuerySchema = z.object({ order: rowIdTextSchema(msg("order_id")) });
export const depositOrderPathSchema = z.object({ order: rowIdTextSchema(msg("order_id")) });
export const depositRefundRequestSchema = z.object({ reason: z.string().trim().max(500, msg("too_long")).optional() });
export const staffDepositRefundSchema = z.object({ apply_cancellation_fee: z.boolean().default(true) });

export const depositWireSchema = z.object({
  id: z.number().int(),
  order: z.number().int(),
  vehicle: z.number().int(),
  gateway: z.enum(["sandbox", "stripe"]),
  mode: z.enum(DEPOSIT_MODES),
  fee_mode: z.enum(DEPOSIT_FEE_MODES),
  status: z.enum(PAYMENT_TRANSACTION_STATUSES),
  deposit_status: z.enum(DEPOSIT_STEP_STATUSES),
  currency: z.enum(["cad", "usd"]),
  deposit_amount: moneySchema,
  processing_fee: moneySchema,
  fixed_fee: moneySchema,
  total: moneySchema,
  deposit_amount_paid: moneySchema,
  refunded: moneySchema,
  deposit_cancellation_fee: moneySchema,
  refundable_on_request: z.boolean(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  decline_code: z.string().nullable(),
  authorized_at: z.string().nullable(),
  hold_deadline: z.string().nullable(),
  captured_at: z.string().nullable(),
  released_at: z.string().nullable(),
  refund_requested_at: z.string().nullable(),
  refund_request_reason: z.string().nullable(),
  /** The promotion or reservation code the shopper entered, for the dealership. */
  coupon_code: z.string().nullable(),
  created: z.string(),
});
export type DepositWire = z.infer<typeof depositWireSchema>;

/** GET details/: what the deposit page shows before a card is taken (amounts, mode, hold length, refund terms). */
export const depositDetailsSchema = z.object({
  gateway: z.enum(["sandbox", "stripe"]),
  demonstration: z.boolean(),
  stripe_publishable_key: z.string().nullable(),
  deposit_system: z.enum(["STANDARD", "VW_DEPOSIT"]),
  screens: z.array(z.enum(["place", "review", "confirmation"])),
  mode: z.enum(DEPOSIT_MODES),
  fee_mode: z.enum(DEPOSIT_FEE_MODES),
  currency: z.enum(["cad", "usd"]),
  deposit_amount: moneySchema,
  processing_fee: moneySchema,
  fixed_fee: moneySchema,
  total: moneySchema,
  deposit_cancellation_fee: moneySchema,
  refundable_on_request: z.boolean(),
  hold_days: z.number().int(),
  geo_validation: z.boolean(),
  /** The vehicle's advertised (all-in) price, as the deposit page must show it. */
  vehicle_price: moneySchema.nullable(),
  deposit: depositWireSchema.nullable(),
});

export const depositAmountPaidSchema = z.object({ deposit_amount_paid: moneySchema, status: z.enum(DEPOSIT_STEP_STATUSES) });

/** A declined card (402): the processor's reason, when it gave one (authentication_required: the bank asks for 3-D Secure). */
export const cardDeclinedSchema = detailErrorSchema.extend({ decline_code: z.string().optional() });
