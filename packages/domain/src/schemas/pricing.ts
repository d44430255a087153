import { z } from "zod";
import { PAYMENT_FREQUENCIES, PAYMENT_TYPES } from "../constants.ts";
import { centsToDecimalString, dollarsToCents, type Cents } from "../money.ts";
import type { PaymentOption } from "../pricing/payment-option.ts";
import type { PricingLine } from "../pricing/pricing-lines.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { moneySchema } from "./common.ts";
import { rowIdSchema, rowIdTextSchema } from "./ids.ts";

/**
 * The payment-type calls of the contract (section 7): `POST payment-type/{type}/pricing/`,
 * `PUT payment-type/{id}/`, `GET customer-selectable-fees/`. Amounts travel as dollars (a number or a
 * decimal string in the request, two-decimal strings in the response), never as floats in arithmetic.
 */

/** Dollars with at most two decimals, up to the 999,999.99 cap, as cents. Negative amounts are refused here. */
export const dollarsInputSchema = z
  .union([z.number(), z.string().trim()])
  .refine((value) => /^\d{1,6}(\.\d{1,2})?$/.test(String(value)), msg("amount"))
  .transform((value) => dollarsToCents(String(value)));

export const paymentSettingsInputSchema = z.object({
  payment_frequency: z.enum(PAYMENT_FREQUENCIES, msg("payment_frequency")).optional(),
  distance_allowance: z.number(msg("whole_number")).int(msg("whole_number")).positive(msg("whole_number")).optional(),
  /** Months. */
  term: z.number(msg("whole_number")).int(msg("whole_number")).positive(msg("whole_number")).optional(),
  down_payment: dollarsInputSchema.optional(),
  include_tax: z.boolean().optional(),
  trade_in_credit: dollarsInputSchema.optional(),
  trade_in_owing: dollarsInputSchema.optional(),
  /** Ids of the incentives applied; absent: every offered incentive without a conflict. */
  incentives: z.array(z.string().max(60)).max(50).optional(),
  /** US only (Canada has no credit score). */
  credit_score: z.number(msg("whole_number")).int(msg("whole_number")).min(300, msg("credit_score")).max(900, msg("credit_score")).nullable().optional(),
  postal_code: z.string().trim().max(10, msg("too_long")).optional(),
  /** Ids of the customer-selectable fees chosen (fees not included by default). */
  selected_fees: z.array(z.string().max(60)).max(20).optional(),
  /** Accessories on the deal (ids of this dealership's accessories that fit the vehicle). */
  accessories: z.array(rowIdSchema()).max(200).optional(),
  /** Of those, the ones the dealership installs (charged with installation). */
  install_accessories_ids: z.array(rowIdSchema()).max(200).optional(),
  /** Protection plans on the deal; a plan that does not fit this payment type is left out and listed in unavailable_protections. */
  protections: z.array(rowIdSchema()).max(50).optional(),
});
export type PaymentSettingsInputWire = z.input<typeof paymentSettingsInputSchema>;
export type PaymentSettingsChoice = z.output<typeof paymentSettingsInputSchema>;

export const pricingRequestSchema = paymentSettingsInputSchema.extend({
  /** The vehicle's id. */
  inventory: rowIdSchema(msg("vehicle_id")),
  build_state_uid: z.string().max(64).optional(),
  order: rowIdSchema(msg("order_id")).optional(),
  options_code_list: z.array(z.string().max(40)).max(300).optional(),
  /** Settings the dealership does not offer (a term, a frequency…) fall back to its defaults instead of a 400. */
  use_fallback_values: z.boolean().optional(),
});
export type PricingRequest = z.input<typeof pricingRequestSchema>;

export const paymentTypeParamSchema = z.object({ type: z.enum(PAYMENT_TYPES, msg("payment_type")) });
export const paymentOptionIdParamSchema = z.object({ id: z.string().regex(/^[a-z0-9]{16,40}$/, msg("not_found")) });

export type PricingLineWire = { label_key: string; amount: string; params?: Record<string, string | number>; children?: PricingLineWire[] };
export const pricingLineSchema: z.ZodType<PricingLineWire> = z.lazy(() =>
  z.object({
    label_key: z.string(),
    amount: moneySchema,
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    children: z.array(pricingLineSchema).optional(),
  }),
);

const taxSchema = z.object({
  id: z.string(),
  label_key: z.string(),
  rate: z.string(),
  base: moneySchema,
  amount: moneySchema,
  collected_by: z.enum(["dealer", "registration_authority"]),
  timing: z.enum(["sale", "per_payment", "at_signing", "upfront", "capitalized"]),
});

const nullableMoney = moneySchema.nullable();

