import {
  differingQuoteFields,
  dollarsToCents,
  formatDistance,
  formatMoney,
  formatPercent,
  languageOf,
  type Currency,
  type LengthUnit,
  type Locale,
  type QuoteFlowWire,
  type QuoteStatus,
  type QuoteWire,
  QUOTE_COMPARED_FIELDS,
  quoteComparedValues,
  quoteShowsRate,
  type QuoteComparedField,
} from "@showroom/domain";
import type { QuotesMessageKey, QuotesTranslate } from "./i18n.ts";

/** What formats an option's figures: the page's language and the dealership's currency and distance unit. */
export type QuoteFormat = { t: QuotesTranslate; locale: Locale; currency: Currency; lengthUnit: LengthUnit };

/** The options in their order (position 1 to 3), numbered 1..n as the shopper reads them. */
export const optionsOf = (flow: Pick<QuoteFlowWire, "results">): QuoteWire[] =>
  [...flow.results].sort((a, b) => a.position - b.position);

export function optionName(quote: QuoteWire, number: number, t: QuotesTranslate): string {
  const name = quote.quote_name?.trim();
  return name ? name : t("quotes.option.default_name", { number });
}

const STATUS_KEYS: Record<QuoteStatus, QuotesMessageKey> = {
  requested: "quotes.status.requested",
  pending: "quotes.status.pending",
  active: "quotes.status.active",
  expired: "quotes.status.expired",
  reserved: "quotes.status.reserved",
  applied: "quotes.status.applied",
  "previously rejected": "quotes.status.previously_rejected",
};
export const statusLabel = (status: QuoteStatus, t: QuotesTranslate) => t(STATUS_KEYS[status]);

export const money = (dollars: string, format: Pick<QuoteFormat, "locale" | "currency">) =>
  formatMoney(dollarsToCents(dollars), { locale: format.locale, currency: format.currency });

/** A US lease never shows a rate, cash has none (the domain's rule, shared with the server's highlights and staff's worksheet). */
export const showsRate = quoteShowsRate;

/**
 * The figures the compare page lines up, one key per row, as the domain defines them for every view of the options
 * and the API's `differing_fields`: the engine's figures where it priced the option, else the terms staff set.
 */
export const comparedValues = quoteComparedValues;
export type ComparedField = QuoteComparedField;
export const COMPARED_FIELDS = QUOTE_COMPARED_FIELDS;

const ROW_LABELS: Record<ComparedField, QuotesMessageKey> = {
  payment_type: "quotes.row.payment_type",
  payment: "quotes.row.payment",
  payment_frequency: "quotes.row.frequency",
  term: "quotes.row.term",
  interest_rate: "quotes.row.rate",
  down_payment: "quotes.row.down_payment",
  trade_in_credit: "quotes.row.trade_in_credit",
  due_on_delivery: "quotes.row.due_on_delivery",
  savings: "quotes.row.savings",
  total_purchase_price: "quotes.row.total",
};
export const rowLabel = (field: ComparedField, t: QuotesTranslate) => t(ROW_LABELS[field]);

/** One figure of an option as text; "—" where the option has none (a cash deal's term, an unpriced option's payment). */
export function fieldText(field: ComparedField, quote: QuoteWire, format: QuoteFormat): string {
  const { t, locale } = format;
  const none = t("quotes.value.none");
  const value = comparedValues(quote)[field];
  if (value === null || value === undefined) return none;
  switch (field) {
    case "payment_type":
      return t(`calculator.type.${quote.payment_type}`);
    case "payment_frequency":
      return t(`pricing.frequency.${value as NonNullable<QuoteWire["payment_frequency"]>}`);
    case "term":
      return t("quotes.value.months", { count: value as number });
    case "interest_rate":
      return formatPercent(value as string, locale);
    default:
      return money(value as string, format);
  }
}

/** The payment as the option's headline: "$215.34 biweekly", a cash deal's price alone, or "—" when not priced. */
export function paymentText(quote: QuoteWire, format: QuoteFormat): string {
  const option = quote.option;
  if (!option) return format.t("quotes.value.none");
  const amount = money(option.payment, format);
  return option.payment_frequency && quote.payment_type !== "cash"
    ? format.t("quotes.value.payment", { amount, frequency: format.t(`pricing.frequency_adverb.${option.payment_frequency}`) })
    : amount;
}

/** The distance allowance of a lease ("20,000 km"), else null. */
export function distanceText(quote: QuoteWire, format: QuoteFormat): string | null {
  const distance = quote.option?.distance_allowance ?? quote.distance_allowance;
  return quote.payment_type === "lease" && distance ? formatDistance(distance, format.lengthUnit, format.locale) : null;
}

/** The rebates, fees and discounts the option was priced with (the engine's lines; staff's own when not priced). */
export function adjustmentsOf(quote: QuoteWire, locale: Locale) {
  const french = languageOf(locale) === "fr";
  const named = (line: { name: string; name_fr?: string | undefined }) => (french && line.name_fr ? line.name_fr : line.name);
  const option = quote.option;
  if (!option)
    return {
      rebates: quote.rebates.map((r) => ({ name: r.name, amount: r.amount })),
      fees: quote.custom_fees.map((f) => ({ name: f.name, amount: f.amount })),
      discounts: quote.custom_discounts.map((d) => ({ name: d.name, amount: d.amount })),
    };
  return {
    rebates: option.incentives.filter((i) => i.type !== "rate_reduction").map((i) => ({ name: named(i), amount: i.amount })),
    fees: option.fees.map((f) => ({ name: named(f), amount: f.amount })),
    discounts: option.discounts.map((d) => ({ name: named(d), amount: d.amount })),
  };
}

/** One disclosure line of the compare page: its label and each option's value (null: that option has none). */
export type DisclosureRow = { key: string; label: string; values: (string | null)[]; primary: boolean; differs: boolean };

/** The disclosures of every option as rows, in the order they first appear. */
export function disclosureRows(options: readonly QuoteWire[]): DisclosureRow[] {
  const rows = new Map<string, { label: string; primary: boolean }>();
  for (const quote of options)
    for (const d of quote.disclosures) {
      const row = rows.get(d.key);
      if (!row) rows.set(d.key, { label: d.label, primary: d.emphasis === "primary" });
      else if (d.emphasis === "primary") row.primary = true;
    }
  return [...rows].map(([key, row]) => {
    const values = options.map((quote) => quote.disclosures.find((d) => d.key === key)?.value ?? null);
    return { key, ...row, values, differs: options.length > 1 && new Set(values).size > 1 };
  });
}

/**
 * The compare page's highlights: the rows whose figures are not the same in every option, found from the figures on
 * screen with the domain's definition (the one the API's `differing_fields` comes from), so a row is never highlighted
 * without a difference the shopper can see, and a US lease's withheld rate is never one.
 */
export const differingRows = (flow: Pick<QuoteFlowWire, "results">): Set<ComparedField> => new Set(differingQuoteFields(optionsOf(flow)));
