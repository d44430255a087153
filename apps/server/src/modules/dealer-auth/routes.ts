import {
  confirmOtpDeviceSchema,
  dealerUserSchema,
  detailErrorSchema,
  languageOf,
  reachesDealership,
  setupOtpSchema,
  staffLoginResultSchema,
  staffLoginSchema,
  totpConfirmSchema,
  totpSetupResultSchema,
  twoFactorRecordSchema,
  validationErrorSchema,
  verificationSchema,
  verificationStatusSchema,
  type TwoFactorRecord,
} from "@showroom/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isFullyAuthenticated } from "../../platform/actor.ts";
import { addressLimit } from "../../platform/rate-limit.ts";
import { FieldErrors, HttpError } from "../../platform/http-errors.ts";
import type { SessionControls } from "../../platform/sessions.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { hashSessionId } from "../sessions/service.ts";
import { hasSecondFactor, TOTP_ISSUER } from "./second-factor.ts";
import {
  effectiveRole,
  toDealerUser,
  twoFactorRecord,
  workspacePath,
  type DealerAuthService,
  type DealerUserRow,
} from "./service.ts";

type Deps = {
  dealerAuth: DealerAuthService;
  sessionControls: Pick<SessionControls, "signIn" | "signOut">;
  secureCookies: boolean;
  /** Sign-in, code and reset calls one address may make in 15 minutes. */
  signInLimitPer15Minutes: number;
};

const tag = { tags: ["dealer-auth"] };
const locked = () => new HttpError(403, "staff_account_locked", { code: "account_locked" });
const incorrect = () => new FieldErrors({ token: ["code_incorrect"] });
const codeResponses = { 400: validationErrorSchema, 403: detailErrorSchema, 429: detailErrorSchema };

/** The remembered-device cookie: its own name, HttpOnly, and __Host- (Secure, host-only, path /) over https. */
export const deviceCookieName = (secure: boolean) => (secure ? "__Host-staff_device" : "staff_device");

export const dealerAuthRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { dealerAuth, sessionControls } = deps;
    const factor = dealerAuth.secondFactor;
    const DEVICE_COOKIE = deviceCookieName(deps.secureCookies);
    const signInLimit = addressLimit(deps.signInLimitPer15Minutes, "15 minutes");
    const language = (request: FastifyRequest) => languageOf(request.locale);
    const sessionHash = (request: FastifyRequest) => hashSessionId(request.sessionId);

    function record(request: FastifyRequest, user: DealerUserRow, sent: Partial<Pick<TwoFactorRecord, "sent" | "reason" | "setup_sent">> = {}) {
      return twoFactorRecord(user, request.session!, { ...sent, workspacePath: workspacePath(language(request), requireDealership(request).code) });
    }

    /** The staff user who passed the password step in this session (second factor or not). */
    async function passwordStepUser(request: FastifyRequest): Promise<DealerUserRow> {
      const user = await dealerAuth.currentUser(request.session);
      if (!user || !request.session) throw new HttpError(403, "password_step_required");
      return user;
    }

    /** Setting up a phone or an app needs the second factor already, unless the user has none yet (first enrolment). */
    function mayEnrol(request: FastifyRequest, user: DealerUserRow) {
      if (hasSecondFactor(user) && !isFullyAuthenticated(request.session)) throw new HttpError(403, "second_factor_required");
    }

    function throttled(reply: FastifyReply, seconds: number): never {
      reply.header("retry-after", String(seconds));
      throw new HttpError(429, "throttled", {}, { seconds });
    }

    /** Second factor passed: a new session id (privilege change), the failure count cleared, and a remembered device if asked. */
    async function verified(request: FastifyRequest, reply: FastifyReply, user: DealerUserRow, rememberDevice: boolean) {
      const session = request.session!;
      await sessionControls.signIn(request, {
        dealershipId: session.dealershipId!,
        dealerUserId: user.id,
        customerId: session.customerId,
        data: { ...session.data, second_factor_verified: true },
      });
      await dealerAuth.signedIn(user);
      if (rememberDevice) {
        const device = await factor.rememberDevice(user);
        reply.setCookie(DEVICE_COOKIE, device.token, { path: "/", httpOnly: true, secure: deps.secureCookies, sameSite: "strict", maxAge: device.maxAgeSeconds });
      }
      return record(request, (await dealerAuth.byId(user.id))!);
    }

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
