import type { CustomerUser } from "@showroom/domain";
import type { Translate } from "../../i18n/index.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import type { AuthOutcome, SignInOptions } from "../../lib/auth.ts";
import type { ModalApi } from "../../ui/modals.tsx";
import type { CustomerApi } from "./customer-api.ts";
import { clearBrowserStorage, rememberCatId, rememberedCustomerEmail } from "./customer-storage.ts";
import { sameSitePath, startReentry } from "./reentry-flow.ts";

/**
 * The shopper's session flows the shell starts, loaded when one is needed (none is on most page views):
 * the sign-in entries of the address, the session-expired notice and log out.
 */
export type SessionDeps = {
  api: CustomerApi;
  modals: ModalApi;
  toasts: { show(toast: { message: string; tone: "info" | "error" }): void };
  t: Translate;
  customer: CustomerUser | null;
  /** Keys of local storage that survive a log out (the cookie choice). */
  keep: readonly string[];
  refresh(): void;
  navigate(to: string): void;
  signIn(preset?: undefined, options?: SignInOptions): Promise<AuthOutcome>;
};

/** Sends a code to this email and asks for it; an entry link's parameters leave the address afterwards. */
export async function reentry(deps: SessionDeps, email: string, strip: string[] | null): Promise<void> {
  const result = await startReentry(deps.modals, deps.api, email);
  if (result.status === "failed") deps.toasts.show({ tone: "error", message: result.message ?? deps.t("auth.send_code_failed") });
  if (result.status === "authenticated") deps.refresh();
  if (!strip) return;
  const url = new URL(window.location.href);
  for (const key of strip) url.searchParams.delete(key);
  // Signed in from an entry link: the API's redirect_to when it stays on this site.
  const follow = result.status === "authenticated" ? sameSitePath(result.redirectTo, url.origin) : null;
  deps.navigate(follow ?? `${url.pathname}${url.search}`);
}

function without(keys: string[]): string {
  const url = new URL(window.location.href);
  for (const key of keys) url.searchParams.delete(key);
  return `${url.pathname}${url.search}`;
}

/** Spec 2.2: catId is kept; a re-entry link (expired=1&token) or login_email signs the shopper in with a code. */
export async function startUp(deps: SessionDeps, params: URLSearchParams): Promise<void> {
  rememberCatId(params);
  const same = (email: string) => deps.customer !== null && deps.customer.email.toLowerCase() === email.trim().toLowerCase();
  const token = params.get("expired") === "1" ? params.get("token") : null;
  const loginEmail = params.get("login_email");
  if (token) {
    try {
      const decoded = await deps.api.decodeToken(token);
      if (same(decoded.email)) deps.navigate(without(["expired", "token"]));
      else await reentry(deps, decoded.email, ["expired", "token"]);
    } catch (error) {
      deps.toasts.show({ tone: "error", message: errorMessages(httpFailure(error)?.body).general[0] ?? deps.t("auth.decode_failed") });
      deps.navigate(without(["expired", "token"]));
    }
  } else if (loginEmail) {
    if (same(loginEmail)) deps.navigate(without(["login_email"]));
    else await reentry(deps, loginEmail, ["login_email"]);
  }
}

/**
 * Spec 8: a customer whose session expired may sign straight back in (a code to the email of the last signed-in
 * shopper of this tab, else the sign-in modal); closing the notice signs them out of this browser.
 */
export function sessionExpired(deps: SessionDeps, userKind: "dealer" | "customer" | null, closed: () => void): void {
  const email = userKind === "customer" ? rememberedCustomerEmail() : null;
  deps.modals.open("session expired", {
    t: deps.t,
    userKind,
    canSendCode: Boolean(email),
    onSendCode: () => {
      closed();
      if (email) void reentry(deps, email, null);
    },
    onSignIn: () => {
      closed();
      void deps.signIn(undefined, { mode: "sign-in" });
    },
    onDismiss: () => {
      closed();
      // The API already ended the session: this browser forgets the shopper too.
      clearBrowserStorage(deps.keep);
      deps.refresh();
    },
  });
}

/** Spec 4: the session ends, the browser forgets (all but the kept keys), and the visitor goes to the list or the website. */
export async function logOut(deps: SessionDeps, destination: string): Promise<void> {
  await deps.api.logOut().catch(() => undefined);
  clearBrowserStorage(deps.keep);
  window.location.assign(destination);
}
