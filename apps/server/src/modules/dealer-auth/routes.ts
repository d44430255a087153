import {
  dealerUserSchema,
  detailErrorSchema,
  reachesDealership,
  staffLoginResultSchema,
  staffLoginSchema,
  twoFactorRecordSchema,
  validationErrorSchema,
  verificationSchema,
  verificationStatusSchema,
  type TwoFactorRecord,
} from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isFullyAuthenticated } from "../../platform/actor.ts";
import { FieldErrors, HttpError } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import {
  effectiveRole,
  toDealerUser,
} from "./service.ts";
import { codeResponses, incorrect, locked, signInSteps, tag, type DealerAuthRouteDeps } from "./sign-in-steps.ts";

export { deviceCookieName } from "./sign-in-steps.ts";

export const dealerAuthRoutes =
  (deps: DealerAuthRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { dealerAuth, sessionControls } = deps;
    const { factor, DEVICE_COOKIE, signInLimit, language, sessionHash, record, passwordStepUser, throttled, verified } = signInSteps(deps);

    app.get(
      "/api/quickshop/user/current_user/",
      {
        schema: {
          ...tag,
          summary: "The signed-in staff user; fully_authenticated once the second factor passed (403 when none; 440 when the session expired)",
          response: { 200: dealerUserSchema, 403: detailErrorSchema },
        },
      },
      async (request) => {
        const user = await dealerAuth.currentUser(request.session);
        if (!user || !request.session) throw new HttpError(403, "not_authenticated");
        return toDealerUser(user, request.session, language(request));
      },
    );

    app.post(
      "/api/quickshop/user/login/",
      {
        config: { ...signInLimit, replacesSession: true },
        schema: {
          ...tag,
          summary:
            "Staff sign-in, step 1: email and password. Starts a new session (new id) at this storefront's dealership and answers the " +
            "staff user with the two-factor record. A code goes by SMS at once when the user has a phone and no authenticator app " +
            "(sent=true); a valid remembered-device cookie skips the second factor (verified=true, reason=remembered_device). Wrong " +
            "email or password: 400 non_field_errors; 100 failures in a row: 403 code account_locked; staff of another dealership " +
            "(or an unknown role): 403.",
          body: staffLoginSchema,
          response: { 200: staffLoginResultSchema, 400: validationErrorSchema, 403: detailErrorSchema, 429: detailErrorSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const checked = await dealerAuth.passwords.check(request.body.email, request.body.password);
        if (checked.outcome === "locked") throw locked();
        if (checked.outcome === "invalid") throw new FieldErrors({ non_field_errors: ["invalid_credentials"] });
        const user = checked.user;
        const role = effectiveRole(user);
        if (role === "unknown") throw new HttpError(403, "permission_denied");
        if (!reachesDealership({ role, dealershipId: user.dealershipId, groupId: user.groupId }, dealership)) throw new HttpError(403, "dealership_mismatch");

        const remembered = await factor.isRememberedDevice(user, request.cookies[DEVICE_COOKIE]);
        // A fresh sign-in: any customer of the old session is not carried over.
        await sessionControls.signIn(request, { dealershipId: dealership.id, dealerUserId: user.id, customerId: null, data: { second_factor_verified: remembered } });
        let sent: Partial<TwoFactorRecord> = {};
        if (remembered) {
          await dealerAuth.signedIn(user);
          sent = { reason: "remembered_device" };
        } else if (user.totpSecret) {
          sent = { reason: "authenticator" };
        } else if (!user.phone) {
          sent = { reason: "no_device" };
        } else {
          const result = await factor.sendSignInCode(user, { dealership, sessionHash: sessionHash(request), language: language(request) });
          sent = result.outcome === "sent" ? { sent: true } : { reason: "throttled" };
        }
        return { ...toDealerUser(user, request.session!, language(request)), ...record(request, user, sent) };
      },
    );

    app.post(
      "/api/quickshop/user/logout/",
      { schema: { ...tag, summary: "Ends the session on the server (staff and any customer they act for); the remembered device stays", response: { 204: z.null() } } },
      async (request, reply) => {
        await sessionControls.signOut(request);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/api/quickshop/user/send_otp/",
      {
        config: signInLimit,
        schema: {
          ...tag,
          summary:
            "Sends (again) a 6-digit sign-in code by SMS to the user's phone: valid 10 minutes, 5 tries, only for this session. " +
            "429 after 5 codes for the user in 15 minutes, or more calls from one address than configured; 400 no_device without a phone.",
          response: { 200: twoFactorRecordSchema, ...codeResponses },
        },
      },
      async (request, reply) => {
        const user = await passwordStepUser(request);
        const result = await factor.sendSignInCode(user, { dealership: requireDealership(request), sessionHash: sessionHash(request), language: language(request) });
        if (result.outcome === "locked") throw locked();
        if (result.outcome === "no_phone") throw new FieldErrors({ non_field_errors: ["no_phone_on_file"] }, "no_device");
        if (result.outcome === "throttled") throttled(reply, result.retryAfterSeconds);
        return record(request, user, { sent: true });
      },
    );

    app.get(
      "/api/quickshop/user/verification/",
      { schema: { ...tag, summary: "Whether this session passed the staff second factor (false for anyone else)", response: { 200: verificationStatusSchema } } },
      async (request) => ({ verified: request.session?.dealerUserId != null && isFullyAuthenticated(request.session) }),
    );

    app.post(
      "/api/quickshop/user/verification/",
      {
        config: signInLimit,
        schema: {
          ...tag,
          summary:
            "Staff sign-in, step 2: token is the SMS code this session asked for, or the authenticator app's code. Verified: a new " +
            "session id, fully_authenticated, and with remember_device a 30-day device cookie. Wrong, used or expired: 400 " +
            "token 'Code is incorrect' (counts toward the lock at 100).",
          body: verificationSchema,
          response: { 200: twoFactorRecordSchema, ...codeResponses },
        },
      },
      async (request, reply) => {
        const user = await passwordStepUser(request);
        const outcome = await factor.verify(user, { token: request.body.token, sessionHash: sessionHash(request) });
        if (outcome === "locked") throw locked();
        if (outcome === "incorrect") throw incorrect();
        return verified(request, reply, user, request.body.remember_device);
      },
    );
  };
