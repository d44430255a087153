import type { Locale, Order, QuoteFlowWire } from "@showroom/domain";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiRequestError } from "../../lib/api-client.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import type { AuthPreset } from "../../lib/auth.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { ctaButtonClass, fieldClass, secondaryButtonClass } from "../../ui/styles.ts";
import { useQuotesI18n, type QuotesTranslate } from "./i18n.ts";
import { dateInWords } from "./dates.ts";
import { createQuotesApi } from "./quotes-api.ts";

const MESSAGE_MAX = 1000;

/** Where the deal's latest flow stands, as the card words it. */
export function flowState(flow: QuoteFlowWire): "requested" | "sent" | "reserved" | "expired" {
  if (flow.reserved_quote !== null) return "reserved";
  if (flow.is_expired) return "expired";
  return flow.is_active ? "sent" : "requested";
}

function stateText(flow: QuoteFlowWire, t: QuotesTranslate, locale: Locale, timeZone: string): string {
  const state = flowState(flow);
  if (state !== "requested") return t(`quotes.card.state.${state}`);
  const at = flow.requested_at ?? flow.created;
  return at ? t("quotes.card.state.requested", { date: dateInWords(at, locale, timeZone) }) : t("quotes.card.state.requested_undated");
}

/**
 * The deal panel's "personalized quote" card (spec 2, "Personalized quotes"; shown where the dealership has the
 * personalized_quote module). Without a request: a button opening a short form (an optional message) that asks the
 * dealership for a quote; an anonymous shopper signs in and the deal is saved first (the "personal quote request"
 * preset). With one: where it stands, and "See my quotes" once they are sent. It is loaded after the page (the deal
 * panel's pages keep to their JavaScript budget) and reads the deal's flows itself.
 */
