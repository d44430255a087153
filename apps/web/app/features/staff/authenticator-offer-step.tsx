import { useI18n } from "../../i18n/index.ts";
import { ctaButtonClass } from "../../ui/styles.ts";
import { useSubmission } from "../../ui/use-form.ts";
import { Alert, secondaryClass, type StepProps } from "./sign-in-parts.tsx";
import { refusal } from "./staff-flows.ts";

const NO_FIELDS: readonly never[] = [];

/** Signed in: a user without an authenticator app is offered one (they may continue without). */
export function AuthenticatorOfferStep(props: StepProps<"offer-authenticator" | "done"> & { onDone(): void }) {
  const { t } = useI18n();
  const form = useSubmission({ fields: NO_FIELDS, idOf: () => "" });

  const start = () =>
    form.run({
      call: () => props.api.setupTotp(),
      done: (setup) => props.onStep({ kind: "authenticator-setup", secret: setup.secret, uri: setup.otpauth_uri }),
      refused: (error) => ({ general: [refusal(error).general ?? t("error.generic")] }),
    });

  return (
    <div className="grid gap-4" data-testid="dealer-authenticator-offer">
      <p role="status">{t("staff.signed_in")}</p>
      <p>{t("staff.authenticator_offer")}</p>
      <Alert messages={form.general} testId="dealer-totp-error" />
      <button type="button" onClick={props.onDone} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-auth-continue">
        {t("staff.continue")}
      </button>
      <button type="button" disabled={form.pending} onClick={() => void start()} className={`${secondaryClass} w-full`} data-testid="dealer-authenticator-start">
        {t("staff.authenticator_start")}
      </button>
    </div>
  );
}
