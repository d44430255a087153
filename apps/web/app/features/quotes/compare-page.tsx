import { languageOf, type QuoteFlowWire, type QuoteWire } from "@showroom/domain";
import { Link } from "react-router";
import { useShell } from "../../lib/shell-context.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { FlowNotices } from "./flow-notices.tsx";
import { useQuotesI18n, type QuotesTranslate } from "./i18n.ts";
import { PrintStyle, Problem, type ShownQuoteData } from "./quote-page.tsx";
import {
  COMPARED_FIELDS,
  differingRows,
  disclosureRows,
  fieldText,
  optionName,
  optionsOf,
  rowLabel,
  statusLabel,
  type ComparedField,
  type QuoteFormat,
} from "./quote-view.ts";
import { useQuoteFlow, type QuoteNotice } from "./use-quote-flow.ts";

/** One line of the comparison: its label, each option's value, and whether they differ. */
type Line = { id: string; label: string; values: string[]; differs: boolean; primary: boolean };

/**
 * The compare page (spec 2.1 "praq-compare-id"): the options side by side, a table on a wide screen and one card per
 * option on a phone. The rows whose values differ are highlighted, and say so in words (a marker read by screen readers
 * too, not a colour alone). The preferred option can be chosen here.
 */
export function ComparePage(props: { data: ShownQuoteData }) {
  const { t } = useQuotesI18n();
  const { data } = props;
  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 gap-6 px-4 py-6 print:max-w-none print:p-0" data-testid="compare-page">
      <PrintStyle />
      {data.problem === null ? (
        <Comparison flow={data.flow} token={data.token} />
      ) : (
        <>
          <h1 className="text-2xl font-bold tablet-up:text-3xl">{t("quotes.compare.heading")}</h1>
          <Problem problem={data.problem} t={t} />
        </>
      )}
    </div>
  );
}

