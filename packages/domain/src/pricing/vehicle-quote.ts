import { type Country, type PaymentFrequency, type PaymentType } from "../constants.ts";
import { addCents, PRICE_CAP_CENTS, type Cents } from "../money.ts";
import type { PaymentSettings } from "../schemas/dealership.ts";
import type { PaymentSettingsChoice } from "../schemas/pricing.ts";
import { activeIncentives, programApr } from "./adjustments.ts";
import { type DealAddOn, type Discount, type Fee, type Incentive, type VehicleCondition } from "./deal-inputs.ts";
import { downPaymentLimitsFromSettings } from "./down-payment-limits.ts";
import { fieldError, type PricingFieldError } from "./field-errors.ts";
import { type PaymentOption } from "./payment-option.ts";
import { jurisdictionFromPostalOrZip } from "./postal-jurisdiction.ts";
import { quote } from "./quote.ts";
import { type QuoteInput } from "./quote-input.ts";
import { findRateProgram, rateProgramChoices, type RateProgram, type VehicleMatch } from "./rate-programs.ts";

/**
 * What staff set for one deal beyond the dealership's setup (a personalized quote's option): their own rate, and
 * fees, discounts and rebates of that deal only. Each applies to every vehicle and payment type it is quoted with.
 */
export type DealOverrides = { apr?: string; fees?: readonly Fee[]; discounts?: readonly Discount[]; incentives?: readonly Incentive[] };

/** An incentive a dealership offers, optionally only on some vehicles. */
export type DealerIncentive = Incentive & { vehicle?: VehicleMatch };

/** Everything of a dealership that prices its vehicles. */
export interface DealerPricingSetup {
  country: Country;
  /** "ON", "QC", "NY": the dealership's own tax jurisdiction, used without a shopper's postal code. */
  regionCode: string;
  settings: Pick<
    PaymentSettings,
    | "payment_types"
    | "finance_terms"
    | "lease_terms"
    | "default_finance_term"
    | "default_lease_term"
    | "payment_frequencies"
    | "default_payment_frequency"
    | "distance_allowances"
    | "default_distance_allowance"
    | "include_sales_tax"
    | "down_payment_limits"
    | "uses_credit_score"
  >;
  fees: readonly Fee[];
  discounts: readonly Discount[];
  incentives: readonly DealerIncentive[];
  ratePrograms: readonly RateProgram[];
  /** US county/city add-on rate for the dealership's own jurisdiction ("0.04"). */
  localTaxRate?: string | null;
}

export interface PricedVehicle {
  /** Selling price; null when the dealership publishes none. */
  price: Cents | null;
  msrp: Cents | null;
  condition: VehicleCondition;
  year: number;
  make: string;
  model: string;
  /** Charges the dealer's feed gives for this very vehicle (null: none given). */
  charges?: { freight: Cents | null; pdi: Cents | null; dealerFee: Cents | null; delivery: Cents | null };
}

/** A vehicle as configured in build and price: the chosen options' MSRP adds to both its price and its MSRP. */
export function withBuildOptions(vehicle: PricedVehicle, optionsMsrp: Cents): PricedVehicle {
  const add = (amount: Cents | null) => (amount === null ? null : addCents(amount, optionsMsrp));
  return { ...vehicle, price: add(vehicle.price), msrp: add(vehicle.msrp) };
}

const everywhere = { new: true, used: true, cpo: true, cash: true, finance: true, lease: true } as const;

/**
 * The fees of a deal: the dealership's, except that charges the feed gives for the vehicle itself (the
 * ones its details page lists) replace the dealership's fees of the same kind, so the page and the
 * payment never disagree.
 */
export function feesForVehicle(dealerFees: readonly Fee[], vehicle: PricedVehicle): Fee[] {
  const charges = vehicle.charges;
  if (!charges) return [...dealerFees];
  const own: Fee[] = [];
  const add = (id: string, name: string, name_fr: string, amount: Cents | null, extra: Partial<Fee>) => {
    if (amount !== null && amount > 0) own.push({ ...everywhere, id, name, name_fr, amount, taxability: "pretax", include_by_default: true, cap_cost: true, ...extra });
  };
  add("vehicle-freight", "Freight", "Transport", charges.freight, { fee_type: "freight_pdi" });
  add("vehicle-pdi", "Pre-delivery inspection", "Inspection avant livraison", charges.pdi, { fee_type: "freight_pdi" });
  add("vehicle-dealer-fee", "Dealer fee", "Frais de concession", charges.dealerFee, { fee_type: "derived_fees", is_dealer_admin: true });
  add("vehicle-delivery", "Delivery", "Livraison", charges.delivery, { fee_type: "global_fees" });
  const replacesFreight = charges.freight !== null || charges.pdi !== null;
  const replacesAdmin = charges.dealerFee !== null;
  const kept = dealerFees.filter(
    (fee) => !(replacesFreight && fee.fee_type === "freight_pdi") && !(replacesAdmin && fee.is_dealer_admin) && !(charges.delivery !== null && fee.id === "delivery"),
  );
  return [...own, ...kept];
}

