import { confirmOtpDeviceSchema, detailErrorSchema, setupOtpSchema, totpConfirmSchema, totpSetupResultSchema, twoFactorRecordSchema } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FieldErrors } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { TOTP_ISSUER } from "./second-factor.ts";
import { codeResponses, incorrect, locked, signInSteps, tag, type DealerAuthRouteDeps } from "./sign-in-steps.ts";

/** Setting up the second factor: a phone (SMS codes) or an authenticator app. */
export const enrolmentRoutes =
  (deps: DealerAuthRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { factor, signInLimit, language, sessionHash, record, passwordStepUser, mayEnrol, throttled, verified } = signInSteps(deps);

    app.post(
      "/api/quickshop/user/setup_otp/",
      {
        config: signInLimit,
        schema: {
          ...tag,
          summary:
            "Sends a code by SMS to a phone being set up (a user without one, or changing it; changing needs the second factor " +
            "first). Confirm it with confirm_otp_device.",
          body: setupOtpSchema,
          response: { 200: twoFactorRecordSchema, ...codeResponses },
        },
      },
      async (request, reply) => {
        const user = await passwordStepUser(request);
        mayEnrol(request, user);
        const result = await factor.sendSetupCode(user, { dealership: requireDealership(request), phone: request.body.phone, sessionHash: sessionHash(request), language: language(request) });
        if (result.outcome === "locked") throw locked();
        if (result.outcome === "throttled") throttled(reply, result.retryAfterSeconds);
        return record(request, user, { setup_sent: true });
      },
    );

    app.post(
      "/api/quickshop/user/confirm_otp_device/",
      {
        config: signInLimit,
        schema: {
          ...tag,
          summary:
            "Confirms the phone with the code setup_otp sent to it: the phone is saved (a changed phone revokes every remembered " +
            "device) and the session passes the second factor, as verification does.",
          body: confirmOtpDeviceSchema,
          response: { 200: twoFactorRecordSchema, ...codeResponses },
        },
      },
      async (request, reply) => {
        const user = await passwordStepUser(request);
        mayEnrol(request, user);
        const outcome = await factor.confirmPhone(user, { token: request.body.token, phone: request.body.phone, sessionHash: sessionHash(request) });
        if (outcome === "locked") throw locked();
        if (outcome === "incorrect") throw incorrect();
        return verified(request, reply, user, request.body.remember_device);
      },
    );

    app.post(
      "/api/quickshop/user/setup_totp/",
      {
        config: signInLimit,
        schema: {
          ...tag,
          summary:
            "Starts authenticator-app setup (RFC 6238, 6 digits, 30 s): answers the secret and its otpauth:// URI once (stored " +
            "encrypted). Needs the second factor first, unless the user has none yet. Confirm with confirm_totp.",
          response: { 200: totpSetupResultSchema, 403: detailErrorSchema, 429: detailErrorSchema },
        },
      },
      async (request) => {
        const user = await passwordStepUser(request);
        mayEnrol(request, user);
        const setup = await factor.startTotp(user);
        return { ...setup, issuer: TOTP_ISSUER, digits: 6 as const, period: 30 as const };
      },
    );

    app.post(
      "/api/quickshop/user/confirm_totp/",
      {
        config: signInLimit,
        schema: {
          ...tag,
          summary:
            "Confirms authenticator setup with the app's first code: from then on verification accepts the app's codes. The " +
            "session passes the second factor. 400 non_field_errors when setup was not started; wrong code: 400 token.",
          body: totpConfirmSchema,
          response: { 200: twoFactorRecordSchema, ...codeResponses },
        },
      },
      async (request, reply) => {
        const user = await passwordStepUser(request);
        mayEnrol(request, user);
        const outcome = await factor.confirmTotp(user, request.body.token);
        if (outcome === "locked") throw locked();
        if (outcome === "not_started") throw new FieldErrors({ non_field_errors: ["totp_setup_not_started"] });
        if (outcome === "incorrect") throw incorrect();
        return verified(request, reply, user, request.body.remember_device);
      },
    );
  };
