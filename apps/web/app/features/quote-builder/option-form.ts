import {
  localizeValidationMessage,
  quoteOptionInputSchema,
  quoteOptionPatchSchema,
  type Language,
  type PaymentFrequency,
  type PaymentType,
  type QuoteWire,
} from "@showroom/domain";
import { checkWith, serverErrors, type Checked, type FieldErrors, type FormBinding } from "../../ui/use-form.ts";

/**
 * One option of a personalized quote as the staff form holds it (text as typed), what it sends (the contract's
 * `quoteOptionInputSchema`: money as the typed dollars, numbers as numbers) and where a message goes: the browser's
 * check and the API's refusals (`rebates.0.amount`, `interest_rate`) name the same fields.
 */

export type NamedRow = { name: string; amount: string };
export type FeeRow = NamedRow & { taxable: boolean };
export type OptionValues = {
  quote_name: string;
  payment_type: PaymentType;
  term: string;
  /** Empty: the lender program's rate. */
  interest_rate: string;
  down_payment: string;
  /** Empty: the dealership's default frequency. */
  payment_frequency: PaymentFrequency | "";
  distance_allowance: string;
  rebates: NamedRow[];
  custom_fees: FeeRow[];
  custom_discounts: NamedRow[];
  trade_in_credit: string;
  trade_in_owing: string;
};

export const ROW_LISTS = ["rebates", "custom_fees", "custom_discounts"] as const;
export type RowList = (typeof ROW_LISTS)[number];
/** The contract's limit of each list (`quoteOptionInputSchema`: at most 5). */
export const MAX_ROWS = 5;

const MONEY_FIELDS = ["down_payment", "trade_in_credit", "trade_in_owing"] as const;

export function emptyOption(paymentType: PaymentType): OptionValues {
  return {
    quote_name: "",
    payment_type: paymentType,
    term: "",
    interest_rate: "",
    down_payment: "",
    payment_frequency: "",
    distance_allowance: "",
    rebates: [],
    custom_fees: [],
    custom_discounts: [],
    trade_in_credit: "",
    trade_in_owing: "",
  };
}

/** An amount of the API ("2500.00") as the field shows it: "2500", "2500.50" (French "2500,50"). */
export function dollarsText(amount: string, language: Language): string {
  const text = amount.replace(/\.00$/, "");
  return language === "fr" ? text.replace(".", ",") : text;
}

/** The down payment and trade-in amounts: zero shows as an empty field. */
const optionalDollarsText = (amount: string, language: Language) => (/^0+(\.0+)?$/.test(amount) ? "" : dollarsText(amount, language));

/** The form of a saved option, from the API's answer. */
export function optionValues(quote: QuoteWire, language: Language): OptionValues {
  const row = (r: { name: string; amount: string }) => ({ name: r.name, amount: dollarsText(r.amount, language) });
  return {
    quote_name: quote.quote_name ?? "",
    payment_type: quote.payment_type,
    term: quote.term === null ? "" : String(quote.term),
    interest_rate: quote.interest_rate === null ? "" : language === "fr" ? quote.interest_rate.replace(".", ",") : quote.interest_rate,
    down_payment: optionalDollarsText(quote.down_payment, language),
    payment_frequency: quote.payment_frequency ?? "",
    distance_allowance: quote.distance_allowance === null ? "" : String(quote.distance_allowance),
    rebates: quote.rebates.map(row),
    custom_fees: quote.custom_fees.map((fee) => ({ ...row(fee), taxable: fee.taxable })),
    custom_discounts: quote.custom_discounts.map(row),
    trade_in_credit: optionalDollarsText(quote.trade_in_credit, language),
    trade_in_owing: optionalDollarsText(quote.trade_in_owing, language),
  };
}

/** Dollars as typed, for the API: "2,500.50" / "2 500,50 $" → "2500.50"; anything else is left for the check to refuse. */
export function typedDollars(text: string, language: Language): string {
  const value = text.replace(/[\s\u00a0\u202f$]/g, "");
  if (language === "fr") return value.replace(/\.(?=\d{3}(\D|$))/g, "").replace(",", ".");
  return value.replace(/,(?=\d{3}(\D|$))/g, "");
}

