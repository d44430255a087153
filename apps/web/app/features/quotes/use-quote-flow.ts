import type { QuoteFlowWire } from "@showroom/domain";
import { useEffect, useMemo, useRef, useState } from "react";
import { ApiRequestError } from "../../lib/api-client.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { useShell } from "../../lib/shell-context.tsx";
import type { QuotesMessageKey, QuotesTranslate } from "./i18n.ts";
import { createQuotesApi } from "./quotes-api.ts";

/** What the page says after a choice, beside the option it was about. */
export type QuoteNotice = { quoteId: number; tone: "info" | "error"; text: string };

/** The reservation refusals of the API (409) and their words; another code shows the API's own `detail`. */
export const RESERVE_REFUSALS: Record<string, QuotesMessageKey> = {
  quote_expired: "quotes.error.expired",
  quote_vehicle_unavailable: "quotes.error.vehicle_unavailable",
  quote_already_reserved: "quotes.error.already_reserved",
  quote_not_active: "quotes.error.not_active",
};

type Refusal = { text: string; signIn: boolean; sessionKind?: "dealer" | "customer" | null; reload: boolean };

/**
 * What a refused choice shows: a session that ended is the shell's notice (440); nobody signed in (401, 403) is asked to
 * sign in (the emailed link reads the quote, choosing needs the account); a 409 names why the option cannot be taken;
 * anything else is "Not able to select quote".
 */
export function refusalOf(error: unknown, t: QuotesTranslate): Refusal {
  if (error instanceof ApiRequestError && error.failure.kind === "session-expired")
    return { text: t("quotes.error.sign_in"), signIn: false, sessionKind: error.failure.userKind, reload: false };
  if (error instanceof ApiRequestError && error.failure.kind === "network") return { text: t("quotes.error.network"), signIn: false, reload: false };
  const failure = httpFailure(error);
  const read = errorMessages(failure?.body);
  if (failure?.status === 403 && read.code === "quotes_disabled") return { text: t("quotes.notice.disabled"), signIn: false, reload: false };
  if (failure?.status === 401 || failure?.status === 403) return { text: t("quotes.error.sign_in"), signIn: true, reload: false };
  if (failure?.status === 409) {
    const known = read.code ? RESERVE_REFUSALS[read.code] : undefined;
    return { text: known ? t(known) : (read.general[0] ?? t("quotes.error.select")), signIn: false, reload: true };
  }
  return { text: t("quotes.error.select"), signIn: false, reload: false };
}

/**
 * The flow on screen and the shopper's two choices: the preferred option and the reservation. Each answers the flow,
 * which replaces the one shown; a refusal is worded beside the option, and a 409 reads the flow again (it expired, its
 * vehicle was sold, another option was reserved).
 */
export function useQuoteFlow(initial: QuoteFlowWire, token: string | null, t: QuotesTranslate) {
  const { quietApi, signIn, sessionExpired, customer, dealerUser } = useShell();
  const api = useMemo(() => createQuotesApi(quietApi), [quietApi]);
  const [flow, setFlow] = useState(initial);
  // The page's data read again (after a sign-in, a language switch) replaces what is shown.
  useEffect(() => setFlow(initial), [initial]);
  const [busy, setBusy] = useState<{ quoteId: number; action: "primary" | "reserve" } | null>(null);
  const [notice, setNotice] = useState<QuoteNotice | null>(null);
  const running = useRef(false);

  async function run(quoteId: number, action: "primary" | "reserve", call: () => Promise<QuoteFlowWire>, done?: (flow: QuoteFlowWire) => string | null) {
    if (running.current) return;
    // The emailed link reads the quote; choosing is the account's: a visitor not signed in signs in first.
    if (!customer && !dealerUser) {
      setNotice({ quoteId, tone: "error", text: t("quotes.error.sign_in") });
      void signIn(undefined, { mode: "sign-in" });
      return;
    }
    running.current = true;
    setBusy({ quoteId, action });
    setNotice(null);
    try {
      const next = await call();
      if (next) setFlow(next);
      const text = done?.(next) ?? null;
      if (text) setNotice({ quoteId, tone: "info", text });
    } catch (error) {
      const refusal = refusalOf(error, t);
      setNotice({ quoteId, tone: "error", text: refusal.text });
      if (refusal.sessionKind !== undefined) void sessionExpired(refusal.sessionKind);
      if (refusal.signIn) void signIn(undefined, { mode: "sign-in" });
      if (refusal.reload)
        await api
          .flow(flow.id, token)
          .then((next) => next && setFlow(next))
          .catch(() => undefined);
    } finally {
      running.current = false;
      setBusy(null);
    }
  }

  return {
    flow,
    busy,
    notice,
    choosePrimary: (quoteId: number, name: string) =>
      run(quoteId, "primary", () => api.setPrimary(quoteId), () => t("quotes.action.primary_saved", { option: name })),
    reserve: (quoteId: number) => run(quoteId, "reserve", () => api.reserve(quoteId)),
  };
}
