import {
  can,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  effectiveStaffRole,
  languageOf,
  localizeValidationMessage,
  MAX_QUOTES_PER_FLOW,
  quoteExpirySchema,
  type Locale,
  type QuoteFlowWire,
  type QuoteWire,
} from "@showroom/domain";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { httpFailure } from "../../lib/api-errors.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { describedBy, FieldError } from "../../ui/form-fields.tsx";
import { ctaButtonClass, fieldClass, secondaryButtonClass } from "../../ui/styles.ts";
import { checkWith, useSubmission } from "../../ui/use-form.ts";
import { useQuotesI18n, type QuotesTranslate } from "./i18n.ts";
import { OptionCard } from "./option-card.tsx";
import { quoteRefusal, refusalText } from "./refusals.ts";
import { createStaffQuotesApi, type StaffQuotesApi } from "./quotes-api.ts";
import { dateInWords, dayInWords, momentInWords, money, todayIn, wholeNumber } from "./quote-format.ts";
import { QuoteWorksheet } from "./quote-worksheet.tsx";

type Card = { key: string; quoteId: number | null };

const byPosition = (quotes: readonly QuoteWire[]) => [...quotes].sort((a, b) => a.position - b.position || a.id - b.id);

/** The shopper's quote page, where "Preview as the customer" goes; `from=builder` asks it for a link back here. */
export const previewRoute = (flowId: number) => ({ route: `quotes/${flowId}`, search: "from=builder" });

/** Where the flow stands for the customer, in words: draft, sent, chosen, reserved, expired, and what they asked. */
function FlowStatus(props: { t: QuotesTranslate; locale: Locale; timeZone: string; flow: QuoteFlowWire; optionName(id: number): string }) {
  const { t, locale, flow } = props;
  const moment = (iso: string) => momentInWords(iso, locale, props.timeZone);
  const lines: { key: string; text: string; strong?: boolean }[] = [];
  if (flow.requested_at) {
    lines.push({ key: "requested", text: t("quote_builder.status_requested", { date: dateInWords(flow.requested_at, locale, props.timeZone) }) });
    if (flow.request_message) lines.push({ key: "request_message", text: t("quote_builder.status_request_message", { message: flow.request_message }) });
  }
  if (!flow.is_active) lines.push({ key: "draft", text: t("quote_builder.status_draft"), strong: true });
  else if (flow.latest_submission) lines.push({ key: "sent", text: t("quote_builder.status_sent", { date: moment(flow.latest_submission), email: flow.customer.email }), strong: true });
  else lines.push({ key: "active", text: t("quote_builder.status_active"), strong: true });
  if (flow.reserved_quote !== null) lines.push({ key: "reserved", text: t("quote_builder.status_reserved", { option: props.optionName(flow.reserved_quote) }), strong: true });
  else if (flow.primary_quote !== null) lines.push({ key: "primary", text: t("quote_builder.status_primary", { option: props.optionName(flow.primary_quote) }) });
  if (flow.is_expired) lines.push({ key: "expired", text: t("quote_builder.status_expired"), strong: true });
  if (flow.has_identical_quotes) lines.push({ key: "identical", text: t("quote_builder.status_identical") });
  return (
    <ul className="grid gap-1" data-testid="quote-flow-status" data-active={flow.is_active} aria-live="polite">
      {lines.map((line) => (
        <li key={line.key} className={line.strong ? "font-semibold" : undefined} data-testid={`quote-status-${line.key}`}>
          {line.text}
        </li>
      ))}
    </ul>
  );
}

