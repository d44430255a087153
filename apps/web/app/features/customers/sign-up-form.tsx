import { languageOf, signUpRulesFor, type CustomerUser, type DealerInfo, type DealerUser } from "@showroom/domain";
import { useId, useState, type FormEvent } from "react";
import { useI18n } from "../../i18n/index.ts";
import { httpFailure } from "../../lib/api-errors.ts";
import { CheckboxField, describedBy, FieldError, TextField } from "../../ui/form-fields.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { useSubmission } from "../../ui/use-form.ts";
import type { CustomerApi } from "./customer-api.ts";
import {
  checkSignUp,
  DISCLOSURE_FIELD,
  emptySignUp,
  fieldId,
  maskPhone,
  maskPostal,
  registrationErrors,
  registrationInput,
  SIGN_UP_FIELDS,
  TERMS_FIELD,
  type SignUpValues,
} from "./sign-up.ts";

const CONTACT_METHODS = ["email", "phone", "sms", ""] as const;
const PHONE_EXAMPLE = { CA: "(416) 555-0142", US: "716-555-0142" } as const;
const POSTAL_EXAMPLE = { CA: "M5V 3L9", US: "14202" } as const;

export type SignUpResult = { kind: "created"; customer: CustomerUser } | { kind: "conflict"; email: string };

/**
 * Sign-up (spec 5, "Sign-up"): checked in the browser with the API's own schema and the dealership's rules, then
 * sent; the API's messages land next to the fields they name. A known email (EMAIL_CONFLICT) is handed back to
 * the modal, which starts the re-entry; dealer staff see the message at the email field instead.
 */
