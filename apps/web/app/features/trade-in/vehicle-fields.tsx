import { decodeVin, normalizeVin, VIN_LENGTH, type Language, type LengthUnit } from "@showroom/domain";
import { useState } from "react";
import { CheckboxField, describedBy, FieldError, SelectField, TextField } from "../../ui/form-fields.tsx";
import { fieldClass } from "../../ui/styles.ts";
import type { FieldErrors } from "../../ui/use-form.ts";
import { vehicleFieldId, vinMessage, type VehicleField, type VehicleForm } from "./forms.ts";
import { tradeInCodeLabel, type TradeInMessageKey, type TradeInTranslate } from "./i18n.ts";
import type { CatalogueLevel, CatalogueQuery } from "./trade-in-api.ts";
import { clearBelow, useCatalogueCascade, type CascadeLevel } from "./use-catalogue.ts";

/** Colours offered for the trade (kept as codes; staff read them in their language). */
export const TRADE_COLOURS = [
  "black",
  "white",
  "silver",
  "grey",
  "blue",
  "red",
  "green",
  "brown",
  "beige",
  "gold",
  "orange",
  "yellow",
  "purple",
  "other",
] as const;

const OPTIONS = [
  ["has_power_sunroof", "tradein.vehicle.sunroof"],
  ["has_navigation_system", "tradein.vehicle.navigation"],
  ["has_technology_package", "tradein.vehicle.technology"],
] as const satisfies readonly (readonly [keyof VehicleForm, TradeInMessageKey])[];

/**
 * The VIN as it is typed: a character no VIN has is said at once; a wrong length once the shopper leaves the field;
 * at 17 characters the check digit, and the model year position 10 encodes (49 CFR 565).
 */
export function VinField(props: {
  t: TradeInTranslate;
  language: Language;
  value: string;
  mandatory: boolean;
  /** The message of the last check (the form's, or the API's). */
  error: string | undefined;
  onChange(value: string): void;
  /** The VIN decoded to a model year: the year can be chosen from it. */
  onModelYear(year: number): void;
}) {
  const { t } = props;
  const [left, setLeft] = useState(false);
  const normalized = normalizeVin(props.value);
  const live = (() => {
    if (!normalized) return null;
    if (normalized.length < VIN_LENGTH && !left)
      return /[^A-HJ-NPR-Z0-9]/.test(normalized) ? vinMessage(props.value, false, props.language) : null;
    return vinMessage(props.value, false, props.language);
  })();
  const message = props.error ?? live ?? undefined;
  const decoded = normalized.length === VIN_LENGTH ? decodeVin(normalized) : null;
  const modelYear = decoded?.ok ? decoded.value.modelYear : null;
  const id = vehicleFieldId("vin");
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="font-semibold">
        {props.mandatory ? t("tradein.vehicle.vin") : t("tradein.vehicle.vin_optional")}
      </label>
      <input
        id={id}
        name="vin"
        value={props.value}
        onChange={(event) => {
          props.onChange(event.target.value);
          const next = normalizeVin(event.target.value);
          const year = next.length === VIN_LENGTH ? decodeVin(next) : null;
          if (year?.ok && year.value.modelYear) props.onModelYear(year.value.modelYear);
        }}
        onBlur={() => setLeft(true)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={24}
        aria-required={props.mandatory || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(hintId, message && `${id}-error`)}
        className={`${fieldClass} font-mono uppercase tracking-wider`}
        data-testid="tradein-vin"
      />
      <p id={hintId} className="mt-1 text-xs opacity-80" aria-live="polite">
        {modelYear && !message
          ? t("tradein.vehicle.vin_year", { year: modelYear })
          : t("tradein.vehicle.vin_hint", { count: normalized.length })}
      </p>
      <FieldError id={`${id}-error`} message={message} testId="tradein-vin-error" />
    </div>
  );
}