/** The last day the quotes hold: a date input, saved with `update_quote_expiry` (a past day is refused at the field). */
function ExpiryForm(props: { t: QuotesTranslate; locale: Locale; today: string; flow: QuoteFlowWire; api: Pick<StaffQuotesApi, "setExpiry">; readOnly: boolean; onFlow(flow: QuoteFlowWire): void }) {
  const { t, locale, flow } = props;
  const id = "quote-expiry";
  const [value, setValue] = useState(flow.quote_expiry ?? "");
  const [saved, setSaved] = useState(false);
  const form = useSubmission<"quote_expiry">({ fields: ["quote_expiry"], idOf: () => id });
  const error = form.errors.quote_expiry;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const checked = checkWith(quoteExpirySchema, { quote_expiry: value }, { fields: ["quote_expiry"] as const }, (message) =>
      localizeValidationMessage(message, languageOf(locale)),
    );
    if (checked.ok && value < props.today) return form.fail({ fields: { quote_expiry: t("quote_builder.expiry_past") } });
    void form.submit(checked, {
      call: (body) => props.api.setExpiry(flow.id, body.quote_expiry),
      done: (answer) => {
        setSaved(true);
        props.onFlow(answer);
      },
      refused: (failure) => quoteRefusal(failure, t, { fields: ["quote_expiry"] }, t("quote_builder.expiry_failed")),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-2" data-testid="quote-expiry-form">
      <p data-testid="quote-expiry-current">
        {flow.quote_expiry
          ? t("quote_builder.expiry_set", { date: dayInWords(flow.quote_expiry, locale) })
          : t("quote_builder.expiry_unset", { days: DEFAULT_QUOTE_VALIDITY_DAYS })}
      </p>
      {!props.readOnly && (
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={id} className="font-semibold">
              {t("quote_builder.expiry_label")}
            </label>
            <input
              id={id}
              type="date"
              value={value}
              min={props.today}
              onChange={(event) => {
                setSaved(false);
                setValue(event.target.value);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(error && `${id}-error`)}
              className={fieldClass}
              data-testid="quote-expiry-input"
            />
          </div>
          <button type="submit" disabled={form.pending} className={`${secondaryButtonClass} mb-0`} data-testid="quote-expiry-save">
            {form.pending ? t("quote_builder.saving") : t("quote_builder.expiry_save")}
          </button>
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} testId="quote-expiry-error" />
      <div aria-live="polite">
        {form.general.length > 0 && (
          <p role="alert" className="font-semibold text-red-800">
            {form.general.join(" ")}
          </p>
        )}
        {saved && (
          <p role="status" className="font-semibold">
            {t("quote_builder.expiry_saved")}
          </p>
        )}
      </div>
    </form>
  );
}

/** Send the saved options to the customer (an optional message): the server activates the flow and emails them a link. */
function SendForm(props: { t: QuotesTranslate; flow: QuoteFlowWire; api: Pick<StaffQuotesApi, "send">; savedCount: number; onFlow(flow: QuoteFlowWire): void }) {
  const { t, flow } = props;
  const [message, setMessage] = useState("");
  const [sent, setSent] = useState(false);
  const form = useSubmission<"message">({ fields: ["message"], idOf: () => "quote-send-message" });
  const none = props.savedCount === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(false);
    if (none) return;
    void form.submit(
      { ok: true, data: message.trim() },
      {
        call: (text) => props.api.send(flow.id, text),
        done: (answer) => {
          setSent(true);
          setMessage("");
          props.onFlow(answer);
        },
        refused: (error) => quoteRefusal(error, t, { fields: ["message"] }, t("quote_builder.send_failed")),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-2" data-testid="quote-send-form">
      <div>
        <label htmlFor="quote-send-message" className="font-semibold">
          {t("quote_builder.send_message")}
        </label>
        <textarea
          id="quote-send-message"
          rows={3}
          maxLength={1000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={form.errors.message ? true : undefined}
          aria-describedby={describedBy("quote-send-hint", form.errors.message && "quote-send-message-error")}
          className={fieldClass}
          data-testid="quote-send-message"
        />
        <p id="quote-send-hint" className="mt-1 text-xs opacity-80">
          {t("quote_builder.send_hint", { email: flow.customer.email })}
        </p>
        <FieldError id="quote-send-message-error" message={form.errors.message} />
      </div>
      <div>
        <button
          type="submit"
          disabled={none || form.pending}
          aria-describedby={none ? "quote-send-none" : undefined}
          aria-busy={form.pending || undefined}
          className={`${ctaButtonClass} min-h-11`}
          data-testid="quote-send"
        >
          {form.pending ? t("quote_builder.sending") : flow.latest_submission ? t("quote_builder.send_again") : t("quote_builder.send")}
        </button>
        {none && (
          <p id="quote-send-none" className="mt-1 text-sm">
            {t("quote_builder.send_none")}
          </p>
        )}
      </div>
      <div aria-live="polite">
        {form.general.length > 0 && (
          <p role="alert" className="font-semibold text-red-800" data-testid="quote-send-error">
            {form.general.join(" ")}
          </p>
        )}
        {sent && (
          <p role="status" className="font-semibold" data-testid="quote-sent">
            {t("quote_builder.sent", { email: flow.customer.email })}
          </p>
        )}
      </div>
    </form>
  );
}

/**
 * The staff quote builder of one deal (transactional spec 2, "quote create and edit", "quote worksheet"): the
 * customer and vehicle, the quotes' last day, up to three options each priced by the server, the worksheet of the
 * saved options side by side, a preview as the customer, and sending them. Staff without quotes.manage read it.
 */
export function QuoteBuilderPage(props: { flow: QuoteFlowWire; api?: StaffQuotesApi }) {
  const { t, locale } = useQuotesI18n();
  const { quietApi, dealer, dealerUser, path, staff } = useShell();
  const api = useMemo(() => props.api ?? createStaffQuotesApi(quietApi), [props.api, quietApi]);
  const [flow, setFlow] = useState(props.flow);
  const [cards, setCards] = useState<Card[]>(() => byPosition(props.flow.results).map((quote) => ({ key: `q${quote.id}`, quoteId: quote.id })));
  const drafts = useRef(0);
  const [previewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const role = dealerUser ? effectiveStaffRole(dealerUser) : "unknown";
  const manages = can(role, "quotes.manage");
  // Once the customer reserved an option, the options no longer change (the API answers 409).
  const locked = flow.reserved_quote !== null;
  const edits = manages && !locked;
  const mayAct = can(role, "customers.act_as");
  const today = todayIn(dealer.time_zone);
  const language = languageOf(locale);
  const vehicle = flow.vehicle;
  const condition = vehicle.vehicle_condition === "Used" ? "used" : "new";
  const defaultType = dealer.financing_default_payment_type[condition];

  const quoteOf = (card: Card) => (card.quoteId === null ? null : (flow.results.find((quote) => quote.id === card.quoteId) ?? null));
  const saved = cards.map(quoteOf).filter((quote): quote is QuoteWire => quote !== null);
  const full = cards.length >= MAX_QUOTES_PER_FLOW;
  // The customer's quote page shows the options once the quote was sent (an unsent draft is not theirs to read yet).
  const previewable = flow.is_active && saved.length > 0;
  const optionName = (id: number) => {
    const index = cards.findIndex((card) => card.quoteId === id);
    const quote = flow.results.find((q) => q.id === id);
    const n = index + 1 || (quote?.position ?? 0);
    return quote?.quote_name ? t("quote_builder.option_named", { n, name: quote.quote_name }) : t("quote_builder.option", { n });
  };

  /** The flow read again after a change (its counts and highlights); a failure keeps what is shown. */
  const reload = () =>
    api.flow(flow.id).then(
      (answer) => setFlow(answer),
      () => undefined,
    );

  function onSaved(key: string, quote: QuoteWire) {
    setFlow((current) => ({
      ...current,
      results: current.results.some((q) => q.id === quote.id) ? current.results.map((q) => (q.id === quote.id ? quote : q)) : [...current.results, quote],
    }));
    setCards((current) => current.map((card) => (card.key === key ? { ...card, quoteId: quote.id } : card)));
    void reload();
  }

  function onRemoved(key: string, quoteId: number | null) {
    setCards((current) => current.filter((card) => card.key !== key));
    if (quoteId === null) return;
    setFlow((current) => ({ ...current, results: current.results.filter((q) => q.id !== quoteId) }));
    void reload();
  }

  function addOption() {
    if (full) return;
    drafts.current += 1;
    const key = `d${drafts.current}`;
    setCards((current) => [...current, { key, quoteId: null }]);
    window.setTimeout(() => document.getElementById(`option-${key}-quote_name`)?.focus(), 0);
  }

  async function preview() {
    setPreviewing(true);
    setPreviewError(null);
    try {
      await staff.act(flow.customer.id);
      const target = previewRoute(flow.id);
      // A full load: the shell reads who is signed in again (the top bar "Logged in as").
      window.location.assign(path(target.route, target.search));
    } catch (error) {
      setPreviewing(false);
      setPreviewError(httpFailure(error)?.status === 403 ? t("quote_builder.preview_not_allowed") : refusalText(error, t, t("error.generic")));
    }
  }

  const title = (language === "fr" ? vehicle.title_fr : vehicle.title) || vehicle.title;
  const sectionClass = "mt-6 rounded-xl border border-black/10 bg-white p-4";

  return (
    <div className="mx-auto max-w-7xl px-4 py-6" data-testid="quote-builder-page">
      <Link
        to={path(`dealer/customers/${flow.customer.id}`)}
        className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2 hover:no-underline"
        data-testid="quote-builder-back"
      >
        {t("quote_builder.back", { name: flow.customer.full_name || flow.customer.email })}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{t("quote_builder.heading")}</h1>
      <div className="mt-3 grid gap-4 tablet-up:grid-cols-2">
        <section aria-labelledby="quote-customer" className="rounded-xl border border-black/10 bg-white p-4" data-testid="quote-builder-customer">
          <h2 id="quote-customer" className="text-lg font-semibold">
            {t("quote_builder.customer")}
          </h2>
          <p className="font-semibold">{flow.customer.full_name || flow.customer.email}</p>
          <p className="break-all">{flow.customer.email}</p>
          {flow.prepared_by && <p className="mt-1 text-sm">{t("quote_builder.prepared_by", { name: flow.prepared_by.name })}</p>}
          <div className="mt-2">
            <FlowStatus t={t} locale={locale} timeZone={dealer.time_zone} flow={flow} optionName={optionName} />
          </div>
        </section>
        <section aria-labelledby="quote-vehicle" className="flex gap-3 rounded-xl border border-black/10 bg-white p-4" data-testid="quote-builder-vehicle">
          {vehicle.main_image && <img src={vehicle.main_image} alt="" className="h-20 w-28 shrink-0 rounded-md object-cover" />}
          <div className="min-w-0">
            <h2 id="quote-vehicle" className="text-lg font-semibold" data-testid="quote-vehicle-title">
              {title}
            </h2>
            <p className="text-sm">
              {t("quote_builder.vehicle_ids", { vin: vehicle.vin, stock: vehicle.stock_number })}
            </p>
            <p className="text-sm">
              {t(`quote_builder.condition.${condition}`)} · {wholeNumber(vehicle.odometer, locale)} {dealer.length_unit}
              {vehicle.exterior_color && ` · ${vehicle.exterior_color}`}
            </p>
            {vehicle.listing_price && (
              <p className="text-sm font-semibold">{t("quote_builder.listing_price", { price: money(vehicle.listing_price, locale, dealer.currency_unit) })}</p>
            )}
            {!vehicle.is_available && (
              <p role="alert" className="mt-1 text-sm font-semibold text-red-800" data-testid="quote-vehicle-unavailable">
                {t("quote_builder.vehicle_unavailable")}
              </p>
            )}
          </div>
        </section>
      </div>

      {(!manages || locked) && (
        <p role="note" className="mt-4 rounded-md border border-black/20 p-3" data-testid="quote-builder-read-only">
          {manages ? t("quote_builder.locked_reserved") : t("quote_builder.read_only")}
        </p>
      )}

      <section aria-labelledby="quote-expiry-heading" className={sectionClass}>
        <h2 id="quote-expiry-heading" className="mb-2 text-lg font-semibold">
          {t("quote_builder.expiry_heading")}
        </h2>
        <ExpiryForm t={t} locale={locale} today={today} flow={flow} api={api} readOnly={!manages} onFlow={setFlow} />
      </section>

      <section aria-labelledby="quote-options-heading" className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="quote-options-heading" className="text-xl font-semibold">
            {t("quote_builder.options_heading", { count: cards.length, max: MAX_QUOTES_PER_FLOW })}
          </h2>
          {edits && (
            <div className="text-right">
              <button
                type="button"
                onClick={addOption}
                disabled={full}
                aria-describedby={full ? "quote-add-full" : undefined}
                className={`${ctaButtonClass} min-h-11`}
                data-testid="quote-add-option"
              >
                {t("quote_builder.add_option")}
              </button>
              {full && (
                <p id="quote-add-full" className="mt-1 text-sm" data-testid="quote-add-full">
                  {t("quote_builder.max_reached_hint", { max: MAX_QUOTES_PER_FLOW })}
                </p>
              )}
            </div>
          )}
        </div>
        {cards.length === 0 ? (
          <p className="mt-3" data-testid="quote-no-options">
            {edits ? t("quote_builder.no_options") : t("quote_builder.no_options_read")}
          </p>
        ) : (
          <div className="mt-3 grid gap-4">
            {cards.map((card, index) => (
              <OptionCard
                key={card.key}
                t={t}
                locale={locale}
                currency={dealer.currency_unit}
                lengthUnit={dealer.length_unit}
                cardKey={card.key}
                number={index + 1}
                flowId={flow.id}
                api={api}
                quote={quoteOf(card)}
                defaultType={defaultType}
                readOnly={!edits}
                onSaved={(quote) => onSaved(card.key, quote)}
                onRemoved={() => onRemoved(card.key, card.quoteId)}
              />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="quote-worksheet-heading" className={sectionClass}>
        <h2 id="quote-worksheet-heading" className="mb-2 text-lg font-semibold">
          {t("quote_builder.worksheet_heading")}
        </h2>
        <QuoteWorksheet t={t} locale={locale} currency={dealer.currency_unit} lengthUnit={dealer.length_unit} quotes={saved} />
      </section>

      <section aria-labelledby="quote-send-heading" className={sectionClass}>
        <h2 id="quote-send-heading" className="mb-2 text-lg font-semibold">
          {t("quote_builder.send_heading")}
        </h2>
        {mayAct && (
          <div className="mb-4">
            <button
              type="button"
              onClick={() => void preview()}
              disabled={previewing || !previewable}
              aria-describedby="quote-preview-hint"
              className={secondaryButtonClass}
              data-testid="quote-preview"
            >
              {previewing ? t("quote_builder.previewing") : t("quote_builder.preview")}
            </button>
            <p id="quote-preview-hint" className="mt-1 text-xs opacity-80" data-testid="quote-preview-hint">
              {previewable ? t("quote_builder.preview_hint") : t("quote_builder.preview_unsent")}
            </p>
            {previewError && (
              <p role="alert" className="mt-1 text-sm font-semibold text-red-800">
                {previewError}
              </p>
            )}
          </div>
        )}
        {manages && <SendForm t={t} flow={flow} api={api} savedCount={saved.length} onFlow={setFlow} />}
      </section>
    </div>
  );
}
