import {
  languageOf,
  localizeValidationMessage,
  notifyMeSchema,
  type CustomerUser,
  type Locale,
} from "@showroom/domain";
import { useState, type FormEvent } from "react";
import type { ApiClient } from "../../lib/api-client.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { CheckboxField, TextField } from "../../ui/form-fields.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { checkWith, serverErrors, useSubmission, type FormBinding } from "../../ui/use-form.ts";
import { useNotifyMeI18n, type NotifyMeMessageKey } from "./i18n.ts";

/** The notify-me call (transactional spec 2 "Notify-me form"; the contact lead's sibling). */
export const NOTIFY_ME_PATH = "/api/customer/notify_me/";

type Field = "email" | "first_name" | "last_name" | "phone" | "terms_confirmation";
const TEXT_FIELDS: {
  name: Exclude<Field, "terms_confirmation">;
  type: "email" | "text" | "tel";
  autoComplete: string;
  label: NotifyMeMessageKey;
}[] = [
  { name: "email", type: "email", autoComplete: "email", label: "notify_me.email" },
  { name: "first_name", type: "text", autoComplete: "given-name", label: "notify_me.first_name" },
  { name: "last_name", type: "text", autoComplete: "family-name", label: "notify_me.last_name" },
  { name: "phone", type: "tel", autoComplete: "tel", label: "notify_me.phone" },
];
const BINDING: FormBinding<Field> = { fields: [...TEXT_FIELDS.map((f) => f.name), "terms_confirmation"] };
const idOf = (field: Field) => `notify-me-${field}`;

/**
 * The notify-me form: email, names, an optional phone and the confirmation the contract requires (spec 5,
 * "Notify-me requires terms confirmation"), checked with the API's own schema; the API's field messages land at the
 * same place, anything else is "Unable to submit your request.".
 */
export function NotifyMeForm(props: {
  api: ApiClient;
  locale: Locale;
  dealerName: string;
  vehicleId: number;
  orderId: number | null;
  customer: CustomerUser | null;
  onSent(): void;
}) {
  const { t } = useNotifyMeI18n();
  const language = languageOf(props.locale);
  const [values, setValues] = useState({
    email: props.customer?.email ?? "",
    first_name: props.customer?.first_name ?? "",
    last_name: props.customer?.last_name ?? "",
    phone: props.customer?.phone ?? "",
  });
  const [confirmed, setConfirmed] = useState(false);
  const form = useSubmission({ fields: BINDING.fields, idOf });
  const { errors } = form;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      ...values,
      terms_confirmation: confirmed,
      vehicle: props.vehicleId,
      ...(props.orderId ? { order: props.orderId } : {}),
      url: window.location.href.split("#")[0],
    };
    await form.submit(
      checkWith(notifyMeSchema, input, BINDING, (message) => localizeValidationMessage(message, language)),
      {
        call: () => props.api.post(NOTIFY_ME_PATH, input),
        done: props.onSent,
        refused(error) {
          const read = errorMessages(httpFailure(error)?.body);
          const fields = serverErrors(read.fields, BINDING).fields;
          return Object.keys(fields).length > 0 ? { fields } : { general: [t("notify_me.failed")] };
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="grid gap-3 tablet-up:grid-cols-2"
      data-testid="notify-me-form"
    >
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={idOf(field.name)}
          name={field.name}
          type={field.type}
          label={t(field.label)}
          value={values[field.name]}
          onChange={(value) => setValues((all) => ({ ...all, [field.name]: value }))}
          error={errors[field.name]}
          autoComplete={field.autoComplete}
          required={field.name !== "phone"}
          className={field.name === "email" ? "tablet-up:col-span-2" : undefined}
          testId={idOf(field.name)}
        />
      ))}
      <div className="tablet-up:col-span-2">
        <CheckboxField
          id={idOf("terms_confirmation")}
          label={t("notify_me.terms", { dealer: props.dealerName })}
          checked={confirmed}
          onChange={setConfirmed}
          error={errors.terms_confirmation}
          required
          testId={idOf("terms_confirmation")}
        />
      </div>
      {form.general.length > 0 && (
        <p role="alert" className="font-semibold text-red-800 tablet-up:col-span-2" data-testid="notify-me-error">
          {form.general.join(" ")}
        </p>
      )}
      <div className="tablet-up:col-span-2">
        <button
          type="submit"
          disabled={form.pending}
          className={`${ctaButtonClass} min-h-11`}
          data-testid="notify-me-submit"
        >
          {form.pending ? t("notify_me.sending") : t("notify_me.submit")}
        </button>
      </div>
    </form>
  );
}