/** A whole number as typed ("20,000", "20 000"), NaN when it is not one (the check says so), null when empty. */
export function typedWholeNumber(text: string): number | null {
  const value = text.trim().replace(/[\s\u00a0\u202f,.](?=\d{3}(\D|$))/g, "");
  if (value === "") return null;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** A rate as typed ("4,99 %" → "4.99"), null when empty. */
export function typedRate(text: string): string | null {
  const value = text.replace(/[\s\u00a0\u202f%]/g, "").replace(",", ".");
  return value === "" ? null : value;
}

/**
 * The body of `POST flow/{id}/quotes/` (create) or `PATCH {quoteId}/` (update). Terms a payment type does not use
 * (a cash option's term, rate and frequency; the distance of anything but a lease) are sent as null. An empty
 * amount is left out of a new option (the deal's value or the default applies) and is 0 for a saved one.
 */
export function optionBody(values: OptionValues, mode: "create" | "update", language: Language): Record<string, unknown> {
  const credit = values.payment_type !== "cash";
  const body: Record<string, unknown> = {
    quote_name: values.quote_name.trim() || null,
    payment_type: values.payment_type,
    term: credit ? typedWholeNumber(values.term) : null,
    interest_rate: credit ? typedRate(values.interest_rate) : null,
    payment_frequency: credit ? values.payment_frequency || null : null,
    distance_allowance: values.payment_type === "lease" ? typedWholeNumber(values.distance_allowance) : null,
  };
  for (const field of MONEY_FIELDS) {
    const typed = typedDollars(values[field], language);
    if (typed !== "") body[field] = typed;
    else if (mode === "update") body[field] = "0";
  }
  const named = (row: NamedRow) => ({ name: row.name.trim(), amount: typedDollars(row.amount, language) });
  body["rebates"] = values.rebates.map(named);
  body["custom_fees"] = values.custom_fees.map((fee) => ({ ...named(fee), taxable: fee.taxable }));
  body["custom_discounts"] = values.custom_discounts.map(named);
  return body;
}

/** The fields of the form in the order it shows them (the first one in error takes the focus). */
export function optionFields(values: OptionValues): string[] {
  const rows = (list: RowList, parts: readonly string[]) => [list, ...values[list].flatMap((_, i) => parts.map((part) => `${list}.${i}.${part}`))];
  return [
    "quote_name",
    "payment_type",
    "term",
    "interest_rate",
    "down_payment",
    "payment_frequency",
    "distance_allowance",
    ...rows("rebates", ["name", "amount"]),
    ...rows("custom_fees", ["name", "amount", "taxable"]),
    ...rows("custom_discounts", ["name", "amount"]),
    "trade_in_credit",
    "trade_in_owing",
  ];
}

/** The pricing engine's names for the option's terms, where they differ from the form's. */
const ALIASES: Record<string, string> = { apr: "interest_rate", rate: "interest_rate", distance: "distance_allowance", frequency: "payment_frequency" };

/** Where a message goes: the field it names, else the nearest one above it (a row's message at its list), else none. */
export function optionBinding(values: OptionValues): FormBinding<string> {
  const fields = optionFields(values);
  return {
    fields,
    fieldOf(path) {
      const parts = path.split(".");
      const head = ALIASES[parts[0] ?? ""];
      if (head) parts[0] = head;
      for (let n = parts.length; n > 0; n -= 1) {
        const candidate = parts.slice(0, n).join(".");
        if (fields.includes(candidate)) return candidate;
      }
      return null;
    },
  };
}

/**
 * Checks the option with the contract's schema (the server checks the same one). Valid: the body to send as typed
 * (the schema's output is in cents, the API takes dollars); otherwise the messages, in the page's language, by field.
 */
export function checkOption(values: OptionValues, mode: "create" | "update", language: Language): Checked<Record<string, unknown>, string> {
  const body = optionBody(values, mode, language);
  const schema = mode === "create" ? quoteOptionInputSchema : quoteOptionPatchSchema;
  const checked = checkWith(schema, body, optionBinding(values), (message) => localizeValidationMessage(message, language));
  return checked.ok ? { ok: true, data: body } : checked;
}

/** The engine's refusal of a saved option's terms (`pricing_errors`: field → messages) at the form's fields. */
export function pricingErrors(errors: Record<string, string[]>, values: OptionValues): { fields: FieldErrors<string>; general: string[] } {
  const first = Object.fromEntries(
    Object.entries(errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]] as [string, string]] : [])),
  );
  return serverErrors(first, optionBinding(values));
}
