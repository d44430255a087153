import {
  localizeValidationMessage,
  normalizeVin,
  tradeInSubmitSchema,
  tradeInVehicleInformationSchema,
  validationMessage,
  vinInputSchema,
  type Language,
  type LengthUnit,
  type OdometerStatement,
  type TradeInFinancingKind,
  type TradeInQuestionWire,
  type TradeInVehicleInformation,
  type TradeInWire,
} from "@showroom/domain";
import { checkWith, type Checked, type FieldErrors, type FormBinding } from "../../ui/use-form.ts";
import {
  answersToSend,
  asksFinancing,
  shownQuestions,
  typedDollars,
  typedWholeNumber,
  unanswered,
  type AnswerState,
} from "./flow.ts";

/**
 * The trade-in's forms, checked in the browser with the API's own schemas (packages/domain schemas/trade-in.ts) before
 * they are sent; the API's refusals name the same fields.
 */

// ---- vehicle -------------------------------------------------------------------------------------------------

export type VehicleForm = {
  vin: string;
  year: string;
  make: string;
  model: string;
  trim: string;
  style: string;
  odometer: string;
  colour: string;
  transmission: "" | "automatic" | "manual";
  has_power_sunroof: boolean;
  has_navigation_system: boolean;
  has_technology_package: boolean;
};

export const VEHICLE_FIELDS = [
  "vin",
  "year",
  "make",
  "model",
  "trim",
  "style",
  "odometer",
  "colour",
  "transmission",
] as const;
export type VehicleField = (typeof VEHICLE_FIELDS)[number];
export const VEHICLE_BINDING: FormBinding<VehicleField> = {
  fields: VEHICLE_FIELDS,
  fieldOf: (path) => (path === "odometer_unit" ? "odometer" : null),
};
export const vehicleFieldId = (field: VehicleField) => `tradein-${field}`;

export function vehicleFormOf(trade: TradeInWire | null): VehicleForm {
  return {
    vin: trade?.vin ?? "",
    year: trade?.year ? String(trade.year) : "",
    make: trade?.make ?? "",
    model: trade?.model ?? "",
    trim: trade?.trim ?? "",
    style: trade?.style ?? "",
    odometer: trade?.odometer !== null && trade?.odometer !== undefined ? String(trade.odometer) : "",
    colour: trade?.colour ?? "",
    transmission: trade?.transmission ?? "",
    has_power_sunroof: trade?.has_power_sunroof ?? false,
    has_navigation_system: trade?.has_navigation_system ?? false,
    has_technology_package: trade?.has_technology_package ?? false,
  };
}

const REQUIRED_VEHICLE = ["year", "make", "model", "trim", "odometer"] as const;
const CASCADE = ["year", "make", "model", "trim"] as const;
const vehicleSchema = tradeInVehicleInformationSchema.required({
  year: true,
  make: true,
  model: true,
  trim: true,
  odometer: true,
});

/** The VIN as typed: nothing to say while it is empty (unless the dealership requires one), else what is wrong with it. */
export function vinMessage(vin: string, mandatory: boolean, language: Language): string | null {
  if (vin.trim() === "") return mandatory ? localizeValidationMessage(validationMessage("required"), language) : null;
  // A character no VIN holds is the first thing to say, whatever the length so far.
  if (/[^A-HJ-NPR-Z0-9]/.test(normalizeVin(vin)))
    return localizeValidationMessage(validationMessage("vin_characters"), language);
  const parsed = vinInputSchema.safeParse(vin);
  return parsed.success
    ? null
    : localizeValidationMessage(parsed.error.issues[0]?.message ?? validationMessage("vin"), language);
}

/** The vehicle's facts to send (submit_vehicle_information) and the VIN (submit_vin, when one is typed). */
export function checkVehicle(
  form: VehicleForm,
  context: { unit: LengthUnit; mandatoryVin: boolean; language: Language },
): Checked<{ info: TradeInVehicleInformation; vin: string | null }, VehicleField> {
  const localize = (message: string) => localizeValidationMessage(message, context.language);
  const input = {
    year: form.year ? Number(form.year) : undefined,
    make: form.make,
    model: form.model,
    trim: form.trim,
    style: form.style || null,
    colour: form.colour || null,
    transmission: form.transmission || null,
    odometer: typedWholeNumber(form.odometer),
    odometer_unit: context.unit,
    has_power_sunroof: form.has_power_sunroof,
    has_navigation_system: form.has_navigation_system,
    has_technology_package: form.has_technology_package,
  };
  const checked = checkWith(vehicleSchema, input, VEHICLE_BINDING, localize);
  const fields: FieldErrors<VehicleField> = checked.ok ? {} : { ...checked.fields };
  // An empty field says it is required, whatever the schema's type message would say; of the cascade, only the first
  // level left empty does (the ones below it cannot be chosen yet).
  for (const field of REQUIRED_VEHICLE)
    if (form[field].trim() === "") fields[field] = localize(validationMessage("required"));
  const firstEmpty = CASCADE.findIndex((field) => form[field].trim() === "");
  if (firstEmpty >= 0) for (const field of CASCADE.slice(firstEmpty + 1)) delete fields[field];
  const vinProblem = vinMessage(form.vin, context.mandatoryVin, context.language);
  if (vinProblem) fields.vin = vinProblem;
  const general = checked.ok ? [] : checked.general;
  if (!checked.ok || Object.keys(fields).length > 0) return { ok: false, fields, general };
  const vin = form.vin.trim() ? vinInputSchema.parse(form.vin) : null;
  return { ok: true, data: { info: checked.data, vin } };
}

