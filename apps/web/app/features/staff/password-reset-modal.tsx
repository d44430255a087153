import { emailSchema, languageOf, localizeValidationMessage } from "@showroom/domain";
import { useId, useState, type FormEvent } from "react";
import { useI18n } from "../../i18n/index.ts";
import { TextField } from "../../ui/form-fields.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import type { StaffApi } from "./staff-api.ts";
import { refusal } from "./staff-flows.ts";

/** "Forgot password?": an email, then the same confirmation whether or not it has an account (the link comes by email). */
export function PasswordResetModal(props: { api: StaffApi; close(): void }) {
  const { t, locale } = useI18n();
  const language = languageOf(locale);
  const inputId = `${useId().replace(/:/g, "")}-reset-email`;
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(localizeValidationMessage(parsed.error.issues[0]?.message ?? "", language));
      window.setTimeout(() => document.getElementById(inputId)?.focus(), 0);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await props.api.requestReset(parsed.data);
      setDone(result.detail || t("staff.reset_sent"));
    } catch (failure) {
      const read = refusal(failure);
      if (read.fields["email"]) setError(read.fields["email"]);
      else setGeneral(read.general ?? t("error.generic"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalFrame title={t("staff.reset_title")} closeLabel={t("common.close")} onClose={props.close} size="sm">
      {done ? (
        <div className="grid gap-4" data-testid="password-reset-done">
          <p role="status">{done}</p>
          <button type="button" onClick={props.close} className={`${ctaButtonClass} min-h-11 w-full`}>
            {t("common.close")}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="password-reset-form">
          <p>{t("staff.reset_intro")}</p>
          {general && (
            <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
              {general}
            </p>
          )}
          <TextField id={inputId} name="email" label={t("auth.email")} type="email" autoComplete="username" required value={email} onChange={setEmail} error={error ?? undefined} testId="password-reset-email" />
          <button type="submit" disabled={busy} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="password-reset-submit">
            {busy ? t("auth.sending_code") : t("staff.reset_send")}
          </button>
        </form>
      )}
    </ModalFrame>
  );
}
