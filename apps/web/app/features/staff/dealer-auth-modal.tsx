import { useEffect, useRef, useState, type ReactNode } from "react";
import { useI18n } from "../../i18n/index.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { AuthenticatorOfferStep } from "./authenticator-offer-step.tsx";
import { AuthenticatorSetupStep } from "./authenticator-setup-step.tsx";
import { CodeStep } from "./code-step.tsx";
import { PasswordStep } from "./password-step.tsx";
import { PhoneConfirmStep } from "./phone-confirm-step.tsx";
import { PhoneSetupStep } from "./phone-setup-step.tsx";
import type { StaffApi } from "./staff-api.ts";
import type { SignInStep } from "./staff-flows.ts";

export type DealerAuthModalProps = {
  api: StaffApi;
  /** Called once: true when the staff user ended fully signed in (second factor passed). */
  onResult(signedIn: boolean): void;
  onForgotPassword(): void;
  close(): void;
};

/**
 * The dealer sign-in (spec 2 "Dealer login ... two-factor setup and code entry"): email and password, then the code
 * by SMS (or the authenticator app's), "Remember this device", a first phone when the user has none, and an
 * authenticator app offered once signed in. The current user is read again by the shell once it ends signed in.
 */
export function DealerAuthModal(props: DealerAuthModalProps) {
  const { t } = useI18n();
  const [step, setStep] = useState<SignInStep>({ kind: "credentials" });
  // What was typed in the first steps is kept when the user comes back to them.
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const signedIn = useRef(false);
  const settled = useRef(false);
  const onResult = useRef(props.onResult);
  onResult.current = props.onResult;
  const settle = () => {
    if (settled.current) return;
    settled.current = true;
    onResult.current(signedIn.current);
  };
  // Closed any other way (a route change closes every modal): it ends as far as it got.
  useEffect(() => () => settle(), []);
  const finish = () => {
    settle();
    props.close();
  };
  const verified = (next: SignInStep) => {
    signedIn.current = true;
    if (next.kind === "done") finish();
    else setStep(next);
  };

  const title =
    step.kind === "credentials"
      ? t("staff.sign_in_title")
      : step.kind === "code"
        ? t("staff.code_title")
        : step.kind === "setup-phone" || step.kind === "confirm-phone"
          ? t("staff.phone_title")
          : t("staff.authenticator_title");

  let body: ReactNode;
  switch (step.kind) {
    case "credentials":
      body = (
        <PasswordStep
          api={props.api}
          email={email}
          onEmail={setEmail}
          onForgotPassword={() => {
            finish();
            props.onForgotPassword();
          }}
          onNext={(next) => (next.kind === "done" || next.kind === "offer-authenticator" ? verified(next) : setStep(next))}
        />
      );
      break;
    case "code":
      body = <CodeStep key={step.method} api={props.api} step={step} onStep={setStep} onVerified={verified} />;
      break;
    case "setup-phone":
      body = <PhoneSetupStep api={props.api} step={step} onStep={setStep} phone={phone} onPhone={setPhone} />;
      break;
    case "confirm-phone":
      body = <PhoneConfirmStep api={props.api} step={step} onStep={setStep} onVerified={verified} />;
      break;
    case "authenticator-setup":
      body = <AuthenticatorSetupStep api={props.api} step={step} onStep={setStep} onDone={finish} />;
      break;
    default:
      body = <AuthenticatorOfferStep api={props.api} step={step} onStep={setStep} onDone={finish} />;
  }
  return (
    <ModalFrame title={title} closeLabel={t("common.close")} onClose={finish} size="sm">
      <div data-testid="dealer-auth-modal" data-step={step.kind}>
        {body}
      </div>
    </ModalFrame>
  );
}