export interface VehicleQuote {
  option: PaymentOption;
  /** The settings actually priced (after fallbacks): what a later update starts from. */
  choice: PaymentSettingsChoice;
  program: RateProgram | null;
  maxDownPayment: Cents | null;
  /** Offered incentives the shopper may apply (no conflict, this payment type, this vehicle, a rate reduction only below the program's rate). */
  offeredIncentives: DealerIncentive[];
}

export type VehicleQuoteResult = { ok: true; quote: VehicleQuote } | { ok: false; errors: PricingFieldError[] };

const sameText = (a: string | undefined, b: string) => a === undefined || a.toLowerCase() === b.toLowerCase();

/** The incentive is offered on this vehicle (its make, model, years and conditions, when it names them). */
export function incentiveCovers(incentive: DealerIncentive, vehicle: PricedVehicle): boolean {
  const match = incentive.vehicle;
  if (!match) return true;
  return (
    sameText(match.make, vehicle.make) &&
    sameText(match.model, vehicle.model) &&
    (match.yearFrom === undefined || vehicle.year >= match.yearFrom) &&
    (match.yearTo === undefined || vehicle.year <= match.yearTo) &&
    (match.conditions === undefined || match.conditions.includes(vehicle.condition))
  );
}

/** The frequency payments are shown at by default: the dealership's default when it offers it, else the first it offers. */
export function defaultFrequency(settings: Pick<PaymentSettings, "payment_frequencies" | "default_payment_frequency">): PaymentFrequency {
  const offered = settings.payment_frequencies;
  return offered.includes(settings.default_payment_frequency) ? settings.default_payment_frequency : (offered[0] ?? "monthly");
}

/** The offered value closest to `wanted` (ties: the smaller), for fallbacks. */
function closest(choices: readonly number[], wanted: number): number | undefined {
  return [...choices].sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted) || a - b)[0];
}

/** Values both the dealership and the rate program offer; the program's alone when they share none. */
function offered(dealer: readonly number[], program: readonly number[]): number[] {
  const both = program.filter((value) => dealer.includes(value));
  return both.length > 0 ? both : [...program];
}

/**
 * Prices one payment type of one vehicle for a dealership: picks the rate program, the terms and
 * distance allowances both the dealership and the program offer, the tax jurisdiction from the
 * shopper's postal code or ZIP (else the dealership's), the vehicle's incentives and the fees.
 * With `fallback`, a setting the dealership does not offer becomes its default (or the nearest
 * offered value) instead of an error, as the first payment fetch of a page asks.
 */
