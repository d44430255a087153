import {
  dollarsToCents,
  formatMoney,
  type Currency,
  type Locale,
  type Order,
  type TradeInOffer,
  type TradeInSettingsWire,
  type TradeInWire,
} from "@showroom/domain";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { describedBy, FieldError } from "../../ui/form-fields.tsx";
import { ctaButtonClass, fieldClass, secondaryButtonClass } from "../../ui/styles.ts";
import { answerableOffer, canDiscard, canEditAfterSubmit, stateTone } from "./flow.ts";
import type { TradeInTranslate } from "./i18n.ts";
import { tradeTitle } from "./review-section.tsx";
import { Busy, GeneralErrors } from "./stepper.tsx";

/** How often a sent trade is read again: every few seconds while the valuation runs, else now and then for an offer. */
export const QUOTING_POLL_MS = 3000;
export const WAITING_POLL_MS = 20_000;

const intlLocale = (locale: Locale) => (locale === "fr-ca" ? "fr-CA" : locale === "en-us" ? "en-US" : "en-CA");

/** A moment in the dealership's time zone, with the zone named ("Tuesday, March 3, 2:30 p.m. EST"). */
export function dealerTime(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}
/** A day in the dealership's time zone ("March 10, 2027"). */
export function dealerDay(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone,
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date(iso));
}

/** A call's refusal in words: the API's message (already in the shopper's language), else the fallback. */
export function refusalText(error: unknown, fallback: string): string {
  const failure = httpFailure(error);
  const read = errorMessages(failure?.body);
  return read.general[0] ?? Object.values(read.fields)[0] ?? fallback;
}

/** The valuation's "loading" step: the trade is being sent and valued (a progress bar that screen readers hear). */
export function SubmittingView(props: { t: TradeInTranslate }) {
  const { t } = props;
  const [percent, setPercent] = useState(5);
  useEffect(() => {
    // Creeps towards 90 % while the call runs; the answer takes the page on.
    const timer = window.setInterval(
      () => setPercent((p) => Math.min(90, p + Math.max(1, Math.round((90 - p) / 8)))),
      400,
    );
    return () => window.clearInterval(timer);
  }, []);
  return (
    <section
      aria-labelledby="tradein-submitting"
      className="grid gap-3 rounded-xl border border-black/10 bg-white p-6"
      data-testid="tradein-submitting"
    >
      <h2 id="tradein-submitting" className="text-xl font-semibold">
        {t("tradein.result.submitting")}
      </h2>
      <div
        role="progressbar"
        aria-labelledby="tradein-submitting"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-black/10"
      >
        <div
          className="h-full rounded-full bg-[var(--accent)] transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm opacity-80">{t("tradein.result.submitting_hint")}</p>
    </section>
  );
}

const toneClass = {
  positive: "border-green-700 bg-green-50",
  waiting: "border-black/20 bg-white",
  negative: "border-amber-600 bg-amber-50",
} as const;

function Card(props: { title: string; children: ReactNode; testId: string; className?: string }) {
  return (
    <section
      aria-label={props.title}
      className={`rounded-xl border border-black/10 bg-white p-4 ${props.className ?? ""}`}
      data-testid={props.testId}
    >
      <h3 className="text-lg font-semibold">{props.title}</h3>
      <div className="mt-2 grid gap-2">{props.children}</div>
    </section>
  );
}

type Actions = {
  accept(order: number | null): Promise<TradeInWire>;
  decline(comments: string, order: number | null): Promise<TradeInWire>;
  refresh(): Promise<TradeInWire>;
  editAgain(): Promise<TradeInWire>;
  /** The shopper's saved deals, to choose the one an offer goes to when the trade has none. */
  savedDeals(): Promise<Order[]>;
};

/**
 * A sent trade: its customer-facing state, the estimate range (an estimate, not an offer), the dealership's promise of
 * a firm offer, the current offer to accept or decline, and the past offers.
 */
