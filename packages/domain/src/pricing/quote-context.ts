import { PAYMENT_FREQUENCIES, type PaymentFrequency, type PaymentType } from "../constants.ts";
import { parseDecimal } from "../decimal.ts";
import { cents, PRICE_CAP_CENTS, type Cents } from "../money.ts";
import { activeIncentives, priceReductions, programApr, selectDiscounts, selectFees, type PriceReductions } from "./adjustments.ts";
import { ZERO_CENTS } from "./cents-math.ts";
import { type DealAddOn, type Discount, type Fee, type Incentive, type VehiclePriceInputs } from "./deal-inputs.ts";
import { DEFAULT_DOWN_PAYMENT_LIMITS } from "./down-payment-limits.ts";
import { fieldError, type PricingFieldError } from "./field-errors.ts";
import { jurisdictionFromPostalOrZip } from "./postal-jurisdiction.ts";
import { type QuoteInput } from "./quote-input.ts";
import { isIsoDate, taxRulesOn } from "./tax-rules.ts";
import { type TaxRules } from "./tax-types.ts";

/** A quote's input after validation, with the fees, reductions and rules it resolves to. */
export interface QuoteContext {
  input: QuoteInput;
  paymentType: PaymentType;
  rules: TaxRules;
  vehicle: VehiclePriceInputs;
  fees: Fee[];
  discounts: Discount[];
  incentives: Incentive[];
  reductions: PriceReductions;
  down: Cents;
  tradeValue: Cents;
  tradeOwing: Cents;
  includeTax: boolean;
  /** Months; 0 for cash. */
  term: number;
  frequency: PaymentFrequency;
  frequencies: PaymentFrequency[];
  downPaymentLimit: Cents;
  addOns: DealAddOn[];
}

/** Feed placeholders meaning "no price" (spec section 5): 0, 999998 and 999999 dollars. */
const PLACEHOLDER_PRICES_IN_CENTS: readonly number[] = [0, 99_999_800, 99_999_900];

const isMoney = (value: unknown): value is Cents => typeof value === "number" && Number.isSafeInteger(value);

function checkAmount(errors: PricingFieldError[], field: string, value: unknown, required: boolean): void {
  if (value === undefined || value === null) {
    if (required) errors.push(fieldError(field, "required"));
  } else if (!isMoney(value)) errors.push(fieldError(field, "not_an_integer"));
  else if (value < 0) errors.push(fieldError(field, "negative"));
  else if (value > PRICE_CAP_CENTS) errors.push(fieldError(field, "above_price_cap", { max: PRICE_CAP_CENTS }));
}

/** A decimal string ≥ 0 (and ≤ max when given). */
export function isRateText(text: string | undefined, max?: bigint): text is string {
  const decimal = text === undefined ? null : parseDecimal(text);
  if (!decimal || decimal.unscaled < 0n) return false;
  return max === undefined || decimal.unscaled <= max * 10n ** BigInt(decimal.scale);
}

function resolveRules(input: QuoteInput, errors: PricingFieldError[]): TaxRules | null {
  if (input.jurisdiction !== undefined && typeof input.jurisdiction !== "string") return input.jurisdiction;
  if (!isIsoDate(input.date)) {
    errors.push(fieldError("date", "invalid_date"));
    return null;
  }
  let jurisdiction = input.jurisdiction;
  let field = "jurisdiction";
  if (jurisdiction === undefined) {
    field = "postal_code";
    const postalCode = input.settings.postal_code;
    const match = postalCode ? jurisdictionFromPostalOrZip(postalCode) : null;
    if (!match) {
      errors.push(fieldError(field, postalCode ? "invalid_postal_code" : "required"));
      return null;
    }
    jurisdiction = match.jurisdiction;
  }
  const localOption = input.local_tax_rate === undefined ? {} : { localRate: input.local_tax_rate };
  const rules = taxRulesOn(jurisdiction, input.date, localOption);
  if (!rules) errors.push(fieldError(field, "jurisdiction_not_supported", { jurisdiction, date: input.date }));
  return rules;
}

