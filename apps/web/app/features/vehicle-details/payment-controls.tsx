import { formatDistance, languageOf, type Cents, type LengthUnit, type PaymentFrequency, type PaymentOptionWire, type PaymentType } from "@showroom/domain";
import { useI18n } from "../../i18n/index.ts";
import { SelectField } from "../../ui/form-fields.tsx";
import { DownPaymentField } from "./down-payment-field.tsx";
import { withCurrent, type CalculatorSettings, type FieldErrors } from "./payment-calculator-logic.ts";
import { downPaymentText } from "./payment-labels.ts";

/** Cash, finance or lease, as tabs of radio buttons (only when more than one type answered). */
export function PaymentTypeSwitch(props: { id: string; types: PaymentType[]; active: PaymentType; onChoose(type: PaymentType): void }) {
  const { t } = useI18n();
  return (
    <fieldset>
      <legend className="sr-only">{t("calculator.payment_type")}</legend>
      <div className="flex gap-1 rounded-lg bg-[var(--banner-bg)] p-1">
        {props.types.map((type) => (
          <label key={type} className="flex-1" data-testid={`payment-type-${type}`}>
            <input
              type="radio"
              name={`${props.id}-type`}
              value={type}
              checked={type === props.active}
              onChange={() => props.onChoose(type)}
              className="peer sr-only"
            />
            <span className="block min-h-11 cursor-pointer rounded-md px-2 py-2.5 text-center peer-checked:bg-white peer-checked:font-semibold peer-checked:shadow peer-focus-visible:outline-2 peer-focus-visible:outline-[var(--accent)]">
              {t(`calculator.type.${type}`)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A finance or lease payment's settings: term, frequency, distance (lease) and down payment, each with its refusal. */
export function PaymentSettingsFields(props: {
  id: string;
  option: PaymentOptionWire;
  /** The settings on screen: the option's, with the ones sent and not answered yet. */
  shown: CalculatorSettings;
  errors: FieldErrors;
  lengthUnit: LengthUnit;
  money: (amount: string | Cents) => string;
  onChange(settings: CalculatorSettings): void;
}) {
  const { t, locale } = useI18n();
  const { id, option, shown, errors } = props;
  const type = option.payment_type;
  return (
    <div className="grid grid-cols-1 gap-3 @sm:grid-cols-2">
      {option.term_choices.length > 0 && shown.term !== undefined && (
        <SelectField
          id={`${id}-term`}
          label={t("calculator.term")}
          value={String(shown.term)}
          error={errors.term}
          testId="term-select"
          errorTestId="payment-error-term"
          onChange={(value) => props.onChange({ term: Number(value) })}
        >
          {withCurrent(option.term_choices, shown.term).map((months) => (
            <option key={months} value={months}>{t("calculator.months", { months })}</option>
          ))}
        </SelectField>
      )}
      {option.payment_frequency_choices.length > 0 && shown.payment_frequency && (
        <SelectField
          id={`${id}-frequency`}
          label={t("calculator.frequency")}
          value={shown.payment_frequency}
          error={errors.payment_frequency}
          testId="frequency-select"
          errorTestId="payment-error-payment_frequency"
          onChange={(value) => props.onChange({ payment_frequency: value as PaymentFrequency })}
        >
          {option.payment_frequency_choices.map((choice) => (
            <option key={choice.frequency} value={choice.frequency}>{t(`pricing.frequency.${choice.frequency}`)}</option>
          ))}
        </SelectField>
      )}
      {type === "lease" && option.distance_allowance_choices.length > 0 && shown.distance_allowance !== undefined && (
        <SelectField
          id={`${id}-distance`}
          label={t("calculator.distance")}
          value={String(shown.distance_allowance)}
          error={errors.distance_allowance}
          testId="distance-select"
          errorTestId="payment-error-distance_allowance"
          onChange={(value) => props.onChange({ distance_allowance: Number(value) })}
        >
          {withCurrent(option.distance_allowance_choices, shown.distance_allowance).map((distance) => (
            <option key={distance} value={distance}>{formatDistance(distance, props.lengthUnit, locale)}</option>
          ))}
        </SelectField>
      )}
      <DownPaymentField
        // A new field for each type, filled with what that type will use.
        key={type}
        id={`${id}-down-payment`}
        initial={downPaymentText(shown.down_payment ?? (0 as Cents), languageOf(locale))}
        language={languageOf(locale)}
        label={t("calculator.down_payment")}
        hint={option.max_down_payment ? t("calculator.down_payment_hint", { amount: props.money(option.max_down_payment) }) : t("calculator.down_payment_hint_no_max")}
        serverError={errors.down_payment}
        onCommit={(cents) => props.onChange({ down_payment: cents })}
      />
    </div>
  );
}
