import { manufacturerSignInRedirectSchema, safeReturnPath, withSignInError } from "@showroom/domain";
import { redirect } from "react-router";
import { manufacturerIdentityMessage } from "../features/manufacturer-identity/i18n.ts";
import { serverApi } from "../lib/api.server.ts";
import type { Route } from "./+types/vw-id-callback";

/**
 * Where the manufacturer's identity provider sends the shopper back (/{dealer code}/vw/id-callback/?code=&state=, the
 * address registered at the provider). The API checks and completes the sign-in in this browser's session and says
 * where to go: the page the sign-in started from, or the login page with ?sso_error= (shown as a toast). Its new
 * session cookie goes back with the redirect.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const dealerCode = params.dealerCode ?? "";
  const url = new URL(request.url);
  const acceptLanguage = request.headers.get("accept-language") ?? undefined;
  try {
    const api = serverApi(context, dealerCode, acceptLanguage);
    const answer = await api.get(`/api/customer/manufacturer-identity/callback/${url.search}`, manufacturerSignInRedirectSchema);
    // The API answers a path of this site; anything else is not followed.
    const next = answer.redirect_to;
    if (safeReturnPath(next) !== null && !next.startsWith("//") && !next.includes("\\")) return redirect(next, { headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" } });
  } catch {
    // An unknown dealership, a malformed answer from the provider, a throttled address: the login page says it failed.
  }
  const language = /^fr\b/i.test(acceptLanguage ?? "") ? "fr" : "en";
  return redirect(withSignInError(`/${language}/${dealerCode}/vw/id-login/`, manufacturerIdentityMessage(language, "manufacturer_identity.callback_failed")), { headers: { "cache-control": "no-store" } });
}
