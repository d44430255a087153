import {
  dollarsToCents,
  formatDistance,
  formatMoney,
  formatPercent,
  languageOf,
  type Cents,
  type Currency,
  type Language,
  type LengthUnit,
  type PaymentFrequency,
  type PaymentOptionWire,
  type PaymentType,
} from "@showroom/domain";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { catalogues, useI18n, type MessageKey } from "../../i18n/index.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { fieldClass } from "../../ui/styles.ts";
import { PaymentBreakdown } from "./payment-breakdown.tsx";
import {
  chooseDefaultType,
  createLatestGate,
  downPaymentText,
  fieldErrorsFromBody,
  settingsDiff,
  settingsOf,
  sharedSettingsFor,
  SHARED_SETTINGS,
  taxNoteKey,
  type CalculatorSettings,
  type FieldErrors,
  type LabelTranslate,
  shownPaymentOf,
  type SavedPayment,
  type ShownPayment,
} from "./payment-calculator-logic.ts";
import { loadInitialQuotes, type PricingApi } from "./pricing-api.ts";

export const DOWN_PAYMENT_DEBOUNCE_MS = 400;

/** The down payment's rule is the API's schema: it loads when the shopper first goes to the field. */
const loadDownPaymentRule = () => import("./down-payment.ts");

/** Fields the calculator has a control for; a refused setting's message shows under its control. */
const CONTROL_FIELDS = ["term", "payment_frequency", "down_payment", "distance_allowance"];

type Props = {
  api: PricingApi;
  vehicleId: number;
  isNew: boolean;
  /** The dealership requires sign-in and nobody is signed in: nothing is fetched. */
  locked: boolean;
  /** The dealership's default payment type per condition (payment settings). */
  defaults: { new: PaymentType; used: PaymentType } | null;
  /** The payment of the shopper's saved deal for this vehicle: the calculator reopens on it. */
  saved?: SavedPayment | null;
  currency: Currency;
  lengthUnit: LengthUnit;
  /** Told which payment the calculator shows (type and option id), or null while it shows none. */
  onSelectionChange?(selection: { payment_type: PaymentType; payment_option: string } | null): void;
  /** Told the payment it shows (the very figure and frequency), for a bar that repeats it. */
  onShownPayment?(shown: ShownPayment | null): void;
};

type State = {
  phase: "loading" | "ready" | "unavailable" | "locked";
  options: Partial<Record<PaymentType, PaymentOptionWire>>;
  answered: PaymentType[];
  active: PaymentType | null;
  /** Settings sent and not answered yet, per type: the controls show them meanwhile. */
  drafts: Partial<Record<PaymentType, CalculatorSettings>>;
  inFlight: Partial<Record<PaymentType, number>>;
  errors: FieldErrors;
  failed: boolean;
};

const INITIAL: State = { phase: "loading", options: {}, answered: [], active: null, drafts: {}, inFlight: {}, errors: {}, failed: false };

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

