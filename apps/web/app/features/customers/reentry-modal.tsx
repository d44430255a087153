import {
  languageOf,
  localizeValidationMessage,
  verificationCodeSchema,
  VERIFICATION_CODE_LENGTH,
} from "@showroom/domain";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useI18n } from "../../i18n/index.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import type { CustomerApi, ReentryCodeSent } from "./customer-api.ts";
import { storedCatId } from "./customer-storage.ts";
import { TextField } from "../../ui/form-fields.tsx";
import { codeDigits, RESEND_DELAY_SECONDS, useCountdown } from "../../ui/code-entry.ts";
import { sendReentryCode, type ReentryResult } from "./reentry-flow.ts";

export { codeDigits, RESEND_DELAY_SECONDS, useCountdown } from "../../ui/code-entry.ts";

export type ReentryModalProps = {
  email: string;
  sent: ReentryCodeSent;
  api: CustomerApi;
  onResult(result: ReentryResult): void;
  close(): void;
};

/**
 * The re-entry code modal: where the code went (masked), the 6-digit code, "Code is incorrect" from the API at
 * the field, a new code after a 30-second countdown, and cancel.
 */
export function ReentryModal(props: ReentryModalProps) {
  const { t } = useI18n();
  const settled = useRef(false);
  const onResult = useRef(props.onResult);
  onResult.current = props.onResult;
  const settle = (result: ReentryResult) => {
    if (settled.current) return;
    settled.current = true;
    onResult.current(result);
  };
  // Closed any other way (a route change closes every modal): the shopper did not sign in.
  useEffect(() => () => settle({ status: "cancelled" }), []);
  const cancel = () => {
    settle({ status: "cancelled" });
    props.close();
  };
  return (
    <ModalFrame title={t("auth.code_title")} closeLabel={t("common.close")} onClose={cancel} size="sm">
      <ReentryCodeForm
        email={props.email}
        sent={props.sent}
        api={props.api}
        onAuthenticated={(redirectTo) => {
          settle({ status: "authenticated", redirectTo });
          props.close();
        }}
        onCancel={cancel}
      />
    </ModalFrame>
  );
}

export function ReentryCodeForm(props: {
  email: string;
  sent: ReentryCodeSent;
  api: CustomerApi;
  onAuthenticated(redirectTo: string | null): void;
  onCancel(): void;
}) {
  const { t, locale } = useI18n();
  const language = languageOf(locale);
  const inputId = `${useId().replace(/:/g, "")}-code`;
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(props.sent);
  const [left, restart] = useCountdown(RESEND_DELAY_SECONDS);

  const focusCode = () => window.setTimeout(() => document.getElementById(inputId)?.focus(), 0);

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    setStatus(null);
    const parsed = verificationCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(localizeValidationMessage(parsed.error.issues[0]?.message ?? "", language));
      return focusCode();
    }
    setError(null);
    setBusy(true);
    const catId = storedCatId();
    try {
      const result = await props.api.verifyReentryCode({
        email: props.email,
        code: parsed.data,
        ...(catId ? { cat_id: catId } : {}),
      });
      setBusy(false);
      props.onAuthenticated(result?.redirect_to ?? null);
    } catch (failure) {
      setBusy(false);
      const http = httpFailure(failure);
      const read = errorMessages(http?.body);
      const message = read.fields.code ?? read.fields.email ?? read.general[0] ?? null;
      if (http?.status === 400 && message) {
        setError(message);
        focusCode();
      } else {
        setGeneral(message ?? t("auth.verify_failed"));
      }
    }
  }

  async function resend() {
    setGeneral(null);
    setStatus(null);
    const result = await sendReentryCode(props.api, props.email);
    if (result.ok) {
      setSent(result.sent);
      setStatus(t("auth.code_resent"));
      restart();
    } else {
      setGeneral(result.message ?? t("auth.send_code_failed"));
    }
  }

  const where = sent.phone
    ? t("auth.code_sent_email_phone", { email: sent.email, phone: sent.phone })
    : t("auth.code_sent_email", { email: sent.email });
  return (
    <form noValidate onSubmit={(e) => void verify(e)} className="grid gap-4" data-testid="reentry-modal">
      <p data-testid="reentry-destination">{where}</p>
      <TextField
        id={inputId}
        name="code"
        label={t("auth.code_label")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_LENGTH}
        inputClassName="text-center font-mono text-2xl tracking-[0.4em]"
        required
        value={code}
        onChange={(v) => setCode(codeDigits(v))}
        error={error ?? undefined}
        testId="reentry-code"
      />
      <div aria-live="polite" role="status" className="text-sm" data-testid="reentry-status">
        {status}
      </div>
      {general && (
        <p
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900"
          data-testid="reentry-error"
        >
          {general}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className={`${ctaButtonClass} min-h-11 w-full`}
        data-testid="reentry-submit"
      >
        {busy ? t("auth.checking_code") : t("auth.verify")}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          onClick={() => void resend()}
          disabled={left > 0}
          className="min-h-11 font-semibold underline underline-offset-2 disabled:no-underline disabled:opacity-70"
          data-testid="reentry-resend"
        >
          {left > 0 ? t("auth.resend_in", { seconds: left }) : t("auth.resend")}
        </button>
        <button
          type="button"
          onClick={props.onCancel}
          className="min-h-11 rounded-md border border-black/20 px-4 font-semibold hover:bg-black/5"
          data-testid="reentry-cancel"
        >
          {t("auth.cancel")}
        </button>
      </div>
    </form>
  );
}
