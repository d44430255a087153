import { apiMessage, detailErrorSchema, detailResultSchema, languageOf, passwordResetConfirmSchema, passwordResetRequestSchema, reachesDealership, validationErrorSchema } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addressLimit } from "../../platform/rate-limit.ts";
import { FieldErrors } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { effectiveRole, type DealerAuthService } from "./service.ts";

export const passwordResetRoutes =
  (deps: { dealerAuth: DealerAuthService; publicOrigin: string; signInLimitPer15Minutes: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const tag = { tags: ["dealer-auth"] };
    const signInLimit = addressLimit(deps.signInLimitPer15Minutes, "15 minutes");

    app.post(
      "/api/quickshop/reset-password/",
      {
        config: signInLimit,
        schema: {
          ...tag,
          summary:
            "Emails a staff user a password-reset link (/{lang}/{dealer}/dealer/reset-password/?token=…, single use, 30 minutes). " +
            "Always the same 200 answer, whether or not the email has an account; at most 3 emails per account in 15 minutes.",
          body: passwordResetRequestSchema,
          response: { 200: detailResultSchema, 400: validationErrorSchema, 429: detailErrorSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const language = languageOf(request.locale);
        await deps.dealerAuth.passwords.requestReset({
          email: request.body.email,
          dealership,
          origin: deps.publicOrigin,
          language,
          reaches: (user) => reachesDealership({ role: effectiveRole(user), dealershipId: user.dealershipId, groupId: user.groupId }, dealership),
        });
        return { detail: apiMessage("password_reset_requested", language) };
      },
    );

    app.post(
      "/api/quickshop/reset-password/confirm/",
      {
        config: signInLimit,
        schema: {
          ...tag,
          summary:
            "Sets a new password (12 characters at least) from a reset link's token. The link works once; the account's failure " +
            "count is cleared, remembered devices are revoked and every session of the user ends. Bad or used token: 400 token.",
          body: passwordResetConfirmSchema,
          response: { 200: detailResultSchema, 400: validationErrorSchema, 429: detailErrorSchema },
        },
      },
      async (request) => {
        const user = await deps.dealerAuth.passwords.reset(request.body.token, request.body.password);
        if (!user) throw new FieldErrors({ token: ["reset_link_invalid"] });
        return { detail: apiMessage("password_reset_done", languageOf(request.locale)) };
      },
    );
  };
