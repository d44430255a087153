import {
  apiMessage,
  detailErrorSchema,
  languageOf,
  manufacturerIdentityProfileSchema,
  manufacturerSignInCallbackSchema,
  manufacturerSignInRedirectSchema,
  manufacturerSignInStartSchema,
  safeReturnPath,
  validationErrorSchema,
  withSignInError,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { customerIdOf } from "../../platform/actor.ts";
import { HttpError } from "../../platform/http-errors.ts";
import { addressLimit } from "../../platform/rate-limit.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomerSession } from "../../workflows/customer-session.ts";
import { hashSessionId } from "../sessions/service.ts";
import type { ManufacturerIdentityService } from "./service.ts";

const tag = { tags: ["manufacturer-identity"] };

export type ManufacturerIdentityRouteDeps = {
  identity: ManufacturerIdentityService;
  session: Pick<CustomerSession, "signIn">;
  /** The storefront's public origin: the callback address registered at the provider is built on it. */
  publicOrigin: string;
  signInLimitPer15Minutes: number;
};

/** Where the provider sends the shopper back: a page of the storefront (no language: the sign-in remembers it). */
export const callbackAddress = (origin: string, dealerCode: string) => `${origin}/${dealerCode}/vw/id-callback/`;

/** Dealer staff (signed in, or half-way through the second factor) are not customers of the manufacturer's sign-in. */
function refuseStaff(request: FastifyRequest) {
  const actor = request.actor;
  if (actor.kind === "staff" || actor.kind === "acting" || (actor.kind === "anonymous" && actor.secondFactorPending)) {
    throw new HttpError(403, "manufacturer_identity_staff");
  }
}

/** Sign-in with the manufacturer's identity (OpenID Connect, authorization code with PKCE) and the customer's identity profile. */
export const manufacturerIdentityRoutes =
  (deps: ManufacturerIdentityRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { identity } = deps;
    // A sign-in call is the answer to an expired session: it is not refused with 440.
    const signInConfig = { ...addressLimit(deps.signInLimitPer15Minutes, "15 minutes"), replacesSession: true };

    app.post(
      "/api/customer/manufacturer-identity/sign-in/",
      {
        config: signInConfig,
        schema: {
          ...tag,
          summary:
            "Anyone but dealer staff: starts the sign-in with the dealership's manufacturer identity (Volkswagen ID) for this browser " +
            "session and answers the provider's authorization address to go to. return_to: the storefront path to come back to (a " +
            "path of this site; anything else is ignored). 404 when the dealership has no provider configured or it cannot be reached.",
          body: manufacturerSignInStartSchema,
          response: { 200: manufacturerSignInRedirectSchema, 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request) => {
        refuseStaff(request);
        const dealership = requireDealership(request);
        const started = await identity.start({
          dealership,
          sessionHash: hashSessionId(request.sessionId),
          returnTo: safeReturnPath(request.body.return_to),
          language: languageOf(request.locale),
          redirectUri: callbackAddress(deps.publicOrigin, dealership.code),
        });
        if (!started.ok) throw new HttpError(404, started.failure);
        return { redirect_to: started.url };
      },
    );

    app.get(
      "/api/customer/manufacturer-identity/callback/",
      {
        config: signInConfig,
        schema: {
          ...tag,
          summary:
            "The provider's authorization response (called by the storefront's callback page with the query it received): checks the " +
            "state against this session, exchanges the code with the PKCE verifier, verifies the ID token (signature, issuer, " +
            "audience, nonce, expiry), links or creates the customer of this dealership and signs them in. Always answers where to " +
            "go next: the page the sign-in started from (or the identity profile), or, when anything failed, the login page with " +
            "?sso_error= a message in the shopper's language.",
          querystring: manufacturerSignInCallbackSchema,
          response: { 200: manufacturerSignInRedirectSchema, 400: validationErrorSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const home = (language: "en" | "fr", page: string) => `/${language}/${dealership.code}/vw/${page}/`;
        const outcome =
          request.actor.kind === "staff" || request.actor.kind === "acting"
            ? ({ ok: false, failure: "manufacturer_identity_staff", returnTo: null, language: null } as const)
            : await identity.complete({
                dealership,
                sessionHash: hashSessionId(request.sessionId),
                query: request.query,
                redirectUri: callbackAddress(deps.publicOrigin, dealership.code),
              });
        if (outcome.ok) {
          await deps.session.signIn(request, outcome.customer.id);
          return { redirect_to: outcome.returnTo ?? home(outcome.language, "id-profile") };
        }
        const language = outcome.language ?? languageOf(request.locale);
        return { redirect_to: withSignInError(outcome.returnTo ?? home(language, "id-login"), apiMessage(outcome.failure, language)) };
      },
    );

    app.get(
      "/api/customer/manufacturer-identity/profile/",
      {
        schema: {
          ...tag,
          summary: "The signed-in customer's manufacturer identity (name and email as the provider vouched for them, linked since). 403 when no customer is signed in; 404 when they never signed in with it here.",
          response: { 200: manufacturerIdentityProfileSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const customerId = customerIdOf(request.actor);
        if (customerId === null) throw new HttpError(403, "customer_not_signed_in");
        const link = await identity.profile(dealership.id, customerId);
        if (!link) throw new HttpError(404, "manufacturer_identity_not_linked");
        return {
          first_name: link.firstName,
          last_name: link.lastName,
          full_name: `${link.firstName} ${link.lastName}`.trim(),
          email: link.email,
          linked_at: link.linkedAt.toISOString(),
          last_sign_in_at: link.lastSignInAt.toISOString(),
        };
      },
    );
  };
