import {
  addOnSelectionKey,
  addOnSelectionOfOption,
  centsToDecimalString,
  parseAddOnSelectionKey,
  dollarsToCents,
  PAYMENT_TYPES,
  type Cents,
  type OrderPayment,
  type PaymentFrequency,
  type PaymentOptionWire,
  type PaymentType,
} from "@showroom/domain";

/**
 * The payment calculator's pure rules (spec section 4, "Payment fetch"): which type opens, which
 * settings a change really changes, how a refused quote maps to its fields, and the calculator's
 * state as a reducer (the component only sends the requests and dispatches what happened).
 */

/** What the shopper can change in the calculator; the down payment is kept in cents. */
export type CalculatorSettings = {
  payment_frequency?: PaymentFrequency;
  term?: number;
  distance_allowance?: number;
  down_payment?: Cents;
  /** The accessories and protection plans on the deal, as one comparable key (addOnSelectionKey). */
  add_ons?: string;
  /** The deal's trade-in, as one comparable key (tradeInKey): its credit and what is owed on it. */
  trade_in?: string;
};

/** A trade-in's credit (the allowance) and owing (the payoff), in dollars, as the calculator prices it. */
export type TradeInPricing = { credit: string; owing: string };

/** The trade-in as one comparable key: "credit|owing" in cents ("0|0" without one). */
export const tradeInKey = (tradeIn: TradeInPricing | null | undefined): string =>
  tradeIn ? `${dollarsToCents(tradeIn.credit)}|${dollarsToCents(tradeIn.owing)}` : "0|0";

/** A key's credit and owing as the API reads them (dollar strings). */
export function parseTradeInKey(key: string): { trade_in_credit: string; trade_in_owing: string } {
  const [credit = "0", owing = "0"] = key.split("|");
  return { trade_in_credit: centsToDecimalString(Number(credit) as Cents), trade_in_owing: centsToDecimalString(Number(owing) as Cents) };
}

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

/** Settings carried over when the shopper switches between finance and lease (the add-ons go to every type). */
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
    add_ons: addOnSelectionKey(addOnSelectionOfOption(option)),
    trade_in: tradeInKey({ credit: option.trade_in_credit, owing: option.trade_in_owing }),
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
  const wanted: CalculatorSettings = {
    ...(chosen.add_ons !== undefined ? { add_ons: chosen.add_ons } : {}),
    ...(chosen.trade_in !== undefined ? { trade_in: chosen.trade_in } : {}),
  };
  if (option.payment_type !== "cash") {
    if (chosen.payment_frequency && option.payment_frequency_choices.some((c) => c.frequency === chosen.payment_frequency)) {
      wanted.payment_frequency = chosen.payment_frequency;
    }
    if (chosen.down_payment !== undefined) wanted.down_payment = chosen.down_payment;
  }
  return settingsDiff(settingsOf(option), wanted);
}

