import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useManufacturerIdentityI18n } from "./i18n.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { useToasts } from "../../ui/toasts.tsx";

export const SIGN_IN_START = "/api/customer/manufacturer-identity/sign-in/";

/**
 * The manufacturer-identity login page (spec 2.1): what signing in with Volkswagen ID means, and the button that starts
 * it (the API answers the provider's address; the browser goes there and comes back through the callback page).
 */
export function ManufacturerLoginPanel() {
  const { t } = useManufacturerIdentityI18n();
  const shell = useShell();
  const toasts = useToasts();
  const [params] = useSearchParams();
  const [pending, setPending] = useState(false);
  const { dealer, customer } = shell;

  async function start() {
    setPending(true);
    try {
      const returnTo = params.get("return_to");
      const answer = await shell.quietApi.post<{ redirect_to: string }>(SIGN_IN_START, returnTo ? { return_to: returnTo } : {});
      window.location.assign(answer.redirect_to);
    } catch (error) {
      setPending(false);
      const failure = httpFailure(error);
      const message = failure ? errorMessages(failure.body).general[0] : null;
      toasts.show({ tone: "error", message: message ?? t("manufacturer_identity.callback_failed") });
    }
  }

  return (
    <section className="mx-auto grid max-w-xl gap-5 px-4 py-10" aria-labelledby="manufacturer-login-title" data-testid="manufacturer-login">
      <h1 id="manufacturer-login-title" className="text-2xl font-bold">
        {t("manufacturer_identity.login_title")}
      </h1>
      {!dealer.enable_volkswagen_id ? (
        <p data-testid="manufacturer-login-disabled">{t("manufacturer_identity.login_disabled", { dealer: dealer.name })}</p>
      ) : customer?.has_volkswagen_id ? (
        <>
          <p>{t("manufacturer_identity.login_linked")}</p>
          <Link to={shell.path("vw/id-profile")} className={`${ctaButtonClass} justify-self-start`}>
            {t("manufacturer_identity.login_see_profile")}
          </Link>
        </>
      ) : (
        <>
          <p>{t("manufacturer_identity.login_intro", { dealer: dealer.name })}</p>
          <p className="text-sm opacity-80">{t("manufacturer_identity.login_shares", { dealer: dealer.name })}</p>
          <button type="button" className={`${ctaButtonClass} justify-self-start`} onClick={() => void start()} disabled={pending} aria-busy={pending} data-testid="manufacturer-sign-in">
            {pending ? t("manufacturer_identity.login_redirecting") : t("manufacturer_identity.login_button")}
          </button>
          {!customer && (
            <button type="button" className={`${secondaryButtonClass} justify-self-start`} onClick={() => void shell.signIn()} onPointerEnter={shell.prefetchSignIn} onFocus={shell.prefetchSignIn}>
              {t("manufacturer_identity.login_other")}
            </button>
          )}
        </>
      )}
    </section>
  );
}
