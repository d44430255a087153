import type { QuoteWire } from "@showroom/domain";
import type { ReactNode } from "react";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { adjustmentsOf, distanceText, fieldText, money, paymentText, showsRate, statusLabel, type QuoteFormat } from "./quote-view.ts";
import type { QuoteNotice } from "./use-quote-flow.ts";

export type OptionChoices = {
  /** The shopper may make it their preferred option (the flow is live and nothing is reserved). */
  canChoose: boolean;
  canReserve: boolean;
  busy: "primary" | "reserve" | null;
  /** Another option's call is running: every button waits. */
  locked: boolean;
  onPrimary(): void;
  onReserve(): void;
};

const STATUS_TONES: Record<QuoteWire["status"], string> = {
  requested: "border-black/30 bg-white",
  pending: "border-black/30 bg-white",
  active: "border-green-800 bg-green-50 text-green-900",
  expired: "border-red-800 bg-red-50 text-red-900",
  reserved: "border-[var(--accent)] bg-[var(--accent-soft)]",
  applied: "border-[var(--accent)] bg-[var(--accent-soft)]",
  "previously rejected": "border-black/30 bg-black/5",
};

/**
 * One option of the quote (spec 2, "options 1..n"): its name and status, the payment with its frequency and term, the
 * rate, down payment, trade-in credit, due on delivery, savings, rebates, fees and discounts, the total, the disclosures
 * its jurisdiction requires (the primary ones as prominent as the payment), the deposit placed on it, and the choices.
 */