/** The body of `PUT payment-type/{id}/`: the down payment travels as a dollars string, the add-ons as their three lists, the trade-in as its credit and owing. */
export function settingsToWire(settings: CalculatorSettings): Record<string, string | number | number[]> {
  const { down_payment, add_ons, trade_in, ...rest } = settings;
  const addOns = add_ons === undefined ? null : parseAddOnSelectionKey(add_ons);
  return {
    ...rest,
    ...(down_payment !== undefined ? { down_payment: centsToDecimalString(down_payment) } : {}),
    ...(addOns ?? {}),
    ...(trade_in !== undefined ? parseTradeInKey(trade_in) : {}),
  };
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

/** Fields the calculator has a control for; a refused setting's message shows under its control. */
const CONTROL_FIELDS = ["term", "payment_frequency", "down_payment", "distance_allowance"];

/** Whether the calculator shows a control for this field on this option. */
export function controlShown(option: PaymentOptionWire, field: string): boolean {
  if (option.payment_type === "cash") return false;
  if (field === "distance_allowance") return option.payment_type === "lease" && option.distance_allowance_choices.length > 0 && option.distance_allowance !== null;
  if (field === "term") return option.term_choices.length > 0 && option.term !== null;
  if (field === "payment_frequency") return option.payment_frequency_choices.length > 0 && option.payment_frequency !== null;
  return field === "down_payment";
}

/** The refusals no control shows: listed together above the controls. */
export const unplacedErrors = (errors: FieldErrors, option: PaymentOptionWire) =>
  Object.entries(errors).filter(([field]) => !CONTROL_FIELDS.includes(field) || !controlShown(option, field));

/** The offered choices, plus the current value if the dealership's list lacks it, in order. */
export const withCurrent = (choices: readonly number[], current: number) => [...new Set([...choices, current])].sort((a, b) => a - b);

export type CalculatorState = {
  phase: "loading" | "ready" | "unavailable" | "locked";
  options: Partial<Record<PaymentType, PaymentOptionWire>>;
  answered: PaymentType[];
  active: PaymentType | null;
  /** Settings sent and not answered yet, per type: the controls show them meanwhile. */
  drafts: Partial<Record<PaymentType, CalculatorSettings>>;
  inFlight: Partial<Record<PaymentType, number>>;
  errors: FieldErrors;
  failed: boolean;
  /** The shared settings (frequency, down payment) the shopper last chose, carried to the other type. */
  chosen: CalculatorSettings;
};

export const INITIAL_CALCULATOR_STATE: CalculatorState = {
  phase: "loading",
  options: {},
  answered: [],
  active: null,
  drafts: {},
  inFlight: {},
  errors: {},
  failed: false,
  chosen: {},
};

/** How a sent change ended: a newer one overtook it, the new quote, or a refusal (with its field messages, if any). */
export type ChangeOutcome = { status: "stale" } | { status: "ok"; value: PaymentOptionWire } | { status: "refused"; fieldErrors: FieldErrors | null };

export type CalculatorAction =
  | { type: "restart" }
  | { type: "loaded"; options: CalculatorState["options"]; answered: PaymentType[]; locked: boolean; active: PaymentType | null; chosen?: CalculatorSettings }
  | { type: "load-failed" }
  /** The shopper changed settings of a type: what differs is sent (its draft), with every setting still unanswered. */
  | { type: "change"; paymentType: PaymentType; wanted: CalculatorSettings }
  | { type: "answered"; paymentType: PaymentType; request: CalculatorSettings; outcome: ChangeOutcome }
  | { type: "activate"; paymentType: PaymentType };

/** The calculator's state after one event; the same object when the event changes nothing. */
export function calculatorReducer(state: CalculatorState, action: CalculatorAction): CalculatorState {
  switch (action.type) {
    case "restart":
      return INITIAL_CALCULATOR_STATE;
    case "loaded": {
      const phase = action.locked ? "locked" : action.active ? "ready" : "unavailable";
      return { ...INITIAL_CALCULATOR_STATE, phase, options: action.options, answered: action.answered, active: action.active, chosen: action.chosen ?? {} };
    }
    case "load-failed":
      return { ...INITIAL_CALCULATOR_STATE, phase: "unavailable" };
    case "change":
      return changed(state, action.paymentType, action.wanted);
    case "answered":
      return answered(state, action.paymentType, action.request, action.outcome);
    case "activate": {
      if (!state.options[action.paymentType] || state.active === action.paymentType) return state;
      return { ...state, active: action.paymentType, errors: {}, failed: false };
    }
  }
}

function changed(state: CalculatorState, type: PaymentType, wanted: CalculatorSettings): CalculatorState {
  const option = state.options[type];
  if (!option) return state;
  const draft = state.drafts[type] ?? {};
  const diff = settingsDiff({ ...settingsOf(option), ...draft }, wanted);
  if (!diff) return state;
  let chosen = diff.add_ons !== undefined ? { ...state.chosen, add_ons: diff.add_ons } : state.chosen;
  if (diff.trade_in !== undefined) chosen = { ...chosen, trade_in: diff.trade_in };
  if (type !== "cash") for (const key of SHARED_SETTINGS) if (diff[key] !== undefined) chosen = { ...chosen, [key]: diff[key] };
  // Every setting still unanswered travels again, so the newest answer reflects them all whatever the order.
  const request = { ...draft, ...diff };
  return {
    ...state,
    chosen,
    drafts: { ...state.drafts, [type]: request },
    inFlight: { ...state.inFlight, [type]: (state.inFlight[type] ?? 0) + 1 },
    errors: Object.fromEntries(Object.entries(state.errors).filter(([field]) => !(field in diff))),
    failed: false,
  };
}

function answered(state: CalculatorState, type: PaymentType, request: CalculatorSettings, outcome: ChangeOutcome): CalculatorState {
  const inFlight = { ...state.inFlight, [type]: Math.max(0, (state.inFlight[type] ?? 1) - 1) };
  if (outcome.status === "stale") return { ...state, inFlight };
  const drafts = { ...state.drafts };
  delete drafts[type];
  const isActive = state.active === type;
  if (outcome.status === "ok") {
    return { ...state, inFlight, drafts, options: { ...state.options, [type]: outcome.value }, ...(isActive ? { errors: {}, failed: false } : {}) };
  }
  // Refused: the previous settings stay, including the shared ones carried to the other type.
  const current = state.options[type];
  let chosen = state.chosen;
  if (current) {
    const kept = settingsOf(current);
    for (const key of [...SHARED_SETTINGS, "add_ons", "trade_in"] as const) if (key in request) chosen = { ...chosen, [key]: kept[key] };
  }
  const errors = isActive ? { errors: outcome.fieldErrors ?? {}, failed: !outcome.fieldErrors } : {};
  return { ...state, inFlight, drafts, chosen, ...errors };
}
