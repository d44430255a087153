import { dollarsToCents, formatMoney, type AdvertisedTermsWire, type Cents, type Currency, type LengthUnit } from "@showroom/domain";
import { useContext, useId } from "react";
import { isMessageKey, useI18n } from "../../i18n/index.ts";
import { finish } from "../../lib/analytics.ts";
import { ShellContext } from "../../lib/shell-context.tsx";
import { PaymentBreakdown } from "./payment-breakdown.tsx";
import { settingsOf, unplacedErrors } from "./payment-calculator-logic.ts";
import { PaymentSettingsFields, PaymentTypeSwitch } from "./payment-controls.tsx";
import type { LabelTranslate } from "./payment-labels.ts";
import { PaymentSummary, Spinner } from "./payment-summary.tsx";
import { usePaymentCalculator, type CalculatorInput } from "./use-payment-calculator.ts";

export { DOWN_PAYMENT_DEBOUNCE_MS } from "./down-payment-field.tsx";

type Props = CalculatorInput & {
  /** The dealership requires sign-in and nobody is signed in: nothing is fetched. */
  locked: boolean;
  currency: Currency;
  lengthUnit: LengthUnit;
  /** The vehicle's advertised terms: the headline payment carries what its dealership's jurisdiction requires. */
  advertisedTerms?: AdvertisedTermsWire | null;
};

/** Cash, finance or lease for this vehicle: the payment, its settings and its line-by-line breakdown. */
export function PaymentCalculator(props: Props) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="@container rounded-xl border border-black/10 bg-white p-4" data-testid="payment-calculator">
      <h2 id={headingId} className="mb-3 text-lg font-semibold">{t("calculator.heading")}</h2>
      {props.locked ? <LockedMessage /> : <Calculator {...props} />}
    </section>
  );
}

function LockedMessage() {
  const { t } = useI18n();
  return <p className="rounded-lg bg-[var(--banner-bg)] p-4 font-semibold" data-testid="payment-locked">{t("search.prices_locked")}</p>;
}

function Calculator(props: Props) {
  const { t, locale } = useI18n();
  const id = useId();
  const { state, change, activate } = usePaymentCalculator(props);
  const shell = useContext(ShellContext);

  const label: LabelTranslate = (key, values) => (isMessageKey(key) ? t(key, values) : key);
  const money = (amount: string | Cents) =>
    formatMoney(typeof amount === "string" ? dollarsToCents(amount) : amount, { locale, currency: props.currency });

  if (state.phase === "loading") {
    return (
      <p role="status" className="flex items-center gap-2" data-testid="payment-loading">
        <Spinner />
        {t("calculator.loading")}
      </p>
    );
  }
  if (state.phase === "locked") return <LockedMessage />;
  const active = state.active;
  const option = active ? state.options[active] : undefined;
  if (state.phase === "unavailable" || !active || !option) {
    return <p data-testid="payment-unavailable">{t("calculator.unavailable")}</p>;
  }

  const busy = (state.inFlight[active] ?? 0) > 0;
  const otherErrors = unplacedErrors(state.errors, option);

  return (
    <div className="flex flex-col gap-4">
      {state.answered.length > 1 && <PaymentTypeSwitch id={id} types={state.answered} active={active} onChoose={activate} />}

      <div aria-live="polite" aria-busy={busy} data-testid="payment-summary" className={busy ? "opacity-70 transition-opacity" : "transition-opacity"}>
        <PaymentSummary
          option={option}
          money={money}
          lengthUnit={props.lengthUnit}
          busy={busy}
          advertising={props.advertisedTerms === undefined ? undefined : { terms: props.advertisedTerms, currency: props.currency }}
        />
      </div>

      {state.failed && (
        <p role="alert" className="text-red-800" data-testid="payment-error">{t("error.generic")}</p>
      )}
      {otherErrors.length > 0 && (
        <ul role="alert" className="text-sm text-red-800">
          {otherErrors.map(([field, message]) => <li key={field} data-testid={`payment-error-${field}`}>{message}</li>)}
        </ul>
      )}

      {active !== "cash" && (
        <PaymentSettingsFields
          id={id}
          option={option}
          shown={{ ...settingsOf(option), ...state.drafts[active] }}
          errors={state.errors}
          lengthUnit={props.lengthUnit}
          money={money}
          onChange={(settings) =>
            void change(active, settings).then((priced) => {
              // Spec 4: a payment calculation the shopper finished, once per vehicle.
              if (priced) finish(shell?.quietApi ?? null, "payment_calc_finish", { vehicle: { id: props.vehicleId, is_new: props.isNew }, paymentType: active });
            })
          }
        />
      )}

      <PaymentBreakdown
        lines={option.pricing_stack}
        summary={t("calculator.breakdown")}
        t={label}
        locale={locale}
        currency={props.currency}
        frequency={option.payment_frequency}
      />
      <p className="text-xs opacity-80">{t("calculator.estimate")}</p>
    </div>
  );
}
