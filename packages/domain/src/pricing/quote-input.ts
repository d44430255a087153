import { type PaymentFrequency, type PaymentType } from "../constants.ts";
import { type Cents } from "../money.ts";
import { type DealAddOn, type Discount, type Fee, type Incentive, type PaymentSettingsInput, type VehiclePriceInputs } from "./deal-inputs.ts";
import { type DownPaymentLimits } from "./down-payment-limits.ts";
import { type TaxRules } from "./tax-types.ts";

/** Everything one quote needs. Rates come from a rate program (see `findRateProgram`). */
export interface QuoteInput {
  payment_type: PaymentType;
  vehicle: VehiclePriceInputs;
  /** The shopper's payment settings: term, down payment, trade-in, frequency, include_tax, … */
  settings: PaymentSettingsInput;
  fees?: readonly Fee[];
  /** Optional fees the shopper chose (fees that are not included by default). */
  selected_fee_ids?: readonly string[];
  discounts?: readonly Discount[];
  /** Offered incentives; those with a conflict are dropped, `settings.incentives` picks among the rest. */
  incentives?: readonly Incentive[];
  /**
   * Tax rules already resolved, or a jurisdiction id ("CA-ON", "US-NY") resolved on `date`.
   * Absent: taken from `settings.postal_code`.
   */
  jurisdiction?: TaxRules | string;
  /** US county/city add-on rate ("0.04875") for jurisdictions that have one. */
  local_tax_rate?: string;
  /** ISO date of the deal: picks the tax rates in force. */
  date: string;
  /** Finance: APR in percent ("6.49"). Lease: used for the money factor when `money_factor` is absent. */
  apr?: string;
  /** Lease: money factor ("0.00125"). */
  money_factor?: string;
  /** Lease: residual in percent of MSRP ("58"). */
  residual_percent?: string;
  /** Lease: refundable security deposit due at signing (does not reduce the cap cost). */
  security_deposit?: Cents;
  /** Terms offered, in months; the chosen term must be one of them. */
  term_choices?: readonly number[];
  payment_frequencies?: readonly PaymentFrequency[];
  distance_allowance_choices?: readonly number[];
  down_payment_limits?: DownPaymentLimits;
  /** Accessories and protection plans bought with the vehicle (cash, finance) or capitalized (lease). */
  add_ons?: readonly DealAddOn[];
}
