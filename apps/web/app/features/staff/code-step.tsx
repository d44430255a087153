import { verificationSchema } from "@showroom/domain";
import { useEffect, useState, type FormEvent } from "react";
import { useI18n } from "../../i18n/index.ts";
import { RESEND_DELAY_SECONDS, useCountdown } from "../../ui/code-entry.ts";
import { focusField } from "../../ui/use-form.ts";
import { ctaButtonClass } from "../../ui/styles.ts";
import { Alert, CodeInputs, linkClass, refusedAt, useCodeStep, type StepProps } from "./sign-in-parts.tsx";
import { refusal, stepAfterVerified, type SignInStep } from "./staff-flows.ts";

/**
 * The second factor: the code sent by SMS (with "resend" after a while) or the authenticator app's code (with "use
 * SMS instead" when the user has a phone).
 */
export function CodeStep(props: StepProps<"code"> & { onVerified(step: SignInStep): void }) {
  const { t } = useI18n();
  const { step } = props;
  const field = useCodeStep({ general: step.throttled ? [t("staff.code_throttled")] : [] });
  const { form } = field;
  const [status, setStatus] = useState<string | null>(null);
  const [left, restart] = useCountdown(step.method === "sms" ? RESEND_DELAY_SECONDS : 0);
  useEffect(() => void window.setTimeout(() => focusField(field.id), 0), [field.id]);

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await form.submit(field.check(verificationSchema), {
      call: (data) => props.api.verify(data.token, field.remember),
      done: (record) => props.onVerified(stepAfterVerified(record)),
      refused: refusedAt("token", t("error.generic")),
    });
  }

  async function send() {
    form.setGeneral([]);
    setStatus(null);
    try {
      const record = await props.api.sendOtp();
      if (step.method === "authenticator") props.onStep({ ...step, method: "sms", maskedPhone: record.masked_phone, throttled: false });
      else {
        setStatus(t("auth.code_resent"));
        restart();
      }
    } catch (error) {
      form.setGeneral([refusal(error).general ?? t("auth.send_code_failed")]);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void verify(e)} className="grid gap-4" data-testid="dealer-code-form" data-method={step.method}>
      <p data-testid="dealer-code-destination">
        {step.method === "authenticator" ? t("staff.code_from_app") : step.maskedPhone ? t("staff.code_sent_to", { phone: step.maskedPhone }) : t("staff.code_sent")}
      </p>
      <CodeInputs field={field} label={t("auth.code_label")} />
      <div aria-live="polite" role="status" className="text-sm" data-testid="dealer-code-status">
        {status}
      </div>
      <Alert messages={form.general} testId="dealer-code-error" />
      <button type="submit" disabled={form.pending} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-code-submit">
        {form.pending ? t("auth.checking_code") : t("staff.verify")}
      </button>
      {step.method === "sms" ? (
        <button type="button" onClick={() => void send()} disabled={left > 0} className={`${linkClass} justify-self-start`} data-testid="dealer-code-resend">
          {left > 0 ? t("auth.resend_in", { seconds: left }) : t("auth.resend")}
        </button>
      ) : (
        step.canUseSms && (
          <button type="button" onClick={() => void send()} className={`${linkClass} justify-self-start`} data-testid="dealer-code-use-sms">
            {t("staff.use_sms")}
          </button>
        )
      )}
    </form>
  );
}
