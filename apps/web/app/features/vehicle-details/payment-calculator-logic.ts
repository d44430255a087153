import {
  centsToDecimalString,
  dollarsToCents,
  formatRate,
  PAYMENT_TYPES,
  type Cents,
  type Language,
  type Locale,
  type OrderPayment,
  type PaymentFrequency,
  type PaymentOptionWire,
  type PaymentType,
  type PricingLineWire,
} from "@showroom/domain";

/**
 * The payment calculator's pure rules (spec section 4, "Payment fetch"): which type opens, which
 * settings a change really changes, which answer is stale, how a refused quote maps to its fields.
 */

/** What the shopper can change in the calculator; the down payment is kept in cents. */
export type CalculatorSettings = {
  payment_frequency?: PaymentFrequency;
  term?: number;
  distance_allowance?: number;
  down_payment?: Cents;
};

/** The payment a shopper reads for an option: a cash deal's balance due, or the periodic payment at its frequency. */
export type ShownPayment = { type: PaymentType; amount: string; frequency: PaymentFrequency | null };

export function shownPaymentOf(option: PaymentOptionWire): ShownPayment {
  if (option.payment_type === "cash") return { type: "cash", amount: option.cash?.balance_due ?? option.payment, frequency: null };
  return { type: option.payment_type, amount: option.payment, frequency: option.payment_frequency };
}

/** A saved deal's payment: the type and the settings the calculator reopens with. */
export type SavedPayment = { type: PaymentType; settings: CalculatorSettings };

export function savedPaymentOf(payment: OrderPayment | null | undefined): SavedPayment | null {
  if (!payment) return null;
  return {
    type: payment.payment_type,
    settings: {
      ...(payment.payment_frequency ? { payment_frequency: payment.payment_frequency } : {}),
      ...(payment.term !== null ? { term: payment.term } : {}),
      ...(payment.distance_allowance != null ? { distance_allowance: payment.distance_allowance } : {}),
      down_payment: dollarsToCents(payment.down_payment),
    },
  };
}

/** Settings carried over when the shopper switches between finance and lease. */
export const SHARED_SETTINGS = ["payment_frequency", "down_payment"] as const satisfies readonly (keyof CalculatorSettings)[];

/** The payment types that answered with an id, in the contract's order (cash, finance, lease). */
export function answeredTypes(options: Partial<Record<PaymentType, PaymentOptionWire | null>>): PaymentType[] {
  return PAYMENT_TYPES.filter((type) => {
    const id = options[type]?.id;
    return typeof id === "string" && id !== "";
  });
}

/** The dealership's default for the vehicle's condition if it answered, otherwise the first that answered. */
export function chooseDefaultType(
  answered: readonly PaymentType[],
  defaults: { new: PaymentType; used: PaymentType } | null,
  isNew: boolean,
): PaymentType | null {
  const preferred = defaults ? defaults[isNew ? "new" : "used"] : null;
  if (preferred && answered.includes(preferred)) return preferred;
  return answered[0] ?? null;
}

/** The calculator's settings as a payment option currently holds them. */
export function settingsOf(option: PaymentOptionWire): CalculatorSettings {
  return {
    ...(option.payment_frequency ? { payment_frequency: option.payment_frequency } : {}),
    ...(option.term !== null ? { term: option.term } : {}),
    ...(option.distance_allowance !== null ? { distance_allowance: option.distance_allowance } : {}),
    down_payment: dollarsToCents(option.down_payment),
  };
}

/** The part of `wanted` that differs from `current`; null when the change changes nothing. */
export function settingsDiff(current: CalculatorSettings, wanted: CalculatorSettings): CalculatorSettings | null {
  const diff: CalculatorSettings = {};
  for (const key of Object.keys(wanted) as (keyof CalculatorSettings)[]) {
    const value = wanted[key];
    if (value !== undefined && value !== current[key]) Object.assign(diff, { [key]: value });
  }
  return Object.keys(diff).length > 0 ? diff : null;
}

/**
 * The shared settings the shopper chose that `option` should take when it becomes active: only
 * for finance and lease, and only a frequency the option offers.
 */
