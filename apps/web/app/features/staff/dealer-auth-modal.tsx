import { emailSchema, languageOf, localizeValidationMessage, staffPhoneSchema, verificationCodeSchema, VERIFICATION_CODE_LENGTH } from "@showroom/domain";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useI18n } from "../../i18n/index.ts";
import { codeDigits, RESEND_DELAY_SECONDS, useCountdown } from "../../ui/code-entry.ts";
import { CheckboxField, TextField } from "../../ui/form-fields.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { PasswordField } from "./password-field.tsx";
import type { StaffApi } from "./staff-api.ts";
import { refusal, stepAfterLogin, stepAfterVerified, type SignInStep } from "./staff-flows.ts";

export type DealerAuthModalProps = {
  api: StaffApi;
  /** Called once: true when the staff user ended fully signed in (second factor passed). */
  onResult(signedIn: boolean): void;
  onForgotPassword(): void;
  close(): void;
};

const secondaryClass = "min-h-11 rounded-md border border-black/20 px-4 font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-[var(--accent)]";
const linkClass = "min-h-11 font-semibold underline underline-offset-2 hover:no-underline disabled:no-underline disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-[var(--accent)]";

function Alert(props: { message: string | null; testId: string }) {
  if (!props.message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900" data-testid={props.testId}>
      {props.message}
    </p>
  );
}

const focusLater = (id: string) => window.setTimeout(() => document.getElementById(id)?.focus(), 0);

/**
 * The dealer sign-in (spec 2 "Dealer login ... two-factor setup and code entry"): email and password, then the code
 * by SMS (or the authenticator app's), "Remember this device", a first phone when the user has none, and an
 * authenticator app offered once signed in. The current user is read again by the shell once it ends signed in.
 */
export function DealerAuthModal(props: DealerAuthModalProps) {
  const { t } = useI18n();
  const [step, setStep] = useState<SignInStep>({ kind: "credentials" });
  const [email, setEmail] = useState("");
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
        <CredentialsForm
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
      body = <CodeForm key={step.method} api={props.api} step={step} onStep={setStep} onVerified={verified} />;
      break;
    case "setup-phone":
    case "confirm-phone":
      body = <PhoneSetup api={props.api} step={step} onStep={setStep} onVerified={verified} />;
      break;
    default:
      body = <AuthenticatorSetup api={props.api} step={step} onStep={setStep} onDone={finish} />;
  }
  return (
    <ModalFrame title={title} closeLabel={t("common.close")} onClose={finish} size="sm">
      <div data-testid="dealer-auth-modal" data-step={step.kind}>
        {body}
      </div>
    </ModalFrame>
  );
}

function CredentialsForm(props: { api: StaffApi; email: string; onEmail(v: string): void; onForgotPassword(): void; onNext(step: SignInStep): void }) {
  const { t, locale } = useI18n();
  const language = languageOf(locale);
  const prefix = useId().replace(/:/g, "");
  const emailId = `${prefix}-staff-email`;
  const passwordId = `${prefix}-staff-password`;
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    const checkedEmail = emailSchema.safeParse(props.email);
    const found = {
      ...(checkedEmail.success ? {} : { email: localizeValidationMessage(checkedEmail.error.issues[0]?.message ?? "", language) }),
      ...(password ? {} : { password: t("staff.password_required") }),
    };
    setErrors(found);
    if (found.email) return focusLater(emailId);
    if (found.password) return focusLater(passwordId);
    setBusy(true);
    try {
      const result = await props.api.login(props.email.trim(), password);
      props.onNext(stepAfterLogin(result));
    } catch (error) {
      const read = refusal(error);
      setBusy(false);
      if (read.fields["email"] || read.fields["password"]) {
        setErrors({ email: read.fields["email"], password: read.fields["password"] });
        focusLater(read.fields["email"] ? emailId : passwordId);
      } else {
        setGeneral(read.general ?? t("error.generic"));
        focusLater(passwordId);
      }
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="dealer-sign-in-form">
      <p>{t("staff.sign_in_intro")}</p>
      <Alert message={general} testId="dealer-sign-in-error" />
      <TextField id={emailId} name="email" label={t("auth.email")} type="email" autoComplete="username" required value={props.email} onChange={props.onEmail} error={errors.email} testId="dealer-email" />
      <PasswordField id={passwordId} label={t("staff.password")} value={password} onChange={setPassword} error={errors.password} autoComplete="current-password" testId="dealer-password" />
      <button type="submit" disabled={busy} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-sign-in-submit">
        {busy ? t("staff.signing_in") : t("staff.sign_in")}
      </button>
      <button type="button" onClick={props.onForgotPassword} className={`${linkClass} justify-self-start`} data-testid="dealer-forgot-password">
        {t("staff.forgot_password")}
      </button>
    </form>
  );
}

