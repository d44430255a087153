import { type PaymentFrequency, type PaymentType } from "../constants.ts";
import { type Cents } from "../money.ts";
import { type DealAddOn, type Fee, type IncentiveType, type Taxability } from "./deal-inputs.ts";
import { type PricingFieldError } from "./field-errors.ts";
import { type FrequencyPayment } from "./pay-frequency.ts";
import { type PricingLine } from "./pricing-lines.ts";
import { type TaxLine } from "./tax-rules.ts";
import { type JurisdictionId, type LeaseTaxModel, type TaxTreatment } from "./tax-types.ts";

/**
 * The computed part of the spec's "Payment option" (field names as in the contract). Fields the
 * engine cannot know (id, bank, expiry_date) are added by the server, which also splits
 * `add_on_prices` into the contract's accessories_prices and protections_prices.
 */

/** When a tax is paid: on the sale, with each lease payment, at lease signing, on all lease receipts upfront, or rolled into the lease (capitalized). */
export type TaxTiming = "sale" | "per_payment" | "at_signing" | "upfront" | "capitalized";

export interface QuotedTax extends TaxLine {
  timing: TaxTiming;
}

export type QuotedFee = Pick<Fee, "id" | "name" | "name_fr" | "fee_type" | "amount" | "taxability"> & {
  /** Lease only: in the capitalized cost rather than paid at signing. */
  capitalized: boolean;
};

export interface QuotedIncentive {
  id: string;
  name: string;
  name_fr?: string;
  type: IncentiveType;
  /** Amount taken off the price or the balance; 0 for a rate reduction. */
  amount: Cents;
  tax_treatment: TaxTreatment | null;
  /** The subvented rate of a rate reduction (APR in percent). */
  rate: string | null;
}

export interface QuotedDiscount {
  id: string;
  name: string;
  name_fr?: string;
  amount: Cents;
  taxability: Taxability;
}

export interface AddOnPrice {
  kind: DealAddOn["kind"];
  id: number;
  /** What is charged for the item. */
  amount: Cents;
  /**
   * What the item adds to the option's `payment` (same frequency): that payment less the payment of
   * the same deal without this one item. Null for cash.
   */
  payment: Cents | null;
}

export interface CashDetails {
  /** What the buyer still owes on delivery: total − deposit − trade value + owing − post-tax credits. */
  balance_due: Cents;
}

export interface FinanceDetails {
  amount_financed: Cents;
  /** The last payment, which clears the cent schedule. */
  final_payment: Cents;
  /** payment × term − amount financed. */
  finance_charge: Cents;
  /** Σ of the schedule's rounded monthly interest. */
  schedule_interest: Cents;
  total_of_payments: Cents;
}

export interface LeaseDetails {
  msrp: Cents;
  residual_percent: string;
  money_factor: string;
  gross_cap_cost: Cents;
  cap_cost_reduction: Cents;
  adjusted_cap_cost: Cents;
  depreciation: Cents;
  rent_charge: Cents;
  base_payment: Cents;
  /** Σ per-payment tax components of one payment. */
  payment_tax: Cents;
  /** Base payment plus its tax (when tax is included): the monthly amount. */
  monthly_payment_with_tax: Cents;
  tax_model: LeaseTaxModel;
  /** Tax collected at signing on the cash down and other upfront consideration. */
  tax_due_at_signing: Cents;
  /** Tax on all receipts due at inception (upfront model). */
  upfront_tax: Cents;
  security_deposit: Cents;
  due_at_signing: Cents;
  /** payment incl. tax × term + down + tax at signing + fees at signing (+ upfront tax). */
  total_lease_cost: Cents;
  /** base payment × term − (adjusted cap cost − residual). */
  total_rent_charge: Cents;
}

export interface PaymentOption {
  payment_type: PaymentType;
  jurisdiction: JurisdictionId;
  /** The payment at the chosen frequency (monthly-equivalent display), or the balance due for cash. */
  payment: Cents;
  /** The payment as a plain decimal string ("631.38"). */
  payment_repr: string;
  monthly_payment: Cents | null;
  payment_frequency: PaymentFrequency | null;
  payment_frequency_choices: FrequencyPayment[];
  term: number | null;
  term_choices: number[];
  /** APR in percent (for a lease, MF × 2400). */
  rate: string | null;
  down_payment: Cents;
  distance_allowance: number | null;
  distance_allowance_choices: number[];
  include_tax: boolean;
  taxes: QuotedTax[];
  fees: QuotedFee[];
  incentives: QuotedIncentive[];
  discounts: QuotedDiscount[];
  pricing_stack: PricingLine[];
  /** The deal's accessories and protection plans, in the order given. */
  add_on_prices: AddOnPrice[];
  /** Σ of the sale's tax components (lease: of one payment's). */
  sales_tax: Cents;
  /** Taxes the buyer pays to the registration authority rather than the dealer (Quebec QST on a vehicle). */
  tax_payable_at_registration: Cents;
  /** Selling price after pre-tax reductions plus fees, before tax (lease: the gross cap cost). */
  subtotal: Cents;
  /** subtotal + sales tax (when included); lease: the total lease cost. */
  total_purchase_price: Cents;
  trade_in_credit: Cents;
  trade_in_owing: Cents;
  /** The part of the trade-in value that reduced the taxable base. */
  trade_in_tax_credit: Cents;
  dealer_admin_fee_pretax: Cents;
  dealer_admin_fee_posttax: Cents;
  credit_score: number | null;
  residual_value: Cents | null;
  cash: CashDetails | null;
  finance: FinanceDetails | null;
  lease: LeaseDetails | null;
}

export type QuoteResult = { ok: true; option: PaymentOption } | { ok: false; errors: PricingFieldError[] };
