import { confirmOtpDeviceSchema } from "@showroom/domain";
import { useEffect, type FormEvent } from "react";
import { useI18n } from "../../i18n/index.ts";
import { ctaButtonClass } from "../../ui/styles.ts";
import { focusField } from "../../ui/use-form.ts";
import { Alert, CodeInputs, linkClass, refusedAt, useCodeStep, type StepProps } from "./sign-in-parts.tsx";
import { stepAfterVerified, type SignInStep } from "./staff-flows.ts";

/** The code sent to the phone being set up: it confirms the phone and passes the second factor. */
export function PhoneConfirmStep(props: StepProps<"confirm-phone"> & { onVerified(step: SignInStep): void }) {
  const { t } = useI18n();
  const { step } = props;
  const field = useCodeStep();
  const { form } = field;
  useEffect(() => void window.setTimeout(() => focusField(field.id), 0), [field.id]);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await form.submit(field.check(confirmOtpDeviceSchema, { phone: step.phone }), {
      call: (data) => props.api.confirmOtpDevice({ token: data.token, phone: step.phone, remember_device: field.remember }),
      done: (record) => props.onVerified(stepAfterVerified(record)),
      refused: refusedAt("token", t("error.generic")),
    });
  }

  return (
    <form noValidate onSubmit={(e) => void confirm(e)} className="grid gap-4" data-testid="dealer-phone-confirm-form">
      <p>{t("staff.code_sent_to", { phone: step.phone })}</p>
      <CodeInputs field={field} label={t("auth.code_label")} />
      <Alert messages={form.general} testId="dealer-phone-error" />
      <button type="submit" disabled={form.pending} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-code-submit">
        {form.pending ? t("auth.checking_code") : t("staff.confirm_phone")}
      </button>
      <button type="button" onClick={() => props.onStep({ kind: "setup-phone" })} className={`${linkClass} justify-self-start`}>
        {t("staff.change_phone")}
      </button>
    </form>
  );
}
