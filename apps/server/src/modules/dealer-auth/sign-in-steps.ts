import { languageOf, validationErrorSchema, detailErrorSchema, type TwoFactorRecord } from "@showroom/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isFullyAuthenticated } from "../../platform/actor.ts";
import { FieldErrors, HttpError } from "../../platform/http-errors.ts";
import { addressLimit } from "../../platform/rate-limit.ts";
import type { SessionControls } from "../../platform/sessions.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { hashSessionId } from "../sessions/service.ts";
import { hasSecondFactor } from "./second-factor.ts";
import { twoFactorRecord, workspacePath, type DealerAuthService, type DealerUserRow } from "./service.ts";

export type DealerAuthRouteDeps = {
  dealerAuth: DealerAuthService;
  sessionControls: Pick<SessionControls, "signIn" | "signOut">;
  secureCookies: boolean;
  /** Sign-in, code and reset calls one address may make in 15 minutes. */
  signInLimitPer15Minutes: number;
};

export const tag = { tags: ["dealer-auth"] };
export const locked = () => new HttpError(403, "staff_account_locked", { code: "account_locked" });
export const incorrect = () => new FieldErrors({ token: ["code_incorrect"] });
export const codeResponses = { 400: validationErrorSchema, 403: detailErrorSchema, 429: detailErrorSchema };

/** The remembered-device cookie: its own name, HttpOnly, and __Host- (Secure, host-only, path /) over https. */
export const deviceCookieName = (secure: boolean) => (secure ? "__Host-staff_device" : "staff_device");

/** What the sign-in steps share: the two-factor record they answer, the password-step user, the step that passes the second factor. */
export function signInSteps(deps: DealerAuthRouteDeps) {
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
  return { factor, DEVICE_COOKIE, signInLimit, language, sessionHash, record, passwordStepUser, mayEnrol, throttled, verified };
}
