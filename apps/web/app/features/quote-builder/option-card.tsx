import {
  languageOf,
  PAYMENT_FREQUENCIES,
  PAYMENT_TYPES,
  QUOTE_DIFFERENCE_DEBOUNCE_MS,
  type Currency,
  type LengthUnit,
  type Locale,
  type PaymentType,
  type QuoteWire,
} from "@showroom/domain";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { CheckboxField, SelectField, TextField } from "../../ui/form-fields.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { useSubmission } from "../../ui/use-form.ts";
import { quoteRefusal, refusalText } from "./refusals.ts";
import type { QuotesTranslate } from "./i18n.ts";
import { OptionFigures } from "./option-figures.tsx";
import {
  checkOption,
  emptyOption,
  MAX_ROWS,
  optionBinding,
  optionFields,
  optionValues,
  pricingErrors,
  type FeeRow,
  type NamedRow,
  type OptionValues,
  type RowList,
} from "./option-form.ts";
import type { QuoteDifference, StaffQuotesApi } from "./quotes-api.ts";
import { money, wholeNumber } from "./quote-format.ts";

type RowsProps<R extends NamedRow> = {
  t: QuotesTranslate;
  list: RowList;
  rows: R[];
  blank: R;
  readOnly: boolean;
  idOf(field: string): string;
  errorOf(field: string): string | undefined;
  onChange(rows: R[]): void;
};

