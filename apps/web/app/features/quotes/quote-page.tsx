import { formatDistance, languageOf, type QuoteFlowWire } from "@showroom/domain";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { codeLabel } from "../../i18n/index.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { SignInPrompt } from "../../ui/sign-in-prompt.tsx";
import { useQuotesI18n, type QuotesTranslate } from "./i18n.ts";
import { FlowNotices } from "./flow-notices.tsx";
import { QuoteOption } from "./quote-option.tsx";
import { dateInWords, dayInWords } from "./dates.ts";
import { optionName, optionsOf, type QuoteFormat } from "./quote-view.ts";
import { validToken } from "./quotes-api.ts";
import { useQuoteFlow } from "./use-quote-flow.ts";

/** What the quote pages' loader read: the flow, or why there is none to show (a 404 is the route's not-found page). */
export type QuoteProblem = "sign-in" | "unavailable" | "disabled";
export type QuotePageData =
  | { problem: null; flow: QuoteFlowWire; token: string | null }
  | { problem: QuoteProblem; flow: null; token: string | null }
  | { problem: "missing"; flow: null; token: string | null };
/** What the pages show (not found is the route's not-found page). */
export type ShownQuoteData = Exclude<QuotePageData, { problem: "missing" }>;

/** The storefront's header, footer and phone bar are left off the paper; so is whatever the page marks. */
const PRINT_CSS =
  "@media print{header[data-header-variant],#main~footer,[data-testid=phone-deal-bar],[data-print-hidden]{display:none!important}" +
  "body{background:#fff}@page{margin:14mm}}";
export const PrintStyle = () => <style>{PRINT_CSS}</style>;

/**
 * The quote page (spec 2, "Personalized quotes"): the header (dealership, prepared by, created, expires), the vehicle,
 * each option with its choices, the notices (expired, vehicle no longer available, being prepared, reserved), the
 * disclaimer, and the ways on: compare, PDF, print.
 */
export function QuotePage(props: { data: ShownQuoteData }) {
  const { t } = useQuotesI18n();
  const { data } = props;
  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 gap-6 px-4 py-6 print:max-w-none print:gap-4 print:p-0 print:text-sm" data-testid="quote-page">
      <PrintStyle />
      {data.problem === null ? (
        <FlowView flow={data.flow} token={data.token} />
      ) : (
        <>
          <h1 className="text-2xl font-bold tablet-up:text-3xl">{t("quotes.heading")}</h1>
          <Problem problem={data.problem} t={t} />
        </>
      )}
    </div>
  );
}

/** Nobody signed in (and no valid emailed link), the module off, or the API failing. */
export function Problem(props: { problem: QuoteProblem; t: QuotesTranslate }) {
  const { t } = props;
  if (props.problem === "sign-in")
    return <SignInPrompt id="quotes-locked" testId="quotes" title={t("quotes.locked.title")} body={t("quotes.locked.body")} action={t("quotes.locked.sign_in")} />;
  return (
    <p role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-4 font-medium text-red-900" data-testid={`quotes-${props.problem}`}>
      {t(props.problem === "disabled" ? "quotes.notice.disabled" : "quotes.error.fetch")}
    </p>
  );
}