function checkChoices(input: QuoteInput, errors: PricingFieldError[]): void {
  const { settings, payment_type: paymentType } = input;
  if (paymentType !== "cash") {
    const term = settings.term;
    if (term === undefined) errors.push(fieldError("term", "required"));
    else if (!Number.isSafeInteger(term) || term <= 0) errors.push(fieldError("term", "not_an_integer"));
    else if (input.term_choices && !input.term_choices.includes(term)) {
      errors.push(fieldError("term", "term_not_offered", { choices: input.term_choices.join(",") }));
    }
  }
  const frequency = settings.payment_frequency;
  if (frequency !== undefined && input.payment_frequencies && !input.payment_frequencies.includes(frequency)) {
    errors.push(fieldError("payment_frequency", "frequency_not_offered"));
  }
  const allowance = settings.distance_allowance;
  if (paymentType === "lease" && allowance !== undefined && input.distance_allowance_choices) {
    if (!input.distance_allowance_choices.includes(allowance)) {
      errors.push(fieldError("distance_allowance", "distance_allowance_not_offered"));
    }
  }
}

function checkRates(input: QuoteInput, errors: PricingFieldError[]): void {
  if (input.payment_type === "finance" && !isRateText(input.apr, 100n)) errors.push(fieldError("rate", "invalid_rate"));
  if (input.payment_type === "lease") {
    if (!isRateText(input.residual_percent, 100n)) errors.push(fieldError("residual_percent", "invalid_rate"));
    const rateOk = input.money_factor !== undefined ? isRateText(input.money_factor, 1n) : isRateText(input.apr, 100n);
    if (!rateOk) errors.push(fieldError("rate", "invalid_rate"));
  }
  for (const incentive of input.incentives ?? []) {
    const bad =
      (incentive.type === "percentage_discount" && !isRateText(incentive.percent, 100n)) ||
      (incentive.type === "rebate" && (!isMoney(incentive.amount) || incentive.amount < 0)) ||
      (incentive.apr !== undefined && !isRateText(incentive.apr, 100n)) ||
      (incentive.money_factor !== undefined && !isRateText(incentive.money_factor, 1n));
    if (bad) errors.push(fieldError("incentives", "invalid_rate", { id: incentive.id }));
  }
}

/** Validates a quote input; every problem is reported as a field error, nothing is thrown. */
export function buildQuoteContext(input: QuoteInput): { ok: true; context: QuoteContext } | { ok: false; errors: PricingFieldError[] } {
  const errors: PricingFieldError[] = [];
  const { settings, vehicle } = input;
  checkAmount(errors, "price", PLACEHOLDER_PRICES_IN_CENTS.includes(vehicle.price) ? undefined : vehicle.price, true);
  checkAmount(errors, "msrp", vehicle.msrp, false);
  checkAmount(errors, "down_payment", settings.down_payment, true);
  checkAmount(errors, "trade_in_credit", settings.trade_in_credit, false);
  checkAmount(errors, "trade_in_owing", settings.trade_in_owing, false);
  checkAmount(errors, "security_deposit", input.security_deposit, false);
  for (const fee of input.fees ?? []) checkAmount(errors, "fees", fee.amount, true);
  for (const discount of input.discounts ?? []) checkAmount(errors, "discounts", discount.amount, true);
  for (const addOn of input.add_ons ?? []) checkAmount(errors, "add_ons", addOn.amount, true);
  checkChoices(input, errors);
  checkRates(input, errors);
  const rules = resolveRules(input, errors);
  if (errors.length > 0 || !rules) return { ok: false, errors };

  const paymentType = input.payment_type;
  const condition = vehicle.condition;
  const discounts = selectDiscounts(input.discounts ?? [], { condition, paymentType });
  const incentives = activeIncentives(input.incentives ?? [], {
    paymentType,
    programApr: programApr(paymentType, input),
    ...(settings.incentives ? { selectedIds: settings.incentives } : {}),
  });
  const frequencies = [...(input.payment_frequencies ?? PAYMENT_FREQUENCIES)];
  return {
    ok: true,
    context: {
      input,
      paymentType,
      rules,
      vehicle,
      fees: selectFees(input.fees ?? [], {
        condition,
        paymentType,
        ...(input.selected_fee_ids ? { selectedIds: input.selected_fee_ids } : {}),
      }),
      discounts,
      incentives,
      reductions: priceReductions({ price: vehicle.price, discounts, incentives, rebateDefault: rules.rebateDefault, paymentType }),
      down: settings.down_payment,
      tradeValue: settings.trade_in_credit ?? ZERO_CENTS,
      tradeOwing: settings.trade_in_owing ?? ZERO_CENTS,
      includeTax: settings.include_tax ?? true,
      term: paymentType === "cash" ? 0 : (settings.term ?? 0),
      frequency: settings.payment_frequency ?? "monthly",
      frequencies,
      downPaymentLimit: (input.down_payment_limits ?? DEFAULT_DOWN_PAYMENT_LIMITS)[paymentType] ?? cents(0),
      addOns: [...(input.add_ons ?? [])],
    },
  };
}
