import {
  cardBrandOf,
  languageOf,
  type Country,
  type DepositForm,
  type DepositWire,
  type Locale,
} from "@showroom/domain";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ApiRequestError } from "../../lib/api-client.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { SelectField, TextField } from "../../ui/form-fields.tsx";
import { ctaButtonClass, fieldClass, secondaryButtonClass } from "../../ui/styles.ts";
import type { FieldErrors } from "../../ui/use-form.ts";
import {
  chargeFormOf,
  DepositFormFields,
  EMPTY_VALUES,
  fieldId,
  formOf,
  refusalOf,
  useDepositForm,
  type CardFormProps,
  type CardSummary,
  type DepositField,
  type DepositValues,
} from "./deposit-form.tsx";
import { brandName, dateInWords, dayInWords, momentInWords, money } from "./deposit-format.ts";
import { newClientKey, type DepositDetails, type DepositsApi } from "./deposits-api.ts";
import type { DepositsTranslate } from "./i18n.ts";
import { StripeCardEntry } from "./stripe-card-entry.tsx";

/** The sandbox's test cards as the demonstration lists them. */
const TEST_CARDS = [
  ["4242 4242 4242 4242", "deposit.demo_approve"],
  ["4000 0000 0000 0002", "deposit.demo_decline"],
  ["4000 0000 0000 0119", "deposit.demo_error"],
] as const;

const LIVE = new Set<DepositWire["status"]>(["pre_authorized", "confirmed", "refunded", "created", "initiated"]);
const RELEASED = new Set<DepositWire["status"]>(["canceled", "expired"]);

type Screen = "place" | "review" | "confirmation" | "placed";
type Review = { data: DepositForm; clientKey: string; card?: CardSummary | undefined };

export type DepositFlowProps = {
  t: DepositsTranslate;
  locale: Locale;
  api: DepositsApi;
  orderId: number;
  details: DepositDetails;
  country: Country;
  timeZone: string;
  dealerName: string;
  vehicleTitle: string;
  /** Today at the dealership (YYYY-MM-DD). */
  today: string;
  /** The page the deposit is placed from (the contract's `path`). */
  path: string;
  /** A deposit was placed, or its refund asked for: the page's deal is read again when the step closes. */
  onChanged(deposit: DepositWire): void;
  /** The charge is running: the modal cannot be closed. */
  onBusy?(busy: boolean): void;
  onSessionExpired?(userKind: "dealer" | "customer" | null): void;
};

/**
 * The deposit step (spec 2 "Deposit"): the place screen (what the hold or charge means, the amounts, the card form),
 * review (what will happen, the card's brand and last four, Confirm), the manufacturer variant's confirmation, then
 * the deposit as placed (held or paid, its card, the hold's end, a refund request).
 */
