import type { Country } from "../constants.ts";
import type { Cents } from "../money.ts";
import type { PaymentType } from "../constants.ts";
import type { StepStatusValue } from "../orders/order-rules.ts";
import type { ConditionKey, DamageArea, OdometerStatement, OfferStatus, TradeInCustomerState, TradeInStatus } from "./types.ts";

/** The shopper's answers to the condition questions (null: not answered yet). */
export type TradeInAnswers = Record<ConditionKey, boolean | null> & { accident_areas: DamageArea[]; paint_areas: DamageArea[] };

export const emptyAnswers = (): TradeInAnswers => ({
  involved_in_accident: null,
  accident_areas: [],
  paint_work_performed: null,
  paint_areas: [],
  repairs_other_than_maintainence: null,
  has_unexpired_protection_coverage: null,
  has_windshield_damage: null,
  export_import_usa: null,
  making_active_payments: null,
});

/** A trade-in can be changed while the shopper fills it in; once sent, only "edit my trade-in" reopens it. */
export const isEditable = (status: TradeInStatus): boolean => status === "initial" || status === "draft";

export const isOfferExpired = (expiresAt: Date, now: Date): boolean => now.getTime() >= expiresAt.getTime();

/** The offer the shopper is shown (the current one), as the rules read it. */
export type OfferView = { source: "dealer" | "provider"; status: OfferStatus; expiresAt: Date };

/** Spec 4, "Trade-in (customer-facing)", from the trade-in's status and its current offer. */
export function customerStateOf(tradeIn: { status: TradeInStatus; offer: OfferView | null }, now: Date): TradeInCustomerState {
  const { status, offer } = tradeIn;
  switch (status) {
    case "initial":
    case "draft":
      return "in_progress";
    case "discarded":
      return "discarded";
    case "included":
      return "accepted";
    case "excluded":
      return "offer_declined";
    case "awaiting-provider":
    case "awaiting-agency":
      return "submitted";
    case "awaiting-dealer":
      return "requested";
    case "awaiting-customer":
      if (!offer || offer.status !== "O") return "requested";
      if (isOfferExpired(offer.expiresAt, now)) return "offer_expired";
      return offer.source === "provider" ? "conditional_offer" : "offer_received";
  }
}

/** The order's trade-in step status (spec 4: initial 0, completed 1, awaiting dealer 2, awaiting customer 3, skipped 4). */
export function stepStatusOf(status: TradeInStatus): StepStatusValue {
  switch (status) {
    case "initial":
    case "draft":
      return 0;
    case "included":
      return 1;
    case "awaiting-dealer":
    case "awaiting-provider":
    case "awaiting-agency":
      return 2;
    case "awaiting-customer":
    case "excluded":
      return 3;
    case "discarded":
      return 4;
  }
}

/** The first model year under the US odometer-disclosure rule, and how many years a vehicle stays under it. */
const DISCLOSURE_FIRST_MODEL_YEAR = 2011;
const DISCLOSURE_YEARS = 20;

/**
 * US transfers since 1 January 2021 need an odometer disclosure for model year 2011 and newer, for 20 years
 * (NHTSA's 2019 rule, transactions reference 4): a 2011 model needs it until the end of 2030. Canada has no
 * such federal rule.
 */
export function odometerDisclosureRequired(country: Country, modelYear: number | null, on: Date): boolean {
  if (country !== "US" || modelYear === null || modelYear < DISCLOSURE_FIRST_MODEL_YEAR) return false;
  return on.getUTCFullYear() - modelYear < DISCLOSURE_YEARS;
}

/** What a trade-in brings to a deal: allowance, payoff and net equity on separate lines (transactions reference 4). */
export type TradeInEquity = {
  allowance: Cents;
  payoff: Cents;
  /** Allowance less payoff: negative when more is owed than the trade is worth. */
  netEquity: Cents;
  /** Where negative equity goes: rolled into what is financed, or added to what is paid on delivery. Null when none. */
  negativeEquityGoesTo: "amount_financed" | "due_on_delivery" | null;
};

export function tradeInEquity(allowance: Cents, payoff: Cents, paymentType: PaymentType): TradeInEquity {
  const netEquity = (allowance - payoff) as Cents;
  return {
    allowance,
    payoff,
    netEquity,
    negativeEquityGoesTo: netEquity >= 0 ? null : paymentType === "cash" ? "due_on_delivery" : "amount_financed",
  };
}

/** What submission needs of a trade-in: the fields still missing, by their wire names. */
export type SubmissionFacts = {
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  odometer: number | null;
  answers: TradeInAnswers;
  hasFinancing: boolean;
  odometer_statement: OdometerStatement | null;
};

export function missingForSubmission(
  facts: SubmissionFacts,
  context: { country: Country; mandatoryVin: boolean; disclosureRequired: boolean; missingAnswers: readonly string[] },
): string[] {
  const missing: string[] = [];
  if (context.mandatoryVin && !facts.vin) missing.push("vin");
  for (const field of ["year", "make", "model", "trim", "odometer"] as const) if (facts[field] === null) missing.push(field);
  for (const key of context.missingAnswers) missing.push(`answers.${key}`);
  if (facts.answers.making_active_payments === true && !facts.hasFinancing) missing.push("financing");
  if (context.disclosureRequired && !facts.odometer_statement) missing.push("odometer_statement");
  return missing;
}
