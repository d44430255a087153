import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { manufacturerIdentityRoutes } from "./routes.ts";
import { manufacturerIdentityService } from "./service.ts";

/**
 * Customers' sign-in with the manufacturer's identity (spec 2.1, 3, 4: has_volkswagen_id, enable_volkswagen_id) as an
 * OpenID Connect relying party; each dealership's provider comes from MANUFACTURER_IDENTITY_PROVIDERS (README).
 */
export const manufacturerIdentityModule = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const identity = manufacturerIdentityService({
      db: app.db,
      providers: config.manufacturerIdentity,
      customers: app.customers,
      encryptionKey: config.dataEncryptionKey,
      allowHttpIssuers: config.env !== "production",
      now: app.now,
      warn: (message, details) => app.log.warn(details, message),
    });
    await app.register(
      manufacturerIdentityRoutes({ identity, session: app.customerSession, publicOrigin: config.publicUrl, signInLimitPer15Minutes: config.signInLimitPer15Minutes }),
    );
  },
  { name: "manufacturer-identity", dependencies: ["customers"] },
);