export function QuoteOption(props: {
  quote: QuoteWire;
  number: number;
  name: string;
  format: QuoteFormat;
  preferred: boolean;
  choices: OptionChoices | null;
  notice: QuoteNotice | null;
}) {
  const { quote, format, choices } = props;
  const { t } = format;
  const headingId = `quote-option-${quote.id}-heading`;
  const option = quote.option;
  const adjustments = adjustmentsOf(quote, format.locale);
  const cash = quote.payment_type === "cash";
  const distance = distanceText(quote, format);
  const primaryDisclosures = quote.disclosures.filter((d) => d.emphasis === "primary");
  const otherDisclosures = quote.disclosures.filter((d) => d.emphasis !== "primary");
  const rows: [string, string][] = [
    [t("quotes.row.payment_type"), fieldText("payment_type", quote, format)],
    ...(cash ? [] : ([[t("quotes.row.term"), fieldText("term", quote, format)]] as [string, string][])),
    ...(distance ? ([[t("quotes.row.distance"), distance]] as [string, string][]) : []),
    ...(showsRate(quote) ? ([[t("quotes.row.rate"), fieldText("interest_rate", quote, format)]] as [string, string][]) : []),
    [t("quotes.row.down_payment"), fieldText("down_payment", quote, format)],
    [t("quotes.row.trade_in_credit"), fieldText("trade_in_credit", quote, format)],
    ...(Number(quote.trade_in_owing) > 0 ? ([[t("quotes.row.trade_in_owing"), money(quote.trade_in_owing, format)]] as [string, string][]) : []),
    [t("quotes.row.due_on_delivery"), fieldText("due_on_delivery", quote, format)],
    [t("quotes.row.savings"), fieldText("savings", quote, format)],
  ];
  return (
    <article
      aria-labelledby={headingId}
      className={`grid gap-4 rounded-xl border bg-white p-4 tablet-up:p-6 print:break-inside-avoid print:rounded-none print:border-black/40 print:p-3 ${
        props.preferred ? "border-2 border-[var(--accent)]" : "border-black/15"
      }`}
      data-testid="quote-option"
      data-quote={quote.id}
      data-status={quote.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          {/* Named by staff: the number stays in view above the name. */}
          {props.name !== t("quotes.option.default_name", { number: props.number }) && (
            <p className="text-sm font-semibold tracking-wide uppercase opacity-75">{t("quotes.option.number", { number: props.number })}</p>
          )}
          <h3 id={headingId} className="text-xl font-bold">
            {props.name}
          </h3>
        </div>
        <div className="flex flex-wrap gap-2">
          {props.preferred && (
            <span className="rounded-full border-2 border-[var(--accent)] px-3 py-0.5 text-sm font-semibold" data-testid="quote-preferred">
              ★ {t("quotes.option.preferred")}
            </span>
          )}
          <span className={`rounded-full border px-3 py-0.5 text-sm font-semibold ${STATUS_TONES[quote.status]}`} data-testid="quote-status">
            <span className="sr-only">{t("quotes.option.status")} </span>
            {statusLabel(quote.status, t)}
          </span>
        </div>
      </div>

      {option ? (
        <div className="grid gap-3 tablet-up:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] tablet-up:items-start print:grid-cols-2">
          <div data-testid="quote-payment">
            <p className="text-sm opacity-80">{cash ? t("quotes.row.payment_cash") : t("quotes.row.payment")}</p>
            <p className="text-3xl font-bold tabular-nums">{paymentText(quote, format)}</p>
          </div>
          {/* Ontario and the US: these disclosures are as prominent as the payment. */}
          {primaryDisclosures.length > 0 && (
            <dl className="grid gap-1" data-testid="quote-primary-disclosures">
              {primaryDisclosures.map((d) => (
                <div key={d.key} data-disclosure={d.key}>
                  <dt className="text-sm opacity-80">{d.label}</dt>
                  <dd className="text-3xl font-bold tabular-nums">{d.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ) : (
        <p className="rounded-md border-2 border-amber-700 bg-amber-50 p-3 font-medium text-amber-950" data-testid="quote-not-priced">
          {t("quotes.option.not_priced")}
        </p>
      )}

      <dl className="grid grid-cols-1 gap-x-6 tablet-up:grid-cols-2 print:grid-cols-2" data-testid="quote-figures">
        {rows.map(([label, value]) => (
          <Row key={label} label={label} value={value} />
        ))}
      </dl>

      <Adjustments title={t("quotes.option.rebates")} lines={adjustments.rebates} format={format} sign="-" testId="quote-rebates" />
      <Adjustments title={t("quotes.option.discounts")} lines={adjustments.discounts} format={format} sign="-" testId="quote-discounts" />
      <Adjustments title={t("quotes.option.fees")} lines={adjustments.fees} format={format} sign="" testId="quote-fees" />

      <p className="flex justify-between gap-4 border-t-2 border-black/20 pt-2 text-lg font-bold" data-testid="quote-total">
        <span>{t("quotes.row.total")}</span>
        <span className="tabular-nums">{fieldText("total_purchase_price", quote, format)}</span>
      </p>

      {otherDisclosures.length > 0 && (
        <section aria-label={t(cash ? "quotes.option.disclosures_cash" : "quotes.option.disclosures")} data-testid="quote-disclosures">
          <h4 className="font-semibold">{t(cash ? "quotes.option.disclosures_cash" : "quotes.option.disclosures")}</h4>
          <dl className="mt-1 grid grid-cols-1 gap-x-6 text-sm tablet-up:grid-cols-2 print:grid-cols-2">
            {otherDisclosures.map((d) => (
              <Row key={d.key} label={d.label} value={d.value} disclosure={d.key} />
            ))}
          </dl>
        </section>
      )}

      {quote.applied && (
        <p className="flex justify-between gap-4 rounded-md bg-[var(--accent-soft)] p-3" data-testid="quote-deposit">
          <span className="font-semibold">{t("quotes.option.deposit")}</span>
          <span>{t("quotes.option.deposit_placed")}</span>
        </p>
      )}

      {props.notice && (
        <p
          role={props.notice.tone === "error" ? "alert" : "status"}
          className={
            props.notice.tone === "error"
              ? "rounded-md border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900"
              : "rounded-md border-2 border-green-800 bg-green-50 p-3 font-medium text-green-900"
          }
          data-testid="quote-notice"
        >
          {props.notice.text}
        </p>
      )}

      {choices && (choices.canChoose || choices.canReserve) && (
        <div className="flex flex-col gap-2 tablet-up:flex-row print:hidden">
          {choices.canChoose && (
            <button
              type="button"
              onClick={choices.onPrimary}
              disabled={choices.locked}
              aria-busy={choices.busy === "primary" || undefined}
              className={`${ctaButtonClass} min-h-11 disabled:opacity-60`}
              data-testid="quote-make-primary"
            >
              {choices.busy === "primary" ? t("quotes.action.busy") : t("quotes.action.make_primary")}
            </button>
          )}
          {choices.canReserve && (
            <button
              type="button"
              onClick={choices.onReserve}
              disabled={choices.locked}
              aria-busy={choices.busy === "reserve" || undefined}
              className={`${secondaryButtonClass} disabled:opacity-60`}
              data-testid="quote-reserve"
            >
              {choices.busy === "reserve" ? t("quotes.action.busy") : t("quotes.action.reserve")}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

function Row(props: { label: string; value: ReactNode; disclosure?: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-black/10 py-1.5" data-disclosure={props.disclosure}>
      <dt className="opacity-80">{props.label}</dt>
      <dd className="text-right font-semibold tabular-nums">{props.value}</dd>
    </div>
  );
}

function Adjustments(props: { title: string; lines: { name: string; amount: string }[]; format: QuoteFormat; sign: "-" | ""; testId: string }) {
  if (!props.lines.length) return null;
  return (
    <section aria-label={props.title} data-testid={props.testId}>
      <h4 className="font-semibold">{props.title}</h4>
      <ul className="mt-1 grid gap-1 text-sm">
        {props.lines.map((line, i) => (
          <li key={`${line.name}-${i}`} className="flex justify-between gap-4">
            <span>{line.name}</span>
            <span className="tabular-nums">
              {props.sign && Number(line.amount) > 0 ? "−" : ""}
              {money(line.amount, props.format)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
