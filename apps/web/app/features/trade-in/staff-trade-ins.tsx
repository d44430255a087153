import {
  DEFAULT_OFFER_VALID_DAYS,
  dollarsToCents,
  formatDistance,
  formatMoney,
  languageOf,
  localizeValidationMessage,
  MAX_OFFER_VALID_DAYS,
  TRADE_IN_PHOTO_ANGLES,
  tradeInOfferInputSchema,
  type Currency,
  type Locale,
  type TradeInQuestionWire,
  type TradeInWire,
} from "@showroom/domain";
import { useMemo, useState, type FormEvent } from "react";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { TextField } from "../../ui/form-fields.tsx";
import { ctaButtonClass, fieldClass } from "../../ui/styles.ts";
import { checkWith, serverErrors, useSubmission, type FormBinding } from "../../ui/use-form.ts";
import { shownQuestions, typedDollars, typedWholeNumber } from "./flow.ts";
import { tradeInCodeLabel, useTradeInI18n, type TradeInTranslate } from "./i18n.ts";
import { TradeInPhoto } from "./photo-image.tsx";
import { dealerDay } from "./result-view.tsx";
import { tradeTitle } from "./review-section.tsx";
import { GeneralErrors } from "./stepper.tsx";
import { createStaffTradeInApi, type StaffTradeInApi } from "./trade-in-api.ts";

/** Staff make an offer on a trade sent to them, one awaiting the shopper (it replaces the open offer) or one declined. */
export const canMakeOffer = (trade: Pick<TradeInWire, "status">): boolean =>
  trade.status === "awaiting-dealer" || trade.status === "awaiting-customer" || trade.status === "excluded";

type OfferField = "dealer_offer" | "dealer_comments" | "valid_days";
const OFFER_BINDING: FormBinding<OfferField> = { fields: ["dealer_offer", "dealer_comments", "valid_days"] };

/**
 * The workspace's trade-ins of one customer: the vehicle, its VIN and odometer, the answers, the photos (each links
 * to its full size), the estimate range and the state; and the form staff make an offer with.
 */
export function StaffTradeIns(props: {
  tradeIns: TradeInWire[] | null;
  questions: TradeInQuestionWire[];
  /** A trade-in changed (an offer was made): the deals above show its state, so they are read again. */
  onChanged?(): void;
}) {
  const { t, locale } = useTradeInI18n();
  const { dealer, quietApi } = useShell();
  const api = useMemo(() => createStaffTradeInApi(quietApi), [quietApi]);
  const [trades, setTrades] = useState(props.tradeIns);
  if (trades === null) {
    return (
      <p className="mt-2" data-testid="workspace-trade-ins-failed">
        {t("tradein.staff.failed")}
      </p>
    );
  }
  const shown = trades.filter((trade) => trade.status !== "initial");
  if (shown.length === 0) {
    return (
      <p className="mt-2" data-testid="workspace-no-trade-ins">
        {t("tradein.staff.none")}
      </p>
    );
  }
  return (
    <ul className="grid gap-4" data-testid="workspace-trade-ins">
      {shown.map((trade) => (
        <li key={trade.id}>
          <StaffTradeIn
            t={t}
            locale={locale}
            currency={dealer.currency_unit}
            dealerCode={dealer.code}
            timeZone={dealer.time_zone}
            trade={trade}
            questions={props.questions}
            api={api}
            onTrade={(next) => {
              setTrades((all) => (all ?? []).map((item) => (item.id === next.id ? next : item)));
              props.onChanged?.();
            }}
          />
        </li>
      ))}
    </ul>
  );
}

