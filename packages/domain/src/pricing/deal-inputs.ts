import { type PlanTaxFlag } from "../add-ons/types.ts";
import { type PaymentFrequency, type PaymentType } from "../constants.ts";
import { type Cents } from "../money.ts";
import { type TaxTreatment } from "./tax-types.ts";

/**
 * Inputs of a quote, named as in the storefront contract (spec section 3: "Payment settings",
 * "Fee and discount"; section 9: fee types, incentive types and categories). Amounts are cents.
 */

export const VEHICLE_CONDITIONS = ["new", "used", "cpo"] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];

export const FEE_TYPES = [
  "taxes",
  "freight_pdi",
  "derived_fees",
  "global_fees",
  "omvic_amvic_fees",
  "ac_levy",
  "tire_levy",
  "ppsa",
] as const;
export type FeeType = (typeof FEE_TYPES)[number];

export const INCENTIVE_TYPES = ["percentage_discount", "rate_reduction", "rebate"] as const;
export type IncentiveType = (typeof INCENTIVE_TYPES)[number];

export const INCENTIVE_CATEGORIES = [
  "loyalty",
  "grad",
  "conquest",
  "military",
  "mobility",
  "msrp",
  "costco",
  "vin",
  "other",
  "normal",
  "ev",
  "all",
] as const;
export type IncentiveCategory = (typeof INCENTIVE_CATEGORIES)[number];

/** pretax: added (fee) or deducted (discount) before tax, so it is in the taxable base; posttax: after tax. */
export type Taxability = "pretax" | "posttax";

/** Which vehicles and payment types a fee or discount applies to. */
export interface Applicability {
  new: boolean;
  used: boolean;
  cpo: boolean;
  cash: boolean;
  finance: boolean;
  lease: boolean;
}

export interface Fee extends Applicability {
  id: string;
  name: string;
  name_fr?: string;
  fee_type?: FeeType;
  amount: Cents;
  taxability: Taxability;
  /** Applied unless the shopper deselects it; otherwise only when listed in `selected_fee_ids`. */
  include_by_default: boolean;
  /** Lease: capitalized into the gross cap cost (taxed through the payments) instead of paid at signing. */
  cap_cost?: boolean;
  /** Lease, fee paid at signing: its tax is capitalized instead of being paid at signing. */
  tax_in_cap?: boolean;
  /** Reported as the "dealer admin fee pre- and post-tax" of the payment option. */
  is_dealer_admin?: boolean;
}

export interface Discount extends Applicability {
  id: string;
  name: string;
  name_fr?: string;
  amount: Cents;
  taxability: Taxability;
  include_by_default: boolean;
}

export interface Incentive {
  id: string;
  name: string;
  name_fr?: string;
  type: IncentiveType;
  category?: IncentiveCategory;
  /** rebate: the amount. */
  amount?: Cents;
  /** percentage_discount: percent of the vehicle price ("5" = 5 %). */
  percent?: string;
  /** rate_reduction: the subvented APR in percent ("1.99"); for a lease, MF = APR / 2400. */
  apr?: string;
  /** rate_reduction on a lease: the subvented money factor, when given directly. */
  money_factor?: string;
  /** Default: pre_tax for a percentage discount, the jurisdiction's rebate default for a rebate. */
  tax_treatment?: TaxTreatment;
  /** Payment types it applies to; absent = all. */
  payment_types?: readonly PaymentType[];
  /** Ids it conflicts with; an incentive is kept only when this is empty (spec section 5). */
  conflict?: string | readonly string[] | null;
}

export interface VehiclePriceInputs {
  /** Selling price before discounts and incentives. */
  price: Cents;
  /** MSRP, on which the lease residual is set (defaults to the price). */
  msrp?: Cents;
  condition: VehicleCondition;
}

/** The shopper's payment settings (spec "Payment settings"). */
export interface PaymentSettingsInput {
  payment_frequency?: PaymentFrequency;
  distance_allowance?: number;
  /** Months. */
  term?: number;
  /** Cash: the deposit paid ahead; finance: cash down; lease: cap cost reduction in cash. */
  down_payment: Cents;
  include_tax?: boolean;
  /** Trade-in value (allowance). */
  trade_in_credit?: Cents;
  /** Lien payout owed on the trade-in. */
  trade_in_owing?: Cents;
  /** Ids of the incentives the shopper applies; absent = every offered, non-conflicting one. */
  incentives?: readonly string[];
  credit_score?: number | null;
  postal_code?: string;
}

/** An accessory or protection plan added to a deal, as the engine prices it. */
export interface DealAddOn {
  kind: "accessory" | "protection";
  id: number;
  name: string;
  name_fr: string;
  /** What is charged, cents (an accessory: see accessoryCharge). */
  amount: Cents;
  /** Which tax components apply: "all" (accessories are part of the vehicle sale, taxed like it), or a plan's flags. */
  taxed_by: "all" | readonly PlanTaxFlag[];
}
