import { dealerUserSchema, detailErrorSchema, languageOf } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../platform/http-errors.ts";
import { toDealerUser, type DealerAuthService } from "./service.ts";

export const dealerAuthRoutes =
  (deps: { dealerAuth: DealerAuthService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/quickshop/user/current_user/",
      {
        schema: {
          tags: ["dealer-auth"],
          summary: "The signed-in staff user (403 when none; 440 when the session expired)",
          response: { 200: dealerUserSchema, 403: detailErrorSchema },
        },
      },
      async (request) => {
        const user = await deps.dealerAuth.currentUser(request.session);
        if (!user || !request.session) throw new HttpError(403, "not_authenticated");
        return toDealerUser(user, request.session, languageOf(request.locale));
      },
    );
  };
