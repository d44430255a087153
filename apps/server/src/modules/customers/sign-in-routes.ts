import { detailErrorSchema, decodedTokenSchema, redirectResultSchema, reentryCodeRequestSchema, reentryCodeSentSchema, reentryCodeVerifySchema, tokenizedUrlDecodeSchema, validationErrorSchema } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FieldErrors, HttpError } from "../../platform/http-errors.ts";
import { addressLimit } from "../../platform/rate-limit.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { hashSessionId } from "../sessions/service.ts";
import { customersTag, type CustomerRouteDeps } from "./route-support.ts";

/** A returning customer signs in with a code mailed to them, or from their re-entry link. */
export const customerSignInRoutes =
  (deps: CustomerRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { customers } = deps;
    const codeLimit = addressLimit(deps.signInLimitPer15Minutes, "15 minutes");

    app.post(
      "/api/customer/send_reentry_code/",
      {
        config: codeLimit,
        schema: {
          ...customersTag,
          summary:
            "Emails a 6-digit sign-in code (valid 10 minutes, 5 tries) to a customer of this dealership. The answer, masked, is the " +
            "same for an unknown email. 429 after 5 requests for one email in 15 minutes, or more from one address than configured.",
          body: reentryCodeRequestSchema,
          response: { 200: reentryCodeSentSchema, 400: validationErrorSchema, 403: detailErrorSchema, 429: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const result = await customers.requestCode({ dealership, email: request.body.email, sessionHash: hashSessionId(request.sessionId) });
        if (result.outcome === "throttled") {
          reply.header("retry-after", String(result.retryAfterSeconds));
          throw new HttpError(429, "throttled", {}, { seconds: result.retryAfterSeconds });
        }
        return result.masked;
      },
    );

    app.post(
      "/api/customer/verify_reentry_code/",
      {
        config: codeLimit,
        schema: {
          ...customersTag,
          summary: "Signs the customer in with the code this browser asked for; wrong, used or expired: 400 'Code is incorrect'",
          body: reentryCodeVerifySchema,
          // The field at fault is itself called "code", so this 400 has no separate error code; a body that is
          // not JSON gets the usual {"detail": ...}.
          response: { 200: redirectResultSchema, 400: validationErrorSchema, 403: detailErrorSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const { email, code, cat_id } = request.body;
        const result = await customers.verifyCode({ dealership, email, code, sessionHash: hashSessionId(request.sessionId) });
        if (result.outcome === "incorrect") throw new FieldErrors({ code: ["code_incorrect"] });
        if (cat_id && !result.customer.catId) await customers.update(result.customer.id, { catId: cat_id });
        await deps.session.signIn(request, result.customer.id);
        return { redirect_to: null };
      },
    );

    app.post(
      "/api/customer/user/decode_tokenized_url/",
      {
        config: codeLimit,
        schema: {
          ...customersTag,
          summary: "Reads a customer's re-entry link; the shopper then signs in with a code sent to the email on record",
          body: tokenizedUrlDecodeSchema,
          // An unknown token: {"detail", "code": "token_invalid"}; a missing or malformed one: field errors.
          response: { 200: decodedTokenSchema, 400: validationErrorSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const row = await customers.customerOfToken(dealership.id, request.body.auth_token);
        if (!row) throw new HttpError(400, "token_invalid", { code: "token_invalid" });
        return { email: row.email, first_name: row.firstName, tokenized_url: customers.tokenizedUrl(deps.publicOrigin, dealership, row), redirect_url: null };
      },
    );
  };
