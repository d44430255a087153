import { differingQuoteFields, formatPercent, QUOTE_COMPARED_FIELDS, quoteComparedValues, type QuoteComparedField, type Currency, type LengthUnit, type Locale, type QuoteWire } from "@showroom/domain";
import type { QuotesMessageKey, QuotesTranslate } from "./i18n.ts";
import { financedOrDue, paymentText } from "./option-figures.tsx";
import { money, wholeNumber } from "./quote-format.ts";

type ComparedField = QuoteComparedField;
const ROW_LABELS: Record<ComparedField, QuotesMessageKey> = {
  payment_type: "quote_builder.payment_type",
  payment: "quote_builder.payment",
  payment_frequency: "quote_builder.frequency",
  term: "quote_builder.term",
  interest_rate: "quote_builder.rate",
  down_payment: "quote_builder.down_payment",
  trade_in_credit: "quote_builder.trade_in_credit_short",
  due_on_delivery: "quote_builder.due_on_delivery",
  savings: "quote_builder.savings",
  total_purchase_price: "quote_builder.total_price",
};

/** The rows whose figures are not the same in every option (as the compare page finds them). */
export const differingRows = (quotes: readonly QuoteWire[]): Set<ComparedField> => new Set(differingQuoteFields(quotes));

export type WorksheetLine = { id: string; label: string; values: string[]; differs: boolean; primary: boolean };

/**
 * The worksheet's lines: the compare page's rows, then what staff also check (the distance of a lease, the amount
 * financed or due at signing, the trade-in owing), then each disclosure.
 */
export function worksheetLines(t: QuotesTranslate, locale: Locale, currency: Currency, lengthUnit: LengthUnit, quotes: readonly QuoteWire[]): WorksheetLine[] {
  const none = "—";
  const amount = (value: string) => money(value, locale, currency);
  const several = quotes.length > 1;
  const text = (field: ComparedField, quote: QuoteWire): string => {
    const value = quoteComparedValues(quote)[field];
    if (value === null || value === undefined) return none;
    switch (field) {
      case "payment_type":
        return t(`quote_builder.type.${quote.payment_type}`);
      case "payment":
        return quote.option ? paymentText(quote.option, t, locale, currency) : none;
      case "payment_frequency":
        return quote.payment_type === "cash" ? none : t(`pricing.frequency.${value as NonNullable<QuoteWire["payment_frequency"]>}`);
      case "term":
        return t("quote_builder.months", { months: value as number });
      case "interest_rate":
        return formatPercent(value as string, locale);
      default:
        return amount(value as string);
    }
  };
  const differing = differingRows(quotes);
  const lines: WorksheetLine[] = QUOTE_COMPARED_FIELDS.map((field) => ({
    id: field,
    label: t(ROW_LABELS[field]),
    values: quotes.map((quote) => text(field, quote)),
    differs: differing.has(field),
    primary: false,
  }));
  const extra = (id: string, label: QuotesMessageKey, values: string[]) => lines.push({ id, label: t(label), values, differs: several && new Set(values).size > 1, primary: false });
  if (quotes.some((quote) => quote.payment_type === "lease")) {
    extra(
      "distance_allowance",
      "quote_builder.distance_short",
      quotes.map((quote) => {
        const distance = quote.payment_type === "lease" ? (quote.option?.distance_allowance ?? quote.distance_allowance) : null;
        return distance === null ? none : `${wholeNumber(distance, locale)} ${lengthUnit}`;
      }),
    );
  }
  extra(
    "financed",
    "quote_builder.financed_or_due",
    quotes.map((quote) => {
      const figure = quote.option ? financedOrDue(quote.option) : null;
      return figure ? `${amount(figure.amount)} (${t(figure.key)})` : none;
    }),
  );
  extra("trade_in_owing", "quote_builder.trade_in_owing_short", quotes.map((quote) => amount(quote.trade_in_owing)));
  // The disclosures in the order they first appear.
  const disclosures = new Map<string, { label: string; primary: boolean }>();
  for (const quote of quotes)
    for (const line of quote.disclosures) {
      const known = disclosures.get(line.key);
      if (!known) disclosures.set(line.key, { label: line.label, primary: line.emphasis === "primary" });
      else if (line.emphasis === "primary") known.primary = true;
    }
  for (const [key, disclosure] of disclosures) {
    const values = quotes.map((quote) => quote.disclosures.find((line) => line.key === key)?.value ?? none);
    lines.push({ id: `disclosure:${key}`, label: disclosure.label, values, differs: several && new Set(values).size > 1, primary: disclosure.primary });
  }
  return lines;
}

/**
 * The quote worksheet: the saved options side by side in a compact table (the shopper's compare rows), the rows whose
 * values differ between the options marked in words as well as in colour.
 */
export function QuoteWorksheet(props: { t: QuotesTranslate; locale: Locale; currency: Currency; lengthUnit: LengthUnit; quotes: readonly QuoteWire[] }) {
  const { t, quotes } = props;
  if (quotes.length === 0) return <p data-testid="quote-worksheet-empty">{t("quote_builder.worksheet_empty")}</p>;
  const lines = worksheetLines(t, props.locale, props.currency, props.lengthUnit, quotes);
  return (
    // A narrow screen scrolls the table sideways: the keyboard can too (the region takes the focus).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("quote_builder.worksheet_caption")}>
      <table className="w-full border-collapse text-left text-sm" data-testid="quote-worksheet">
        <caption className="sr-only">{t("quote_builder.worksheet_caption")}</caption>
        <thead>
          <tr className="border-b border-black/20">
            <td />
            {quotes.map((quote, i) => (
              <th key={quote.id} scope="col" className="px-2 py-2 font-semibold">
                {quote.quote_name ? t("quote_builder.option_named", { n: i + 1, name: quote.quote_name }) : t("quote_builder.option", { n: i + 1 })}
                {!quote.option && <span className="block font-normal text-red-800">{t("quote_builder.not_priced_short")}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className={`border-b border-black/10 ${line.differs ? "bg-[var(--accent)]/10" : ""}`} data-testid="quote-worksheet-row" data-row={line.id} data-differs={line.differs || undefined}>
              <th scope="row" className={`py-1.5 pr-3 ${line.primary ? "font-bold" : "font-semibold"}`}>
                {line.label}
                {line.differs && <span className="ml-1 text-xs font-normal">{t("quote_builder.differs")}</span>}
              </th>
              {line.values.map((value, i) => (
                <td key={quotes[i]?.id ?? i} className={`px-2 py-1.5 tabular-nums ${line.primary ? "font-bold" : ""}`}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
