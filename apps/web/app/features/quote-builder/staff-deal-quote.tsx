import { can, effectiveStaffRole, type DealSummary, type QuoteFlowWire } from "@showroom/domain";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useShell } from "../../lib/shell-context.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { useQuotesI18n, type QuotesTranslate } from "./i18n.ts";
import { refusalText } from "./refusals.ts";
import { createStaffQuotesApi, type StaffQuotesApi } from "./quotes-api.ts";
import { dateInWords } from "./quote-format.ts";

/** The deal's latest flow in words: none, a draft of n options, sent on a day, viewed, reserved (and expired). */
export function flowStateText(flow: QuoteFlowWire | null, deal: Pick<DealSummary, "quote_state">, t: QuotesTranslate, day: (iso: string) => string): string {
  if (!flow) return t("staff_quote.none");
  if (flow.reserved_quote !== null) return t("staff_quote.reserved");
  if (!flow.is_active) {
    const draft = t("staff_quote.draft", { count: flow.n_quotes });
    return flow.requested_at ? `${t("staff_quote.requested", { date: day(flow.requested_at) })} · ${draft}` : draft;
  }
  const sent = flow.latest_submission ? t("staff_quote.sent", { date: day(flow.latest_submission) }) : t("staff_quote.active");
  const viewed = deal.quote_state === "viewed_by_customer" ? ` · ${t("staff_quote.viewed")}` : "";
  const expired = flow.is_expired ? ` · ${t("staff_quote.expired")}` : "";
  return `${sent}${viewed}${expired}`;
}

/**
 * The workspace's personalized quote of one deal (inside the deal's card), where the dealership offers them: the
 * deal's latest flow and, for staff who prepare quotes (quotes.manage), "Prepare a quote" (a new flow, or the deal's
 * open one) or "Open the quote". Staff who only read may open an existing quote.
 */
export function StaffDealQuote(props: { deal: DealSummary; api?: StaffQuotesApi }) {
  const { deal } = props;
  const { t, locale } = useQuotesI18n();
  const { quietApi, dealer, dealerUser, path } = useShell();
  const navigate = useNavigate();
  const api = useMemo(() => props.api ?? createStaffQuotesApi(quietApi), [props.api, quietApi]);
  const on = dealer.module_settings.enabled_modules.includes("personalized_quote");
  const manages = dealerUser !== null && can(effectiveStaffRole(dealerUser), "quotes.manage");
  const [flow, setFlow] = useState<QuoteFlowWire | null | "loading" | "failed">("loading");
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!on) return;
    let live = true;
    api.flows(deal.id).then(
      (answer) => live && setFlow(answer.results[0] ?? null),
      () => live && setFlow("failed"),
    );
    return () => {
      live = false;
    };
  }, [api, deal.id, on]);

  if (!on) return null;

  async function prepare() {
    setPreparing(true);
    setError(null);
    try {
      const created = await api.createFlow(deal.id);
      await navigate(path(`dealer/quotes/${created.id}`));
    } catch (failure) {
      setPreparing(false);
      setError(refusalText(failure, t, t("staff_quote.prepare_failed")));
    }
  }

  const latest = typeof flow === "string" ? null : flow;
  // A flow the customer reserved from, or one past its day, is closed: a new quote starts another one.
  const closed = latest !== null && (latest.reserved_quote !== null || latest.is_expired);
  const day = (iso: string) => dateInWords(iso, locale, dealer.time_zone);

  return (
    <section className="border-t border-black/10 pt-3" data-testid="workspace-deal-quote" data-state={typeof flow === "string" ? flow : flow ? "flow" : "none"}>
      <h4 className="mb-1 font-semibold">{t("staff_quote.heading")}</h4>
      <p className="text-sm" data-testid="workspace-quote-state" aria-live="polite">
        {flow === "loading" ? t("staff_quote.loading") : flow === "failed" ? t("staff_quote.failed") : flowStateText(flow, deal, t, day)}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {latest && (
          <Link to={path(`dealer/quotes/${latest.id}`)} className={`${closed || !manages ? secondaryButtonClass : ctaButtonClass} inline-flex min-h-11 items-center`} data-testid="workspace-quote-open">
            {t("staff_quote.open")}
          </Link>
        )}
        {manages && flow !== "loading" && flow !== "failed" && (!latest || closed) && (
          <button type="button" onClick={() => void prepare()} disabled={preparing} aria-busy={preparing || undefined} className={`${ctaButtonClass} min-h-11`} data-testid="workspace-quote-prepare">
            {preparing ? t("staff_quote.preparing") : latest ? t("staff_quote.prepare_new") : t("staff_quote.prepare")}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm font-semibold text-red-800" data-testid="workspace-quote-error">
          {error}
        </p>
      )}
    </section>
  );
}
