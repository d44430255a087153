import {
  kindNeedsAddress,
  localizeValidationMessage,
  testDriveBookingSchema,
  type AppointmentKind,
  type Country,
  type Language,
} from "@showroom/domain";
import { useState, type FormEvent } from "react";
import type { ApiClient } from "../../lib/api-client.ts";
import { SelectField, TextField } from "../../ui/form-fields.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { checkWith, useSubmission, type FormBinding } from "../../ui/use-form.ts";
import {
  ADDRESS_FIELDS,
  AddressFields,
  emptyAddress,
  regionOptions,
  type AddressField,
  type AddressForm,
} from "./address-fields.tsx";
import { bookTestDrive } from "./appointments-api.ts";
import type { AppointmentsTranslate } from "./i18n.ts";
import { openBookingUrl } from "./open-booking.ts";

type TestDriveField = "booking_option" | "first_name" | "last_name" | "phone" | "province" | AddressField;
const FIELDS: readonly TestDriveField[] = [
  "booking_option",
  "first_name",
  "last_name",
  "phone",
  "province",
  ...ADDRESS_FIELDS,
];
/** With an address, the shopper's province is the address's (one choice, not two). */
const bindingOf = (withAddress: boolean): FormBinding<TestDriveField> => ({
  fields: withAddress ? FIELDS.filter((f) => f !== "province") : FIELDS.filter((f) => !f.startsWith("address.")),
  fieldOf: (path) =>
    path === "address" ? "address.street" : path === "province" && withAddress ? "address.province" : null,
});
const ID = "test-drive";
const idOf = (field: TestDriveField) =>
  field.startsWith("address.") ? `${ID}-address-${field.slice("address.".length)}` : `${ID}-${field}`;
const OPTIONS: readonly AppointmentKind[] = ["dealership", "home", "work"];

/** The model booked: section 3's model_year, model_code and model_name. */
export type TestDriveModel = { model_year: number; model_code: string; model_name: string };

/**
 * A test drive booking (transactional spec 3 "Test drive booking"): where, the shopper's names, phone and province
 * (an address when the vehicle is brought to them). On success the booking's page opens in a new tab (or here when
 * the browser blocks it); a failure is silent, as the contract says, and what the shopper typed stays.
 */
export function TestDriveForm(props: {
  t: AppointmentsTranslate;
  language: Language;
  /** A client that shows nothing on failure (no toast, no network modal): the contract's silent failure. */
  client: ApiClient;
  model: TestDriveModel;
  dealerCode: string;
  country: Country;
  province: string;
  tokenizedUrl: string;
  initial: { first_name: string; last_name: string; phone: string };
  /** The booking went: its page is open. */
  onBooked?(url: string): void;
  /** Replaces window.open and friends in tests. */
  open?: (url: string) => void;
}) {
  const { t, language } = props;
  const [option, setOption] = useState<AppointmentKind>("home");
  const [names, setNames] = useState(props.initial);
  const [province, setProvince] = useState(props.province);
  const [address, setAddress] = useState<AddressForm>(() => emptyAddress(props.province));
  const [booked, setBooked] = useState<string | null>(null);
  const form = useSubmission({ fields: FIELDS, idOf });
  const { errors } = form;

  const withAddress = kindNeedsAddress(option);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      booking_option: option,
      ...props.model,
      dealer_code: props.dealerCode,
      province: withAddress ? address.province : province,
      ...names,
      tokenized_url: props.tokenizedUrl,
      language,
      address: withAddress ? address : null,
    };
    await form.submit(
      checkWith(testDriveBookingSchema, input, bindingOf(withAddress), (message) =>
        localizeValidationMessage(message, language),
      ),
      {
        call: (booking) => bookTestDrive(props.client, booking),
        done: ({ url }) => {
          setBooked(url);
          (props.open ?? openBookingUrl)(url);
          props.onBooked?.(url);
        },
        // Silent (contract section 7): nothing is shown, the form keeps what was typed and may be sent again.
        refused: () => undefined,
      },
    );
  }

  if (booked) {
    return (
      <div role="status" className="grid gap-2 rounded-lg bg-[var(--accent-soft)] p-4" data-testid="test-drive-booked">
        <p className="font-semibold">{t("test_drive.booked")}</p>
        <a href={booked} target="_blank" rel="noopener" className="font-semibold underline underline-offset-2">
          {t("test_drive.open_booking")}
        </a>
      </div>
    );
  }
  const set = (key: keyof typeof names) => (value: string) => setNames((all) => ({ ...all, [key]: value }));
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="test-drive-form">
      <p className="text-sm">{t("test_drive.intro", { model: props.model.model_name })}</p>
      <fieldset id={idOf("booking_option")}>
        <legend className="font-semibold">{t("appointment.where")}</legend>
        <div className="mt-2 grid gap-2">
          {OPTIONS.map((choice) => (
            <label
              key={choice}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-black/20 px-3 has-[:checked]:border-2 has-[:checked]:border-[var(--accent)]"
            >
              <input
                type="radio"
                name="test-drive-option"
                value={choice}
                checked={option === choice}
                onChange={() => setOption(choice)}
                className="h-5 w-5 accent-[var(--accent)]"
                data-testid={`test-drive-option-${choice}`}
              />
              <span className="font-semibold">{t(`appointment.kind.${choice}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 tablet-up:grid-cols-2">
        <TextField
          id={idOf("first_name")}
          label={t("test_drive.first_name")}
          value={names.first_name}
          onChange={set("first_name")}
          error={errors.first_name}
          autoComplete="given-name"
          required
          testId="test-drive-first_name"
        />
        <TextField
          id={idOf("last_name")}
          label={t("test_drive.last_name")}
          value={names.last_name}
          onChange={set("last_name")}
          error={errors.last_name}
          autoComplete="family-name"
          required
          testId="test-drive-last_name"
        />
        <TextField
          id={idOf("phone")}
          type="tel"
          label={t("test_drive.phone")}
          value={names.phone}
          onChange={set("phone")}
          error={errors.phone}
          autoComplete="tel"
          inputMode="tel"
          required
          testId="test-drive-phone"
        />
        {!withAddress && (
          <SelectField
            id={idOf("province")}
            label={t(props.country === "US" ? "appointment.address.state" : "appointment.address.province")}
            value={province}
            onChange={setProvince}
            error={errors.province}
            testId="test-drive-province"
          >
            {regionOptions(props.country, language).map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {withAddress && (
        <AddressFields
          t={t}
          idPrefix={ID}
          legend={t(option === "work" ? "appointment.address.legend_work" : "appointment.address.legend_home")}
          value={address}
          onChange={setAddress}
          errors={errors}
          country={props.country}
          language={language}
        />
      )}
      <div>
        <button
          type="submit"
          disabled={form.pending}
          className={`${ctaButtonClass} min-h-11`}
          data-testid="test-drive-submit"
        >
          {form.pending ? t("appointment.booking") : t("test_drive.submit")}
        </button>
      </div>
    </form>
  );
}
