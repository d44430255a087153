import {
  CANADIAN_PROVINCES,
  FUEL_TYPES,
  NORMALIZED_COLORS,
  PAYMENT_FREQUENCIES,
  TRANSMISSION_TYPES,
  US_STATES,
  VEHICLE_MAKES,
  healthSchema,
  i18nStateSchema,
  i18nUpdateSchema,
  languageOf,
  normalizeLocale,
  provincesQuerySchema,
  provincesSchema,
  settingsRecordSchema,
  staticDataSchema,
  type SettingsRecord,
} from "@showroom/domain";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { FieldErrors } from "../../platform/http-errors.ts";
import { LANGUAGE_COOKIE } from "../../platform/language.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { STATIC_LABELS } from "./static-labels.ts";

type Deps = {
  db: Db;
  settings: SettingsRecord;
  secureCookies: boolean;
  updateSessionLanguage(sessionId: string, language: string): Promise<void>;
  /** The signed-in customer's language (their emails are written in it); staff acting for them leave it. */
  updateCustomerLanguage(customerId: number, language: "en" | "fr"): Promise<unknown>;
};

export const platformRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Load balancers and uptime monitors often probe without the trailing slash: both answer.
    for (const url of ["/api/health/", "/api/health"]) {
      app.get(
        url,
        { config: { tenant: false }, schema: { tags: ["platform"], hide: url === "/api/health", response: { 200: healthSchema, 503: healthSchema } } },
        async (request, reply) => {
          try {
            await deps.db.execute(sql`select 1`);
            return { status: "ok" as const, database: "ok" as const };
          } catch (error) {
            request.log.error({ err: error }, "health check: database unavailable");
            return reply.status(503).send({ status: "unavailable", database: "unavailable" });
          }
        },
      );
    }

    app.get(
      "/api/settings/",
      { schema: { tags: ["platform"], summary: "Global client settings", response: { 200: settingsRecordSchema } } },
      async () => deps.settings,
    );

    app.get(
      "/api/i18n/",
      { schema: { tags: ["platform"], summary: "The negotiated language", response: { 200: i18nStateSchema } } },
      async (request) => ({ language: request.locale, allowed_languages: requireDealership(request).allowedLanguages }),
    );

    app.post(
      "/api/i18n/",
      {
        schema: {
          tags: ["platform"],
          summary:
            "Choose the language (lower case, e.g. fr-ca or fr): kept in a cookie, the session and the signed-in customer's account; the storefront then reads the dealer info again in it",
          body: i18nUpdateSchema,
          response: { 200: i18nStateSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const asked = normalizeLocale(request.body.language);
        const locale = dealership.allowedLanguages.find((l) => asked && languageOf(l) === languageOf(asked));
        if (!locale) throw new FieldErrors({ language: ["language_not_offered"] });
        request.locale = locale;
        reply.setCookie(LANGUAGE_COOKIE, locale, {
          path: "/",
          sameSite: "lax",
          secure: deps.secureCookies,
          maxAge: 365 * 24 * 3600,
        });
        if (request.session) await deps.updateSessionLanguage(request.sessionId, locale);
        if (request.actor.kind === "customer") await deps.updateCustomerLanguage(request.actor.customerId, languageOf(locale));
        return { language: locale, allowed_languages: dealership.allowedLanguages };
      },
    );

    app.get(
      "/api/quickshop/static-data/",
      { schema: { tags: ["platform"], summary: "Static lists for filters and forms", response: { 200: staticDataSchema } } },
      async (request) => {
        const labels = STATIC_LABELS[languageOf(request.locale)];
        const label = (value: string) => ({ value, label: labels[value] ?? value });
        return {
          normalized_colors: NORMALIZED_COLORS.map(label),
          transmission_types: TRANSMISSION_TYPES.map(label),
          fuel_types: FUEL_TYPES.map(label),
          makes: [...VEHICLE_MAKES],
          payment_frequencies: PAYMENT_FREQUENCIES.map(label),
        };
      },
    );

    app.get(
      "/api/quickshop/static-data/provinces/",
      {
        schema: {
          tags: ["platform"],
          summary: "Provinces and territories (or US states with country=US)",
          querystring: provincesQuerySchema,
          response: { 200: provincesSchema },
        },
      },
      async (request) => {
        if (request.query.country === "US") return US_STATES.map(([code, name]) => ({ code, province_name: name }));
        const language = languageOf(request.locale);
        return CANADIAN_PROVINCES.map((p) => ({ code: p.code, province_name: p[language] }));
      },
    );
  };