export function ResultView(props: {
  t: TradeInTranslate;
  locale: Locale;
  currency: Currency;
  timeZone: string;
  settings: TradeInSettingsWire;
  trade: TradeInWire;
  onTrade(trade: TradeInWire): void;
  /** The saved deal the trade goes towards (the page's ?order= or the trade's own). */
  orderId: number | null;
  dealHref: string | null;
  saveDealHref: string;
  actions: Actions;
  onEdit(): void;
  onDiscard(): void;
  onRestart(): void;
}) {
  const { t, trade, locale } = props;
  const money = (amount: string) =>
    formatMoney(dollarsToCents(amount), { locale, currency: props.currency, wholeDollars: true });
  const state = trade.customer_state;
  const offer = answerableOffer(trade);
  const [editError, setEditError] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);

  // A valuation running, or an offer to come: the trade is read again now and then (while the page is in view).
  const quoting = trade.valuation_quote === "quoting" || trade.status === "awaiting-provider";
  const waiting = state === "requested" || state === "submitted";
  const refresh = useRef(props.actions.refresh);
  refresh.current = props.actions.refresh;
  const onTrade = useRef(props.onTrade);
  onTrade.current = props.onTrade;
  useEffect(() => {
    if (!quoting && !waiting) return;
    const timer = window.setInterval(
      () => {
        if (document.visibilityState !== "visible") return;
        refresh.current().then(
          (next) => onTrade.current(next),
          () => {},
        );
      },
      quoting ? QUOTING_POLL_MS : WAITING_POLL_MS,
    );
    return () => window.clearInterval(timer);
  }, [quoting, waiting]);

  const low = trade.estimated_low ?? trade.ico_range_min;
  const high = trade.estimated_high ?? trade.ico_range_max;
  const promised =
    trade.offer_promised_by && (state === "requested" || state === "submitted" || state === "conditional_offer");

  async function editAgain() {
    setEditing(true);
    setEditError([]);
    try {
      props.onTrade(await props.actions.editAgain());
      props.onEdit();
    } catch (error) {
      setEditError([refusalText(error, t("tradein.result.edit_failed"))]);
    } finally {
      setEditing(false);
    }
  }

  return (
    <div className="grid gap-4" data-testid="tradein-result">
      <section
        aria-labelledby="tradein-state-heading"
        className={`rounded-xl border-2 p-4 ${toneClass[stateTone(state)]}`}
      >
        <p className="text-sm font-semibold opacity-80">{tradeTitle(trade)}</p>
        <h2 id="tradein-state-heading" tabIndex={-1} className="text-xl font-bold outline-none">
          <span role="status" data-testid="tradein-state" data-state={state}>
            {t(`trade_in_state.${state}`)}
          </span>
        </h2>
        <p className="mt-1">{t(`tradein.result.state_body.${state}`)}</p>
        {quoting && <Busy label={t("tradein.result.valuing")} testId="tradein-quoting" />}
      </section>

      {low && high && (
        <Card title={t("tradein.result.estimate_title")} testId="tradein-estimate">
          <p className="text-2xl font-bold tabular-nums" data-testid="tradein-estimate-range">
            {t("tradein.result.estimate_range", { low: money(low), high: money(high) })}
          </p>
          <p className="text-sm">{t("tradein.result.estimate_note")}</p>
        </Card>
      )}

      {promised && trade.offer_promised_by && (
        <p className="rounded-lg bg-[var(--accent-soft)] p-3" data-testid="tradein-promise">
          {t("tradein.result.promise", { time: dealerTime(trade.offer_promised_by, locale, props.timeZone) })}{" "}
          <span className="text-sm opacity-80">
            {t("tradein.result.promise_hours", { hours: props.settings.offer_promise_business_hours })}
          </span>
        </p>
      )}

      {offer && (
        <OfferPanel
          t={t}
          offer={offer}
          money={money}
          locale={locale}
          timeZone={props.timeZone}
          orderId={props.orderId ?? trade.order}
          saveDealHref={props.saveDealHref}
          actions={props.actions}
          onTrade={props.onTrade}
        />
      )}

      {trade.status === "included" && trade.current_offer && (
        <Card title={t("tradein.offer.accepted_title")} testId="tradein-accepted" className="border-green-700">
          <p className="text-2xl font-bold tabular-nums">{money(trade.current_offer.dealer_offer)}</p>
          <p>{t("tradein.offer.accepted_body")}</p>
          {props.dealHref && (
            <Link
              to={props.dealHref}
              className={`${ctaButtonClass} inline-flex min-h-11 w-fit items-center`}
              data-testid="tradein-see-deal"
            >
              {t("tradein.offer.see_deal")}
            </Link>
          )}
        </Card>
      )}

      {trade.past_offers.length > 0 && (
        <PastOffers t={t} offers={trade.past_offers} money={money} locale={locale} timeZone={props.timeZone} />
      )}

      <GeneralErrors messages={editError} testId="tradein-edit-error" />
      <div className="flex flex-wrap gap-3">
        {canEditAfterSubmit(trade) && (
          <button
            type="button"
            onClick={() => void editAgain()}
            disabled={editing}
            className={secondaryButtonClass}
            data-testid="tradein-edit-again"
          >
            {editing ? t("tradein.result.opening") : t("tradein.result.edit")}
          </button>
        )}
        {canDiscard(trade) && (
          <button
            type="button"
            onClick={props.onDiscard}
            className={secondaryButtonClass}
            data-testid="tradein-discard"
          >
            {t("tradein.discard.open")}
          </button>
        )}
        {(state === "offer_declined" || state === "offer_expired") && (
          <button
            type="button"
            onClick={props.onRestart}
            className={secondaryButtonClass}
            data-testid="tradein-restart"
          >
            {t("tradein.restart")}
          </button>
        )}
        {props.dealHref && trade.status !== "included" && (
          <Link to={props.dealHref} className={secondaryButtonClass} data-testid="tradein-back-to-deal">
            {t("tradein.back_to_deal")}
          </Link>
        )}
      </div>
    </div>
  );
}

