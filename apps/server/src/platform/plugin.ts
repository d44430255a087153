import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { constants as zlibConstants } from "node:zlib";
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { DealershipRow } from "../modules/dealerships/repo.ts";
import { sessionsService, type SessionsService } from "../modules/sessions/service.ts";
import { registerActor, type StaffUser } from "./actor.ts";
import { registerClientAddress } from "./client-address.ts";
import { registerErrorHandling } from "./errors.ts";
import { registerLanguage } from "./language.ts";
import { registerOpenApi } from "./openapi.ts";
import { registerRateLimit } from "./rate-limit.ts";
import "./request-context.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { registerServerTiming } from "./server-timing.ts";
import { registerSessions, type SessionControls } from "./sessions.ts";
import { registerTenant } from "./tenant.ts";
import { registerTextInputGuard } from "./text-input.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The app's clock: tests move it to check expiry rules without waiting. */
    now: () => Date;
    /** Loopback calls of the web tier carry this per-process key to speak for the browser they render for. */
    internalKey: string;
    sessions: SessionsService;
    sessionControls: SessionControls;
  }
}

export type PlatformOptions = {
  config: Config;
  database: Database;
  now: () => Date;
  internalKey: string;
  /** The storefront an X-Dealer-Code names (the dealerships module answers). */
  dealershipByCode(code: string): Promise<DealershipRow | null>;
  /** A staff user's role and reach, read on every request (the dealer-auth module answers). */
  staffUser(id: number): Promise<StaffUser | null>;
};

/**
 * Everything a request goes through before a module's route, in this order: timing, the client's address,
 * errors, security headers, compression, cookies, rate limits, API docs, then the session, the dealership,
 * the language, the text guard and the caller (`request.actor`).
 */
export const platformPlugin = fp(
  async (app: FastifyInstance, options: PlatformOptions) => {
    const { config, database, now } = options;
    app.decorate("config", config);
    app.decorate("database", database);
    app.decorate("db", database.db);
    app.decorate("now", now);
    app.decorate("internalKey", options.internalKey);

    registerServerTiming(app);
    registerClientAddress(app, { internalKey: options.internalKey });
    registerErrorHandling(app);
    registerSecurityHeaders(app, { production: config.env === "production" });
    // Pages, API answers and assets go out compressed: on a phone the bytes are most of the wait. Brotli at
    // quality 4 compresses about as well as gzip -9 at a fraction of the processor time of its default 11.
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ["br", "gzip"],
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    await app.register(cookie, { secret: config.sessionSecret });
    registerRateLimit(app, { db: database.db, shared: database.kind === "postgres", perMinute: config.rateLimitPerMinute, now });
    await registerOpenApi(app, config.version);

    const sessions = sessionsService(
      database.db,
      { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs, staffIdleMs: config.staffSessionIdleMs, staffAbsoluteMs: config.staffSessionAbsoluteMs },
      now,
    );
    app.decorate("sessions", sessions);
    app.decorate(
      "sessionControls",
      registerSessions(app, {
        sessions,
        secret: config.sessionSecret,
        secureCookies: config.publicUrl.startsWith("https://"),
        trustedOrigins: [config.publicUrl],
        trustRequestOrigin: config.env !== "production",
      }),
    );
    registerTenant(app, options.dealershipByCode);
    registerLanguage(app);
    registerTextInputGuard(app);
    registerActor(app, { staffUser: options.staffUser });
  },
  { name: "platform" },
);