/** One level of the cascade as a native select: its list loads once the levels above are chosen. */
function CascadeSelect(props: {
  t: TradeInTranslate;
  level: CascadeLevel;
  value: string;
  options: ReturnType<ReturnType<typeof useCatalogueCascade>["options"]>;
  error: string | undefined;
  onChange(value: string): void;
  onRetry(): void;
}) {
  const { t, level, options } = props;
  const values = options?.status === "ok" ? options.values : [];
  // A value the list lacks (read from a VIN, or a catalogue changed since) stays choosable.
  const shown = props.value && !values.includes(props.value) ? [props.value, ...values] : values;
  const id = vehicleFieldId(level as VehicleField);
  const placeholder =
    options === null
      ? t("tradein.vehicle.choose_above")
      : options.status === "loading"
        ? t("tradein.vehicle.loading_list")
        : t(`tradein.vehicle.choose_${level}`);
  return (
    <div>
      <SelectField
        id={id}
        label={t(`tradein.vehicle.${level}`)}
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        testId={`tradein-${level}`}
        errorTestId={`tradein-${level}-error`}
      >
        <option value="">{placeholder}</option>
        {shown.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
      {options?.status === "failed" && (
        <p role="alert" className="mt-1 flex flex-wrap items-center gap-2 text-sm text-red-800">
          {t("tradein.vehicle.list_failed")}
          <button type="button" onClick={props.onRetry} className="font-semibold underline">
            {t("tradein.retry")}
          </button>
        </p>
      )}
      {options?.status === "ok" && values.length === 0 && level !== "style" && (
        <p className="mt-1 text-sm" data-testid={`tradein-${level}-empty`}>
          {t("tradein.vehicle.list_empty")}
        </p>
      )}
    </div>
  );
}

/** The vehicle: its VIN, the catalogue's cascade, the odometer in the dealership's unit, colour, transmission and options. */
export function VehicleFields(props: {
  t: TradeInTranslate;
  language: Language;
  form: VehicleForm;
  onChange(patch: Partial<VehicleForm>): void;
  errors: FieldErrors<VehicleField>;
  loadCatalogue(query: CatalogueQuery): Promise<CatalogueLevel>;
  unit: LengthUnit;
  mandatoryVin: boolean;
}) {
  const { t, form, errors } = props;
  const cascade = useCatalogueCascade(props.loadCatalogue, {
    year: form.year,
    make: form.make,
    model: form.model,
    trim: form.trim,
  });
  const styles = cascade.options("style");
  const showStyle = styles !== null && !(styles.status === "ok" && styles.values.length === 0 && !form.style);
  const choose = (level: CascadeLevel, value: string) => props.onChange({ [level]: value, ...clearBelow(level) });
  return (
    <div className="grid gap-5">
      <VinField
        t={t}
        language={props.language}
        value={form.vin}
        mandatory={props.mandatoryVin}
        error={errors.vin}
        onChange={(vin) => props.onChange({ vin })}
        onModelYear={(year) => {
          if (!form.year) props.onChange({ year: String(year), ...clearBelow("year") });
        }}
      />
      <fieldset className="grid gap-4 tablet-up:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t("tradein.vehicle.identify_legend")}</legend>
        {(["year", "make", "model", "trim"] as const).map((level) => (
          <CascadeSelect
            key={level}
            t={t}
            level={level}
            value={form[level]}
            options={cascade.options(level)}
            error={errors[level]}
            onChange={(value) => choose(level, value)}
            onRetry={() => cascade.retry(level)}
          />
        ))}
        {showStyle && (
          <CascadeSelect
            t={t}
            level="style"
            value={form.style}
            options={styles}
            error={errors.style}
            onChange={(value) => props.onChange({ style: value })}
            onRetry={() => cascade.retry("style")}
          />
        )}
      </fieldset>
      <div className="grid gap-4 tablet-up:grid-cols-2">
        <TextField
          id={vehicleFieldId("odometer")}
          label={t("tradein.vehicle.odometer", { unit: t(`tradein.unit.${props.unit}`) })}
          value={form.odometer}
          onChange={(odometer) => props.onChange({ odometer })}
          error={errors.odometer}
          inputMode="numeric"
          autoComplete="off"
          required
          hint={t("tradein.vehicle.odometer_hint")}
          testId="tradein-odometer"
          errorTestId="tradein-odometer-error"
        />
        <SelectField
          id={vehicleFieldId("colour")}
          label={t("tradein.vehicle.colour")}
          value={form.colour}
          onChange={(colour) => props.onChange({ colour })}
          error={errors.colour}
          testId="tradein-colour"
        >
          <option value="">{t("tradein.vehicle.choose_colour")}</option>
          {[
            ...TRADE_COLOURS,
            ...(form.colour && !(TRADE_COLOURS as readonly string[]).includes(form.colour) ? [form.colour] : []),
          ].map((colour) => (
            <option key={colour} value={colour}>
              {tradeInCodeLabel(t, "tradein.colour", colour)}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset
        id={vehicleFieldId("transmission")}
        aria-describedby={errors.transmission ? `${vehicleFieldId("transmission")}-error` : undefined}
      >
        <legend className="font-semibold">{t("tradein.vehicle.transmission")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          {(["automatic", "manual"] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="transmission"
                value={value}
                checked={form.transmission === value}
                onChange={() => props.onChange({ transmission: value })}
                className="h-5 w-5 accent-[var(--accent)]"
                data-testid={`tradein-transmission-${value}`}
              />
              {t(`tradein.transmission.${value}`)}
            </label>
          ))}
        </div>
        <FieldError id={`${vehicleFieldId("transmission")}-error`} message={errors.transmission} />
      </fieldset>
      <fieldset>
        <legend className="font-semibold">{t("tradein.vehicle.options")}</legend>
        <div className="mt-2 grid gap-3">
          {OPTIONS.map(([name, label]) => (
            <CheckboxField
              key={name}
              id={`tradein-${name}`}
              label={t(label)}
              checked={form[name]}
              onChange={(checked) => props.onChange({ [name]: checked })}
              testId={`tradein-${name}`}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
