import { languageOf, type DealerInfo, type DealerUser } from "@showroom/domain";
import { useContext, useEffect, useRef, useState } from "react";
import { useI18n } from "../../i18n/index.ts";
import { leadFormFinished, leadFormShown } from "../../lib/analytics.ts";
import { ShellContext } from "../../lib/shell-context.tsx";
import { SKIPPABLE_PRESETS, type AuthOutcome, type AuthPreset } from "../../lib/auth.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { useModals } from "../../ui/modals.tsx";
import { authCopy } from "./auth-copy.ts";
import type { CustomerApi, ReentryCodeSent } from "./customer-api.ts";
import { storedCatId } from "./customer-storage.ts";
import { COPY_LINK_MODAL, openReentryModal, sendReentryCode } from "./reentry-flow.ts";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpForm, type SignUpResult } from "./sign-up-form.tsx";

export type AuthModalProps = {
  preset?: AuthPreset | undefined;
  mode?: "sign-up" | "sign-in" | undefined;
  dealer: DealerInfo;
  dealerUser: DealerUser | null;
  api: CustomerApi;
  vehicle?: number | undefined;
  /** Called once: signed in (new, existing, authenticated), cancelled or skipped. */
  onResult(outcome: AuthOutcome): void;
  close(): void;
};

/**
 * The sign-in/sign-up modal (spec 2.4) in its preset's words. Sign-up creates the account (a new shopper then gets
 * the copy-link modal); a known email, or "I already have an account", continues in the re-entry code modal.
 */
export function AuthModal(props: AuthModalProps) {
  const { t } = useI18n();
  const modals = useModals();
  const [notice, setNotice] = useState<string | null>(null);
  const settled = useRef(false);
  const onResult = useRef(props.onResult);
  onResult.current = props.onResult;

  const settle = (outcome: AuthOutcome) => {
    if (settled.current) return;
    settled.current = true;
    onResult.current(outcome);
  };
  // Closed any other way (a route change closes every modal): the shopper did not sign in.
  useEffect(() => () => settle("cancelled"), []);
  // Spec 4: the lead form's source is registered when it is shown; only a finish from that source is reported.
  const leadSource = props.preset ?? "default";
  const shell = useContext(ShellContext);
  useEffect(() => leadFormShown(leadSource), [leadSource]);

  /** The code modal takes over; this one closes and its outcome follows the code's. */
  function continueWithCode(email: string, sent: ReentryCodeSent, outcome: "existing" | "authenticated") {
    settled.current = true;
    props.close();
    void openReentryModal(modals, { email, sent, api: props.api }).then((result) =>
      onResult.current(result.status === "authenticated" ? outcome : "cancelled"),
    );
  }

  async function signedUp(result: SignUpResult) {
    if (result.kind === "created") {
      leadFormFinished(shell?.quietApi ?? null, leadSource, { vehicle: props.vehicle ? { id: props.vehicle } : null });
      settle("new");
      props.close();
      modals.open(COPY_LINK_MODAL, { url: result.customer.tokenized_url, forStaff: props.dealerUser !== null });
      return;
    }
    const sent = await sendReentryCode(props.api, result.email);
    if (sent.ok) continueWithCode(result.email, sent.sent, "existing");
    else setNotice(sent.message ?? t("auth.send_code_failed"));
  }

  const cancel = () => {
    settle("cancelled");
    props.close();
  };
  return (
    <ModalFrame title={t(authCopy(props.preset).title)} closeLabel={t("common.close")} onClose={cancel}>
      <AuthPanel
        preset={props.preset}
        initialMode={props.mode}
        dealer={props.dealer}
        dealerUser={props.dealerUser}
        api={props.api}
        vehicle={props.vehicle}
        notice={notice}
        onSignedUp={signedUp}
        onCodeSent={(email, sent) => continueWithCode(email, sent, "authenticated")}
        onSkip={() => {
          settle("skipped");
          props.close();
        }}
      />
    </ModalFrame>
  );
}

/** The manufacturer-identity login page, coming back to the page the modal was opened on. */
function manufacturerLoginHref(dealerCode: string, language: "en" | "fr") {
  const here = typeof window === "undefined" ? "" : `${window.location.pathname}${window.location.search}`;
  return `/${language}/${dealerCode}/vw/id-login/${here ? `?return_to=${encodeURIComponent(here)}` : ""}`;
}

/** The modal's content: the preset's introduction, sign-up or "I already have an account", and skip where allowed. */
export function AuthPanel(props: {
  preset?: AuthPreset | undefined;
  initialMode?: "sign-up" | "sign-in" | undefined;
  dealer: DealerInfo;
  dealerUser: DealerUser | null;
  api: CustomerApi;
  vehicle?: number | undefined;
  notice: string | null;
  onSignedUp(result: SignUpResult): Promise<void>;
  onCodeSent(email: string, sent: ReentryCodeSent): void;
  onSkip(): void;
}) {
  const { t, locale } = useI18n();
  const [mode, setMode] = useState(props.preset === "add-customer" ? "sign-up" : (props.initialMode ?? "sign-up"));
  const copy = authCopy(props.preset);
  const skippable = props.preset !== undefined && SKIPPABLE_PRESETS.includes(props.preset);
  const link = "min-h-11 font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-[var(--accent)]";
  return (
    <div data-testid="auth-modal" data-preset={props.preset ?? "default"} data-mode={mode}>
      <p className="mb-4">{t(mode === "sign-in" ? "auth.sign_in_intro" : copy.intro)}</p>
      {props.notice && (
        <p role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
          {props.notice}
        </p>
      )}
      {mode === "sign-up" ? (
        <SignUpForm
          dealer={props.dealer}
          dealerUser={props.dealerUser}
          api={props.api}
          vehicle={props.vehicle}
          catId={storedCatId()}
          leadType={props.preset}
          onDone={props.onSignedUp}
        />
      ) : (
        <SignInForm api={props.api} onSent={props.onCodeSent} />
      )}
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-black/10 pt-4">
        {props.preset !== "add-customer" &&
          (mode === "sign-up" ? (
            <button type="button" className={link} onClick={() => setMode("sign-in")} data-testid="have-account">
              {t("auth.have_account")}
            </button>
          ) : (
            <button type="button" className={link} onClick={() => setMode("sign-up")} data-testid="create-account">
              {t("auth.need_account")}
            </button>
          ))}
        {props.dealer.enable_volkswagen_id && props.dealerUser === null && props.preset !== "add-customer" && (
          // The manufacturer's identity is offered wherever the dealership enables it (spec 2.3, 4).
          <a className={link} href={manufacturerLoginHref(props.dealer.code, languageOf(locale))} data-testid="auth-manufacturer-sign-in">
            {t("header.manufacturer_sign_in")}
          </a>
        )}
        {skippable && (
          <button type="button" className={link} onClick={props.onSkip} data-testid="skip-sign-in">
            {t("auth.skip")}
          </button>
        )}
      </div>
    </div>
  );
}