export function quoteVehicle(
  setup: DealerPricingSetup,
  vehicle: PricedVehicle,
  paymentType: PaymentType,
  choice: PaymentSettingsChoice,
  /** addOns: the deal's accessories and protection plans, already resolved to charges (the catalogue is the server's). */
  options: { date: string; fallback: boolean; addOns?: readonly DealAddOn[]; overrides?: DealOverrides },
): VehicleQuoteResult {
  const overrides = options.overrides ?? {};
  const { settings } = setup;
  if (!settings.payment_types.includes(paymentType)) return { ok: false, errors: [fieldError("payment_type", "required")] };
  if (vehicle.price === null) return { ok: false, errors: [fieldError("price", "required")] };
  const errors: PricingFieldError[] = [];
  const fallback = options.fallback;

  const postal = choice.postal_code ? jurisdictionFromPostalOrZip(choice.postal_code, setup.country) : null;
  if (choice.postal_code && !postal && !fallback) errors.push(fieldError("postal_code", "invalid_postal_code"));
  const jurisdiction = postal?.jurisdiction ?? `${setup.country}-${setup.regionCode}`;
  const creditScore = setup.country === "US" && settings.uses_credit_score ? (choice.credit_score ?? null) : null;

  const frequencies = settings.payment_frequencies;
  let frequency: PaymentFrequency = choice.payment_frequency ?? settings.default_payment_frequency;
  if (!frequencies.includes(frequency) && (fallback || choice.payment_frequency === undefined)) frequency = defaultFrequency(settings);

  let term: number | undefined;
  let termChoices: number[] = [];
  let distance: number | undefined;
  let distanceChoices: number[] = [];
  let program: RateProgram | null = null;
  const rates: Pick<QuoteInput, "apr" | "money_factor" | "residual_percent"> = {};

  if (paymentType !== "cash") {
    const base = { paymentType, country: setup.country, make: vehicle.make, model: vehicle.model, year: vehicle.year, condition: vehicle.condition, creditScore, date: options.date } as const;
    const programChoices = rateProgramChoices(setup.ratePrograms, base);
    termChoices = offered(paymentType === "finance" ? settings.finance_terms : settings.lease_terms, programChoices.terms);
    if (termChoices.length === 0) return { ok: false, errors: [fieldError("rate", "invalid_rate")] };
    const defaultTerm = paymentType === "finance" ? settings.default_finance_term : settings.default_lease_term;
    term = choice.term ?? defaultTerm;
    if (!termChoices.includes(term) && (fallback || choice.term === undefined)) term = closest(termChoices, defaultTerm);
    if (paymentType === "lease") {
      distanceChoices = offered(settings.distance_allowances, programChoices.distanceAllowances);
      distance = choice.distance_allowance ?? settings.default_distance_allowance;
      if (!distanceChoices.includes(distance) && (fallback || choice.distance_allowance === undefined)) {
        distance = closest(distanceChoices, settings.default_distance_allowance);
      }
    }
    const match =
      term !== undefined && termChoices.includes(term)
        ? findRateProgram(setup.ratePrograms, { ...base, term, ...(distance === undefined ? {} : { distanceAllowance: distance }) })
        : null;
    if (match?.paymentType === "finance") rates.apr = match.apr;
    if (match?.paymentType === "lease") Object.assign(rates, { money_factor: match.moneyFactor, residual_percent: match.residualPercent });
    program = match?.program ?? null;
    // A rate the dealership quotes itself replaces the program's (a lease's money factor is then APR / 2400; its residual stays the program's).
    if (overrides.apr !== undefined) {
      rates.apr = overrides.apr;
      delete rates.money_factor;
    }
    const rateGiven = paymentType === "finance" && overrides.apr !== undefined;
    // A term or distance the dealership does not offer is reported by the engine, naming the field.
    if (!match && !rateGiven && term !== undefined && termChoices.includes(term) && (distance === undefined || distanceChoices.includes(distance))) {
      errors.push(fieldError("rate", "invalid_rate"));
    }
  }
  if (errors.length > 0) return { ok: false, errors };

  const incentives = setup.incentives.filter((incentive) => incentiveCovers(incentive, vehicle));
  const priced: PaymentSettingsChoice = {
    ...choice,
    payment_frequency: frequency,
    ...(term === undefined ? {} : { term }),
    ...(distance === undefined ? {} : { distance_allowance: distance }),
    down_payment: choice.down_payment ?? (0 as Cents),
    include_tax: choice.include_tax ?? settings.include_sales_tax,
    credit_score: creditScore,
  };
  const input: QuoteInput = {
    payment_type: paymentType,
    vehicle: { price: vehicle.price, ...(vehicle.msrp === null ? {} : { msrp: vehicle.msrp }), condition: vehicle.condition },
    settings: {
      payment_frequency: frequency,
      ...(term === undefined ? {} : { term }),
      ...(distance === undefined ? {} : { distance_allowance: distance }),
      down_payment: priced.down_payment!,
      include_tax: priced.include_tax!,
      trade_in_credit: choice.trade_in_credit ?? (0 as Cents),
      trade_in_owing: choice.trade_in_owing ?? (0 as Cents),
      ...(choice.incentives ? { incentives: choice.incentives } : {}),
      credit_score: creditScore,
    },
    fees: [...feesForVehicle(setup.fees, vehicle), ...(overrides.fees ?? [])],
    selected_fee_ids: choice.selected_fees ?? [],
    discounts: [...setup.discounts, ...(overrides.discounts ?? [])],
    incentives: [...incentives, ...(overrides.incentives ?? [])],
    jurisdiction,
    ...(setup.localTaxRate && jurisdiction === `${setup.country}-${setup.regionCode}` ? { local_tax_rate: setup.localTaxRate } : {}),
    date: options.date,
    ...rates,
    term_choices: termChoices,
    payment_frequencies: frequencies,
    distance_allowance_choices: distanceChoices,
    down_payment_limits: downPaymentLimitsFromSettings(settings.down_payment_limits),
    ...(options.addOns?.length ? { add_ons: options.addOns } : {}),
  };
  const result = quote(input);
  if (!result.ok) return result;
  // Worked out when read: it takes a second quote, and the stored payments of a whole inventory never read it.
  let maxDownPayment: Cents | null | undefined;
  return {
    ok: true,
    quote: {
      option: result.option,
      choice: priced,
      program,
      get maxDownPayment() {
        if (maxDownPayment === undefined) maxDownPayment = largestDownPayment(input);
        return maxDownPayment;
      },
      // A rate reduction is offered only where it lowers the program's rate (as the engine applies it).
      offeredIncentives: activeIncentives(incentives, { paymentType, programApr: programApr(paymentType, rates) }) as DealerIncentive[],
    },
  };
}

/** The engine's own limit: a quote with the largest possible down payment reports the most it accepts. */
function largestDownPayment(input: QuoteInput): Cents | null {
  const probe = quote({ ...input, settings: { ...input.settings, down_payment: PRICE_CAP_CENTS } });
  if (probe.ok) return PRICE_CAP_CENTS;
  const limit = probe.errors.find((error) => error.field === "down_payment" && error.code === "above_limit");
  return limit ? (Number(limit.params?.["max"]) as Cents) : null;
}

/** The vehicle's condition as pricing knows it. */
export function pricingCondition(condition: "New" | "Used" | string, certified: boolean): VehicleCondition {
  if (condition === "New") return "new";
  return certified ? "cpo" : "used";
}
