import {
  MAX_PAYMENTS_LEFT,
  ODOMETER_STATEMENTS,
  type Language,
  type OdometerStatement,
  type TradeInQuestionWire,
} from "@showroom/domain";
import { describedBy, FieldError, TextField } from "../../ui/form-fields.tsx";
import type { FieldErrors } from "../../ui/use-form.ts";
import { isOpen, type AnswerState } from "./flow.ts";
import { historyFieldId, type FinancingForm, type HistoryField } from "./forms.ts";
import type { TradeInTranslate } from "./i18n.ts";

type Props = {
  t: TradeInTranslate;
  language: Language;
  questions: readonly TradeInQuestionWire[];
  answers: AnswerState;
  onAnswer(id: string, value: boolean | string[]): void;
  financing: FinancingForm;
  onFinancing(patch: Partial<FinancingForm>): void;
  errors: FieldErrors<HistoryField>;
};

const byOrder = (a: TradeInQuestionWire, b: TradeInQuestionWire) => a.order - b.order;
const radioClass = "h-5 w-5 shrink-0 accent-[var(--accent)]";

/** A yes/no question: a fieldset whose legend is the question; the children its answer opens follow inside it. */
function BooleanQuestion(props: Props & { question: TradeInQuestionWire }) {
  const { t, question, language } = props;
  const field = `answers.${question.id}` as HistoryField;
  const id = historyFieldId(field);
  const value = props.answers[question.id];
  const error = props.errors[field];
  const description = question.description?.[language];
  const open = question.children.filter((child) => isOpen(child, value as boolean | null | undefined)).sort(byOrder);
  return (
    <fieldset
      id={id}
      aria-describedby={describedBy(description && `${id}-hint`, error && `${id}-error`)}
      className="grid gap-1"
      data-testid={`tradein-q-${question.id}`}
    >
      <legend className="font-semibold">{question.question[language]}</legend>
      {description && (
        <p id={`${id}-hint`} className="text-sm opacity-80">
          {description}
        </p>
      )}
      <div className="flex flex-wrap gap-x-6">
        {([true, false] as const).map((answer) => (
          <label key={String(answer)} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={id}
              checked={value === answer}
              onChange={() => props.onAnswer(question.id, answer)}
              aria-invalid={error ? true : undefined}
              className={radioClass}
              data-testid={`tradein-q-${question.id}-${answer ? "yes" : "no"}`}
            />
            {t(answer ? "tradein.yes" : "tradein.no")}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} testId={`tradein-q-${question.id}-error`} />
      {open.length > 0 && (
        <div className="mt-2 grid gap-4 border-l-4 border-[var(--accent)]/40 pl-4">
          {open.map((child) => (
            <Question key={child.id} {...props} question={child} />
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** A checkbox set (the areas an accident or paint work touched). */
function CheckboxSet(props: Props & { question: TradeInQuestionWire }) {
  const { question, language } = props;
  const field = `answers.${question.id}` as HistoryField;
  const id = historyFieldId(field);
  const chosen = Array.isArray(props.answers[question.id]) ? (props.answers[question.id] as string[]) : [];
  const error = props.errors[field];
  const toggle = (value: string, on: boolean) =>
    props.onAnswer(question.id, on ? [...chosen, value] : chosen.filter((v) => v !== value));
  return (
    <fieldset id={id} aria-describedby={error ? `${id}-error` : undefined} data-testid={`tradein-q-${question.id}`}>
      <legend className="font-semibold">{question.question[language]}</legend>
      <div className="mt-1 grid grid-cols-1 gap-x-6 tablet-up:grid-cols-2">
        {question.options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              aria-invalid={error ? true : undefined}
              className={radioClass}
              data-testid={`tradein-q-${question.id}-${option.value}`}
            />
            {option.label[language]}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} testId={`tradein-q-${question.id}-error`} />
    </fieldset>
  );
}

/** The loan or lease still being paid: what is owed (the payoff), the payments left and their amount, a lease's residual. */
function FinancingFields(props: Props & { question: TradeInQuestionWire }) {
  const { t, financing, errors, language } = props;
  const kindId = historyFieldId("financing.kind");
  return (
    <fieldset className="grid gap-4 rounded-lg border border-black/15 p-4" data-testid="tradein-financing">
      <legend className="px-1 font-semibold">{props.question.question[language]}</legend>
      <fieldset id={kindId} aria-describedby={errors["financing.kind"] ? `${kindId}-error` : undefined}>
        <legend className="font-semibold">{t("tradein.financing.kind")}</legend>
        <div className="flex flex-wrap gap-x-6">
          {(["finance", "lease"] as const).map((kind) => (
            <label key={kind} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={kindId}
                checked={financing.kind === kind}
                onChange={() => props.onFinancing({ kind })}
                className={radioClass}
                data-testid={`tradein-financing-${kind}`}
              />
              {t(`tradein.financing.kind.${kind}`)}
            </label>
          ))}
        </div>
        <FieldError id={`${kindId}-error`} message={errors["financing.kind"]} testId="tradein-financing-kind-error" />
      </fieldset>
      <div className="grid gap-4 tablet-up:grid-cols-2">
        <TextField
          id={historyFieldId("financing.amount_due")}
          label={t("tradein.financing.amount_due")}
          hint={t("tradein.financing.amount_due_hint")}
          value={financing.amount_due}
          onChange={(amount_due) => props.onFinancing({ amount_due })}
          error={errors["financing.amount_due"]}
          inputMode="decimal"
          required
          testId="tradein-financing-amount_due"
          errorTestId="tradein-financing-amount_due-error"
        />
        <TextField
          id={historyFieldId("financing.payments_left")}
          label={t("tradein.financing.payments_left")}
          hint={t("tradein.financing.payments_left_hint", { max: MAX_PAYMENTS_LEFT })}
          value={financing.payments_left}
          onChange={(payments_left) => props.onFinancing({ payments_left })}
          error={errors["financing.payments_left"]}
          inputMode="numeric"
          required
          testId="tradein-financing-payments_left"
          errorTestId="tradein-financing-payments_left-error"
        />
        <TextField
          id={historyFieldId("financing.payment_amount")}
          label={t("tradein.financing.payment_amount")}
          value={financing.payment_amount}
          onChange={(payment_amount) => props.onFinancing({ payment_amount })}
          error={errors["financing.payment_amount"]}
          inputMode="decimal"
          required
          testId="tradein-financing-payment_amount"
          errorTestId="tradein-financing-payment_amount-error"
        />
        {financing.kind === "lease" && (
          <TextField
            id={historyFieldId("financing.residual_value")}
            label={t("tradein.financing.residual_value")}
            hint={t("tradein.financing.residual_value_hint")}
            value={financing.residual_value}
            onChange={(residual_value) => props.onFinancing({ residual_value })}
            error={errors["financing.residual_value"]}
            inputMode="decimal"
            required
            testId="tradein-financing-residual_value"
            errorTestId="tradein-financing-residual_value-error"
          />
        )}
      </div>
    </fieldset>
  );
}

function Question(props: Props & { question: TradeInQuestionWire }) {
  if (props.question.field_type === "boolean") return <BooleanQuestion {...props} />;
  if (props.question.field_type === "checkbox_set") return <CheckboxSet {...props} />;
  return <FinancingFields {...props} />;
}

/** The condition questionnaire of the dealership's country, nested questions under the answer that opens them. */
export function HistoryFields(props: Props) {
  return (
    <div className="grid gap-6" data-testid="tradein-questions">
      {[...props.questions].sort(byOrder).map((question) => (
        <Question key={question.id} {...props} question={question} />
      ))}
    </div>
  );
}

/** The US odometer disclosure (model year 2011 and newer): the reading is actual, beyond the odometer's limit, or not actual. */
export function OdometerStatementField(props: {
  t: TradeInTranslate;
  value: "" | OdometerStatement;
  onChange(value: OdometerStatement): void;
  error: string | undefined;
}) {
  const { t } = props;
  const id = historyFieldId("odometer_statement");
  return (
    <fieldset
      id={id}
      aria-describedby={describedBy(`${id}-hint`, props.error && `${id}-error`)}
      className="grid gap-1 rounded-lg border border-black/15 p-4"
      data-testid="tradein-odometer-statement"
    >
      <legend className="px-1 font-semibold">{t("tradein.odometer_statement.legend")}</legend>
      <p id={`${id}-hint`} className="text-sm opacity-80">
        {t("tradein.odometer_statement.hint")}
      </p>
      {ODOMETER_STATEMENTS.map((statement) => (
        <label key={statement} className="flex min-h-11 items-start gap-2 py-1">
          <input
            type="radio"
            name={id}
            checked={props.value === statement}
            onChange={() => props.onChange(statement)}
            className={`${radioClass} mt-0.5`}
            data-testid={`tradein-odometer-statement-${statement}`}
          />
          {t(`tradein.odometer_statement.${statement}`)}
        </label>
      ))}
      <FieldError id={`${id}-error`} message={props.error} testId="tradein-odometer-statement-error" />
    </fieldset>
  );
}
