import { formatDate, languageOf, type DealSummary, type Locale, type WorkspaceCustomer } from "@showroom/domain";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { codeLabel, type Translate } from "../../i18n/index.ts";
import { ctaButtonClass } from "../../ui/styles.ts";

export const SEARCH_DEBOUNCE_MS = 350;

/** The address of a workspace page: the search and the page number (page 1 and an empty search stay out). */
export function workspaceSearch(search: string, page = 1): string {
  const params = new URLSearchParams();
  const trimmed = search.trim();
  if (trimmed) params.set("search", trimmed);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** Calls `apply` once the value stopped changing for the delay (the latest value wins). */
export function useDebounced(value: string, delayMs: number, apply: (value: string) => void) {
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(() => applyRef.current(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
}

const secondaryClass =
  "inline-flex min-h-11 items-center rounded-md border border-black/20 px-4 font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-[var(--accent)]";

/** Search box: the address follows as one types (debounced); it also works as a plain form. */
export function CustomerSearch(props: { t: Translate; initial: string; action: string; onSearch(value: string): void }) {
  const { t } = props;
  const [value, setValue] = useState(props.initial);
  useDebounced(value, SEARCH_DEBOUNCE_MS, props.onSearch);
  // Text typed while the page was still loading is in the field but never reached React: take it up once hydrated.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) setValue(input.current.value);
  }, []);
  return (
    <form
      role="search"
      action={props.action}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSearch(value);
      }}
      className="flex flex-wrap items-end gap-2"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor="workspace-search" className="font-semibold">
          {t("workspace.search_label")}
        </label>
        <input
          ref={input}
          id="workspace-search"
          name="search"
          type="search"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby="workspace-search-hint"
          className="mt-1 w-full rounded-md border border-black/30 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-[var(--accent)]"
          data-testid="workspace-search"
        />
        <p id="workspace-search-hint" className="mt-1 text-xs opacity-80">
          {t("workspace.search_hint")}
        </p>
      </div>
      <button type="submit" className={`${secondaryClass} mb-5`}>
        {t("workspace.search")}
      </button>
    </form>
  );
}

