import { STAFF_PASSWORD_MIN_LENGTH } from "@showroom/domain";
import { useId, useState, type FormEvent } from "react";
import { useI18n } from "../../i18n/index.ts";
import { ctaButtonClass } from "../../ui/styles.ts";
import { PasswordField } from "./password-field.tsx";
import type { StaffApi } from "./staff-api.ts";
import { refusal } from "./staff-flows.ts";

/** The page of a reset link: a new password (12 characters at least), typed twice. */
export function ResetPasswordForm(props: { api: StaffApi; token: string; onDone(message: string): void }) {
  const { t } = useI18n();
  const prefix = useId().replace(/:/g, "");
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [errors, setErrors] = useState<{ password?: string; again?: string }>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const focus = (field: string) => window.setTimeout(() => document.getElementById(`${prefix}-${field}`)?.focus(), 0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    const found = {
      ...(password.length < STAFF_PASSWORD_MIN_LENGTH ? { password: t("staff.password_min", { min: STAFF_PASSWORD_MIN_LENGTH }) } : {}),
      ...(again !== password ? { again: t("staff.password_mismatch") } : {}),
    };
    setErrors(found);
    if (found.password) return focus("password");
    if (found.again) return focus("again");
    setBusy(true);
    try {
      const result = await props.api.confirmReset(props.token, password);
      props.onDone(result.detail);
    } catch (error) {
      setBusy(false);
      const read = refusal(error);
      if (read.fields["password"]) {
        setErrors({ password: read.fields["password"] });
        focus("password");
      } else setGeneral(read.fields["token"] ?? read.general ?? t("error.generic"));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="reset-password-form">
      {general && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900" data-testid="reset-password-error">
          {general}
        </p>
      )}
      <PasswordField id={`${prefix}-password`} label={t("staff.new_password")} hint={t("staff.password_min", { min: STAFF_PASSWORD_MIN_LENGTH })} value={password} onChange={setPassword} error={errors.password} autoComplete="new-password" testId="reset-password" />
      <PasswordField id={`${prefix}-again`} label={t("staff.new_password_again")} value={again} onChange={setAgain} error={errors.again} autoComplete="new-password" testId="reset-password-again" />
      <button type="submit" disabled={busy} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="reset-password-submit">
        {busy ? t("staff.saving") : t("staff.set_password")}
      </button>
    </form>
  );
}
