import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { enrolmentRoutes } from "./enrolment-routes.ts";
import { passwordResetRoutes } from "./password-routes.ts";
import { dealerAuthRoutes } from "./routes.ts";
import { dealerAuthService, type DealerAuthService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    dealerAuth: DealerAuthService;
  }
}

/** Staff sign-in: password, second factor (SMS or authenticator app), remembered devices, password reset. */
export const dealerAuthModule = fp(
  async (app: FastifyInstance) => {
    const { config, notifications, sessions } = app;
    const dealerAuth = dealerAuthService({
      db: app.db,
      secret: config.sessionSecret,
      encryptionKey: config.dataEncryptionKey,
      now: app.now,
      sendSms: notifications.queueSms,
      sendEmail: notifications.queueEmail,
      endSessionsOf: (dealerUserId) => sessions.endAllForDealerUser(dealerUserId),
    });
    app.decorate("dealerAuth", dealerAuth);
    const signInLimitPer15Minutes = config.signInLimitPer15Minutes;
    const routeDeps = { dealerAuth, sessionControls: app.sessionControls, secureCookies: config.publicUrl.startsWith("https://"), signInLimitPer15Minutes };
    await app.register(dealerAuthRoutes(routeDeps));
    await app.register(enrolmentRoutes(routeDeps));
    await app.register(passwordResetRoutes({ dealerAuth, publicOrigin: config.publicUrl, signInLimitPer15Minutes }));
  },
  { name: "dealer-auth", dependencies: ["platform", "notifications"] },
);