export function DepositFlow(props: DepositFlowProps) {
  const { t, locale, details } = props;
  const existing = details.deposit;
  const [deposit, setDeposit] = useState<DepositWire | null>(
    existing && (LIVE.has(existing.status) || RELEASED.has(existing.status)) ? existing : null,
  );
  const [screen, setScreen] = useState<Screen>(deposit ? "placed" : "place");
  const [values, setValues] = useState<DepositValues>(EMPTY_VALUES);
  const [review, setReview] = useState<Review | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [refused, setRefused] = useState<FieldErrors<DepositField> | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const screens = details.screens;
  const go = (next: Screen) => {
    setScreen(next);
    window.setTimeout(() => heading.current?.focus(), 0);
  };
  const amount = (value: string) => money(value, locale, details.currency);
  const holdEnds = dayInWords(props.today, details.hold_days, locale);

  const placed = (answer: DepositWire) => {
    setDeposit(answer);
    props.onChanged(answer);
    go(screens.includes("confirmation") ? "confirmation" : "placed");
  };

  const stepLine = (name: "place" | "review" | "confirmation") => (
    <p className="text-sm font-semibold opacity-80" data-testid="deposit-step">
      {t("deposit.steps", { step: screens.indexOf(name) + 1, count: screens.length, name: t(`deposit.step.${name}`) })}
    </p>
  );

  return (
    <div className="grid min-w-0 gap-4" data-testid="deposit-flow" data-screen={screen}>
      {screen === "placed" && deposit ? (
        <PlacedDeposit
          {...props}
          headingRef={heading}
          deposit={deposit}
          onDeposit={(next) => {
            setDeposit(next);
            props.onChanged(next);
          }}
          onPlaceAgain={() => {
            setDeposit(null);
            go("place");
          }}
        />
      ) : screen === "confirmation" && deposit ? (
        <section
          className="grid gap-3"
          data-testid="deposit-confirmation"
          aria-labelledby="deposit-confirmation-heading"
        >
          {stepLine("confirmation")}
          <h3
            id="deposit-confirmation-heading"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold outline-none"
          >
            {t("deposit.confirmation_heading")}
          </h3>
          <p role="status">
            {t("deposit.confirmation_text", {
              dealer: props.dealerName,
              amount: amount(deposit.total),
              vehicle: props.vehicleTitle,
              reference: String(deposit.id),
            })}
          </p>
          <Terms
            t={t}
            locale={locale}
            details={details}
            holdEnds={deposit.hold_deadline ? momentInWords(deposit.hold_deadline, locale, props.timeZone) : holdEnds}
          />
          <button
            type="button"
            className={ctaButtonClass}
            onClick={() => go("placed")}
            data-testid="deposit-confirmation-continue"
          >
            {t("deposit.confirmation_continue")}
          </button>
        </section>
      ) : screen === "review" && review ? (
        <ReviewScreen
          {...props}
          headingRef={heading}
          stepLine={stepLine("review")}
          review={review}
          holdEnds={holdEnds}
          onEdit={() => go("place")}
          onPlaced={placed}
          onCardRefused={(message, fields) => {
            setReview(null);
            setCardError(message);
            setRefused(fields ?? null);
            setScreen("place");
          }}
          onRefreshExisting={(next) => {
            setDeposit(next);
            go("placed");
          }}
        />
      ) : (
        <PlaceScreen
          {...props}
          headingRef={heading}
          stepLine={stepLine("place")}
          values={values}
          onValues={setValues}
          holdEnds={holdEnds}
          cardError={cardError}
          refused={refused}
          onCardError={(message) => {
            setCardError(message);
            setRefused(null);
          }}
          onReview={(data, card) => {
            // A new submission: a new key (a retry of the same one keeps it, on the review screen).
            setReview({ data, card, clientKey: newClientKey() });
            go("review");
          }}
        />
      )}
    </div>
  );
}

/** What the deposit means: hold (why, until when) or charge, the refund terms and the cancellation fee. */
function Terms(props: { t: DepositsTranslate; locale: Locale; details: DepositDetails; holdEnds: string }) {
  const { t, details } = props;
  const amount = money(details.total, props.locale, details.currency);
  const fee =
    Number(details.deposit_cancellation_fee) > 0 && !details.refundable_on_request
      ? money(details.deposit_cancellation_fee, props.locale, details.currency)
      : null;
  return (
    <section
      aria-labelledby="deposit-terms-heading"
      className="rounded-lg bg-black/5 p-3 text-sm"
      data-testid="deposit-terms"
    >
      <h4 id="deposit-terms-heading" className="font-semibold">
        {t("deposit.terms_heading")}
      </h4>
      {details.mode === "hold" ? (
        <>
          <p className="mt-1" data-testid="deposit-hold-terms">
            {t("deposit.hold_terms", { amount, date: props.holdEnds, days: details.hold_days })}
          </p>
          <p className="mt-1">{t("deposit.hold_why")}</p>
          {fee && <p className="mt-1">{t("deposit.hold_fee", { fee })}</p>}
        </>
      ) : (
        <>
          <p className="mt-1" data-testid="deposit-capture-terms">
            {t("deposit.capture_terms", { amount })}
          </p>
          <p className="mt-1">
            {details.refundable_on_request
              ? t("deposit.refundable_on_request")
              : fee
                ? t("deposit.refundable_less_fee", { fee })
                : t("deposit.refundable_dealer")}
          </p>
        </>
      )}
      {details.mode === "hold" && details.refundable_on_request && (
        <p className="mt-1">{t("deposit.refundable_on_request")}</p>
      )}
    </section>
  );
}