export function sharedSettingsFor(option: PaymentOptionWire, chosen: CalculatorSettings): CalculatorSettings | null {
  if (option.payment_type === "cash") return null;
  const wanted: CalculatorSettings = {};
  if (chosen.payment_frequency && option.payment_frequency_choices.some((c) => c.frequency === chosen.payment_frequency)) {
    wanted.payment_frequency = chosen.payment_frequency;
  }
  if (chosen.down_payment !== undefined) wanted.down_payment = chosen.down_payment;
  return settingsDiff(settingsOf(option), wanted);
}

/** The body of `PUT payment-type/{id}/`: the down payment travels as a dollars string. */
export function settingsToWire(settings: CalculatorSettings): Record<string, string | number> {
  const { down_payment, ...rest } = settings;
  return { ...rest, ...(down_payment !== undefined ? { down_payment: centsToDecimalString(down_payment) } : {}) };
}

export type FieldErrors = Record<string, string>;

/**
 * A 400 answer's body (`{ "code": "pricing_refused", "down_payment": ["…"], … }`, messages already
 * localized) as one message per field, leaving out the machine-readable `code`; null when the body
 * names no field (the caller shows the generic failure).
 */
export function fieldErrorsFromBody(body: unknown): FieldErrors | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (field === "code") continue;
    const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === "string" && m.trim() !== "");
    if (messages.length > 0) errors[field] = messages.join(" ");
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export type Outcome<T> = { status: "ok"; value: T } | { status: "error"; error: unknown } | { status: "stale" };

/**
 * Runs requests per key (a payment type) and reports an answer as stale when a newer request
 * with the same key started after it: an older request finishing last never wins.
 */
export function createLatestGate() {
  const latest = new Map<string, number>();
  let counter = 0;
  return {
    async run<T>(key: string, task: () => Promise<T>): Promise<Outcome<T>> {
      const ticket = ++counter;
      latest.set(key, ticket);
      let outcome: Outcome<T>;
      try {
        outcome = { status: "ok", value: await task() };
      } catch (error) {
        outcome = { status: "error", error };
      }
      return latest.get(key) === ticket ? outcome : { status: "stale" };
    },
  };
}

/** A down payment as the field shows it: "2500", "2500.50" (French "2500,50"). */
export function downPaymentText(amount: Cents, language: Language): string {
  const text = centsToDecimalString(amount).replace(/\.00$/, "");
  return language === "fr" ? text.replace(".", ",") : text;
}

export type LabelTranslate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A pricing line's label: a fee, incentive or discount by its name in the shopper's language; a tax
 * with its rate ("HST (13%)"); any other line by its translated key (with its params, e.g. a term).
 */
export function pricingLineLabel(line: PricingLineWire, t: LabelTranslate, locale: Locale): string {
  const params = line.params ?? {};
  const name = locale === "fr-ca" ? params.name_fr || params.name : params.name;
  if (typeof name === "string" && name.trim() !== "") return name;
  if (params.rate !== undefined && params.base !== undefined) {
    return t("calculator.tax_with_rate", { label: t(line.label_key), rate: formatRate(params.rate, locale) });
  }
  return t(line.label_key, params);
}

/**
 * The page's one statement about taxes, true for the payment shown and the dealership's include_tax: left
 * out ("Plus taxes"); in the total or the payment (a lease's per-payment or capitalized tax included); or,
 * for a lease taxed on all its receipts at inception (New York), paid upfront at signing and not in the payment.
 */
export function taxNoteKey(option: Pick<PaymentOptionWire, "payment_type" | "include_tax" | "taxes">): "calculator.taxes_extra" | "calculator.taxes_included" | "calculator.taxes_upfront" {
  if (!option.include_tax) return "calculator.taxes_extra";
  if (option.payment_type !== "lease") return "calculator.taxes_included";
  const inPayment = option.taxes.some((tax) => (tax.timing === "per_payment" || tax.timing === "capitalized") && dollarsToCents(tax.amount) > 0);
  const atSigning = option.taxes.some((tax) => (tax.timing === "upfront" || tax.timing === "at_signing") && dollarsToCents(tax.amount) > 0);
  return !inPayment && atSigning ? "calculator.taxes_upfront" : "calculator.taxes_included";
}
