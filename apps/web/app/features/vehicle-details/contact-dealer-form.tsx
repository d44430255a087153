import { languageOf, type Locale } from "@showroom/domain";
import { useState, type FormEvent } from "react";
import { useI18n, type MessageKey } from "../../i18n/index.ts";
import type { ApiClient } from "../../lib/api-client.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { ctaButtonClass } from "../../ui/styles.ts";
import { checkWith, serverErrors, useSubmission, type FormBinding } from "../../ui/use-form.ts";

type ContactField = "first_name" | "last_name" | "email" | "phone" | "help_message";
const FIELDS: { name: Exclude<ContactField, "help_message">; type: string; autoComplete: string; label: MessageKey }[] = [
  { name: "first_name", type: "text", autoComplete: "given-name", label: "contact_form.first_name" },
  { name: "last_name", type: "text", autoComplete: "family-name", label: "contact_form.last_name" },
  { name: "email", type: "email", autoComplete: "email", label: "contact_form.email" },
  { name: "phone", type: "tel", autoComplete: "tel", label: "contact_form.phone" },
];
/** The fields in the order the form shows them; the lead's other parts (url, vehicle, source) are not typed in. */
const BINDING: FormBinding<ContactField> = { fields: [...FIELDS.map((f) => f.name), "help_message"] };
const idOf = (field: ContactField) => `contact-${field}`;

/**
 * The details page's contact form: checked with the API's own schema (`contactLeadSchema` of the domain, the body
 * of POST /api/customer/contact_dealer/) before it is sent; the API's field messages land at the same place.
 */
export function ContactDealerForm(props: { api: ApiClient; vehicleId: number; orderId?: number | null; locale: Locale; message: string }) {
  const { t } = useI18n();
  const language = languageOf(props.locale);
  const form = useSubmission({ fields: BINDING.fields, idOf });
  const { errors } = form;
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // The shopper's saved deal of this vehicle goes with the lead (spec 3, "Contact lead": order).
    const input = {
      ...Object.fromEntries(data),
      url: window.location.href,
      vehicle: props.vehicleId,
      ...(props.orderId ? { order: props.orderId } : {}),
      source: "vdp",
    };
    // The API's schema (and the validation library) loads on the first send, not with the page.
    const { contactLeadSchema, localizeValidationMessage } = await import("./contact-validation.ts");
    await form.submit(
      checkWith(contactLeadSchema, input, BINDING, (message) => localizeValidationMessage(message, language)),
      {
        // The lead as typed: the API parses it again with the same schema.
        call: () => props.api.post("/api/customer/contact_dealer/", input),
        done: () => setSent(true),
        refused(error) {
          const failure = httpFailure(error);
          const fields = serverErrors(errorMessages(failure?.body).fields, BINDING).fields;
          return Object.keys(fields).length > 0 ? { fields } : { general: [t("contact_form.failed")] };
        },
      },
    );
  }

  if (sent) {
    return <p role="status" className="rounded-lg bg-[var(--accent-soft)] p-4 font-semibold" data-testid="contact-sent">{t("contact_form.sent")}</p>;
  }
  const field = "mt-1 w-full rounded-md border border-black/30 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-[var(--accent)] aria-invalid:border-red-700";
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid grid-cols-1 gap-3 tablet-up:grid-cols-2" data-testid="contact-form" aria-labelledby="contact-heading">
      {FIELDS.map((f) => (
        <div key={f.name}>
          <label htmlFor={`contact-${f.name}`} className="font-semibold">{t(f.label)}</label>
          <input
            id={`contact-${f.name}`}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete}
            aria-invalid={errors[f.name] ? true : undefined}
            aria-describedby={errors[f.name] ? `contact-${f.name}-error` : undefined}
            className={field}
          />
          {errors[f.name] && <p id={`contact-${f.name}-error`} className="mt-1 text-sm text-red-800">{errors[f.name]}</p>}
        </div>
      ))}
      <div className="tablet-up:col-span-2">
        <label htmlFor="contact-help_message" className="font-semibold">{t("contact_form.message")}</label>
        <textarea
          id="contact-help_message"
          name="help_message"
          rows={4}
          key={props.message}
          defaultValue={props.message}
          aria-invalid={errors.help_message ? true : undefined}
          aria-describedby={errors.help_message ? "contact-help_message-error" : undefined}
          className={field}
        />
        {errors.help_message && <p id="contact-help_message-error" className="mt-1 text-sm text-red-800">{errors.help_message}</p>}
      </div>
      {form.general.length > 0 && (
        <p role="alert" className="text-red-800 tablet-up:col-span-2">{form.general.join(" ")}</p>
      )}
      <div className="tablet-up:col-span-2">
        <button type="submit" className={ctaButtonClass} disabled={form.pending} data-testid="contact-submit">
          {form.pending ? t("contact_form.sending") : t("contact_form.send")}
        </button>
      </div>
    </form>
  );
}