function Comparison(props: { flow: QuoteFlowWire; token: string | null }) {
  const { t, locale } = useQuotesI18n();
  const { dealer, path } = useShell();
  const actions = useQuoteFlow(props.flow, props.token, t);
  const { flow } = actions;
  const format: QuoteFormat = { t, locale, currency: dealer.currency_unit, lengthUnit: dealer.length_unit };
  const options = flow.is_active ? optionsOf(flow) : [];
  const names = options.map((quote, i) => optionName(quote, i + 1, t));
  const differing = differingRows(flow);
  const lines: Line[] = [
    ...COMPARED_FIELDS.map((field: ComparedField) => ({
      id: field,
      label: rowLabel(field, t),
      values: options.map((quote) => fieldText(field, quote, format)),
      differs: differing.has(field),
      primary: false,
    })),
  ];
  const disclosures: Line[] = disclosureRows(options).map((row) => ({
    id: `disclosure:${row.key}`,
    label: row.label,
    values: row.values.map((value) => value ?? t("quotes.value.none")),
    differs: row.differs,
    primary: row.primary,
  }));
  const live = flow.is_active && !flow.is_expired && flow.reserved_quote === null;
  const language = languageOf(locale);
  const vehicleTitle = (language === "fr" ? flow.vehicle.title_fr : flow.vehicle.title) || flow.vehicle.title;
  const quoteHref = path(`quotes/${flow.id}`, props.token ? `?token=${encodeURIComponent(props.token)}` : "");
  const choice = (quote: QuoteWire, i: number) =>
    live && quote.status === "active" && flow.primary_quote !== quote.id
      ? { label: t("quotes.action.make_primary"), busy: actions.busy?.quoteId === quote.id, locked: actions.busy !== null, onChoose: () => void actions.choosePrimary(quote.id, names[i] ?? "") }
      : null;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tablet-up:text-3xl">{t("quotes.compare.heading")}</h1>
          {vehicleTitle && <p className="mt-1 text-lg font-semibold">{vehicleTitle}</p>}
        </div>
        <Link to={quoteHref} className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2 hover:no-underline print:hidden" data-testid="compare-back">
          ← {t("quotes.link.back_to_quote")}
        </Link>
      </div>
      <FlowNotices flow={flow} t={t} locale={locale} />
      {options.length === 1 && <p data-testid="compare-single">{t("quotes.compare.single")}</p>}
      {options.length > 1 && (
        <>
          <p className="text-sm" data-testid="compare-legend">
            <DiffersMarker t={t} decorative /> {t("quotes.compare.legend")}
          </p>
          {/* A wide screen: one column per option. */}
          <div
            className="hidden overflow-x-auto tablet-up:block print:block"
            tabIndex={0}
            role="region"
            aria-label={t("quotes.compare.caption")}
            data-testid="compare-table-wrapper"
          >
            <table className="w-full border-collapse text-left" data-testid="compare-table">
              <caption className="sr-only">{t("quotes.compare.caption")}</caption>
              <thead>
                <tr className="border-b-2 border-black/30 align-bottom">
                  <th scope="col" className="p-2 font-semibold">
                    {t("quotes.compare.detail")}
                  </th>
                  {options.map((quote, i) => (
                    <th key={quote.id} scope="col" className="p-2 align-bottom" data-quote={quote.id}>
                      <span className="block text-lg font-bold">{names[i]}</span>
                      <span className="block text-sm font-normal">{statusLabel(quote.status, t)}</span>
                      {flow.primary_quote === quote.id && (
                        <span className="mt-1 inline-block rounded-full border-2 border-[var(--accent)] px-2 text-sm font-semibold" data-testid="compare-preferred">
                          ★ {t("quotes.option.preferred")}
                        </span>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <TableRow key={line.id} line={line} t={t} />
                ))}
                {disclosures.length > 0 && (
                  <tr>
                    <th scope="colgroup" colSpan={options.length + 1} className="p-2 pt-6 text-lg font-semibold">
                      {t("quotes.compare.disclosures")}
                    </th>
                  </tr>
                )}
                {disclosures.map((line) => (
                  <TableRow key={line.id} line={line} t={t} />
                ))}
              </tbody>
              <tfoot className="print:hidden">
                <tr>
                  <td />
                  {options.map((quote, i) => {
                    const c = choice(quote, i);
                    return (
                      <td key={quote.id} className="p-2 align-top">
                        {c && <ChooseButton {...c} t={t} testId="compare-make-primary" />}
                        <CompareNotice notice={actions.notice} quoteId={quote.id} />
                      </td>
                    );
                  })}
                </tr>
              </tfoot>
            </table>
          </div>
          {/* A phone: one card per option, its rows in the same order. */}
          <div className="grid gap-4 tablet-up:hidden print:hidden" data-testid="compare-cards">
            {options.map((quote, i) => {
              const c = choice(quote, i);
              return (
                <article key={quote.id} aria-labelledby={`compare-card-${quote.id}`} className="rounded-xl border border-black/15 bg-white p-4" data-testid="compare-card">
                  <h2 id={`compare-card-${quote.id}`} className="text-lg font-bold">
                    {names[i]}
                  </h2>
                  <p className="text-sm">{statusLabel(quote.status, t)}</p>
                  {flow.primary_quote === quote.id && <p className="mt-1 text-sm font-semibold">★ {t("quotes.option.preferred")}</p>}
                  <CardRows lines={lines} column={i} t={t} />
                  {disclosures.length > 0 && (
                    <>
                      <h3 className="mt-4 font-semibold">{t("quotes.compare.disclosures")}</h3>
                      <CardRows lines={disclosures} column={i} t={t} />
                    </>
                  )}
                  {c && (
                    <div className="mt-3">
                      <ChooseButton {...c} t={t} testId="compare-card-make-primary" />
                    </div>
                  )}
                  <CompareNotice notice={actions.notice} quoteId={quote.id} />
                </article>
              );
            })}
          </div>
        </>
      )}
    </>
  );
}

function CardRows(props: { lines: Line[]; column: number; t: QuotesTranslate }) {
  return (
    <dl className="mt-2">
      {props.lines.map((line) => (
        <div
          key={line.id}
          className={`flex justify-between gap-3 border-b border-black/10 py-1.5 ${line.differs ? "-mx-2 border-l-4 border-l-amber-600 bg-amber-50 px-2" : ""}`}
          data-row={line.id}
          data-differs={line.differs || undefined}
        >
          <dt className="min-w-0">
            {line.label}
            {line.differs && (
              <>
                {" "}
                <DiffersMarker t={props.t} />
              </>
            )}
          </dt>
          <dd className={`text-right tabular-nums ${line.primary ? "text-lg font-bold" : "font-semibold"}`}>{line.values[props.column]}</dd>
        </div>
      ))}
    </dl>
  );
}

function TableRow(props: { line: Line; t: QuotesTranslate }) {
  const { line } = props;
  return (
    <tr className={`border-b border-black/10 ${line.differs ? "bg-amber-50" : ""}`} data-row={line.id} data-differs={line.differs || undefined}>
      <th scope="row" className={`p-2 font-normal ${line.differs ? "border-l-4 border-l-amber-600" : ""}`}>
        {line.label}
        {line.differs && (
          <>
            {" "}
            <DiffersMarker t={props.t} />
          </>
        )}
      </th>
      {line.values.map((value, i) => (
        <td key={i} className={`p-2 tabular-nums ${line.primary ? "text-lg font-bold" : "font-semibold"}`}>
          {value}
        </td>
      ))}
    </tr>
  );
}

/** "Differs", seen and heard (with what it means for a screen reader). */
function DiffersMarker(props: { t: QuotesTranslate; decorative?: boolean }) {
  return (
    <span
      aria-hidden={props.decorative || undefined}
      className="inline-block rounded border border-amber-700 bg-white px-1.5 text-xs font-bold tracking-wide text-amber-900 uppercase"
      data-testid={props.decorative ? undefined : "differs-marker"}
    >
      <span aria-hidden="true">≠ </span>
      {props.t("quotes.compare.differs")}
      {!props.decorative && <span className="sr-only"> {props.t("quotes.compare.differs_sr")}</span>}
    </span>
  );
}

function ChooseButton(props: { label: string; busy: boolean; locked: boolean; onChoose(): void; t: QuotesTranslate; testId: string }) {
  return (
    <button
      type="button"
      onClick={props.onChoose}
      disabled={props.locked}
      aria-busy={props.busy || undefined}
      className={`${ctaButtonClass} min-h-11 w-full disabled:opacity-60`}
      data-testid={props.testId}
    >
      {props.busy ? props.t("quotes.action.busy") : props.label}
    </button>
  );
}

function CompareNotice(props: { notice: QuoteNotice | null; quoteId: number }) {
  if (props.notice?.quoteId !== props.quoteId) return null;
  return (
    <p
      role={props.notice.tone === "error" ? "alert" : "status"}
      className={`mt-2 text-sm font-medium ${props.notice.tone === "error" ? "text-red-800" : "text-green-900"}`}
      data-testid="compare-notice"
    >
      {props.notice.text}
    </p>
  );
}
