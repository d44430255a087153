import { languageOf, localizeValidationMessage, VERIFICATION_CODE_LENGTH } from "@showroom/domain";
import { useId, useState } from "react";
import { useI18n } from "../../i18n/index.ts";
import { codeDigits } from "../../ui/code-entry.ts";
import { CheckboxField, TextField } from "../../ui/form-fields.tsx";
import { checkWith, useSubmission, type FormBinding, type Refusal, type SafeParseSchema } from "../../ui/use-form.ts";
import type { StaffApi } from "./staff-api.ts";
import { refusal, type SignInStep } from "./staff-flows.ts";

/** What every step of the dealer sign-in gets from the modal. */
export type StepProps<K extends SignInStep["kind"]> = {
  api: StaffApi;
  step: Extract<SignInStep, { kind: K }>;
  /** Moves to another step of the sign-in. */
  onStep(step: SignInStep): void;
};

export const secondaryClass = "min-h-11 rounded-md border border-black/20 px-4 font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-[var(--accent)]";
export const linkClass = "min-h-11 font-semibold underline underline-offset-2 hover:no-underline disabled:no-underline disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-[var(--accent)]";

/** A step's general message (the submission's messages that name no field). */
export function Alert(props: { messages: string[]; testId: string }) {
  if (props.messages.length === 0) return null;
  return (
    <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900" data-testid={props.testId}>
      {props.messages.join(" ")}
    </p>
  );
}

/** The sign-in's schema messages in the staff user's language. */
export function useLocalize() {
  const { locale } = useI18n();
  const language = languageOf(locale);
  return (message: string) => localizeValidationMessage(message, language);
}

/** A refused call's message at the named field, else its general message (or `fallback`). */
export function refusedAt<F extends string>(field: F, fallback: string) {
  return (error: unknown): Refusal<F> => {
    const read = refusal(error);
    const message = read.fields[field];
    return message ? { fields: { [field]: message } as Refusal<F>["fields"] } : { general: [read.general ?? fallback] };
  };
}

const CODE_BINDING: FormBinding<"token"> = { fields: ["token"] };

/**
 * The 6-digit code field and "Remember this device", shared by every code step, with the step's submission: the
 * code is checked with the API's schema (token and remember_device), and a refused code is shown at the field.
 */
export function useCodeStep(options: { general?: string[] } = {}) {
  const localize = useLocalize();
  const prefix = useId().replace(/:/g, "");
  const id = `${prefix}-staff-code`;
  const [code, setCode] = useState("");
  const [remember, setRemember] = useState(false);
  const form = useSubmission({ fields: CODE_BINDING.fields, idOf: () => id, ...options });
  /** The step's payload checked with its schema of the domain. */
  const check = <T,>(schema: SafeParseSchema<T>, extra: Record<string, unknown> = {}) =>
    checkWith(schema, { token: code, remember_device: remember, ...extra }, CODE_BINDING, localize);
  return { id, prefix, code, setCode, remember, setRemember, form, check };
}

export function CodeInputs(props: { field: ReturnType<typeof useCodeStep>; label: string }) {
  const { t } = useI18n();
  const { field } = props;
  return (
    <>
      <TextField
        id={field.id}
        name="one-time-code"
        label={props.label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_LENGTH}
        inputClassName="text-center font-mono text-2xl tracking-[0.4em]"
        required
        value={field.code}
        onChange={(v) => field.setCode(codeDigits(v))}
        error={field.form.errors.token}
        testId="dealer-code"
      />
      <CheckboxField id={`${field.prefix}-remember`} label={t("staff.remember_device")} checked={field.remember} onChange={field.setRemember} testId="dealer-remember-device" />
    </>
  );
}