export function QuoteRequestCard(props: { order: Order | null; saveDeal(preset: AuthPreset): Promise<Order | null> }) {
  const { t, locale } = useQuotesI18n();
  const { quietApi, path, dealer, signIn, sessionExpired, prefetchSignIn, customer } = useShell();
  const api = useMemo(() => createQuotesApi(quietApi), [quietApi]);
  const orderId = props.order?.id ?? null;
  const [flows, setFlows] = useState<QuoteFlowWire[] | "loading">(orderId ? "loading" : []);
  const [formFor, setFormFor] = useState<number | null>(null);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const ids = useId();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const stateRef = useRef<HTMLParagraphElement>(null);

  const readFlows = useMemo(
    () => (id: number) =>
      api
        .flows(id)
        .then((answer) => answer.results)
        // Not signed in any more, or the module off: the card offers the request, which says why if it is refused.
        .catch(() => [] as QuoteFlowWire[]),
    [api],
  );
  useEffect(() => {
    if (!orderId) return setFlows([]);
    let current = true;
    setFlows("loading");
    void readFlows(orderId).then((results) => current && setFlows(results));
    return () => {
      current = false;
    };
  }, [orderId, readFlows]);
  useEffect(() => {
    if (formFor !== null) messageRef.current?.focus();
  }, [formFor]);

  const latest = Array.isArray(flows) ? (flows[0] ?? null) : null;
  const canRequest = !latest || latest.can_request_new;

  async function open() {
    setError(null);
    setSent(false);
    // A request belongs to a saved deal: an anonymous shopper identifies first, and the deal is saved.
    const id = orderId ?? (await props.saveDeal("personal-quote-request"))?.id ?? null;
    if (id !== null) setFormFor(id);
  }

  async function send() {
    if (formFor === null || sending) return;
    if (message.trim().length > MESSAGE_MAX) {
      setFieldError(t("quotes.card.message_too_long"));
      messageRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    setFieldError(null);
    try {
      const flow = await api.request(formFor, message);
      setFlows((previous) => [flow, ...(Array.isArray(previous) ? previous : [])]);
      setFormFor(null);
      setMessage("");
      setSent(true);
      window.setTimeout(() => stateRef.current?.focus(), 0);
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.failure.kind === "session-expired") {
        void sessionExpired(caught.failure.userKind);
        return setError(t("quotes.card.error.failed"));
      }
      const failure = httpFailure(caught);
      const read = errorMessages(failure?.body);
      if (failure?.status === 409) {
        setError(t("quotes.card.error.pending"));
        setFormFor(null);
        const results = await readFlows(formFor);
        setFlows(results);
      } else if (failure?.status === 403 && read.code === "quotes_disabled") setError(t("quotes.card.error.disabled"));
      else if (failure?.status === 401 || failure?.status === 403) {
        setError(t("quotes.error.sign_in"));
        void signIn("personal-quote-request", { mode: "sign-in" });
      } else if (failure?.status === 400) {
        // The API words its messages in the shopper's language.
        const onMessage = read.fields["user_options.message"];
        if (onMessage) setFieldError(onMessage);
        else setError(read.fields["order_id"] ?? read.general[0] ?? t("quotes.card.error.failed"));
      } else setError(t("quotes.card.error.failed"));
    } finally {
      setSending(false);
    }
  }

  const messageId = `${ids}-message`;
  return (
    <section aria-labelledby={`${ids}-heading`} className="rounded-xl border border-black/10 bg-white p-4" data-testid="quote-request-card" data-state={latest ? flowState(latest) : "none"}>
      <h2 id={`${ids}-heading`} className="text-lg font-semibold">
        {t("quotes.card.heading")}
      </h2>
      <p ref={stateRef} tabIndex={-1} className="mt-1 text-sm outline-none" data-testid="quote-request-state" role={sent ? "status" : undefined}>
        {flows === "loading"
          ? t("quotes.card.loading")
          : sent
            ? t("quotes.card.sent")
            : latest
              ? stateText(latest, t, locale, dealer.time_zone)
              : t("quotes.card.intro")}
      </p>
      {latest?.is_active && (
        <Link to={path(`quotes/${latest.id}`)} className={`${secondaryButtonClass} mt-3 w-full`} data-testid="quote-request-see">
          {t("quotes.card.see")}
        </Link>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800" data-testid="quote-request-error">
          {error}
        </p>
      )}
      {formFor !== null ? (
        <form
          aria-label={t("quotes.card.form_label")}
          className="mt-3 grid gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
          data-testid="quote-request-form"
        >
          <label htmlFor={messageId} className="font-semibold">
            {t("quotes.card.message")}
          </label>
          <p id={`${messageId}-hint`} className="text-sm opacity-80">
            {t("quotes.card.message_hint")}
          </p>
          <textarea
            id={messageId}
            ref={messageRef}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            rows={3}
            maxLength={MESSAGE_MAX}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${messageId}-hint ${messageId}-error` : `${messageId}-hint`}
            className={fieldClass}
            data-testid="quote-request-message"
          />
          {fieldError && (
            <p id={`${messageId}-error`} className="text-sm font-medium text-red-800">
              {fieldError}
            </p>
          )}
          <div className="flex flex-col gap-2 tablet-up:flex-row">
            <button type="submit" disabled={sending} aria-busy={sending || undefined} className={`${ctaButtonClass} min-h-11 disabled:opacity-60`} data-testid="quote-request-send">
              {sending ? t("quotes.action.busy") : t("quotes.card.send")}
            </button>
            <button type="button" onClick={() => setFormFor(null)} className={secondaryButtonClass} data-testid="quote-request-cancel">
              {t("quotes.card.cancel")}
            </button>
          </div>
        </form>
      ) : (
        flows !== "loading" &&
        canRequest && (
          <button
            type="button"
            onClick={() => void open()}
            onPointerEnter={customer ? undefined : prefetchSignIn}
            onFocus={customer ? undefined : prefetchSignIn}
            className={`${secondaryButtonClass} mt-3 w-full`}
            data-testid="quote-request-open"
          >
            {t(latest ? "quotes.card.request_new" : "quotes.card.request")}
          </button>
        )
      )}
    </section>
  );
}