/** The 6-digit code field and "Remember this device", shared by every code step. */
function useCodeField() {
  const { locale } = useI18n();
  const language = languageOf(locale);
  const prefix = useId().replace(/:/g, "");
  const id = `${prefix}-staff-code`;
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [remember, setRemember] = useState(false);
  /** The code when valid, else null with the error shown and the focus on the field. */
  const checked = () => {
    const parsed = verificationCodeSchema.safeParse(code);
    if (parsed.success) {
      setError(null);
      return parsed.data;
    }
    setError(localizeValidationMessage(parsed.error.issues[0]?.message ?? "", language));
    focusLater(id);
    return null;
  };
  const refused = (message: string) => {
    setError(message);
    focusLater(id);
  };
  return { id, code, setCode, error, remember, setRemember, checked, refused, prefix };
}

function CodeInputs(props: { field: ReturnType<typeof useCodeField>; label: string }) {
  const { t } = useI18n();
  const { field } = props;
  return (
    <>
      <TextField
        id={field.id}
        name="one-time-code"
        label={props.label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_LENGTH}
        inputClassName="text-center font-mono text-2xl tracking-[0.4em]"
        required
        value={field.code}
        onChange={(v) => field.setCode(codeDigits(v))}
        error={field.error ?? undefined}
        testId="dealer-code"
      />
      <CheckboxField id={`${field.prefix}-remember`} label={t("staff.remember_device")} checked={field.remember} onChange={field.setRemember} testId="dealer-remember-device" />
    </>
  );
}