function StaffTradeIn(props: {
  t: TradeInTranslate;
  locale: Locale;
  currency: Currency;
  dealerCode: string;
  timeZone: string;
  trade: TradeInWire;
  questions: TradeInQuestionWire[];
  api: StaffTradeInApi;
  onTrade(trade: TradeInWire): void;
}) {
  const { t, trade, locale } = props;
  const language = languageOf(locale);
  const money = (amount: string) =>
    formatMoney(dollarsToCents(amount), { locale, currency: props.currency, wholeDollars: true });
  const headingId = `workspace-trade-in-${trade.id}`;
  const answers = trade.answers as Record<string, boolean | null | string[]>;
  const options = [
    trade.has_power_sunroof && t("tradein.vehicle.sunroof"),
    trade.has_navigation_system && t("tradein.vehicle.navigation"),
    trade.has_technology_package && t("tradein.vehicle.technology"),
  ].filter(Boolean);
  const photos = TRADE_IN_PHOTO_ANGLES.filter((angle) => trade.images[angle]?.status === "uploaded");
  const low = trade.estimated_low ?? trade.ico_range_min;
  const high = trade.estimated_high ?? trade.ico_range_max;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-black/10 bg-white p-4"
      data-testid="workspace-trade-in"
      data-status={trade.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold">
          {tradeTitle(trade) || t("tradein.staff.untitled")}
        </h3>
        <span
          className="rounded-full bg-black/10 px-3 py-1 text-sm font-semibold"
          data-testid="workspace-trade-in-state"
        >
          {t(`trade_in_state.${trade.customer_state}`)}
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm tablet-up:grid-cols-[minmax(9rem,auto)_1fr]">
        <dt className="font-semibold">{t("tradein.review.vin")}</dt>
        <dd className="font-mono break-all" data-testid="workspace-trade-in-vin">
          {trade.vin ?? t("tradein.staff.no_vin")}
        </dd>
        <dt className="font-semibold">{t("tradein.review.odometer")}</dt>
        <dd data-testid="workspace-trade-in-odometer">
          {trade.odometer !== null ? formatDistance(trade.odometer, trade.odometer_unit, locale) : "—"}
        </dd>
        {trade.colour && (
          <>
            <dt className="font-semibold">{t("tradein.vehicle.colour")}</dt>
            <dd>{tradeInCodeLabel(t, "tradein.colour", trade.colour)}</dd>
          </>
        )}
        {trade.transmission && (
          <>
            <dt className="font-semibold">{t("tradein.vehicle.transmission")}</dt>
            <dd>{t(`tradein.transmission.${trade.transmission}`)}</dd>
          </>
        )}
        <dt className="font-semibold">{t("tradein.vehicle.options")}</dt>
        <dd>{options.length ? options.join(", ") : t("tradein.review.no_options")}</dd>
        {trade.submit_datetime && (
          <>
            <dt className="font-semibold">{t("tradein.staff.submitted")}</dt>
            <dd>{dealerDay(trade.submit_datetime, locale, props.timeZone)}</dd>
          </>
        )}
        <dt className="font-semibold">{t("tradein.result.estimate_title")}</dt>
        <dd data-testid="workspace-trade-in-estimate">
          {low && high
            ? t("tradein.result.estimate_range", { low: money(low), high: money(high) })
            : t("tradein.staff.no_estimate")}
        </dd>
        {trade.financing && (
          <>
            <dt className="font-semibold">{t(`tradein.financing.kind.${trade.financing.kind}`)}</dt>
            <dd>
              {t("tradein.staff.financing", {
                owed: money(trade.financing.amount_due),
                left: trade.financing.payments_left,
                payment: money(trade.financing.payment_amount),
              })}
            </dd>
          </>
        )}
        {trade.odometer_statement && (
          <>
            <dt className="font-semibold">{t("tradein.odometer_statement.legend")}</dt>
            <dd>{t(`tradein.odometer_statement.${trade.odometer_statement}`)}</dd>
          </>
        )}
      </dl>
      <details className="rounded-lg border border-black/10 p-3 text-sm">
        <summary className="min-h-11 cursor-pointer font-semibold">{t("tradein.staff.answers")}</summary>
        <dl
          className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 tablet-up:grid-cols-[1fr_auto]"
          data-testid="workspace-trade-in-answers"
        >
          {shownQuestions(props.questions, answers)
            .filter((q) => q.field_type !== "financing")
            .map((question) => {
              const answer = answers[question.id];
              const text = Array.isArray(answer)
                ? question.options
                    .filter((o) => answer.includes(o.value))
                    .map((o) => o.label[language])
                    .join(", ") || "—"
                : answer === null || answer === undefined
                  ? "—"
                  : t(answer ? "tradein.yes" : "tradein.no");
              return (
                <div key={question.id} className="contents">
                  <dt>{question.question[language]}</dt>
                  <dd className="font-semibold">{text}</dd>
                </div>
              );
            })}
        </dl>
      </details>
      {photos.length > 0 ? (
        <ul
          className="flex flex-wrap gap-2"
          aria-label={t("tradein.review.photos")}
          data-testid="workspace-trade-in-photos"
        >
          {photos.map((angle) => (
            <li key={angle}>
              <TradeInPhoto
                url={trade.images[angle]!.url}
                dealerCode={props.dealerCode}
                alt={t(`tradein.photos.angle.${angle}`)}
                className="h-20 w-28 rounded object-cover"
                link={{ label: t("tradein.staff.full_size") }}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{t("tradein.staff.no_photos")}</p>
      )}
      {trade.current_offer && (
        <p className="text-sm" data-testid="workspace-trade-in-offer">
          {t("tradein.staff.current_offer", {
            amount: money(trade.current_offer.dealer_offer),
            status: t(
              `tradein.staff.offer_status.${trade.current_offer.status === "A" ? "accepted" : trade.current_offer.status === "D" ? "declined" : trade.current_offer.is_expired ? "expired" : "open"}`,
            ),
          })}
          {trade.current_offer.decline_comments &&
            ` ${t("tradein.staff.customer_comments", { comments: trade.current_offer.decline_comments })}`}
        </p>
      )}
      {canMakeOffer(trade) && (
        <OfferForm t={t} language={language} trade={trade} api={props.api} onTrade={props.onTrade} />
      )}
    </article>
  );
}

/** Staff's offer: amount, comments for the shopper, and how many days it stands (7 unless changed). */
export function OfferForm(props: {
  t: TradeInTranslate;
  language: "en" | "fr";
  trade: TradeInWire;
  api: Pick<StaffTradeInApi, "offer">;
  onTrade(trade: TradeInWire): void;
}) {
  const { t, trade } = props;
  const prefix = `offer-${trade.id}`;
  const idOf = (field: OfferField) => `${prefix}-${field}`;
  const form = useSubmission({ fields: OFFER_BINDING.fields, idOf });
  const [amount, setAmount] = useState("");
  const [comments, setComments] = useState("");
  const [days, setDays] = useState(String(DEFAULT_OFFER_VALID_DAYS));
  const [sent, setSent] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(false);
    const input = {
      dealer_offer: typedDollars(amount, props.language === "fr"),
      dealer_comments: comments,
      ...(days.trim() ? { valid_days: typedWholeNumber(days) } : {}),
    };
    const checked = checkWith(tradeInOfferInputSchema, input, OFFER_BINDING, (m) =>
      localizeValidationMessage(m, props.language),
    );
    void form.submit(checked, {
      call: (body) => props.api.offer(trade.id, body),
      done: (next) => {
        setSent(true);
        setAmount("");
        setComments("");
        props.onTrade(next);
      },
      refused: (error) => {
        const failure = httpFailure(error);
        const read = errorMessages(failure?.body);
        const placed = serverErrors(read.fields, OFFER_BINDING);
        const general = [...read.general, ...placed.general];
        return {
          fields: placed.fields,
          general: general.length || Object.keys(placed.fields).length ? general : [t("tradein.staff.offer_failed")],
        };
      },
    });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${prefix}-heading`}
      className="grid gap-3 rounded-lg border-2 border-[var(--accent)] p-3"
      data-testid="workspace-offer-form"
    >
      <h4 id={`${prefix}-heading`} className="font-semibold">
        {trade.status === "awaiting-customer" ? t("tradein.staff.offer_replace") : t("tradein.staff.offer_heading")}
      </h4>
      <div className="grid gap-3 tablet-up:grid-cols-2">
        <TextField
          id={idOf("dealer_offer")}
          label={t("tradein.staff.offer_amount")}
          value={amount}
          onChange={setAmount}
          error={form.errors.dealer_offer}
          inputMode="decimal"
          required
          testId="workspace-offer-amount"
          errorTestId="workspace-offer-amount-error"
        />
        <TextField
          id={idOf("valid_days")}
          label={t("tradein.staff.offer_days")}
          hint={t("tradein.staff.offer_days_hint", { max: MAX_OFFER_VALID_DAYS })}
          value={days}
          onChange={setDays}
          error={form.errors.valid_days}
          inputMode="numeric"
          testId="workspace-offer-days"
          errorTestId="workspace-offer-days-error"
        />
      </div>
      <div>
        <label htmlFor={idOf("dealer_comments")} className="font-semibold">
          {t("tradein.staff.offer_comments")}
        </label>
        <textarea
          id={idOf("dealer_comments")}
          rows={3}
          maxLength={2000}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
          aria-invalid={form.errors.dealer_comments ? true : undefined}
          aria-describedby={form.errors.dealer_comments ? `${idOf("dealer_comments")}-error` : undefined}
          className={fieldClass}
          data-testid="workspace-offer-comments"
        />
        {form.errors.dealer_comments && (
          <p id={`${idOf("dealer_comments")}-error`} className="mt-1 text-sm font-medium text-red-800">
            {form.errors.dealer_comments}
          </p>
        )}
      </div>
      <GeneralErrors messages={form.general} testId="workspace-offer-error" />
      {sent && (
        <p role="status" className="font-semibold" data-testid="workspace-offer-sent">
          {t("tradein.staff.offer_sent")}
        </p>
      )}
      <button
        type="submit"
        disabled={form.pending}
        className={`${ctaButtonClass} min-h-11 w-fit`}
        data-testid="workspace-offer-submit"
      >
        {form.pending ? t("tradein.staff.offer_sending") : t("tradein.staff.offer_submit")}
      </button>
    </form>
  );
}
