import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { platformRoutes } from "./routes.ts";
import { settingsRecord } from "./settings.ts";

/** Health, the language choice, settings, static data and provinces. */
export const platformModule = fp(
  async (app: FastifyInstance) => {
    await app.register(
      platformRoutes({
        db: app.db,
        settings: settingsRecord(app.config),
        secureCookies: app.config.publicUrl.startsWith("https://"),
        updateSessionLanguage: app.sessions.setLanguage,
        // The customers module is registered after this one; it is there by the time a request comes.
        updateCustomerLanguage: (customerId, language) => app.customers.update(customerId, { language }),
      }),
    );
  },
  { name: "platform-routes", dependencies: ["platform"] },
);