export const paymentOptionSchema = z.object({
  /** The stored payment option's id, for `PUT payment-type/{id}/`. */
  id: z.string(),
  vehicle: z.number().int(),
  payment_type: z.enum(PAYMENT_TYPES),
  jurisdiction: z.string(),
  payment: moneySchema,
  payment_repr: z.string(),
  monthly_payment: nullableMoney,
  payment_frequency: z.enum(PAYMENT_FREQUENCIES).nullable(),
  payment_frequency_choices: z.array(z.object({ frequency: z.enum(PAYMENT_FREQUENCIES), payment: moneySchema, label_key: z.string() })),
  term: z.number().int().nullable(),
  term_choices: z.array(z.number().int()),
  rate: z.string().nullable(),
  down_payment: moneySchema,
  /** The largest down payment this deal accepts. */
  max_down_payment: nullableMoney,
  distance_allowance: z.number().int().nullable(),
  distance_allowance_choices: z.array(z.number().int()),
  include_tax: z.boolean(),
  taxes: z.array(taxSchema),
  fees: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      name_fr: z.string().optional(),
      fee_type: z.string().optional(),
      amount: moneySchema,
      taxability: z.enum(["pretax", "posttax"]),
      capitalized: z.boolean(),
    }),
  ),
  incentives: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      name_fr: z.string().optional(),
      type: z.enum(["percentage_discount", "rate_reduction", "rebate"]),
      amount: moneySchema,
      tax_treatment: z.enum(["pre_tax", "post_tax"]).nullable(),
      rate: z.string().nullable(),
    }),
  ),
  discounts: z.array(
    z.object({ id: z.string(), name: z.string(), name_fr: z.string().optional(), amount: moneySchema, taxability: z.enum(["pretax", "posttax"]) }),
  ),
  pricing_stack: z.array(pricingLineSchema),
  /** Each accessory priced in: what it is charged (installed or not) and what it adds to each payment (null for cash). */
  accessories_prices: z.array(z.object({ id: z.number().int(), price: moneySchema, price_recurring: nullableMoney, installed: z.boolean() })),
  /** Each protection plan priced in, with the price entry that fits the deal. */
  protections_prices: z.array(z.object({ id: z.number().int(), price: moneySchema, price_recurring: nullableMoney, price_entry: z.number().int().nullable() })),
  /** Plans asked for that this deal cannot take (not offered with this payment type, or no price fits its term and distance). */
  /** Accessories asked for that are no longer offered for this vehicle (left out of a first quote with fallback values). */
  unavailable_accessories: z.array(z.number().int()),
  unavailable_protections: z.array(z.object({ id: z.number().int(), reason: z.enum(["payment_type_not_supported", "no_price_fits", "several_prices_fit", "not_for_vehicle"]) })),
  sales_tax: moneySchema,
  tax_payable_at_registration: moneySchema,
  subtotal: moneySchema,
  total_purchase_price: moneySchema,
  trade_in_credit: moneySchema,
  trade_in_owing: moneySchema,
  trade_in_tax_credit: moneySchema,
  dealer_admin_fee_pretax: moneySchema,
  dealer_admin_fee_posttax: moneySchema,
  credit_score: z.number().int().nullable(),
  bank: z.string().nullable(),
  residual_value: nullableMoney,
  /** The last day the rate program behind this payment is offered (null: no end date). */
  expiry_date: z.string().nullable(),
  /** Cash: balance due on delivery. Finance: amount financed and cost of borrowing. Lease: the lease's figures. */
  cash: z.object({ balance_due: moneySchema }).nullable(),
  finance: z
    .object({ amount_financed: moneySchema, final_payment: moneySchema, finance_charge: moneySchema, total_of_payments: moneySchema })
    .nullable(),
  lease: z
    .object({
      msrp: moneySchema,
      residual_percent: z.string(),
      money_factor: z.string(),
      adjusted_cap_cost: moneySchema,
      due_at_signing: moneySchema,
      total_lease_cost: moneySchema,
    })
    .nullable(),
  /** The offered incentives the shopper may apply (those without a conflict). */
  available_incentives: z.array(z.object({ id: z.string(), name: z.string(), name_fr: z.string().optional(), type: z.string() })),
});
export type PaymentOptionWire = z.infer<typeof paymentOptionSchema>;

export const customerSelectableFeesQuerySchema = z.object({
  vehicle: rowIdTextSchema(msg("vehicle_number")).optional(),
  payment_type: z.enum(PAYMENT_TYPES, msg("payment_type")).optional(),
});
export const customerSelectableFeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  name_fr: z.string(),
  fee_type: z.string().nullable(),
  amount: moneySchema,
  taxability: z.enum(["pretax", "posttax"]),
  payment_types: z.array(z.enum(PAYMENT_TYPES)),
});
export type CustomerSelectableFee = z.infer<typeof customerSelectableFeeSchema>;

