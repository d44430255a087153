import { totpConfirmSchema } from "@showroom/domain";
import { useEffect, useState, type FormEvent } from "react";
import { useI18n } from "../../i18n/index.ts";
import { ctaButtonClass } from "../../ui/styles.ts";
import { focusField } from "../../ui/use-form.ts";
import { Alert, CodeInputs, refusedAt, secondaryClass, useCodeStep, type StepProps } from "./sign-in-parts.tsx";

/**
 * The authenticator app's set-up: the secret and its otpauth:// address as text (no QR library in the storefront),
 * then the app's first code; "ready" once it is confirmed.
 */
export function AuthenticatorSetupStep(props: StepProps<"authenticator-setup"> & { onDone(): void }) {
  const { t } = useI18n();
  const { step } = props;
  const field = useCodeStep();
  const { form } = field;
  const [ready, setReady] = useState(false);
  useEffect(() => void window.setTimeout(() => focusField(field.id), 0), [field.id]);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await form.submit(field.check(totpConfirmSchema), {
      call: (data) => props.api.confirmTotp(data.token, field.remember),
      done: () => setReady(true),
      refused: refusedAt("token", t("error.generic")),
    });
  }

  if (ready) {
    return (
      <div className="grid gap-4">
        <p role="status">{t("staff.authenticator_ready")}</p>
        <button type="button" onClick={props.onDone} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-auth-continue">
          {t("staff.continue")}
        </button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={(e) => void confirm(e)} className="grid gap-4" data-testid="dealer-totp-form">
      <p>{t("staff.authenticator_instructions")}</p>
      <dl className="grid gap-2 text-sm">
        <dt className="font-semibold">{t("staff.authenticator_secret")}</dt>
        <dd className="font-mono text-base break-all select-all" data-testid="dealer-totp-secret">{step.secret}</dd>
        <dt className="font-semibold">{t("staff.authenticator_uri")}</dt>
        <dd className="font-mono text-xs break-all select-all">{step.uri}</dd>
      </dl>
      <CodeInputs field={field} label={t("staff.authenticator_code")} />
      <Alert messages={form.general} testId="dealer-totp-error" />
      <button type="submit" disabled={form.pending} className={`${ctaButtonClass} min-h-11 w-full`}>
        {form.pending ? t("auth.checking_code") : t("staff.authenticator_confirm")}
      </button>
      <button type="button" onClick={props.onDone} className={`${secondaryClass} w-full`}>
        {t("staff.not_now")}
      </button>
    </form>
  );
}
