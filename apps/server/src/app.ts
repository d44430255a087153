import { randomBytes } from "node:crypto";
import Fastify, { type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { apiMessage, languageOf } from "@showroom/domain";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { addOnsModule } from "./modules/add-ons/index.ts";
import { appointmentsModule } from "./modules/appointments/index.ts";
import { buildAndPriceModule } from "./modules/build-and-price/index.ts";
import { creditApplicationsModule } from "./modules/credit-applications/index.ts";
import { customersModule } from "./modules/customers/index.ts";
import { manufacturerIdentityModule } from "./modules/manufacturer-identity/index.ts";
import { dealerAuthModule } from "./modules/dealer-auth/index.ts";
import { depositsModule } from "./modules/deposits/index.ts";
import { quotesModule } from "./modules/quotes/index.ts";
import { activityModule, dealerWorkspaceModule } from "./modules/dealer-workspace/index.ts";
import { dealershipRoutesModule, dealershipsModule } from "./modules/dealerships/index.ts";
import { documentsModule } from "./modules/documents/index.ts";
import { inventoryImportModule, inventoryModule } from "./modules/inventory/index.ts";
import { notificationsModule } from "./modules/notifications/index.ts";
import { ordersModule } from "./modules/orders/index.ts";
import { platformModule } from "./modules/platform/index.ts";
import { pricingModule } from "./modules/pricing/index.ts";
import { tradeInModule } from "./modules/trade-in/index.ts";
import { insuranceModule } from "./modules/insurance/index.ts";
import { rebateApplicationsModule } from "./modules/rebate-applications/index.ts";
import { configurationsModule } from "./modules/configurations/index.ts";
import { searchAdsModule } from "./modules/search-ads/index.ts";
import { vehicleComparisonModule } from "./modules/vehicle-comparison/index.ts";
import { fastifyTrustProxy } from "./platform/client-address.ts";
import { fileStoragePlugin } from "./platform/file-storage.ts";
import { negotiateLocale } from "./platform/language.ts";
import { platformPlugin } from "./platform/plugin.ts";
import { webPlugin } from "./web/mount.ts";
import { workflowsPlugin } from "./workflows/runner/plugin.ts";

export type AppOptions = {
  config: Config;
  database: Database;
  /** Injectable clock so expiry rules can be tested without waiting. */
  now?: () => Date;
  logger?: boolean;
};

/**
 * The platform first (errors, headers, compression, cookies, limits, docs, then session, dealership, language and
 * caller), the step runner, then the modules, each after those it uses, then the web app.
 */
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ["req.headers.cookie", "req.headers['x-csrftoken']", "res.headers['set-cookie']"] },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_048_576,
    routerOptions: { ignoreDuplicateSlashes: true },
    // An address that cannot be decoded has no page: send the visitor to the vehicle list (spec 2.2).
    frameworkErrors: (error, request, reply: FastifyReply) => {
      if (error.code === "FST_ERR_BAD_URL" && !request.url.startsWith("/api/")) return reply.redirect("/search/", 302);
      return reply.status(400).send({ detail: apiMessage("malformed_request", languageOf(negotiateLocale(request))) });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(platformPlugin, {
    config,
    database,
    now: options.now ?? (() => new Date()),
    internalKey: randomBytes(32).toString("base64url"),
    // Both answered by modules registered below, once requests come in.
    dealershipByCode: (code) => app.dealerships.byCode(code),
    staffUser: (id) => app.dealerAuth.staffUser(id),
  });
  await app.register(workflowsPlugin);
  await app.register(fileStoragePlugin);
  for (const module of [
    dealershipsModule,
    notificationsModule,
    dealerAuthModule,
    activityModule,
    platformModule,
    inventoryModule,
    dealershipRoutesModule,
    buildAndPriceModule,
    addOnsModule,
    pricingModule,
    inventoryImportModule,
    customersModule,
    manufacturerIdentityModule,
    ordersModule,
    dealerWorkspaceModule,
    tradeInModule,
    appointmentsModule,
    documentsModule,
    creditApplicationsModule,
    depositsModule,
    quotesModule,
    insuranceModule,
    rebateApplicationsModule,
    configurationsModule,
    vehicleComparisonModule,
    searchAdsModule,
  ]) {
    await app.register(module);
  }
  await app.register(webPlugin);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