function Spinner(props: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`animate-spin motion-reduce:animate-none ${props.className ?? "h-5 w-5"}`} fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function Calculator(props: Props) {
  const { t, locale } = useI18n();
  const language = languageOf(locale);
  const id = useId();
  const [state, setState] = useState<State>(INITIAL);
  const stateRef = useRef(state);
  const apply = (next: State) => {
    stateRef.current = next;
    setState(next);
  };
  const apiRef = useRef(props.api);
  apiRef.current = props.api;
  const [gate] = useState(createLatestGate);
  /** The shared settings (frequency, down payment) the shopper last chose, carried to the other type. */
  const chosen = useRef<CalculatorSettings>({});

  const onSelection = useRef(props.onSelectionChange);
  onSelection.current = props.onSelectionChange;
  const shownType = state.phase === "ready" ? state.active : null;
  const shownId = shownType ? state.options[shownType]?.id : undefined;
  useEffect(() => {
    onSelection.current?.(shownType && shownId ? { payment_type: shownType, payment_option: shownId } : null);
  }, [shownType, shownId]);
  const onShown = useRef(props.onShownPayment);
  onShown.current = props.onShownPayment;
  const shownOption = shownType ? state.options[shownType] : undefined;
  const shownPayment = shownOption ? shownPaymentOf(shownOption) : null;
  useEffect(() => {
    onShown.current?.(shownPayment);
    // The figure and its frequency are what a repeat of it must follow.
  }, [shownPayment?.type, shownPayment?.amount, shownPayment?.frequency]);

  const savedRef = useRef(props.saved ?? null);
  savedRef.current = props.saved ?? null;
  const defaultNew = props.defaults?.new ?? null;
  const defaultUsed = props.defaults?.used ?? null;
  useEffect(() => {
    let live = true;
    if (stateRef.current !== INITIAL) apply(INITIAL);
    chosen.current = {};
    const defaults = defaultNew && defaultUsed ? { new: defaultNew, used: defaultUsed } : null;
    const saved = savedRef.current;
    loadInitialQuotes(apiRef.current, props.vehicleId)
      .then((result) => {
        if (!live) return;
        const reopened = saved && result.answered.includes(saved.type) ? saved : null;
        const active = reopened?.type ?? chooseDefaultType(result.answered, defaults, props.isNew);
        apply({ ...INITIAL, phase: result.locked ? "locked" : active ? "ready" : "unavailable", options: result.options, answered: result.answered, active });
        // The saved deal's term, frequency, down payment and distance, priced again at today's rates.
        if (reopened && reopened.type !== "cash") void change(reopened.type, reopened.settings);
      })
      .catch(() => live && apply({ ...INITIAL, phase: "unavailable" }));
    return () => {
      live = false;
    };
  }, [props.vehicleId, props.isNew, defaultNew, defaultUsed]);

  async function change(type: PaymentType, wanted: CalculatorSettings) {
    const current = stateRef.current;
    const option = current.options[type];
    if (!option) return;
    const draft = current.drafts[type] ?? {};
    const diff = settingsDiff({ ...settingsOf(option), ...draft }, wanted);
    if (!diff) return;
    if (type !== "cash") for (const key of SHARED_SETTINGS) if (diff[key] !== undefined) chosen.current = { ...chosen.current, [key]: diff[key] };
    // Every setting still unanswered travels again, so the newest answer reflects them all whatever the order.
    const request = { ...draft, ...diff };
    const errors = Object.fromEntries(Object.entries(current.errors).filter(([field]) => !(field in diff)));
    apply({
      ...current,
      drafts: { ...current.drafts, [type]: request },
      inFlight: { ...current.inFlight, [type]: (current.inFlight[type] ?? 0) + 1 },
      errors,
      failed: false,
    });

    const outcome = await gate.run(type, () => apiRef.current.update(option.id, request));
    const now = stateRef.current;
    const inFlight = { ...now.inFlight, [type]: Math.max(0, (now.inFlight[type] ?? 1) - 1) };
    if (outcome.status === "stale") return apply({ ...now, inFlight });
    const drafts = { ...now.drafts };
    delete drafts[type];
    const isActive = now.active === type;
    if (outcome.status === "ok") {
      return apply({ ...now, inFlight, drafts, options: { ...now.options, [type]: outcome.value }, ...(isActive ? { errors: {}, failed: false } : {}) });
    }
    // Refused: the previous settings stay, including the shared ones carried to the other type.
    const kept = settingsOf(now.options[type] ?? option);
    for (const key of SHARED_SETTINGS) if (key in request) chosen.current = { ...chosen.current, [key]: kept[key] };
    const failure = outcome.error instanceof ApiRequestError ? outcome.error.failure : null;
    const fieldErrors = failure?.kind === "http" && failure.status === 400 ? fieldErrorsFromBody(failure.body) : null;
    apply({ ...now, inFlight, drafts, ...(isActive ? { errors: fieldErrors ?? {}, failed: !fieldErrors } : {}) });
  }

  function activate(type: PaymentType) {
    const current = stateRef.current;
    const option = current.options[type];
    if (!option || current.active === type) return;
    apply({ ...current, active: type, errors: {}, failed: false });
    const shared = sharedSettingsFor(option, { ...chosen.current });
    if (shared) void change(type, shared);
  }

  const label: LabelTranslate = (key, values) => (key in catalogues.en ? t(key as MessageKey, values) : key);
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
  const shown = { ...settingsOf(option), ...state.drafts[active] };
  const errors = state.errors;
  const otherErrors = Object.entries(errors).filter(([field]) => !CONTROL_FIELDS.includes(field) || !controlShown(option, field));

  return (
    <div className="flex flex-col gap-4">
      {state.answered.length > 1 && (
        <fieldset>
          <legend className="sr-only">{t("calculator.payment_type")}</legend>
          <div className="flex gap-1 rounded-lg bg-[var(--banner-bg)] p-1">
            {state.answered.map((type) => (
              <label key={type} className="flex-1" data-testid={`payment-type-${type}`}>
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={type}
                  checked={type === active}
                  onChange={() => activate(type)}
                  className="peer sr-only"
                />
                <span className="block min-h-11 cursor-pointer rounded-md px-2 py-2.5 text-center peer-checked:bg-white peer-checked:font-semibold peer-checked:shadow peer-focus-visible:outline-2 peer-focus-visible:outline-[var(--accent)]">
                  {t(`calculator.type.${type}`)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <div aria-live="polite" aria-busy={busy} data-testid="payment-summary" className={busy ? "opacity-70 transition-opacity" : "transition-opacity"}>
        <PaymentSummary option={option} money={money} lengthUnit={props.lengthUnit} busy={busy} />
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
        <div className="grid grid-cols-1 gap-3 @sm:grid-cols-2">
          {option.term_choices.length > 0 && shown.term !== undefined && (
            <SelectField
              id={`${id}-term`}
              field="term"
              label={t("calculator.term")}
              value={String(shown.term)}
              error={errors.term}
              testId="term-select"
              onChange={(value) => void change(active, { term: Number(value) })}
            >
              {withCurrent(option.term_choices, shown.term).map((months) => (
                <option key={months} value={months}>{t("calculator.months", { months })}</option>
              ))}
            </SelectField>
          )}
          {option.payment_frequency_choices.length > 0 && shown.payment_frequency && (
            <SelectField
              id={`${id}-frequency`}
              field="payment_frequency"
              label={t("calculator.frequency")}
              value={shown.payment_frequency}
              error={errors.payment_frequency}
              testId="frequency-select"
              onChange={(value) => void change(active, { payment_frequency: value as PaymentFrequency })}
            >
              {option.payment_frequency_choices.map((choice) => (
                <option key={choice.frequency} value={choice.frequency}>{t(`pricing.frequency.${choice.frequency}`)}</option>
              ))}
            </SelectField>
          )}
          {active === "lease" && option.distance_allowance_choices.length > 0 && shown.distance_allowance !== undefined && (
            <SelectField
              id={`${id}-distance`}
              field="distance_allowance"
              label={t("calculator.distance")}
              value={String(shown.distance_allowance)}
              error={errors.distance_allowance}
              testId="distance-select"
              onChange={(value) => void change(active, { distance_allowance: Number(value) })}
            >
              {withCurrent(option.distance_allowance_choices, shown.distance_allowance).map((distance) => (
                <option key={distance} value={distance}>{formatDistance(distance, props.lengthUnit, locale)}</option>
              ))}
            </SelectField>
          )}
          <DownPaymentField
            // A new field for each type, filled with what that type will use.
            key={active}
            id={`${id}-down-payment`}
            initial={downPaymentText(shown.down_payment ?? (0 as Cents), language)}
            language={language}
            label={t("calculator.down_payment")}
            hint={option.max_down_payment ? t("calculator.down_payment_hint", { amount: money(option.max_down_payment) }) : t("calculator.down_payment_hint_no_max")}
            serverError={errors.down_payment}
            onCommit={(cents) => void change(active, { down_payment: cents })}
          />
        </div>
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

/** Whether the calculator shows a control for this field on this option. */
function controlShown(option: PaymentOptionWire, field: string): boolean {
  if (option.payment_type === "cash") return false;
  if (field === "distance_allowance") return option.payment_type === "lease" && option.distance_allowance_choices.length > 0 && option.distance_allowance !== null;
  if (field === "term") return option.term_choices.length > 0 && option.term !== null;
  if (field === "payment_frequency") return option.payment_frequency_choices.length > 0 && option.payment_frequency !== null;
  return field === "down_payment";
}

/** The offered choices, plus the current value if the dealership's list lacks it, in order. */
const withCurrent = (choices: readonly number[], current: number) => [...new Set([...choices, current])].sort((a, b) => a - b);

function PaymentSummary(props: {
  option: PaymentOptionWire;
  money: (amount: string | Cents) => string;
  lengthUnit: LengthUnit;
  busy: boolean;
}) {
  const { t, locale } = useI18n();
  const { option, money } = props;
  const spinner = props.busy ? <Spinner className="h-5 w-5 self-center" /> : null;
  const shown = shownPaymentOf(option);
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
      <p className="mt-1 text-xs opacity-80" data-testid="tax-note">{t(taxNoteKey(option))}</p>
    </div>
  );
}

function FieldError(props: { id: string; field: string; message: string | undefined }) {
  if (!props.message) return null;
  return <p id={props.id} className="mt-1 text-sm text-red-800" data-testid={`payment-error-${props.field}`}>{props.message}</p>;
}

function SelectField(props: {
  id: string;
  field: string;
  label: string;
  value: string;
  error: string | undefined;
  testId: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div>
      <label htmlFor={props.id} className="font-semibold">{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className={fieldClass}
        data-testid={props.testId}
      >
        {props.children}
      </select>
      <FieldError id={errorId} field={props.field} message={props.error} />
    </div>
  );
}

/** Dollars typed freely, checked with the API's rule, sent 400 ms after the last keystroke (or on leaving the field). */
function DownPaymentField(props: {
  id: string;
  initial: string;
  language: Language;
  label: string;
  hint: string;
  serverError: string | undefined;
  onCommit(cents: Cents): void;
}) {
  const [text, setText] = useState(props.initial);
  const [edited, setEdited] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const commitRef = useRef<(value: string) => Promise<void>>(async () => {});
  commitRef.current = async (value: string) => {
    const { parseDownPayment } = await loadDownPaymentRule();
    const parsed = parseDownPayment(value, props.language);
    if (!parsed.ok) return setLocalError(parsed.message);
    setLocalError(null);
    props.onCommit(parsed.cents);
  };
  useEffect(() => {
    if (!edited) return;
    const timer = window.setTimeout(() => void commitRef.current(text), DOWN_PAYMENT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, edited]);

  const error = localError ?? props.serverError;
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  return (
    <div className="@sm:col-span-2">
      <label htmlFor={props.id} className="font-semibold">{props.label}</label>
      <input
        id={props.id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setEdited(true);
        }}
        onFocus={() => void loadDownPaymentRule()}
        onBlur={() => edited && void commitRef.current(text)}
        onKeyDown={(event) => {
          if (event.key === "Enter") void commitRef.current(text);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={fieldClass}
        data-testid="down-payment-input"
      />
      <p id={hintId} className="mt-1 text-xs opacity-80">{props.hint}</p>
      <FieldError id={errorId} field="down_payment" message={error ?? undefined} />
    </div>
  );
}