function FlowView(props: { flow: QuoteFlowWire; token: string | null }) {
  const { t, locale } = useQuotesI18n();
  const { dealer, path, dealerUser } = useShell();
  const actions = useQuoteFlow(props.flow, props.token, t);
  // Staff previewing the quote as the customer (the quote builder's "Preview as the customer") get their way back.
  const preview = dealerUser !== null && new URLSearchParams(useLocation().search).get("from") === "builder";
  const { flow } = actions;
  const language = languageOf(locale);
  const format: QuoteFormat = { t, locale, currency: dealer.currency_unit, lengthUnit: dealer.length_unit };
  // Options staff have not sent yet are theirs: the shopper reads that the quote is being prepared.
  const options = flow.is_active ? optionsOf(flow) : [];
  const names = new Map(options.map((quote, i) => [quote.id, optionName(quote, i + 1, t)]));
  const [confirming, setConfirming] = useState<number | null>(null);
  const live = flow.is_active && !flow.is_expired && flow.reserved_quote === null;
  const reserved = flow.reserved_quote !== null ? (options.find((q) => q.id === flow.reserved_quote) ?? null) : null;
  const vehicleTitle = (language === "fr" ? flow.vehicle.title_fr : flow.vehicle.title) || flow.vehicle.title;

  // A reservation just made: its confirmation takes the focus (the button that was pressed is gone).
  const reservedHeading = useRef<HTMLHeadingElement>(null);
  const wasReserved = useRef(flow.reserved_quote !== null);
  useEffect(() => {
    if (flow.reserved_quote !== null && !wasReserved.current) reservedHeading.current?.focus();
    wasReserved.current = flow.reserved_quote !== null;
  }, [flow.reserved_quote]);

  const compareHref = path(`praq/compare/${flow.id}`, props.token ? `?token=${encodeURIComponent(props.token)}` : "");
  const depositHref = dealer.module_settings.enabled_modules.includes("deposit") && flow.vehicle.id > 0 ? `${path(`details/${flow.vehicle.id}`)}#deposit` : null;

  return (
    <>
      {preview && (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-[var(--banner-bg)] p-3 text-[var(--banner-fg)] print:hidden" data-testid="quote-preview-banner">
          <span>{t("quotes.preview.viewing_as", { name: flow.customer.full_name || flow.customer.email })}</span>
          <Link to={path(`dealer/quotes/${flow.id}`)} className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2" data-testid="quote-preview-back">
            {t("quotes.preview.back")}
          </Link>
        </p>
      )}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tablet-up:text-3xl">{t("quotes.heading")}</h1>
          {vehicleTitle && (
            <p className="mt-1 text-lg font-semibold" data-testid="quote-vehicle-title">
              {vehicleTitle}
            </p>
          )}
          {flow.customer.full_name && <p className="opacity-80">{t("quotes.heading_for", { name: flow.customer.full_name })}</p>}
        </div>
        <QuoteLinks flow={flow} token={props.token} compareHref={options.length > 1 ? compareHref : null} t={t} />
      </div>

      <QuoteHeader flow={flow} t={t} format={format} timeZone={dealer.time_zone} />

      <FlowNotices flow={flow} t={t} locale={locale} />
      {reserved && (
        <section aria-labelledby="quote-reserved-title" className="grid gap-2 rounded-xl border-2 border-[var(--accent)] bg-[var(--accent-soft)] p-4" data-testid="quote-reserved">
          <h2 id="quote-reserved-title" ref={reservedHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {t("quotes.reserved.title", { option: names.get(reserved.id) ?? "" })}
          </h2>
          <p>{t("quotes.reserved.body")}</p>
          {depositHref && !reserved.applied && (
            <Link to={depositHref} className={`${ctaButtonClass} inline-flex min-h-11 w-fit items-center print:hidden`} data-testid="quote-deposit-link">
              {t("quotes.reserved.deposit")}
            </Link>
          )}
        </section>
      )}

      <VehicleDetails flow={flow} t={t} format={format} title={vehicleTitle} />

      {options.length > 0 && (
        <section aria-labelledby="quote-options-heading" className="grid gap-4">
          <div>
            <h2 id="quote-options-heading" className="text-xl font-semibold">
              {t("quotes.options.heading")}
            </h2>
            <p className="opacity-80">{options.length === 1 ? t("quotes.options.count_one") : t("quotes.options.count", { count: options.length })}</p>
          </div>
          {options.map((quote, i) => {
            const name = names.get(quote.id) ?? "";
            const choosable = live && quote.status === "active";
            return (
              <QuoteOption
                key={quote.id}
                quote={quote}
                number={i + 1}
                name={name}
                format={format}
                preferred={flow.primary_quote === quote.id}
                notice={actions.notice?.quoteId === quote.id ? actions.notice : null}
                choices={{
                  canChoose: choosable && flow.primary_quote !== quote.id,
                  canReserve: choosable && flow.vehicle.is_available && quote.option !== null,
                  busy: actions.busy?.quoteId === quote.id ? actions.busy.action : null,
                  locked: actions.busy !== null,
                  onPrimary: () => void actions.choosePrimary(quote.id, name),
                  onReserve: () => setConfirming(quote.id),
                }}
              />
            );
          })}
        </section>
      )}

      <section aria-labelledby="quote-disclaimer-heading" className="text-sm opacity-90" data-testid="quote-disclaimer">
        <h2 id="quote-disclaimer-heading" className="font-semibold">
          {t("quotes.disclaimer_heading")}
        </h2>
        <p className="mt-1">{t("quotes.disclaimer", { dealer: flow.dealership.name })}</p>
      </section>

      {confirming !== null && (
        <ModalFrame title={t("quotes.reserve.title", { option: names.get(confirming) ?? "" })} closeLabel={t("common.close")} onClose={() => setConfirming(null)} size="sm">
          <div data-testid="quote-reserve-confirm">
            <p>{t("quotes.reserve.body")}</p>
            <div className="mt-4 flex flex-col gap-2 tablet-up:flex-row-reverse">
              <button
                type="button"
                className={`${ctaButtonClass} min-h-11`}
                onClick={() => {
                  const id = confirming;
                  setConfirming(null);
                  void actions.reserve(id);
                }}
                data-testid="quote-reserve-yes"
              >
                {t("quotes.reserve.confirm")}
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(null)} data-testid="quote-reserve-cancel">
                {t("quotes.reserve.cancel")}
              </button>
            </div>
          </div>
        </ModalFrame>
      )}
    </>
  );
}

