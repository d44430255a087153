import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Showroom storefront API",
        description:
          "Every call except health and docs carries X-Dealer-Code. Unsafe methods carry X-CSRFToken (the csrftoken cookie) and an allowed Origin.",
        version,
      },
      components: {
        securitySchemes: {
          dealerCode: { type: "apiKey", in: "header", name: "X-Dealer-Code" },
          csrf: { type: "apiKey", in: "header", name: "X-CSRFToken" },
          session: { type: "apiKey", in: "cookie", name: "sessionid" },
        },
      },
      security: [{ dealerCode: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The docs are public and need no tenant.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/docs")) route.config = { ...(route.config ?? {}), tenant: false };
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true, uiConfig: { deepLinking: false } });
}