/** The offer the shopper may answer: its amount, the dealer's comments and expiry; accept (with a saved deal) or decline with comments. */
function OfferPanel(props: {
  t: TradeInTranslate;
  offer: TradeInOffer;
  money(amount: string): string;
  locale: Locale;
  timeZone: string;
  orderId: number | null;
  saveDealHref: string;
  actions: Actions;
  onTrade(trade: TradeInWire): void;
}) {
  const { t, offer } = props;
  const [mode, setMode] = useState<"idle" | "accepting" | "declining" | "sending-decline">("idle");
  const [comments, setComments] = useState("");
  const [error, setError] = useState<{ message: string; needsDeal: boolean } | null>(null);
  const [deals, setDeals] = useState<Order[] | null>(null);
  const [chosenDeal, setChosenDeal] = useState<string>("");
  const orderId = props.orderId ?? (chosenDeal ? Number(chosenDeal) : null);
  const declineRef = useRef<HTMLTextAreaElement>(null);

  // With no deal to credit, the shopper's saved deals are offered to choose from.
  const savedDeals = useRef(props.actions.savedDeals);
  useEffect(() => {
    if (props.orderId) return;
    let live = true;
    savedDeals.current().then(
      (list) => live && setDeals(list),
      () => live && setDeals([]),
    );
    return () => {
      live = false;
    };
  }, [props.orderId]);

  async function accept() {
    setMode("accepting");
    setError(null);
    try {
      props.onTrade(await props.actions.accept(orderId));
    } catch (failure) {
      const status = httpFailure(failure)?.status;
      setError({
        message: refusalText(failure, t("tradein.offer.accept_failed")),
        needsDeal: status === 400 && !orderId,
      });
      setMode("idle");
    }
  }

  async function decline() {
    setMode("sending-decline");
    setError(null);
    try {
      props.onTrade(await props.actions.decline(comments.trim(), orderId));
    } catch (failure) {
      setError({ message: refusalText(failure, t("tradein.offer.decline_failed")), needsDeal: false });
      setMode("declining");
    }
  }

  const busy = mode === "accepting" || mode === "sending-decline";
  return (
    <section
      aria-labelledby="tradein-offer-heading"
      className="rounded-xl border-2 border-green-700 bg-white p-4"
      data-testid="tradein-offer"
    >
      <h3 id="tradein-offer-heading" className="text-lg font-semibold">
        {t(offer.source === "provider" ? "tradein.offer.conditional_title" : "tradein.offer.title")}
      </h3>
      <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="tradein-offer-amount">
        {props.money(offer.dealer_offer)}
      </p>
      {offer.dealer_comments && (
        <blockquote className="mt-2 border-l-4 border-black/20 pl-3 italic" data-testid="tradein-offer-comments">
          {offer.dealer_comments}
        </blockquote>
      )}
      <p className="mt-2 text-sm" data-testid="tradein-offer-expiry">
        {t("tradein.offer.expires", { date: dealerTime(offer.expires_at, props.locale, props.timeZone) })}
      </p>
      {!props.orderId && deals && deals.length > 0 && (
        <div className="mt-3">
          <label htmlFor="tradein-offer-deal" className="font-semibold">
            {t("tradein.offer.choose_deal")}
          </label>
          <select
            id="tradein-offer-deal"
            value={chosenDeal}
            onChange={(e) => setChosenDeal(e.target.value)}
            className={fieldClass}
            data-testid="tradein-offer-deal"
          >
            <option value="">{t("tradein.offer.choose_deal_placeholder")}</option>
            {deals.map((deal) => (
              <option key={deal.id} value={deal.id}>
                {(props.locale === "fr-ca" ? deal.display.title_fr : deal.display.title) || `#${deal.id}`}
              </option>
            ))}
          </select>
        </div>
      )}
      {error && (
        <div
          role="alert"
          className="mt-3 rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-900"
          data-testid="tradein-offer-error"
        >
          <p className="font-medium">{error.message}</p>
          {error.needsDeal && (
            <Link
              to={props.saveDealHref}
              className="mt-1 inline-block font-semibold underline"
              data-testid="tradein-save-deal-link"
            >
              {t("tradein.offer.save_deal_link")}
            </Link>
          )}
        </div>
      )}
      {mode === "declining" || mode === "sending-decline" ? (
        <div className="mt-3 grid gap-3">
          <div>
            <label htmlFor="tradein-decline-comments" className="font-semibold">
              {t("tradein.offer.decline_comments")}
            </label>
            <textarea
              id="tradein-decline-comments"
              ref={declineRef}
              rows={3}
              maxLength={1000}
              value={comments}
              onChange={(e) => setComments(e.target.value)}
              aria-describedby={describedBy("tradein-decline-hint")}
              className={fieldClass}
              data-testid="tradein-decline-comments"
            />
            <p id="tradein-decline-hint" className="mt-1 text-xs opacity-80">
              {t("tradein.offer.decline_hint")}
            </p>
            <FieldError id="tradein-decline-error" message={undefined} />
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => void decline()}
              disabled={busy}
              className={`${ctaButtonClass} min-h-11`}
              data-testid="tradein-decline-confirm"
            >
              {mode === "sending-decline" ? t("tradein.offer.declining") : t("tradein.offer.decline_confirm")}
            </button>
            <button type="button" onClick={() => setMode("idle")} disabled={busy} className={secondaryButtonClass}>
              {t("tradein.offer.keep")}
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => void accept()}
            disabled={busy}
            className={`${ctaButtonClass} min-h-11`}
            data-testid="tradein-accept"
          >
            {mode === "accepting" ? t("tradein.offer.accepting") : t("tradein.offer.accept")}
          </button>
          <button
            type="button"
            onClick={() => {
              setMode("declining");
              window.setTimeout(() => declineRef.current?.focus(), 0);
            }}
            disabled={busy}
            className={secondaryButtonClass}
            data-testid="tradein-decline"
          >
            {t("tradein.offer.decline")}
          </button>
        </div>
      )}
    </section>
  );
}

const offerStatusKey = (offer: TradeInOffer) =>
  offer.status === "A" ? "accepted" : offer.status === "D" ? "declined" : offer.is_expired ? "expired" : "open";

function PastOffers(props: {
  t: TradeInTranslate;
  offers: TradeInOffer[];
  money(amount: string): string;
  locale: Locale;
  timeZone: string;
}) {
  const { t } = props;
  return (
    <Card title={t("tradein.offer.past_title")} testId="tradein-past-offers">
      <ul className="grid gap-3">
        {props.offers.map((offer) => (
          <li key={offer.id} className="rounded-lg border border-black/10 p-3 text-sm" data-testid="tradein-past-offer">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="text-base font-semibold tabular-nums">{props.money(offer.dealer_offer)}</span>
              <span>{t(`tradein.offer.status.${offerStatusKey(offer)}`)}</span>
            </p>
            <p className="opacity-80">
              {t("tradein.offer.made_on", { date: dealerDay(offer.created, props.locale, props.timeZone) })}
            </p>
            {offer.dealer_comments && <p>{t("tradein.offer.dealer_said", { comments: offer.dealer_comments })}</p>}
            {offer.decline_comments && <p>{t("tradein.offer.you_said", { comments: offer.decline_comments })}</p>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
