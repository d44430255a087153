import type { DealerUser } from "@showroom/domain";
import { useCallback, useMemo, useRef } from "react";
import { clearBrowserStorage } from "../features/customers/customer-storage.ts";
import { COOKIE_CONSENT_KEY } from "../lib/consent.ts";
import { createStaffApi } from "../features/staff/staff-api.ts";
import { leaveCustomer } from "../features/staff/staff-flows.ts";
import type { Translate } from "../i18n/index.ts";
import type { ApiClient } from "../lib/api-client.ts";
import { mayLeave } from "../lib/leave-guard.ts";
import type { ModalApi } from "../ui/modals.tsx";

/** The dealer sign-in modal's code, fetched ahead when a pointer or the focus reaches a button opening it. */
export const loadDealerAuthModal = () => import("../features/staff/dealer-auth-modal.tsx");
export const prefetchDealerSignIn = () => void loadDealerAuthModal().catch(() => undefined);

/**
 * The dealer staff's session as the shell offers it (spec 4 "Dealer session", 8): sign in (one modal at a time, its
 * outcome shared by every caller: a call answered 440 waits for it), log out, back to the customer list and end the
 * customer session, and acting for a customer.
 */
export function useStaffSession(input: {
  dealerUser: DealerUser | null;
  quietApi: ApiClient;
  modals: ModalApi;
  toasts: { show(toast: { message: string; tone: "info" | "error" }): void };
  t: Translate;
  refresh(): void;
  /** Where a logged-out staff user goes (the vehicle list or the dealership's website). */
  exitHref: string;
}) {
  const { quietApi, modals, toasts, t, refresh, exitHref } = input;
  const api = useMemo(() => createStaffApi(quietApi), [quietApi]);
  const pending = useRef<Promise<boolean> | null>(null);

  const signIn = useCallback((): Promise<boolean> => {
    if (pending.current) return pending.current;
    pending.current = new Promise<boolean>((resolve) => {
      modals.open("dealer auth", {
        api,
        onForgotPassword: () => modals.open("password reset", { api }),
        onResult: (signedIn: boolean) => {
          pending.current = null;
          // The current user is read again (spec 7): the shell then shows the staff user.
          if (signedIn) refresh();
          resolve(signedIn);
        },
      });
    });
    return pending.current;
  }, [api, modals, refresh]);

  // Spec 4: leaving the customer, or logging out, first asks a page with unsaved post-deposit changes; declined, nothing happens.
  const leave = useCallback(
    async (call: () => Promise<{ redirect_to: string }>) => {
      if (!(await mayLeave())) return;
      await leaveCustomer(call, {
        toast: (message) => toasts.show({ tone: "error", message }),
        reloading: t("staff.request_failed_reloading"),
        fallback: t("error.generic"),
        go: (url) => window.location.assign(url),
        reload: () => window.location.reload(),
        wait: (ms) => new Promise((r) => window.setTimeout(r, ms)),
      });
    },
    [toasts, t],
  );
  const endCustomerSession = useCallback(() => leave(api.endCustomerSession), [leave, api]);
  const backToDealerPanel = useCallback(() => leave(api.backToDealerPanel), [leave, api]);

  const logOut = useCallback(async () => {
    if (!(await mayLeave())) return;
    await api.logOut().catch(() => undefined);
    clearBrowserStorage([COOKIE_CONSENT_KEY]);
    window.location.assign(exitHref);
  }, [api, exitHref]);

  return { api, signIn, endCustomerSession, backToDealerPanel, logOut };
}