// ---- history ---------------------------------------------------------------------------------------------------

export type FinancingForm = {
  kind: "" | TradeInFinancingKind;
  amount_due: string;
  payments_left: string;
  payment_amount: string;
  residual_value: string;
};
export const FINANCING_FIELDS = [
  "financing.kind",
  "financing.amount_due",
  "financing.payments_left",
  "financing.payment_amount",
  "financing.residual_value",
] as const;
export type HistoryField = `answers.${string}` | (typeof FINANCING_FIELDS)[number] | "odometer_statement";

export function financingFormOf(trade: TradeInWire | null): FinancingForm {
  const f = trade?.financing;
  return {
    kind: f?.kind ?? "",
    amount_due: f?.amount_due ?? "",
    payments_left: f ? String(f.payments_left) : "",
    payment_amount: f?.payment_amount ?? "",
    residual_value: f?.residual_value ?? "",
  };
}

/** The history form's fields in the order shown: each shown question (the financing details where their question opens), then the odometer statement. */
export function historyBinding(
  questions: readonly TradeInQuestionWire[],
  answers: AnswerState,
  askStatement: boolean,
): FormBinding<HistoryField> {
  const fields: HistoryField[] = [];
  for (const question of shownQuestions(questions, answers)) {
    if (question.field_type === "financing") fields.push(...FINANCING_FIELDS);
    else fields.push(`answers.${question.id}`);
  }
  if (askStatement) fields.push("odometer_statement");
  return {
    fields,
    fieldOf: (path) => {
      if (path.startsWith("financing") && fields.includes("financing.amount_due")) return "financing.amount_due";
      const answer = /^answers\.([^.]+)/.exec(path);
      return answer && fields.includes(`answers.${answer[1]}`) ? (`answers.${answer[1]}` as HistoryField) : null;
    },
  };
}

export const historyFieldId = (field: HistoryField) =>
  field.startsWith("answers.")
    ? `tradein-q-${field.slice("answers.".length)}`
    : field === "odometer_statement"
      ? "tradein-odometer-statement"
      : `tradein-${field.replace(".", "-")}`;

const financingSchema = tradeInVehicleInformationSchema.pick({ financing: true }).required();

export type HistoryInput = Pick<TradeInVehicleInformation, "answers" | "financing" | "odometer_statement">;

/**
 * The questionnaire's answers, the loan or lease details when the shopper still makes payments (checked with the
 * domain's schema: payments left under the maximum, a balance not "too high") and the US odometer statement.
 */
export function checkHistory(
  questions: readonly TradeInQuestionWire[],
  answers: AnswerState,
  financing: FinancingForm,
  statement: "" | OdometerStatement,
  context: {
    askStatement: boolean;
    language: Language;
    messages: { answer: string; areas: string; statement: string };
  },
): Checked<HistoryInput, HistoryField> {
  const localize = (message: string) => localizeValidationMessage(message, context.language);
  const binding = historyBinding(questions, answers, context.askStatement);
  const fields: FieldErrors<HistoryField> = {};
  const general: string[] = [];
  for (const missing of unanswered(questions, answers))
    fields[`answers.${missing.id}`] = missing.kind === "boolean" ? context.messages.answer : context.messages.areas;
  let financingData: HistoryInput["financing"] = null;
  if (asksFinancing(questions, answers)) {
    const french = context.language === "fr";
    const input = {
      kind: financing.kind || undefined,
      amount_due: typedDollars(financing.amount_due, french),
      payments_left: typedWholeNumber(financing.payments_left),
      payment_amount: typedDollars(financing.payment_amount, french),
      residual_value: financing.kind === "lease" ? typedDollars(financing.residual_value, french) : null,
    };
    // Checked inside its parent object, so each message names its field as the API does ("financing.payments_left").
    const checked = checkWith(financingSchema, { financing: input }, binding, localize);
    if (checked.ok) financingData = checked.data.financing ?? null;
    else {
      Object.assign(fields, checked.fields);
      general.push(...checked.general);
    }
    const empty: [HistoryField, string][] = [
      ["financing.amount_due", financing.amount_due],
      ["financing.payments_left", financing.payments_left],
      ["financing.payment_amount", financing.payment_amount],
      ...(financing.kind === "lease"
        ? [["financing.residual_value", financing.residual_value] as [HistoryField, string]]
        : []),
    ];
    for (const [field, value] of empty)
      if (value.trim() === "") fields[field] = localize(validationMessage("required"));
  }
  if (context.askStatement && !statement) fields.odometer_statement = context.messages.statement;
  if (Object.keys(fields).length > 0 || general.length > 0) return { ok: false, fields, general };
  return {
    ok: true,
    data: {
      answers: answersToSend(questions, answers) as HistoryInput["answers"],
      financing: financingData,
      odometer_statement: context.askStatement ? (statement as OdometerStatement) : null,
    },
  };
}

// ---- submission --------------------------------------------------------------------------------------------------

export type SubmitField = "accepted_terms";
export const SUBMIT_BINDING: FormBinding<SubmitField> = { fields: ["accepted_terms"] };

/** The review's send: the page's address and the terms ticked ('Please accept terms to proceed.'). */
export function checkSubmit(pageUrl: string, accepted: boolean, language: Language) {
  return checkWith(tradeInSubmitSchema, { page_url: pageUrl, accepted_terms: accepted }, SUBMIT_BINDING, (m) =>
    localizeValidationMessage(m, language),
  );
}