export function SignUpForm(props: {
  dealer: DealerInfo;
  dealerUser: DealerUser | null;
  api: CustomerApi;
  vehicle?: number | undefined;
  catId: string | null;
  leadType?: string | undefined;
  onDone(result: SignUpResult): Promise<void> | void;
}) {
  const { t, locale } = useI18n();
  const language = languageOf(locale);
  const { dealer, dealerUser } = props;
  const rules = signUpRulesFor(dealer);
  const country = dealer.country;
  const prefix = useId().replace(/:/g, "");
  const id = (field: Parameters<typeof fieldId>[1]) => fieldId(`${prefix}-signup`, field);
  const [values, setValues] = useState<SignUpValues>(() => emptySignUp(dealerUser?.default_send_invitation_email ?? false));
  const form = useSubmission({ fields: SIGN_UP_FIELDS, idOf: id });
  const { errors, general, pending: busy } = form;
  const set = <K extends keyof SignUpValues>(key: K, value: SignUpValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const disclosureTexts = dealer.disclosure_texts.disclosure_tokenization;
  const disclosure = disclosureTexts?.[language] || disclosureTexts?.en;
  const optional = (label: string, required: boolean) => (required ? label : t("auth.optional", { label }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = registrationInput(values, {
      rules,
      vehicle: props.vehicle,
      catId: props.catId,
      leadType: props.leadType,
      url: window.location.href,
      staff: dealerUser ? { sendLeadToCrm: dealerUser.default_send_lead_to_crm } : null,
    });
    await form.submit(checkSignUp(rules, input, language), {
      invalid: t("auth.check_fields"),
      call: (data) => props.api.register(data),
      done: (customer) => props.onDone({ kind: "created", customer }),
      async refused(error) {
        const failure = httpFailure(error);
        if (failure?.status !== 400) {
          return { general: [failure?.status === 429 ? (registrationErrors(failure.body).general[0] ?? t("error.generic")) : t("error.generic")] };
        }
        const read = registrationErrors(failure.body);
        if (read.code === "EMAIL_CONFLICT" && !dealerUser) {
          // The modal starts the re-entry: nothing to show here.
          await props.onDone({ kind: "conflict", email: input.email });
          return;
        }
        return { fields: read.fields, general: read.general.length || Object.keys(read.fields).length === 0 ? read.general : [t("auth.check_fields")] };
      },
    });
  }

  const contactId = id("preferred_method_of_contact");
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid grid-cols-1 gap-4 tablet-up:grid-cols-2" data-testid="sign-up-form">
      <TextField
        id={id("email")}
        name="email"
        className="tablet-up:col-span-2"
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(v) => set("email", v)}
        error={errors.email}
        testId="sign-up-email"
      />
      <TextField
        id={id("first_name")}
        name="first_name"
        label={optional(t("auth.first_name"), rules.mandatory_names)}
        autoComplete="given-name"
        required={rules.mandatory_names}
        value={values.first_name}
        onChange={(v) => set("first_name", v)}
        error={errors.first_name}
        testId="sign-up-first-name"
      />
      <TextField
        id={id("last_name")}
        name="last_name"
        label={optional(t("auth.last_name"), rules.mandatory_names)}
        autoComplete="family-name"
        required={rules.mandatory_names}
        value={values.last_name}
        onChange={(v) => set("last_name", v)}
        error={errors.last_name}
        testId="sign-up-last-name"
      />
      <TextField
        id={id("phone")}
        name="phone"
        label={optional(t("auth.phone"), rules.mandatory_secondary_phone)}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        required={rules.mandatory_secondary_phone}
        hint={t("auth.format", { example: PHONE_EXAMPLE[country] })}
        value={values.phone}
        onChange={(v) => set("phone", maskPhone(country, v))}
        error={errors.phone}
        testId="sign-up-phone"
      />
      <TextField
        id={id("postal_code")}
        name="postal_code"
        label={optional(t(country === "US" ? "auth.zip_code" : "auth.postal_code"), false)}
        autoComplete="postal-code"
        inputMode={country === "US" ? "numeric" : "text"}
        hint={t("auth.format", { example: POSTAL_EXAMPLE[country] })}
        value={values.postal_code}
        onChange={(v) => set("postal_code", maskPostal(country, v))}
        error={errors.postal_code}
        testId="sign-up-postal-code"
      />
      <fieldset
        id={contactId}
        className="tablet-up:col-span-2"
        aria-describedby={describedBy(errors.preferred_method_of_contact && `${contactId}-error`)}
      >
        <legend className="font-semibold">{t("auth.contact_method")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
          {CONTACT_METHODS.map((method) => (
            <label key={method || "none"} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={contactId}
                value={method}
                checked={values.preferred_method_of_contact === method}
                onChange={() => set("preferred_method_of_contact", method)}
                className="h-5 w-5 accent-[var(--accent)]"
              />
              {t(`auth.contact.${method || "none"}`)}
            </label>
          ))}
        </div>
        <FieldError id={`${contactId}-error`} message={errors.preferred_method_of_contact} />
      </fieldset>
      {dealerUser && (
        <div className="tablet-up:col-span-2">
          <CheckboxField
            id={id("send_invitation_email")}
            label={t("auth.send_invitation")}
            checked={values.send_invitation_email}
            onChange={(v) => set("send_invitation_email", v)}
          />
        </div>
      )}
      {rules.disclosure_required && disclosure && (
        <div className="tablet-up:col-span-2">
          <CheckboxField
            id={id(DISCLOSURE_FIELD)}
            // Staff confirm the consent the customer gave them; the shopper gives it in their own name.
            label={dealerUser ? t("auth.disclosure_for_customer", { text: disclosure }) : disclosure}
            required
            checked={values.disclosure}
            onChange={(v) => set("disclosure", v)}
            error={errors[DISCLOSURE_FIELD]}
            testId="sign-up-disclosure"
          />
        </div>
      )}
      {rules.terms_required && dealer.terms_and_conditions_link && (
        <div className="tablet-up:col-span-2">
          <CheckboxField
            id={id(TERMS_FIELD)}
            label={t(dealerUser ? "auth.terms_for_customer" : "auth.terms")}
            required
            checked={values.terms}
            onChange={(v) => set("terms", v)}
            error={errors[TERMS_FIELD]}
            testId="sign-up-terms"
            after={
              <a href={dealer.terms_and_conditions_link} target="_blank" rel="noopener noreferrer" className="ml-8 text-sm font-semibold underline">
                {t("auth.read_terms")} <span className="sr-only">{t("footer.new_tab")}</span>
              </a>
            }
          />
        </div>
      )}
      {general.length > 0 && (
        <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900 tablet-up:col-span-2" data-testid="sign-up-errors">
          {general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <div className="tablet-up:col-span-2">
        <button type="submit" disabled={busy} aria-disabled={busy || undefined} className={`${ctaButtonClass} w-full min-h-11`} data-testid="sign-up-submit">
          {busy ? t("auth.creating") : t(dealerUser ? "auth.create_customer" : "auth.create_account")}
        </button>
      </div>
    </form>
  );
}