const money = (amount: Cents): string => centsToDecimalString(amount);
const moneyOrNull = (amount: Cents | null): string | null => (amount === null ? null : money(amount));

export function pricingLineToWire(line: PricingLine): PricingLineWire {
  return {
    label_key: line.label_key,
    amount: money(line.amount),
    ...(line.params ? { params: line.params } : {}),
    ...(line.children ? { children: line.children.map(pricingLineToWire) } : {}),
  };
}

/** The engine's payment option (cents) as the API sends it (dollar strings), with the fields only the server knows. */
export function paymentOptionToWire(
  option: PaymentOption,
  known: Pick<PaymentOptionWire, "id" | "vehicle" | "bank" | "expiry_date" | "available_incentives"> & {
    max_down_payment: Cents | null;
    /** What the server knows of the add-ons priced: which accessories are installed, each plan's price entry, the plans left out. */
    add_ons?: {
      installed: ReadonlySet<number>;
      priceEntries: ReadonlyMap<number, number | null>;
      unavailable: PaymentOptionWire["unavailable_protections"];
      unavailableAccessories: number[];
    } | null;
  },
): PaymentOptionWire {
  return {
    id: known.id,
    vehicle: known.vehicle,
    payment_type: option.payment_type,
    jurisdiction: option.jurisdiction,
    payment: money(option.payment),
    payment_repr: option.payment_repr,
    monthly_payment: moneyOrNull(option.monthly_payment),
    payment_frequency: option.payment_frequency,
    payment_frequency_choices: option.payment_frequency_choices.map((c) => ({ frequency: c.frequency, payment: money(c.payment), label_key: c.label_key })),
    term: option.term,
    term_choices: option.term_choices,
    rate: option.rate,
    down_payment: money(option.down_payment),
    max_down_payment: moneyOrNull(known.max_down_payment),
    distance_allowance: option.distance_allowance,
    distance_allowance_choices: option.distance_allowance_choices,
    include_tax: option.include_tax,
    taxes: option.taxes.map((t) => ({ ...t, base: money(t.base), amount: money(t.amount) })),
    fees: option.fees.map((f) => ({ ...f, amount: money(f.amount) })),
    incentives: option.incentives.map((i) => ({ ...i, amount: money(i.amount) })),
    discounts: option.discounts.map((d) => ({ ...d, amount: money(d.amount) })),
    pricing_stack: option.pricing_stack.map(pricingLineToWire),
    accessories_prices: option.add_on_prices
      .filter((a) => a.kind === "accessory")
      .map((a) => ({ id: a.id, price: money(a.amount), price_recurring: moneyOrNull(a.payment), installed: known.add_ons?.installed.has(a.id) ?? false })),
    protections_prices: option.add_on_prices
      .filter((a) => a.kind === "protection")
      .map((a) => ({ id: a.id, price: money(a.amount), price_recurring: moneyOrNull(a.payment), price_entry: known.add_ons?.priceEntries.get(a.id) ?? null })),
    unavailable_accessories: known.add_ons?.unavailableAccessories ?? [],
    unavailable_protections: known.add_ons?.unavailable ?? [],
    sales_tax: money(option.sales_tax),
    tax_payable_at_registration: money(option.tax_payable_at_registration),
    subtotal: money(option.subtotal),
    total_purchase_price: money(option.total_purchase_price),
    trade_in_credit: money(option.trade_in_credit),
    trade_in_owing: money(option.trade_in_owing),
    trade_in_tax_credit: money(option.trade_in_tax_credit),
    dealer_admin_fee_pretax: money(option.dealer_admin_fee_pretax),
    dealer_admin_fee_posttax: money(option.dealer_admin_fee_posttax),
    credit_score: option.credit_score,
    bank: known.bank,
    residual_value: moneyOrNull(option.residual_value),
    expiry_date: known.expiry_date,
    cash: option.cash && { balance_due: money(option.cash.balance_due) },
    finance: option.finance && {
      amount_financed: money(option.finance.amount_financed),
      final_payment: money(option.finance.final_payment),
      finance_charge: money(option.finance.finance_charge),
      total_of_payments: money(option.finance.total_of_payments),
    },
    lease: option.lease && {
      msrp: money(option.lease.msrp),
      residual_percent: option.lease.residual_percent,
      money_factor: option.lease.money_factor,
      adjusted_cap_cost: money(option.lease.adjusted_cap_cost),
      due_at_signing: money(option.lease.due_at_signing),
      total_lease_cost: money(option.lease.total_lease_cost),
    },
    available_incentives: known.available_incentives,
  };
}