/** Compare (two options or more), the PDF (a download under the storefront's address) and print. */
function QuoteLinks(props: { flow: QuoteFlowWire; token: string | null; compareHref: string | null; t: QuotesTranslate }) {
  const { t } = props;
  const { path } = useShell();
  const link = "inline-flex min-h-11 items-center font-semibold underline underline-offset-2 hover:no-underline";
  return (
    <div className="flex flex-col items-start gap-1 print:hidden" data-print-hidden>
      <div className="flex flex-wrap gap-x-4">
        {props.compareHref && (
          <Link to={props.compareHref} className={link} data-testid="quote-compare-link">
            {t("quotes.link.compare")}
          </Link>
        )}
        <a
          href={path(`quotes/${props.flow.id}/pdf`, validToken(props.token) ? `token=${encodeURIComponent(props.token!)}` : undefined)}
          download
          className={link}
          data-testid="quote-pdf-link"
        >
          {t("quotes.link.pdf")}
        </a>
        <button type="button" className={link} onClick={() => window.print()} data-testid="quote-print">
          {t("quotes.link.print")}
        </button>
      </div>
    </div>
  );
}

function QuoteHeader(props: { flow: QuoteFlowWire; t: QuotesTranslate; format: QuoteFormat; timeZone: string }) {
  const { flow, t, format } = props;
  const { dealership } = flow;
  const rows: [string, string | null][] = [
    [t("quotes.header.phone"), dealership.phone],
    [t("quotes.header.fax"), dealership.fax],
    [t("quotes.header.tax_number"), dealership.tax_number],
    [t("quotes.header.prepared_by"), flow.prepared_by?.name ?? null],
    [t("quotes.header.created"), dateInWords(flow.latest_submission ?? flow.created, format.locale, props.timeZone)],
    [t("quotes.header.expires"), flow.quote_expiry ? dayInWords(flow.quote_expiry, format.locale) : null],
  ];
  return (
    <section aria-label={t("quotes.header.label")} className="rounded-xl border border-black/10 bg-white p-4 print:rounded-none print:p-0" data-testid="quote-header">
      <h2 className="text-lg font-semibold">{dealership.name}</h2>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 tablet-up:grid-cols-2 print:grid-cols-2">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 border-b border-black/10 py-1.5">
              <dt className="opacity-80">{label}</dt>
              <dd className="text-right font-semibold break-words">
                {value}
                {label === t("quotes.header.prepared_by") && flow.prepared_by && (
                  <a href={`mailto:${flow.prepared_by.email}`} className="block text-sm font-normal break-all underline underline-offset-2">
                    {flow.prepared_by.email}
                  </a>
                )}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function VehicleDetails(props: { flow: QuoteFlowWire; t: QuotesTranslate; format: QuoteFormat; title: string }) {
  const { t, format } = props;
  const v = props.flow.vehicle;
  const rows: [string, string][] = [
    [t("quotes.vehicle.vin"), v.vin],
    [t("quotes.vehicle.stock_number"), v.stock_number],
    [t("quotes.vehicle.mileage"), formatDistance(v.odometer, format.lengthUnit, format.locale)],
    [t("quotes.vehicle.condition"), t(v.vehicle_condition === "New" ? "condition.new" : "condition.used")],
    [t("quotes.vehicle.body"), v.body_type ? codeLabel(t, "body", v.body_type) : ""],
    [t("quotes.vehicle.exterior_colour"), v.exterior_color],
    [t("quotes.vehicle.interior_colour"), v.interior_color],
    [t("quotes.vehicle.drivetrain"), v.drivetrain ? codeLabel(t, "drivetrain", v.drivetrain) : ""],
    [t("quotes.vehicle.fuel_type"), v.fuel_type ? codeLabel(t, "fuel", v.fuel_type) : ""],
    [t("quotes.vehicle.transmission"), v.transmission ? codeLabel(t, "transmission", v.transmission) : ""],
  ];
  return (
    <section aria-labelledby="quote-vehicle-heading" className="grid gap-3" data-testid="quote-vehicle">
      <h2 id="quote-vehicle-heading" className="text-xl font-semibold">
        {t("quotes.vehicle.heading")}
      </h2>
      <div className="grid gap-4 tablet-up:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] print:grid-cols-[minmax(0,1fr)_minmax(0,3fr)]">
        {v.main_image ? (
          <img src={v.main_image} alt={props.title} className="aspect-[4/3] w-full rounded-lg object-cover" data-testid="quote-vehicle-picture" />
        ) : (
          <p className="flex aspect-[4/3] items-center justify-center rounded-lg bg-black/5 p-4 text-center text-sm opacity-80 print:hidden">{t("quotes.vehicle.no_picture")}</p>
        )}
        <dl className="grid content-start grid-cols-1 gap-x-6 tablet-up:grid-cols-2 print:grid-cols-2">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 border-b border-black/10 py-1.5">
                <dt className="opacity-80">{label}</dt>
                <dd className="text-right font-semibold break-words">{value}</dd>
              </div>
            ))}
        </dl>
      </div>
    </section>
  );
}