function CodeForm(props: { api: StaffApi; step: Extract<SignInStep, { kind: "code" }>; onStep(step: SignInStep): void; onVerified(step: SignInStep): void }) {
  const { t } = useI18n();
  const { step } = props;
  const field = useCodeField();
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState<string | null>(step.throttled ? t("staff.code_throttled") : null);
  const [status, setStatus] = useState<string | null>(null);
  const [left, restart] = useCountdown(step.method === "sms" ? RESEND_DELAY_SECONDS : 0);
  useEffect(() => void focusLater(field.id), [field.id]);

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    const token = field.checked();
    if (!token) return;
    setBusy(true);
    try {
      const record = await props.api.verify(token, field.remember);
      props.onVerified(stepAfterVerified(record));
    } catch (error) {
      setBusy(false);
      const read = refusal(error);
      if (read.fields["token"]) field.refused(read.fields["token"]);
      else setGeneral(read.general ?? t("error.generic"));
    }
  }

  async function send() {
    setGeneral(null);
    setStatus(null);
    try {
      const record = await props.api.sendOtp();
      if (step.method === "authenticator") props.onStep({ ...step, method: "sms", maskedPhone: record.masked_phone, throttled: false });
      else {
        setStatus(t("auth.code_resent"));
        restart();
      }
    } catch (error) {
      setGeneral(refusal(error).general ?? t("auth.send_code_failed"));
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
      <Alert message={general} testId="dealer-code-error" />
      <button type="submit" disabled={busy} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-code-submit">
        {busy ? t("auth.checking_code") : t("staff.verify")}
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

function PhoneSetup(props: { api: StaffApi; step: Extract<SignInStep, { kind: "setup-phone" | "confirm-phone" }>; onStep(step: SignInStep): void; onVerified(step: SignInStep): void }) {
  const { t, locale } = useI18n();
  const language = languageOf(locale);
  const phoneId = `${useId().replace(/:/g, "")}-staff-phone`;
  const [phone, setPhone] = useState(props.step.kind === "confirm-phone" ? props.step.phone : "");
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useCodeField();

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    const parsed = staffPhoneSchema.safeParse(phone);
    if (!parsed.success) {
      setPhoneError(localizeValidationMessage(parsed.error.issues[0]?.message ?? "", language));
      return focusLater(phoneId);
    }
    setPhoneError(null);
    setBusy(true);
    try {
      await props.api.setupOtp(parsed.data);
      setBusy(false);
      props.onStep({ kind: "confirm-phone", phone: parsed.data });
      focusLater(field.id);
    } catch (error) {
      setBusy(false);
      const read = refusal(error);
      if (read.fields["phone"]) {
        setPhoneError(read.fields["phone"]);
        focusLater(phoneId);
      } else setGeneral(read.general ?? t("auth.send_code_failed"));
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || props.step.kind !== "confirm-phone") return;
    setGeneral(null);
    const token = field.checked();
    if (!token) return;
    setBusy(true);
    try {
      const record = await props.api.confirmOtpDevice({ token, phone: props.step.phone, remember_device: field.remember });
      props.onVerified(stepAfterVerified(record));
    } catch (error) {
      setBusy(false);
      const read = refusal(error);
      if (read.fields["token"]) field.refused(read.fields["token"]);
      else setGeneral(read.general ?? t("error.generic"));
    }
  }

  if (props.step.kind === "setup-phone") {
    return (
      <form noValidate onSubmit={(e) => void sendCode(e)} className="grid gap-4" data-testid="dealer-phone-form">
        <p>{t("staff.phone_intro")}</p>
        <Alert message={general} testId="dealer-phone-error" />
        <TextField id={phoneId} name="tel" label={t("staff.mobile_phone")} type="tel" autoComplete="tel" required value={phone} onChange={setPhone} error={phoneError ?? undefined} hint={t("staff.phone_hint")} testId="dealer-phone" />
        <button type="submit" disabled={busy} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-phone-submit">
          {busy ? t("auth.sending_code") : t("staff.send_setup_code")}
        </button>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={(e) => void confirm(e)} className="grid gap-4" data-testid="dealer-phone-confirm-form">
      <p>{t("staff.code_sent_to", { phone: props.step.phone })}</p>
      <CodeInputs field={field} label={t("auth.code_label")} />
      <Alert message={general} testId="dealer-phone-error" />
      <button type="submit" disabled={busy} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-code-submit">
        {busy ? t("auth.checking_code") : t("staff.confirm_phone")}
      </button>
      <button type="button" onClick={() => props.onStep({ kind: "setup-phone" })} className={`${linkClass} justify-self-start`}>
        {t("staff.change_phone")}
      </button>
    </form>
  );
}

/** Offered once signed in: the secret and its otpauth:// address as text (no QR library in the storefront), then the app's first code. */
function AuthenticatorSetup(props: { api: StaffApi; step: Extract<SignInStep, { kind: "offer-authenticator" | "authenticator-setup" | "done" }>; onStep(step: SignInStep): void; onDone(): void }) {
  const { t } = useI18n();
  const field = useCodeField();
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function start() {
    setGeneral(null);
    setBusy(true);
    try {
      const setup = await props.api.setupTotp();
      setBusy(false);
      props.onStep({ kind: "authenticator-setup", secret: setup.secret, uri: setup.otpauth_uri });
      focusLater(field.id);
    } catch (error) {
      setBusy(false);
      setGeneral(refusal(error).general ?? t("error.generic"));
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    const token = field.checked();
    if (!token) return;
    setBusy(true);
    try {
      await props.api.confirmTotp(token, field.remember);
      setBusy(false);
      setDone(true);
    } catch (error) {
      setBusy(false);
      const read = refusal(error);
      if (read.fields["token"]) field.refused(read.fields["token"]);
      else setGeneral(read.general ?? t("error.generic"));
    }
  }

  if (done) {
    return (
      <div className="grid gap-4">
        <p role="status">{t("staff.authenticator_ready")}</p>
        <button type="button" onClick={props.onDone} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-auth-continue">
          {t("staff.continue")}
        </button>
      </div>
    );
  }
  if (props.step.kind === "authenticator-setup") {
    return (
      <form noValidate onSubmit={(e) => void confirm(e)} className="grid gap-4" data-testid="dealer-totp-form">
        <p>{t("staff.authenticator_instructions")}</p>
        <dl className="grid gap-2 text-sm">
          <dt className="font-semibold">{t("staff.authenticator_secret")}</dt>
          <dd className="font-mono text-base break-all select-all" data-testid="dealer-totp-secret">{props.step.secret}</dd>
          <dt className="font-semibold">{t("staff.authenticator_uri")}</dt>
          <dd className="font-mono text-xs break-all select-all">{props.step.uri}</dd>
        </dl>
        <CodeInputs field={field} label={t("staff.authenticator_code")} />
        <Alert message={general} testId="dealer-totp-error" />
        <button type="submit" disabled={busy} className={`${ctaButtonClass} min-h-11 w-full`}>
          {busy ? t("auth.checking_code") : t("staff.authenticator_confirm")}
        </button>
        <button type="button" onClick={props.onDone} className={`${secondaryClass} w-full`}>
          {t("staff.not_now")}
        </button>
      </form>
    );
  }
  return (
    <div className="grid gap-4" data-testid="dealer-authenticator-offer">
      <p role="status">{t("staff.signed_in")}</p>
      <p>{t("staff.authenticator_offer")}</p>
      <Alert message={general} testId="dealer-totp-error" />
      <button type="button" onClick={props.onDone} className={`${ctaButtonClass} min-h-11 w-full`} data-testid="dealer-auth-continue">
        {t("staff.continue")}
      </button>
      <button type="button" disabled={busy} onClick={() => void start()} className={`${secondaryClass} w-full`} data-testid="dealer-authenticator-start">
        {t("staff.authenticator_start")}
      </button>
    </div>
  );
}
