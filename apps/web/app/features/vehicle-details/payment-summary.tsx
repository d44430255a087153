import { advertisedTermsOfOption, formatDistance, formatPercent, type AdvertisedTermsWire, type Cents, type Currency, type LengthUnit, type PaymentOptionWire } from "@showroom/domain";
import { useI18n } from "../../i18n/index.ts";
import { adDisclosureText } from "../../lib/ad-disclosures.ts";
import { shownPaymentOf } from "./payment-calculator-logic.ts";
import { taxNoteKey } from "./payment-labels.ts";

export function Spinner(props: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`animate-spin motion-reduce:animate-none ${props.className ?? "h-5 w-5"}`} fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The payment the shopper reads: a cash deal's balance due, or the payment with its frequency, term and distance. */
export function PaymentSummary(props: {
  option: PaymentOptionWire;
  money: (amount: string | Cents) => string;
  lengthUnit: LengthUnit;
  busy: boolean;
  /** What the headline payment must carry where the dealership is: the vehicle's advertised terms, and the currency. */
  advertising?: { terms: AdvertisedTermsWire | null; currency: Currency };
}) {
  const { t, locale } = useI18n();
  const { option, money } = props;
  const spinner = props.busy ? <Spinner className="h-5 w-5 self-center" /> : null;
  const shown = shownPaymentOf(option);
  // The terms of the payment shown (its own term, rate, down payment), with the dealership's jurisdiction and all-in price.
  const disclosure = props.advertising
    ? adDisclosureText(t, {
        type: option.payment_type,
        terms: advertisedTermsOfOption(option, props.advertising.terms),
        locale,
        currency: props.advertising.currency,
        lengthUnit: props.lengthUnit,
      })
    : "";
  const disclosureLine = disclosure ? <p className="mt-1 text-xs" data-testid="payment-disclosure">{disclosure}</p> : null;
  if (option.payment_type === "cash") {
    return (
      <div>
        <p className="text-sm font-semibold">{t("pricing.line.balance_due")}</p>
        <p className="flex items-baseline gap-2">
          <span className="text-3xl font-bold tabular-nums" data-testid="payment-amount">{money(shown.amount)}</span>
          {spinner}
        </p>
        <p className="mt-1 text-sm">
          {t("calculator.total_price", { amount: money(option.total_purchase_price) })}
        </p>
        {disclosureLine}
        <p className="mt-1 text-xs opacity-80" data-testid="tax-note">{t(taxNoteKey(option))}</p>
      </div>
    );
  }
  const frequency = shown.frequency;
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold tabular-nums" data-testid="payment-amount">{money(shown.amount)}</span>
        {frequency && <span className="text-lg" data-testid="payment-frequency">{t(`pricing.frequency_adverb.${frequency}`)}</span>}
        {spinner}
      </p>
      {option.term !== null && (
        <p className="mt-1" data-testid="payment-term">
          {option.rate !== null
            ? t("calculator.term_at_rate", { months: option.term, rate: formatPercent(option.rate, locale) })
            : t("calculator.months", { months: option.term })}
        </p>
      )}
      {option.payment_type === "lease" && option.distance_allowance !== null && (
        <p className="mt-1" data-testid="payment-distance">
          {t("calculator.distance_per_year", { distance: formatDistance(option.distance_allowance, props.lengthUnit, locale) })}
        </p>
      )}
      {disclosureLine}
      <p className="mt-1 text-xs opacity-80" data-testid="tax-note">{t(taxNoteKey(option))}</p>
    </div>
  );
}
