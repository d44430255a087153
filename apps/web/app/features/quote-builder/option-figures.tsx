import { dollarsToCents, formatPercent, type Currency, type Locale, type QuoteWire } from "@showroom/domain";
import type { QuotesTranslate } from "./i18n.ts";
import { money } from "./quote-format.ts";

/** "$215.34 biweekly": a payment with its frequency (a cash option: the amount alone). */
export function paymentText(option: NonNullable<QuoteWire["option"]>, t: QuotesTranslate, locale: Locale, currency: Currency): string {
  const amount = money(option.payment, locale, currency);
  return option.payment_frequency ? t("quote_builder.payment_value", { amount, frequency: t(`pricing.frequency_adverb.${option.payment_frequency}`) }) : amount;
}

/** "6.49%", and when staff left the rate empty, "6.49% (lender program)". */
export function rateText(quote: QuoteWire, locale: Locale, t: QuotesTranslate): string | null {
  const rate = quote.option?.rate;
  if (!rate) return null;
  const shown = formatPercent(rate, locale);
  return quote.interest_rate === null ? t("quote_builder.rate_program", { rate: shown }) : shown;
}

/** What a finance option finances, what a lease asks at signing, what a cash deal leaves due: label and amount. */
export function financedOrDue(option: NonNullable<QuoteWire["option"]>): { key: "quote_builder.amount_financed" | "quote_builder.due_at_signing" | "quote_builder.balance_due"; amount: string } | null {
  if (option.finance) return { key: "quote_builder.amount_financed", amount: option.finance.amount_financed };
  if (option.lease) return { key: "quote_builder.due_at_signing", amount: option.lease.due_at_signing };
  if (option.cash) return { key: "quote_builder.balance_due", amount: option.cash.balance_due };
  return null;
}

/**
 * The pricing engine's answer for a saved option, beside its form: payment and frequency, term, rate, amount financed
 * or due at signing, total, savings, then the disclosures the option carries (the primary ones emphasized).
 * Terms the engine refused: no figures, and the reasons that name no field of the form.
 */
export function OptionFigures(props: { t: QuotesTranslate; locale: Locale; currency: Currency; quote: QuoteWire | null; refused: string[]; stale: boolean }) {
  const { t, locale, currency, quote } = props;
  const amount = (value: string) => money(value, locale, currency);
  if (!quote) {
    return (
      <p className="text-sm" data-testid="quote-figures-none">
        {t("quote_builder.figures_unsaved")}
      </p>
    );
  }
  const option = quote.option;
  if (!option) {
    return (
      <div role="status" data-testid="quote-figures-refused">
        <p className="font-semibold text-red-800">{t("quote_builder.not_priced")}</p>
        {props.refused.length > 0 && (
          <ul className="mt-1 list-disc pl-5 text-sm">
            {props.refused.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  const rate = rateText(quote, locale, t);
  const financed = financedOrDue(option);
  const savings = dollarsToCents(quote.savings) > 0;
  return (
    <div data-testid="quote-figures" aria-live="polite">
      {props.stale && <p className="mb-2 text-sm font-semibold">{t("quote_builder.figures_stale")}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {option.payment_type !== "cash" && (
          <>
            <dt className="font-semibold">{t("quote_builder.payment")}</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="quote-figure-payment">
              {paymentText(option, t, locale, currency)}
            </dd>
          </>
        )}
        {option.term !== null && (
          <>
            <dt className="font-semibold">{t("quote_builder.term")}</dt>
            <dd data-testid="quote-figure-term">{t("quote_builder.months", { months: option.term })}</dd>
          </>
        )}
        {rate && (
          <>
            <dt className="font-semibold">{t("quote_builder.rate")}</dt>
            <dd data-testid="quote-figure-rate">{rate}</dd>
          </>
        )}
        <dt className="font-semibold">{t("quote_builder.down_payment")}</dt>
        <dd className="tabular-nums">{amount(option.down_payment)}</dd>
        {financed && (
          <>
            <dt className="font-semibold">{t(financed.key)}</dt>
            <dd className="tabular-nums" data-testid="quote-figure-financed">
              {amount(financed.amount)}
            </dd>
          </>
        )}
        {savings && (
          <>
            <dt className="font-semibold">{t("quote_builder.savings")}</dt>
            <dd className="tabular-nums">{amount(quote.savings)}</dd>
          </>
        )}
        <dt className="font-semibold">{t("quote_builder.total_price")}</dt>
        <dd className="font-semibold tabular-nums" data-testid="quote-figure-total">
          {amount(option.total_purchase_price)}
        </dd>
      </dl>
      {quote.disclosures.length > 0 && (
        <>
          <h5 className="mt-3 text-sm font-semibold">{t("quote_builder.disclosures")}</h5>
          <ul className="mt-1 grid gap-0.5 text-sm" data-testid="quote-disclosures">
            {quote.disclosures.map((line) => (
              <li key={line.key} className={line.emphasis === "primary" ? "font-bold" : undefined} data-testid="quote-disclosure">
                {t("quote_builder.disclosure_line", { label: line.label, value: line.value })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
