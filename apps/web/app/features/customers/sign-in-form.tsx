import { languageOf } from "@showroom/domain";
import { useId, useState, type FormEvent } from "react";
import { useI18n } from "../../i18n/index.ts";
import { ctaButtonClass } from "../../ui/styles.ts";
import type { CustomerApi, ReentryCodeSent } from "./customer-api.ts";
import { TextField } from "../../ui/form-fields.tsx";
import { sendReentryCode } from "./reentry-flow.ts";
import { checkEmail } from "./sign-up.ts";

/** "I already have an account": an email, then a code is sent to it and the code modal takes over. */
export function SignInForm(props: { api: CustomerApi; initialEmail?: string; onSent(email: string, sent: ReentryCodeSent): void }) {
  const { t, locale } = useI18n();
  const language = languageOf(locale);
  const inputId = `${useId().replace(/:/g, "")}-signin-email`;
  const [email, setEmail] = useState(props.initialEmail ?? "");
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = checkEmail(email, language);
    setGeneral(null);
    if (invalid) {
      setError(invalid);
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const result = await sendReentryCode(props.api, email.trim());
    setBusy(false);
    if (result.ok) return props.onSent(email.trim(), result.sent);
    if (result.status === 400 && result.message) {
      setError(result.message);
      document.getElementById(inputId)?.focus();
    } else {
      setGeneral(result.message ?? t("auth.send_code_failed"));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="sign-in-form">
      <TextField
        id={inputId}
        name="email"
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
        error={error ?? undefined}
        testId="sign-in-email"
      />
      {general && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900" data-testid="sign-in-error">
          {general}
        </p>
      )}
      <button type="submit" disabled={busy} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="send-code">
        {busy ? t("auth.sending_code") : t("auth.send_code")}
      </button>
    </form>
  );
}