/** The customer list: a card per customer on phones, a table from tablet width up. */
export function CustomerList(props: { t: Translate; locale: Locale; customers: WorkspaceCustomer[]; hrefOf(id: number): string }) {
  const { t, locale } = props;
  const date = (value: string) => formatDate(value, locale);
  return (
    <>
      <ul className="grid gap-3 tablet-up:hidden" data-testid="workspace-cards">
        {props.customers.map((c) => (
          <li key={c.id} className="rounded-xl border border-black/10 bg-white p-4" data-testid="workspace-customer">
            <Link to={props.hrefOf(c.id)} className="text-lg font-bold underline underline-offset-2 hover:no-underline" data-testid="workspace-customer-link">
              {c.full_name || c.email}
            </Link>
            <p className="text-sm break-all">{c.email}</p>
            {c.phone && <p className="text-sm">{c.phone}</p>}
            <p className="mt-2 text-sm">
              {t("workspace.deal_count", { count: c.deal_count })} · {t("workspace.last_activity_on", { date: date(c.last_activity) })}
            </p>
          </li>
        ))}
      </ul>
      <table className="w-full border-collapse text-left max-mobile:hidden" data-testid="workspace-table">
        <caption className="sr-only">{t("workspace.table_caption")}</caption>
        <thead>
          <tr className="border-b border-black/20 text-sm">
            <th scope="col" className="py-2 pr-4">{t("workspace.col_name")}</th>
            <th scope="col" className="py-2 pr-4">{t("workspace.col_contact")}</th>
            <th scope="col" className="py-2 pr-4">{t("workspace.col_assigned")}</th>
            <th scope="col" className="py-2 pr-4 text-right">{t("workspace.col_deals")}</th>
            <th scope="col" className="py-2">{t("workspace.col_last_activity")}</th>
          </tr>
        </thead>
        <tbody>
          {props.customers.map((c) => (
            <tr key={c.id} className="border-b border-black/10 align-top" data-testid="workspace-row">
              <th scope="row" className="py-3 pr-4 font-semibold">
                <Link to={props.hrefOf(c.id)} className="underline underline-offset-2 hover:no-underline" data-testid="workspace-customer-link">
                  {c.full_name || c.email}
                </Link>
              </th>
              <td className="py-3 pr-4 text-sm">
                <span className="break-all">{c.email}</span>
                {c.phone && <span className="block">{c.phone}</span>}
              </td>
              <td className="py-3 pr-4 text-sm">{c.dealer_user?.full_name ?? t("workspace.unassigned")}</td>
              <td className="py-3 pr-4 text-right tabular-nums">{c.deal_count}</td>
              <td className="py-3 text-sm">{date(c.last_activity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A deal's vehicle in the page's language. */
const dealTitle = (deal: DealSummary, locale: Locale) =>
  (languageOf(locale) === "fr" ? deal.vehicle.title_fr : deal.vehicle.title) || deal.vehicle.title || `#${deal.id}`;

/** What a deal's summary says in words: the flows not started yet read "not started". */
export function dealFacts(deal: DealSummary, t: Translate) {
  const none = t("workspace.not_started");
  return {
    status: codeLabel(t, "deal.status", deal.status),
    deposit: deal.has_deposit ? codeLabel(t, "workspace.deposit", deal.deposit_status) : t("workspace.no_deposit"),
    tradeIn: deal.trade_in ? (deal.trade_in.status ? codeLabel(t, "workspace.trade_in_status", deal.trade_in.status) : t("workspace.in_progress")) : none,
    credit: deal.credit_application_status ? codeLabel(t, "workspace.flow", deal.credit_application_status) : none,
    quote: deal.quote_state ? codeLabel(t, "deal.status", deal.quote_state) : t("deal.status.no_quote_created"),
  };
}

export function DealSummaries(props: {
  t: Translate;
  locale: Locale;
  deals: DealSummary[];
  canAct: boolean;
  busy: number | null;
  onOpen(deal: DealSummary): void;
  /** What the page adds to each deal (its appointment, its documents). */
  details?(deal: DealSummary): ReactNode;
}) {
  const { t, locale } = props;
  if (props.deals.length === 0) return <p data-testid="workspace-no-deals">{t("workspace.no_deals")}</p>;
  return (
    <ul className="grid gap-4 tablet-up:grid-cols-2" data-testid="workspace-deals">
      {props.deals.map((deal) => {
        const title = dealTitle(deal, locale);
        const facts = dealFacts(deal, t);
        const headingId = `workspace-deal-${deal.id}`;
        const progress = t("deal.progress_value", { percent: deal.step_progress, status: facts.status });
        return (
          <li key={deal.id}>
            <article aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-xl border border-black/10 bg-white p-4" data-testid="workspace-deal">
              <h3 id={headingId} className="text-lg font-bold" data-testid="workspace-deal-title">{title}</h3>
              <div>
                <div className="flex justify-between gap-2 text-sm">
                  <span id={`${headingId}-progress`} className="font-semibold">{t("deal.progress")}</span>
                  <span data-testid="workspace-deal-status">{progress}</span>
                </div>
                <div
                  role="progressbar"
                  aria-labelledby={`${headingId}-progress`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={deal.step_progress}
                  aria-valuetext={progress}
                  className="mt-1 h-2 overflow-hidden rounded-full bg-black/10"
                >
                  <div className="h-full rounded-full bg-[var(--accent)]" style={{ width: `${deal.step_progress}%` }} />
                </div>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="font-semibold">{t("workspace.deposit_label")}</dt>
                <dd>{facts.deposit}</dd>
                <dt className="font-semibold">{t("workspace.trade_in_label")}</dt>
                <dd data-testid="workspace-deal-trade-in">{facts.tradeIn}</dd>
                <dt className="font-semibold">{t("workspace.credit_label")}</dt>
                <dd>{facts.credit}</dd>
                <dt className="font-semibold">{t("workspace.quote_label")}</dt>
                <dd>{facts.quote}</dd>
                <dt className="font-semibold">{t("workspace.updated_label")}</dt>
                <dd>{formatDate(deal.last_updated, locale)}</dd>
              </dl>
              {props.details?.(deal)}
              {props.canAct && (
                <button
                  type="button"
                  disabled={props.busy !== null}
                  onClick={() => props.onOpen(deal)}
                  className={`${ctaButtonClass} mt-auto min-h-11`}
                  data-testid="workspace-open-deal"
                >
                  {props.busy === deal.id ? t("workspace.opening") : t("workspace.open_as_customer")}
                  <span className="sr-only">{`: ${title}`}</span>
                </button>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** Opens the dealer sign-in once when a signed-out visitor lands here (the prompt stays for a second try). */
export function useSignInOnArrival(signedOut: boolean, signIn: () => Promise<boolean>) {
  const asked = useRef(false);
  useEffect(() => {
    if (!signedOut || asked.current) return;
    asked.current = true;
    void signIn();
  }, [signedOut, signIn]);
}

/** Shown in the workspace to anyone not fully signed in as staff: the dealer sign-in. */
export function StaffSignInPrompt(props: { t: Translate; onSignIn(): void; onPrefetch(): void }) {
  const { t } = props;
  return (
    <section aria-labelledby="workspace-sign-in" className="mt-6 max-w-xl rounded-xl border border-black/10 bg-white p-6" data-testid="workspace-sign-in">
      <h2 id="workspace-sign-in" className="text-lg font-semibold">{t("workspace.sign_in_title")}</h2>
      <p className="mt-2">{t("workspace.sign_in_body")}</p>
      <button type="button" onClick={props.onSignIn} onPointerEnter={props.onPrefetch} onFocus={props.onPrefetch} className={`${ctaButtonClass} mt-4 min-h-11`} data-testid="workspace-sign-in-button">
        {t("staff.sign_in")}
      </button>
    </section>
  );
}
