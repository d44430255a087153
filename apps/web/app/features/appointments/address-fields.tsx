import { CANADIAN_PROVINCES, US_STATES, type Country, type Language } from "@showroom/domain";
import { SelectField, TextField } from "../../ui/form-fields.tsx";
import type { FieldErrors } from "../../ui/use-form.ts";
import type { AppointmentsTranslate } from "./i18n.ts";

export type AddressForm = { street: string; city: string; province: string; postal_code: string };
export type AddressField = `address.${keyof AddressForm}`;
export const ADDRESS_FIELDS: readonly AddressField[] = [
  "address.street",
  "address.city",
  "address.province",
  "address.postal_code",
];
export const emptyAddress = (province: string): AddressForm => ({ street: "", city: "", province, postal_code: "" });

/** The provinces (Canada) or states (US) of the dealership's country, named in the page's language. */
export function regionOptions(country: Country, language: Language): { code: string; name: string }[] {
  return country === "US"
    ? US_STATES.map(([code, name]) => ({ code, name }))
    : CANADIAN_PROVINCES.map((p) => ({ code: p.code, name: p[language] }));
}

/** Where the vehicle is brought for a test drive at home or at work: street, city, province and postal code. */
export function AddressFields(props: {
  t: AppointmentsTranslate;
  idPrefix: string;
  legend: string;
  value: AddressForm;
  onChange(value: AddressForm): void;
  errors: FieldErrors<AddressField>;
  country: Country;
  language: Language;
}) {
  const { t, idPrefix, value, errors } = props;
  const set = (key: keyof AddressForm) => (next: string) => props.onChange({ ...value, [key]: next });
  const id = (key: keyof AddressForm) => `${idPrefix}-address-${key}`;
  return (
    <fieldset
      className="grid gap-3 rounded-lg border border-black/15 p-3 tablet-up:grid-cols-2"
      data-testid={`${idPrefix}-address`}
    >
      <legend className="px-1 font-semibold">{props.legend}</legend>
      <TextField
        id={id("street")}
        name="street-address"
        label={t("appointment.address.street")}
        value={value.street}
        onChange={set("street")}
        error={errors["address.street"]}
        autoComplete="street-address"
        required
        className="tablet-up:col-span-2"
        testId={id("street")}
        errorTestId={`${id("street")}-error`}
      />
      <TextField
        id={id("city")}
        name="city"
        label={t("appointment.address.city")}
        value={value.city}
        onChange={set("city")}
        error={errors["address.city"]}
        autoComplete="address-level2"
        required
        testId={id("city")}
        errorTestId={`${id("city")}-error`}
      />
      <SelectField
        id={id("province")}
        label={t(props.country === "US" ? "appointment.address.state" : "appointment.address.province")}
        value={value.province}
        onChange={set("province")}
        error={errors["address.province"]}
        testId={id("province")}
        errorTestId={`${id("province")}-error`}
      >
        <option value="">{t("appointment.address.choose")}</option>
        {regionOptions(props.country, props.language).map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
      </SelectField>
      <TextField
        id={id("postal_code")}
        name="postal-code"
        label={t(props.country === "US" ? "appointment.address.zip" : "appointment.address.postal_code")}
        value={value.postal_code}
        onChange={set("postal_code")}
        error={errors["address.postal_code"]}
        autoComplete="postal-code"
        required
        maxLength={10}
        testId={id("postal_code")}
        errorTestId={`${id("postal_code")}-error`}
      />
    </fieldset>
  );
}
