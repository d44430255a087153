import { type Country, type PaymentType } from "../constants.ts";
import { type Cents } from "../money.ts";

/** ISO 3166-2 style: "CA-ON", "CA-QC", "US-NY". */
export type JurisdictionId = string;

/** A band of a banded rate (BC PST): `rate` applies when the pre-trade base is at least `from`. */
export interface RateBand {
  from: Cents;
  rate: string;
}

export interface TaxComponent {
  /** "gst", "hst", "pst", "qst", "rst", "state", "local", "county_surtax", "lease_tax", … */
  id: string;
  /** Stable translation key of the line, e.g. "pricing.line.gst". */
  label_key: string;
  /** Exact decimal fraction: "0.13", "0.09975". Ignored when `bands` is set. */
  rate: string;
  /** Rate picked from the price before the trade-in, then applied to the base net of trade-in (BC). */
  bands?: readonly RateBand[];
  /** Only the first `baseCap` of the base is taxed (Florida county surtax: first $5,000). */
  baseCap?: Cents;
  /** Restricts the component to these payment types (e.g. a lease-only tax). */
  paymentTypes?: readonly PaymentType[];
  /** Quebec: the dealer calculates QST on a vehicle, but the buyer pays it to the SAAQ at registration. */
  collectedBy?: "dealer" | "registration_authority";
}

export type TradeInCreditRule =
  | { kind: "full"; newVehiclesOnly?: boolean }
  | { kind: "none" }
  | { kind: "capped"; cap: Cents };

/**
 * per_payment: tax on each (rounded) base payment, per component; cash down taxed at signing.
 * upfront_total_payments: tax on all receipts (payments × term + cash down) due at inception (NY).
 * lessor_paid: the lessor pays tax on its purchase price; payments are not taxed (TX).
 */
export type LeaseTaxModel = "per_payment" | "upfront_total_payments" | "lessor_paid";

export type TaxTreatment = "pre_tax" | "post_tax";

/** The tax rules of one jurisdiction over one date range (inclusive ISO dates). */
export interface TaxRules {
  jurisdiction: JurisdictionId;
  country: Country;
  effectiveFrom: string;
  /** Last day the version applies; absent = still in force. */
  effectiveTo?: string;
  components: readonly TaxComponent[];
  tradeInCredit: TradeInCreditRule;
  leaseTradeInCredit: TradeInCreditRule;
  leaseTaxModel: LeaseTaxModel;
  /** Per-payment model: cash down (cap cost reduction) is consideration taxed at signing. */
  taxCashDownOnLease: boolean;
  /** How a manufacturer-to-consumer rebate is taxed when the incentive does not say. */
  rebateDefault: TaxTreatment;
  /** A local add-on the dealer may configure (US counties and cities), and its rule. */
  localTax?: { label_key: string; baseCap?: Cents } | null;
  /** Sources and uncertainty, as tagged in the pricing reference ([O], [S], [K], UNCERTAIN). */
  notes?: readonly string[];
}