/** A small add-remove list (rebates, fees, discounts): a name and an amount per row, at most five rows. */
function RowsField<R extends NamedRow>(props: RowsProps<R>) {
  const { t, list, rows } = props;
  const full = rows.length >= MAX_ROWS;
  const set = (index: number, patch: Partial<R>) => props.onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const legendId = props.idOf(list);
  return (
    <fieldset className="grid gap-2 rounded-md border border-black/15 p-3" aria-describedby={props.errorOf(list) ? `${legendId}-error` : undefined} data-testid={`quote-${list}`}>
      <legend id={legendId} tabIndex={-1} className="px-1 font-semibold">
        {t(`quote_builder.${list}`)}
      </legend>
      {rows.length === 0 && <p className="text-sm opacity-80">{t(`quote_builder.${list}_none`)}</p>}
      {rows.map((row, i) => (
        <div
          key={i}
          role="group"
          aria-label={t(`quote_builder.${list}_row`, { n: i + 1 })}
          className="grid items-start gap-2 tablet-up:grid-cols-[1fr_9rem_auto]"
          data-testid={`quote-${list}-row`}
        >
          <TextField
            id={props.idOf(`${list}.${i}.name`)}
            label={t("quote_builder.row_name")}
            value={row.name}
            onChange={(name) => set(i, { name } as Partial<R>)}
            error={props.errorOf(`${list}.${i}.name`)}
            maxLength={60}
            required
          />
          <TextField
            id={props.idOf(`${list}.${i}.amount`)}
            label={t("quote_builder.row_amount")}
            value={row.amount}
            onChange={(amount) => set(i, { amount } as Partial<R>)}
            error={props.errorOf(`${list}.${i}.amount`)}
            inputMode="decimal"
            required
          />
          <div className="grid gap-1 tablet-up:pt-7">
            {"taxable" in row && (
              <CheckboxField
                id={props.idOf(`${list}.${i}.taxable`)}
                label={t("quote_builder.fee_taxable")}
                checked={(row as unknown as FeeRow).taxable}
                onChange={(taxable) => set(i, { taxable } as unknown as Partial<R>)}
                error={props.errorOf(`${list}.${i}.taxable`)}
              />
            )}
            {!props.readOnly && (
              <button
                type="button"
                className="min-h-11 justify-self-start font-semibold underline underline-offset-2 hover:no-underline"
                onClick={() => props.onChange(rows.filter((_, j) => j !== i))}
              >
                {t("quote_builder.row_remove")}
                <span className="sr-only">{`: ${t(`quote_builder.${list}_row`, { n: i + 1 })}`}</span>
              </button>
            )}
          </div>
        </div>
      ))}
      {props.errorOf(list) && (
        <p id={`${legendId}-error`} className="text-sm font-medium text-red-800">
          {props.errorOf(list)}
        </p>
      )}
      {!props.readOnly && (
        <div>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={full}
            aria-describedby={full ? `${legendId}-full` : undefined}
            onClick={() => props.onChange([...rows, { ...props.blank }])}
            data-testid={`quote-${list}-add`}
          >
            {t(`quote_builder.${list}_add`)}
          </button>
          {full && (
            <p id={`${legendId}-full`} className="mt-1 text-sm">
              {t("quote_builder.rows_full", { max: MAX_ROWS })}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

/** What the unsaved changes would give: the payment and total with them, beside the saved ones. */
function ChangePreview(props: { t: QuotesTranslate; locale: Locale; currency: Currency; difference: QuoteDifference }) {
  const { t, difference } = props;
  const amount = (value: string | null) => (value === null ? t("quote_builder.not_priced_short") : money(value, props.locale, props.currency));
  return (
    <div role="status" className="mb-3 rounded-md border-2 border-[var(--accent)] p-2 text-sm" data-testid="quote-change-preview">
      <p className="font-semibold">{t("quote_builder.preview_changes")}</p>
      {difference.quote.option?.payment_type !== "cash" && (
        <p data-testid="quote-change-payment">
          {t("quote_builder.preview_payment", { after: amount(difference.after.payment), before: amount(difference.before.payment) })}
        </p>
      )}
      <p data-testid="quote-change-total">
        {t("quote_builder.preview_total", { after: amount(difference.after.total_purchase_price), before: amount(difference.before.total_purchase_price) })}
      </p>
    </div>
  );
}

/**
 * One option of the quote as a form card: its terms (name, payment type, term, rate, down payment, frequency, a
 * lease's distance, rebates, fees and discounts, the trade-in) checked in the browser with the contract's schema,
 * saved (POST a new option, PATCH a saved one) and priced by the server; the engine's answer beside the form, its
 * refusals (`pricing_errors`) at the fields. Delete asks first.
 */
export function OptionCard(props: {
  t: QuotesTranslate;
  locale: Locale;
  currency: Currency;
  lengthUnit: LengthUnit;
  /** A stable key of the card (kept when a new option is saved). */
  cardKey: string;
  /** Its place among the options (1 to 3). */
  number: number;
  flowId: number;
  api: Pick<StaffQuotesApi, "addQuote" | "updateQuote" | "deleteQuote" | "difference">;
  quote: QuoteWire | null;
  defaultType: PaymentType;
  readOnly: boolean;
  onSaved(quote: QuoteWire): void;
  onRemoved(): void;
}) {
  const { t, locale, quote } = props;
  const language = languageOf(locale);
  const prefix = `option-${props.cardKey}`;
  const idOf = (field: string) => `${prefix}-${field.replaceAll(".", "-")}`;
  const [values, setValues] = useState<OptionValues>(() => (quote ? optionValues(quote, language) : emptyOption(props.defaultType)));
  const form = useSubmission<string>({ fields: optionFields(values), idOf });
  const [saved, setSaved] = useState(false);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const dirty = quote ? JSON.stringify(values) !== JSON.stringify(optionValues(quote, language)) : true;
  // A saved option's changes, once they pass the check, priced without saving them (spec 9: 500 ms after the last change).
  const unsaved = useMemo(() => {
    if (!quote || !dirty || props.readOnly) return null;
    const checked = checkOption(values, "update", language);
    return checked.ok ? { body: checked.data, key: JSON.stringify(checked.data) } : null;
  }, [quote, dirty, props.readOnly, values, language]);
  const [difference, setDifference] = useState<{ key: string; answer: QuoteDifference } | null>(null);
  const differenceApi = props.api.difference;
  useEffect(() => {
    if (!quote || !unsaved) return;
    let live = true;
    const timer = window.setTimeout(() => {
      differenceApi(quote.id, unsaved.body).then(
        (answer) => live && setDifference({ key: unsaved.key, answer }),
        // No live figures then: saving still prices the option.
        () => undefined,
      );
    }, QUOTE_DIFFERENCE_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [quote, unsaved, differenceApi]);
  const livePreview = difference && unsaved && difference.key === unsaved.key ? difference.answer : null;
  const pricing = quote && !form.pending ? pricingErrors(quote.pricing_errors, values) : null;
  const errorOf = (field: string) => form.errors[field] ?? pricing?.fields[field];
  const change = (patch: Partial<OptionValues>) => {
    setSaved(false);
    setValues((current) => ({ ...current, ...patch }));
  };
  const changeRows = (list: RowList, rows: NamedRow[]) => {
    // A row removed moves the ones below it: messages by row number would now point at the wrong rows.
    if (rows.length < values[list].length) form.fail({});
    change({ [list]: rows } as Partial<OptionValues>);
  };
  const title = quote?.quote_name ? t("quote_builder.option_named", { n: props.number, name: quote.quote_name }) : t("quote_builder.option", { n: props.number });
  const headingId = `${prefix}-heading`;

  function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const checked = checkOption(values, quote ? "update" : "create", language);
    void form.submit(checked, {
      call: (body) => (quote ? props.api.updateQuote(quote.id, body) : props.api.addQuote(props.flowId, body)),
      done: (answer) => {
        setValues(optionValues(answer, language));
        setSaved(true);
        props.onSaved(answer);
      },
      refused: (error) => quoteRefusal(error, t, optionBinding(values), t("quote_builder.save_failed")),
      invalid: t("quote_builder.check_fields"),
    });
  }

  async function remove() {
    if (!quote) return props.onRemoved();
    setDeleting(true);
    setDeleteError(null);
    try {
      await props.api.deleteQuote(quote.id);
      props.onRemoved();
    } catch (error) {
      setDeleting(false);
      setDeleteError(refusalText(error, t, t("quote_builder.delete_failed")));
    }
  }

  const credit = values.payment_type !== "cash";
  const option = quote?.option ?? null;
  const termHint = option && option.term_choices.length > 0 ? t("quote_builder.offered", { choices: option.term_choices.join(", ") }) : undefined;
  const distanceHint =
    option && option.distance_allowance_choices.length > 0
      ? t("quote_builder.offered", { choices: option.distance_allowance_choices.map((d) => wholeNumber(d, locale)).join(", ") })
      : undefined;
  const general = form.general;

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-black/10 bg-white p-4" data-testid="quote-option" data-quote-id={quote?.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold" data-testid="quote-option-title">
          {title}
        </h3>
        <p className="text-sm font-semibold" data-testid="quote-option-state">
          {!quote ? t("quote_builder.state_draft") : dirty ? t("quote_builder.state_dirty") : t("quote_builder.state_saved")}
        </p>
      </div>
      <div className="mt-3 grid gap-6 laptop-up:grid-cols-[minmax(0,1fr)_20rem]">
        <form noValidate onSubmit={save} aria-labelledby={headingId} className="grid gap-3" data-testid="quote-option-form">
          <fieldset disabled={props.readOnly} className="grid min-w-0 gap-3">
            <div className="grid gap-3 tablet-up:grid-cols-2">
              <TextField
                id={idOf("quote_name")}
                label={t("quote_builder.name")}
                hint={t("quote_builder.name_hint")}
                value={values.quote_name}
                onChange={(quote_name) => change({ quote_name })}
                error={errorOf("quote_name")}
                maxLength={60}
                testId="quote-name"
              />
              <SelectField
                id={idOf("payment_type")}
                label={t("quote_builder.payment_type")}
                value={values.payment_type}
                onChange={(value) => change({ payment_type: value as PaymentType })}
                error={errorOf("payment_type")}
                testId="quote-payment-type"
              >
                {PAYMENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`quote_builder.type.${type}`)}
                  </option>
                ))}
              </SelectField>
              {credit && (
                <>
                  <TextField
                    id={idOf("term")}
                    label={t("quote_builder.term_months")}
                    hint={termHint}
                    value={values.term}
                    onChange={(term) => change({ term })}
                    error={errorOf("term")}
                    inputMode="numeric"
                    testId="quote-term"
                  />
                  <TextField
                    id={idOf("interest_rate")}
                    label={t("quote_builder.interest_rate")}
                    hint={t("quote_builder.interest_rate_hint")}
                    value={values.interest_rate}
                    onChange={(interest_rate) => change({ interest_rate })}
                    error={errorOf("interest_rate")}
                    inputMode="decimal"
                    testId="quote-rate"
                  />
                </>
              )}
              <TextField
                id={idOf("down_payment")}
                label={t("quote_builder.down_payment_dollars")}
                value={values.down_payment}
                onChange={(down_payment) => change({ down_payment })}
                error={errorOf("down_payment")}
                inputMode="decimal"
                testId="quote-down-payment"
              />
              {credit && (
                <SelectField
                  id={idOf("payment_frequency")}
                  label={t("quote_builder.frequency")}
                  value={values.payment_frequency}
                  onChange={(value) => change({ payment_frequency: value as OptionValues["payment_frequency"] })}
                  error={errorOf("payment_frequency")}
                  testId="quote-frequency"
                >
                  <option value="">{t("quote_builder.frequency_default")}</option>
                  {PAYMENT_FREQUENCIES.map((frequency) => (
                    <option key={frequency} value={frequency}>
                      {t(`pricing.frequency.${frequency}`)}
                    </option>
                  ))}
                </SelectField>
              )}
              {values.payment_type === "lease" && (
                <TextField
                  id={idOf("distance_allowance")}
                  label={t("quote_builder.distance", { unit: props.lengthUnit })}
                  hint={distanceHint}
                  value={values.distance_allowance}
                  onChange={(distance_allowance) => change({ distance_allowance })}
                  error={errorOf("distance_allowance")}
                  inputMode="numeric"
                  testId="quote-distance"
                />
              )}
            </div>
            <RowsField
              t={t}
              list="rebates"
              rows={values.rebates}
              blank={{ name: "", amount: "" }}
              readOnly={props.readOnly}
              idOf={idOf}
              errorOf={errorOf}
              onChange={(rows) => changeRows("rebates", rows)}
            />
            <RowsField
              t={t}
              list="custom_fees"
              rows={values.custom_fees}
              blank={{ name: "", amount: "", taxable: true }}
              readOnly={props.readOnly}
              idOf={idOf}
              errorOf={errorOf}
              onChange={(rows) => changeRows("custom_fees", rows)}
            />
            <RowsField
              t={t}
              list="custom_discounts"
              rows={values.custom_discounts}
              blank={{ name: "", amount: "" }}
              readOnly={props.readOnly}
              idOf={idOf}
              errorOf={errorOf}
              onChange={(rows) => changeRows("custom_discounts", rows)}
            />
            <div className="grid gap-3 tablet-up:grid-cols-2">
              <TextField
                id={idOf("trade_in_credit")}
                label={t("quote_builder.trade_in_credit")}
                value={values.trade_in_credit}
                onChange={(trade_in_credit) => change({ trade_in_credit })}
                error={errorOf("trade_in_credit")}
                inputMode="decimal"
                testId="quote-trade-in-credit"
              />
              <TextField
                id={idOf("trade_in_owing")}
                label={t("quote_builder.trade_in_owing")}
                value={values.trade_in_owing}
                onChange={(trade_in_owing) => change({ trade_in_owing })}
                error={errorOf("trade_in_owing")}
                inputMode="decimal"
                testId="quote-trade-in-owing"
              />
            </div>
          </fieldset>
          <div aria-live="polite">
            {general.length > 0 && (
              <p role="alert" className="font-semibold text-red-800" data-testid="quote-option-error">
                {general.join(" ")}
              </p>
            )}
            {saved && !form.pending && (
              <p role="status" className="font-semibold" data-testid="quote-option-saved">
                {quote?.option ? t("quote_builder.saved") : t("quote_builder.saved_not_priced")}
              </p>
            )}
          </div>
          {!props.readOnly && !asking && (
            <div className="flex flex-wrap gap-3">
              <button type="submit" disabled={form.pending} aria-busy={form.pending || undefined} className={`${ctaButtonClass} min-h-11`} data-testid="quote-option-save">
                {form.pending ? t("quote_builder.saving") : t("quote_builder.save")}
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={form.pending}
                onClick={() => {
                  setDeleteError(null);
                  setAsking(true);
                }}
                data-testid="quote-option-delete"
              >
                {t("quote_builder.delete")}
              </button>
            </div>
          )}
          {asking && (
            <div role="group" aria-label={t("quote_builder.delete")} className="grid gap-2 rounded-md border border-black/20 p-3" data-testid="quote-option-confirm">
              <p className="font-semibold" data-testid="quote-option-question">
                {quote ? t("quote_builder.confirm_delete", { option: title }) : t("quote_builder.confirm_discard", { option: title })}
              </p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={`${ctaButtonClass} min-h-11`} disabled={deleting} onClick={() => void remove()} data-testid="quote-option-delete-yes">
                  {deleting ? t("quote_builder.deleting") : t("quote_builder.delete_yes")}
                </button>
                <button type="button" className={secondaryButtonClass} disabled={deleting} onClick={() => setAsking(false)}>
                  {t("quote_builder.delete_no")}
                </button>
              </div>
              {deleteError && (
                <p role="alert" className="text-sm font-semibold text-red-800">
                  {deleteError}
                </p>
              )}
            </div>
          )}
        </form>
        <section aria-label={t("quote_builder.figures_heading", { option: title })} className="rounded-lg bg-black/[0.03] p-3 laptop-up:self-start">
          <h4 className="mb-2 font-semibold">{t("quote_builder.figures_heading", { option: title })}</h4>
          {livePreview && <ChangePreview t={t} locale={locale} currency={props.currency} difference={livePreview} />}
          <OptionFigures t={t} locale={locale} currency={props.currency} quote={quote} refused={pricing?.general ?? []} stale={Boolean(quote) && dirty} />
        </section>
      </div>
    </article>
  );
}
