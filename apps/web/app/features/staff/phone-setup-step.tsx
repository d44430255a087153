import { setupOtpSchema } from "@showroom/domain";
import { useId, type FormEvent } from "react";
import { useI18n } from "../../i18n/index.ts";
import { TextField } from "../../ui/form-fields.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { checkWith, useSubmission, type FormBinding } from "../../ui/use-form.ts";
import { Alert, refusedAt, useLocalize, type StepProps } from "./sign-in-parts.tsx";

const BINDING: FormBinding<"phone"> = { fields: ["phone"] };

/** A user without a second factor sets up a mobile phone first: a code is sent to it (then PhoneConfirmStep). */
export function PhoneSetupStep(props: StepProps<"setup-phone"> & { phone: string; onPhone(phone: string): void }) {
  const { t } = useI18n();
  const localize = useLocalize();
  const phoneId = `${useId().replace(/:/g, "")}-staff-phone`;
  const form = useSubmission({ fields: BINDING.fields, idOf: () => phoneId });

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await form.submit(checkWith(setupOtpSchema, { phone: props.phone }, BINDING, localize), {
      // The phone as the API keeps it (+1 and ten digits).
      call: async ({ phone }) => {
        await props.api.setupOtp(phone);
        return phone;
      },
      done: (phone) => props.onStep({ kind: "confirm-phone", phone }),
      refused: refusedAt("phone", t("auth.send_code_failed")),
    });
  }

  return (
    <form noValidate onSubmit={(e) => void sendCode(e)} className="grid gap-4" data-testid="dealer-phone-form">
      <p>{t("staff.phone_intro")}</p>
      <Alert messages={form.general} testId="dealer-phone-error" />
      <TextField id={phoneId} name="tel" label={t("staff.mobile_phone")} type="tel" autoComplete="tel" required value={props.phone} onChange={props.onPhone} error={form.errors.phone} hint={t("staff.phone_hint")} testId="dealer-phone" />
      <button type="submit" disabled={form.pending} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-phone-submit">
        {form.pending ? t("auth.sending_code") : t("staff.send_setup_code")}
      </button>
    </form>
  );
}
