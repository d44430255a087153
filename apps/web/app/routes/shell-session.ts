import type { CustomerUser, DealerInfo, DealerUser } from "@showroom/domain";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { COOKIE_CONSENT_KEY } from "../lib/consent.ts";
import { createCustomerApi } from "../features/customers/customer-api.ts";
import { rememberCustomer } from "../features/customers/customer-storage.ts";
import type { SessionDeps } from "../features/customers/session-flows.ts";
import type { Translate } from "../i18n/index.ts";
import type { ApiClient } from "../lib/api-client.ts";
import { isSignedIn, type AuthOutcome, type AuthPreset, type SignInOptions } from "../lib/auth.ts";
import type { ModalApi } from "../ui/modals.tsx";

type Toasts = SessionDeps["toasts"];

/** Whether the address starts a sign-in when the page opens (spec 2.2): the re-entry link, or login_email. */
export const hasSignInEntry = (params: URLSearchParams) => (params.get("expired") === "1" && !!params.get("token")) || !!params.get("login_email");

const CAMPAIGN_PARAM = /^(utm_|gclid$)/;

// The flows themselves load when one is needed: most page views start none.
const flows = () => import("../features/customers/session-flows.ts");

/**
 * The shopper's session as the shell offers it to pages: sign in (the auth modal by preset), log out, the
 * session-expired notice, and the sign-in entries of the address, handled once when the shell starts.
 */
export function useCustomerSession(input: {
  dealer: DealerInfo;
  dealerUser: DealerUser | null;
  customer: CustomerUser | null;
  quietApi: ApiClient;
  modals: ModalApi;
  toasts: Toasts;
  t: Translate;
  listHref: string;
}) {
  const { dealer, dealerUser, customer, quietApi, modals, toasts, t, listHref } = input;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const refresh = useCallback(() => void revalidate.current(), []);
  const api = useMemo(() => createCustomerApi(quietApi), [quietApi]);

  useEffect(() => rememberCustomer(customer), [customer]);

  const signIn = useCallback(
    (preset?: AuthPreset, options: SignInOptions = {}) =>
      new Promise<AuthOutcome>((resolve) => {
        modals.open("auth", {
          preset,
          mode: options.mode,
          vehicle: options.vehicle,
          dealer,
          dealerUser,
          api,
          onResult: (outcome: AuthOutcome) => {
            if (isSignedIn(outcome)) refresh();
            resolve(outcome);
          },
        });
      }),
    [modals, dealer, dealerUser, api, refresh],
  );

  const deps = useMemo<SessionDeps>(
    () => ({
      api,
      modals,
      toasts,
      t,
      customer,
      keep: [COOKIE_CONSENT_KEY],
      refresh,
      navigate: (to) => void navigate(to, { replace: true, preventScrollReset: true }),
      signIn,
    }),
    [api, modals, toasts, t, customer, refresh, navigate, signIn],
  );

  const logOut = useCallback(
    () => flows().then((m) => m.logOut(deps, dealer.show_vehicle_list ? listHref : (dealer.website ?? "/"))),
    [deps, dealer, listHref],
  );

  const expiredOpen = useRef(false);
  const sessionExpired = useCallback(
    (userKind: "dealer" | "customer" | null) => {
      if (expiredOpen.current) return;
      expiredOpen.current = true;
      void flows().then((m) => m.sessionExpired(deps, userKind, () => (expiredOpen.current = false)));
    },
    [deps],
  );

  /** Once, when the shell starts: campaign parameters and catId are kept; an entry link starts a sign-in. */
  const startUp = useCallback(
    (params: URLSearchParams) => {
      if ([...params.keys()].some((key) => CAMPAIGN_PARAM.test(key))) {
        void import("../features/saved-deals/campaign-capture.ts").then((m) => m.captureCampaign(params, window.location.href, document.referrer));
      }
      if (params.has("catId") || hasSignInEntry(params)) void flows().then((m) => m.startUp(deps, params));
    },
    [deps],
  );

  return { signIn, logOut, refresh, sessionExpired, startUp };
}
