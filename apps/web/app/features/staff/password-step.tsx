import { staffLoginSchema, validationMessage } from "@showroom/domain";
import { useId, useState, type FormEvent } from "react";
import { useI18n } from "../../i18n/index.ts";
import { TextField } from "../../ui/form-fields.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { checkWith, useSubmission, type FormBinding } from "../../ui/use-form.ts";
import { PasswordField } from "./password-field.tsx";
import { Alert, linkClass, useLocalize } from "./sign-in-parts.tsx";
import type { StaffApi } from "./staff-api.ts";
import { refusal, stepAfterLogin, type SignInStep } from "./staff-flows.ts";

type Field = "email" | "password";
const BINDING: FormBinding<Field> = { fields: ["email", "password"] };

/** The first step: email and password, checked with the login call's own schema. */
export function PasswordStep(props: { api: StaffApi; email: string; onEmail(v: string): void; onForgotPassword(): void; onNext(step: SignInStep): void }) {
  const { t } = useI18n();
  const localize = useLocalize();
  const prefix = useId().replace(/:/g, "");
  const ids: Record<Field, string> = { email: `${prefix}-staff-email`, password: `${prefix}-staff-password` };
  const [password, setPassword] = useState("");
  const form = useSubmission({ fields: BINDING.fields, idOf: (field) => ids[field] });
  const { errors } = form;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // An empty password has its own words ("Enter your password.").
    const message = (text: string, field: Field | null) => (field === "password" && text === validationMessage("required") ? t("staff.password_required") : localize(text));
    await form.submit(checkWith(staffLoginSchema, { email: props.email, password }, BINDING, message), {
      call: () => props.api.login(props.email.trim(), password),
      done: (result) => props.onNext(stepAfterLogin(result)),
      refused(error) {
        const read = refusal(error);
        if (read.fields["email"] || read.fields["password"]) return { fields: { email: read.fields["email"], password: read.fields["password"] } };
        return { general: [read.general ?? t("error.generic")], focus: "password" };
      },
    });
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="dealer-sign-in-form">
      <p>{t("staff.sign_in_intro")}</p>
      <Alert messages={form.general} testId="dealer-sign-in-error" />
      <TextField id={ids.email} name="email" label={t("auth.email")} type="email" autoComplete="username" required value={props.email} onChange={props.onEmail} error={errors.email} testId="dealer-email" />
      <PasswordField id={ids.password} label={t("staff.password")} value={password} onChange={setPassword} error={errors.password} autoComplete="current-password" testId="dealer-password" />
      <button type="submit" disabled={form.pending} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-sign-in-submit">
        {form.pending ? t("staff.signing_in") : t("staff.sign_in")}
      </button>
      <button type="button" onClick={props.onForgotPassword} className={`${linkClass} justify-self-start`} data-testid="dealer-forgot-password">
        {t("staff.forgot_password")}
      </button>
    </form>
  );
}