/** The amounts: the advertised price, the deposit and its fees, the total (the reservation fee) and the date. */
function Amounts(props: { t: DepositsTranslate; locale: Locale; details: DepositDetails; today?: string }) {
  const { t, details } = props;
  const amount = (value: string) => money(value, props.locale, details.currency);
  const rows: [string, string, string][] = [];
  if (details.vehicle_price) rows.push(["vehicle_price", t("deposit.vehicle_price"), amount(details.vehicle_price)]);
  rows.push(["amount", t("deposit.amount"), amount(details.deposit_amount)]);
  if (Number(details.processing_fee) > 0)
    rows.push(["processing_fee", t("deposit.processing_fee"), amount(details.processing_fee)]);
  if (Number(details.fixed_fee) > 0) rows.push(["fixed_fee", t("deposit.fixed_fee"), amount(details.fixed_fee)]);
  rows.push(["total", t("deposit.reservation_fee"), amount(details.total)]);
  if (Number(details.deposit_cancellation_fee) > 0)
    rows.push(["cancellation_fee", t("deposit.cancellation_fee"), amount(details.deposit_cancellation_fee)]);
  if (props.today) rows.push(["date", t("deposit.reservation_date"), dayInWords(props.today, 0, props.locale)]);
  return (
    <section aria-label={t("deposit.amounts")}>
      <dl className="grid gap-1 text-sm" data-testid="deposit-amounts">
        {rows.map(([key, label, value]) => (
          <div
            key={key}
            className={`flex flex-wrap justify-between gap-x-3 ${key === "total" ? "border-t border-black/10 pt-1 font-semibold" : ""}`}
          >
            <dt>{label}</dt>
            <dd data-testid={`deposit-amount-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {details.vehicle_price && <p className="mt-1 text-xs opacity-80">{t("deposit.vehicle_price_note")}</p>}
    </section>
  );
}

type ScreenBase = DepositFlowProps & {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  stepLine: ReactNode;
  holdEnds: string;
};

function PlaceScreen(
  props: ScreenBase & {
    values: DepositValues;
    onValues(values: DepositValues): void;
    cardError: string | null;
    /** The API's field messages that sent the shopper back from review. */
    refused: FieldErrors<DepositField> | null;
    onCardError(message: string | null): void;
    onReview(data: DepositForm, card?: CardSummary): void;
  },
) {
  const { t, locale, details } = props;
  return (
    <section className="grid gap-4" aria-labelledby="deposit-place-heading" data-testid="deposit-place">
      {props.stepLine}
      <h3
        id="deposit-place-heading"
        ref={props.headingRef}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        {props.vehicleTitle}
      </h3>
      <p>{t("deposit.intro")}</p>
      <Terms t={t} locale={locale} details={details} holdEnds={props.holdEnds} />
      <Amounts t={t} locale={locale} details={details} today={props.today} />
      {details.gateway === "stripe" ? (
        // Stripe's Elements (and Stripe.js) load only here, in Stripe mode: the sandbox never fetches them.
        <StripeCardEntry {...props} publishableKey={details.stripe_publishable_key} />
      ) : (
        <SandboxCardForm {...props} />
      )}
    </section>
  );
}

/** The sandbox's own card form: number, expiry and code typed here, checked as a processor's form checks them. */
function SandboxCardForm(props: CardFormProps) {
  const { t, details, values } = props;
  const form = useDepositForm(props);
  const { errors, set, submission } = form;
  const thisYear = Number(props.today.slice(0, 4));
  // Back from review with the card declined: the focus on the card number (the message is at the card).
  useEffect(() => {
    if (!props.refused && props.cardError)
      window.setTimeout(() => document.getElementById(fieldId("card.number"))?.focus(), 0);
    // Once, as the screen opens.
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.start();
    const sent = formOf(values);
    await submission.submit(form.check(sent), {
      invalid: t("deposit.fix_errors"),
      call: async (data) => {
        await props.api.validate(props.orderId, sent);
        return data;
      },
      done: (data) => props.onReview(data),
      refused: form.refusal,
    });
  }

  return (
    <DepositFormFields
      t={t}
      country={props.country}
      demonstration={details.demonstration}
      values={values}
      form={form}
      cardError={props.cardError}
      onSubmit={(event) => void submit(event)}
      before={
        details.demonstration && (
          <section
            aria-labelledby="deposit-demo-heading"
            className="rounded-lg border-2 border-dashed border-black/40 p-3 text-sm"
            data-testid="deposit-demo"
          >
            <h4 id="deposit-demo-heading" className="font-semibold">
              {t("deposit.demo_heading")}
            </h4>
            <p className="mt-1">{t("deposit.demo_intro")}</p>
            <ul className="mt-1 grid gap-0.5">
              {TEST_CARDS.map(([number, outcome]) => (
                <li key={number}>
                  <span className="font-mono whitespace-nowrap">{number}</span> — {t(outcome)}
                </li>
              ))}
            </ul>
          </section>
        )
      }
      card={
        <>
          <TextField
            id={fieldId("card.number")}
            name="cc-number"
            label={t("deposit.card_number")}
            value={values["card.number"]}
            onChange={set("card.number")}
            error={errors["card.number"]}
            autoComplete="cc-number"
            inputMode="numeric"
            required
            maxLength={23}
            inputClassName="font-mono"
          />
          <div className="grid grid-cols-2 gap-3 tablet-up:grid-cols-3">
            <SelectField
              id={fieldId("card.exp_month")}
              name="cc-exp-month"
              autoComplete="cc-exp-month"
              label={t("deposit.exp_month")}
              value={values["card.exp_month"]}
              onChange={set("card.exp_month")}
              error={errors["card.exp_month"]}
            >
              <option value="">{t("deposit.month_placeholder")}</option>
              {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0")).map((month) => (
                <option key={month} value={month}>
                  {month}
                </option>
              ))}
            </SelectField>
            <SelectField
              id={fieldId("card.exp_year")}
              name="cc-exp-year"
              autoComplete="cc-exp-year"
              label={t("deposit.exp_year")}
              value={values["card.exp_year"]}
              onChange={set("card.exp_year")}
              error={errors["card.exp_year"]}
            >
              <option value="">—</option>
              {Array.from({ length: 15 }, (_, i) => String(thisYear + i)).map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </SelectField>
            <TextField
              id={fieldId("card.cvc")}
              name="cc-csc"
              label={t("deposit.cvc")}
              hint={t("deposit.cvc_hint")}
              value={values["card.cvc"]}
              onChange={set("card.cvc")}
              error={errors["card.cvc"]}
              autoComplete="cc-csc"
              inputMode="numeric"
              required
              maxLength={4}
              className="col-span-2 tablet-up:col-span-1"
            />
          </div>
        </>
      }
    />
  );
}

/**
 * What a declined card says. A card whose bank asks for a confirmation (3-D Secure: Stripe's `authentication_required`)
 * cannot be confirmed here yet: another card, or the dealership.
 */
const declinedMessage = (code: string | null | undefined) =>
  code === "authentication_required" ? "deposit.error.authentication_required" : "deposit.error.declined";

/** A 402's decline code: its `decline_code`, else its `code` (`card_declined` for any other decline). */
function declineCodeOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const { decline_code: declineCode, code } = body as { decline_code?: unknown; code?: unknown };
  return typeof declineCode === "string" ? declineCode : typeof code === "string" ? code : null;
}

function ReviewScreen(
  props: ScreenBase & {
    review: Review;
    onEdit(): void;
    onPlaced(deposit: DepositWire): void;
    /** A declined card or a field refused: back to the card form, with the message at the card. */
    onCardRefused(message: string | null, fields?: FieldErrors<DepositField>): void;
    onRefreshExisting(deposit: DepositWire): void;
  },
) {
  const { t, locale, details, review } = props;
  const language = languageOf(locale);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // One key per submission: a retry after a lost answer sends it again (the server answers the same deposit).
  const key = useRef(review.clientKey);
  const amount = money(details.total, locale, details.currency);
  // The sandbox's card from its number; Stripe's as its PaymentMethod describes it.
  const digits = review.data.card?.number.replace(/\D/g, "") ?? "";
  const brand = review.card
    ? brandName(review.card.brand === "unknown" ? null : review.card.brand)
    : brandName(cardBrandOf(digits));
  const last4 = review.card ? review.card.last4 : digits.slice(-4);
  const card = brand && last4 ? t("deposit.card_ending", { brand, last4 }) : t("deposit.card_generic");

  async function confirm() {
    if (pending) return;
    setPending(true);
    props.onBusy?.(true);
    setMessage(null);
    try {
      const answer = await props.api.charge({
        order: props.orderId,
        path: props.path,
        client_key: key.current,
        form: chargeFormOf(review.data),
      });
      if (answer.status === "pre_authorized" || answer.status === "confirmed") return props.onPlaced(answer);
      // The same submission answered again after it failed: its outcome, and a new key for another try.
      key.current = newClientKey();
      if (answer.status === "rejected") return props.onCardRefused(t(declinedMessage(answer.decline_code)));
      setMessage(t("deposit.error.processing"));
    } catch (error) {
      if (error instanceof ApiRequestError && error.failure.kind === "session-expired")
        return props.onSessionExpired?.(error.failure.userKind);
      // The answer was lost: the same key again, so the retry cannot charge twice; everything typed is kept.
      if (error instanceof ApiRequestError && error.failure.kind === "network")
        return setMessage(t("deposit.error.network"));
      key.current = newClientKey();
      const failure = httpFailure(error);
      const code = errorMessages(failure?.body).code;
      if (failure?.status === 402) return props.onCardRefused(t(declinedMessage(declineCodeOf(failure.body))));
      if (failure?.status === 502) return setMessage(t("deposit.error.processing"));
      if (failure?.status === 409 && code === "vehicle_reserved")
        return setMessage(t("deposit.error.vehicle_reserved"));
      if (failure?.status === 409 && code === "deposit_exists") {
        setMessage(t("deposit.error.deposit_exists"));
        const now = await props.api.details(props.orderId).catch(() => null);
        if (now?.deposit && LIVE.has(now.deposit.status)) props.onRefreshExisting(now.deposit);
        return;
      }
      if (failure?.status === 400) {
        const refusal = refusalOf(error, t, language);
        if (refusal?.fields && Object.keys(refusal.fields).length) return props.onCardRefused(null, refusal.fields);
      }
      setMessage(t("deposit.error.generic"));
    } finally {
      setPending(false);
      props.onBusy?.(false);
    }
  }

  return (
    <section
      className="grid gap-4"
      aria-labelledby="deposit-review-heading"
      data-testid="deposit-review"
      aria-busy={pending || undefined}
    >
      {props.stepLine}
      <h3
        id="deposit-review-heading"
        ref={props.headingRef}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        {t("deposit.review_heading")}
      </h3>
      <p className="font-semibold" data-testid="deposit-review-what">
        {details.mode === "hold"
          ? t("deposit.review_hold", { card, amount, date: props.holdEnds })
          : t("deposit.review_capture", { card, amount })}
      </p>
      <Terms t={t} locale={locale} details={details} holdEnds={props.holdEnds} />
      <Amounts t={t} locale={locale} details={details} today={props.today} />
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt>{t("deposit.card")}</dt>
          <dd data-testid="deposit-review-card">{card}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt>{t("deposit.cardholder")}</dt>
          <dd className="break-words">{review.data.name_on_card}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt>{t("deposit.address_line")}</dt>
          <dd className="break-words">{`${review.data.address_line}, ${review.data.postal_code}`}</dd>
        </div>
      </dl>
      <div aria-live="assertive" data-testid="deposit-review-errors">
        {message && (
          <p
            role="alert"
            className="rounded-md border border-red-800 bg-red-50 p-2 font-semibold text-red-800"
            data-testid="deposit-review-error"
          >
            {message}
          </p>
        )}
      </div>
      <div className="grid gap-2 tablet-up:grid-cols-2">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={props.onEdit}
          disabled={pending}
          data-testid="deposit-edit"
        >
          {t("deposit.edit")}
        </button>
        <button
          type="button"
          className={`${ctaButtonClass} min-h-11`}
          onClick={() => void confirm()}
          disabled={pending}
          aria-busy={pending || undefined}
          data-testid="deposit-confirm"
        >
          {pending ? t("deposit.charging") : t("deposit.confirm")}
        </button>
      </div>
      {pending && (
        <p role="status" className="sr-only">
          {t("deposit.charging")}
        </p>
      )}
    </section>
  );
}

/** The pre-authorized view: the deposit held or paid (or given back), its card, the hold's end, a refund request. */
function PlacedDeposit(
  props: DepositFlowProps & {
    headingRef: React.RefObject<HTMLHeadingElement | null>;
    deposit: DepositWire;
    onDeposit(deposit: DepositWire): void;
    onPlaceAgain(): void;
  },
) {
  const { t, locale, deposit } = props;
  const amount = (value: string) => money(value, locale, deposit.currency);
  const brand = brandName(deposit.card_brand);
  const card = brand && deposit.card_last4 ? t("deposit.card_ending", { brand, last4: deposit.card_last4 }) : null;
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const live = deposit.status === "pre_authorized" || deposit.status === "confirmed";
  const statusKey =
    deposit.status === "pre_authorized" ||
    deposit.status === "confirmed" ||
    deposit.status === "refunded" ||
    deposit.status === "canceled" ||
    deposit.status === "expired"
      ? (`deposit.status.${deposit.status}` as const)
      : "deposit.status.other";

  async function requestRefund(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setFailed(false);
    try {
      props.onDeposit(await props.api.requestRefund(props.orderId, reason.trim() || undefined));
      setAsking(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.failure.kind === "session-expired")
        props.onSessionExpired?.(error.failure.userKind);
      else setFailed(true);
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      className="grid gap-3"
      aria-labelledby="deposit-placed-heading"
      data-testid="deposit-placed"
      data-status={deposit.status}
    >
      <h3
        id="deposit-placed-heading"
        ref={props.headingRef}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
        data-testid="deposit-placed-status"
        aria-live="polite"
      >
        {t(statusKey)}
      </h3>
      {live && (
        <p>
          {t(deposit.status === "pre_authorized" ? "deposit.held_text" : "deposit.paid_text", {
            amount: amount(deposit.total),
          })}
        </p>
      )}
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt>{t("deposit.reservation_fee")}</dt>
          <dd data-testid="deposit-placed-amount">{amount(deposit.total)}</dd>
        </div>
        {card && (
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt>{t("deposit.card")}</dt>
            <dd data-testid="deposit-placed-card">{card}</dd>
          </div>
        )}
        {deposit.authorized_at && (
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt>{t("deposit.placed_on")}</dt>
            <dd>{dateInWords(deposit.authorized_at, locale, props.timeZone)}</dd>
          </div>
        )}
        {deposit.status === "pre_authorized" && deposit.hold_deadline && (
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt>{t("deposit.hold_deadline")}</dt>
            <dd data-testid="deposit-placed-deadline">
              {momentInWords(deposit.hold_deadline, locale, props.timeZone)}
            </dd>
          </div>
        )}
      </dl>
      {Number(deposit.refunded) > 0 && (
        <p className="text-sm">{t("deposit.refunded_amount", { amount: amount(deposit.refunded) })}</p>
      )}
      {live && deposit.status === "confirmed" && (
        <p className="text-sm">
          {deposit.refundable_on_request
            ? t("deposit.refundable_on_request")
            : Number(deposit.deposit_cancellation_fee) > 0
              ? t("deposit.refundable_less_fee", { fee: amount(deposit.deposit_cancellation_fee) })
              : t("deposit.refundable_dealer")}
        </p>
      )}
      {live &&
        (deposit.refund_requested_at ? (
          <p role="status" className="rounded-md bg-black/5 p-2 text-sm" data-testid="deposit-refund-requested">
            {t("deposit.refund_requested", { date: dateInWords(deposit.refund_requested_at, locale, props.timeZone) })}
          </p>
        ) : asking ? (
          <form
            onSubmit={(event) => void requestRefund(event)}
            className="grid gap-2"
            data-testid="deposit-refund-form"
            aria-busy={sending || undefined}
          >
            <label htmlFor="deposit-refund-reason" className="font-semibold">
              {t("deposit.refund_reason")}
            </label>
            <textarea
              id="deposit-refund-reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={500}
              rows={3}
              className={fieldClass}
            />
            {failed && (
              <p role="alert" className="font-semibold text-red-800">
                {t("deposit.refund_failed")}
              </p>
            )}
            <div className="grid gap-2 tablet-up:grid-cols-2">
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => setAsking(false)}
                disabled={sending}
              >
                {t("deposit.cancel")}
              </button>
              <button
                type="submit"
                className={`${ctaButtonClass} min-h-11`}
                disabled={sending}
                aria-busy={sending || undefined}
                data-testid="deposit-refund-send"
              >
                {sending ? t("deposit.sending") : t("deposit.send_refund_request")}
              </button>
            </div>
          </form>
        ) : (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => setAsking(true)}
            data-testid="deposit-request-refund"
          >
            {t("deposit.request_refund")}
          </button>
        ))}
      {!live && deposit.status !== "refunded" && (
        <button type="button" className={ctaButtonClass} onClick={props.onPlaceAgain} data-testid="deposit-place-again">
          {t("deposit.place_again")}
        </button>
      )}
    </section>
  );
}
