import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import { randomBytes } from "node:crypto";
import { constants as zlibConstants } from "node:zlib";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { buildAndPriceRoutes, buildCaller } from "./modules/build-and-price/routes.ts";
import { buildAndPriceService, type ConfigurableVehicle } from "./modules/build-and-price/service.ts";
import { dealerAuthRoutes } from "./modules/dealer-auth/routes.ts";
import { passwordResetRoutes } from "./modules/dealer-auth/password-routes.ts";
import { dealerAuthService, effectiveRole, isFullyAuthenticated } from "./modules/dealer-auth/service.ts";
import { registerActivityRecording } from "./modules/dealer-workspace/activity-recording.ts";
import { dealerWorkspaceRoutes } from "./modules/dealer-workspace/routes.ts";
import { ACTIVITY_PAGE_SIZE, activityRecorder, dealerWorkspaceService } from "./modules/dealer-workspace/service.ts";
import { dealershipRoutes } from "./modules/dealerships/routes.ts";
import { dealershipsService } from "./modules/dealerships/service.ts";
import { customerRoutes } from "./modules/customers/routes.ts";
import { contactDealer } from "./workflows/contact-dealer.ts";
import { registerCustomer } from "./workflows/register-customer.ts";
import { customerLeads } from "./workflows/customer-lead.ts";
import { customersService, type Mailer } from "./modules/customers/service.ts";
import { orderRoutes } from "./modules/orders/routes.ts";
import { ordersService } from "./modules/orders/service.ts";
import { requireDealership } from "./platform/tenant.ts";
import { apiMessage, languageOf, orderLinkEmail, reachesDealership } from "@showroom/domain";
import { inventoryRoutes } from "./modules/inventory/routes.ts";
import { inventoryService, toSavedVehicle } from "./modules/inventory/service.ts";
import { inventoryImportRoutes } from "./modules/inventory/import-routes.ts";
import { inventoryImportService } from "./modules/inventory/import-service.ts";
import { noVehicleReports } from "./modules/inventory/vehicle-reports.ts";
import { mailboxRoutes } from "./modules/notifications/routes.ts";
import { listMailbox, queueEmail, queueSms } from "./modules/notifications/service.ts";
import { configuredTransports, mailboxEnabled } from "./modules/notifications/transports.ts";
import { deliverPending } from "./modules/notifications/worker.ts";
import { optionCaller, pricingRoutes } from "./modules/pricing/routes.ts";
import { pricingService } from "./modules/pricing/service.ts";
import { recomputeStoredPayments } from "./workflows/recompute-payments.ts";
import type { DealershipRow } from "./modules/dealerships/repo.ts";
import { platformRoutes } from "./modules/platform/routes.ts";
import { settingsRecord } from "./modules/platform/settings.ts";
import { sessionsRepo } from "./modules/sessions/repo.ts";
import { hashSessionId, sessionsService } from "./modules/sessions/service.ts";
import { fastifyTrustProxy, registerClientAddress } from "./platform/client-address.ts";
import { registerErrorHandling } from "./platform/errors.ts";
import { negotiateLocale, registerLanguage } from "./platform/language.ts";
import { registerOpenApi } from "./platform/openapi.ts";
import { registerRateLimit } from "./platform/rate-limit.ts";
import "./platform/request-context.ts";
import { registerSecurityHeaders } from "./platform/security-headers.ts";
import { registerServerTiming } from "./platform/server-timing.ts";
import { registerSessions } from "./platform/sessions.ts";
import { registerTenant } from "./platform/tenant.ts";
import { registerTextInputGuard } from "./platform/text-input.ts";
import { mountWebApp } from "./web/mount.ts";

export type AppOptions = {
  config: Config;
  database: Database;
  /** Injectable clock so expiry rules can be tested without waiting. */
  now?: () => Date;
  logger?: boolean;
};

/**
 * Plugins in a fixed order: parsing and errors, security headers, compression, cookies, rate limits, API docs,
 * then per-request context (session, tenant, language), then the API modules, then the web app.
 */
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const db = database.db;
  const secureCookies = config.publicUrl.startsWith("https://");
  // Loopback calls of the web tier carry this key to speak for the browser they render for.
  const internalKey = randomBytes(32).toString("base64url");

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ["req.headers.cookie", "req.headers['x-csrftoken']", "res.headers['set-cookie']"] },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_048_576,
    routerOptions: { ignoreDuplicateSlashes: true },
    // An address that cannot be decoded has no page: send the visitor to the vehicle list (spec 2.2).
    frameworkErrors: (error, request, reply) => {
      if (error.code === "FST_ERR_BAD_URL" && !request.url.startsWith("/api/")) return reply.redirect("/search/", 302);
      return (reply as FastifyReply).status(400).send({ detail: apiMessage("malformed_request", languageOf(negotiateLocale(request))) });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerServerTiming(app as unknown as FastifyInstance);
  registerClientAddress(app as unknown as FastifyInstance, { internalKey });
  registerErrorHandling(app as unknown as FastifyInstance);
  await registerSecurityHeaders(app as unknown as FastifyInstance, { production: config.env === "production" });
  // Pages, API answers and assets go out compressed: on a phone the bytes are most of the wait. Brotli at
  // quality 4 compresses about as well as gzip -9 at a fraction of the processor time of its default 11.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await registerRateLimit(app as unknown as FastifyInstance, {
    db,
    shared: database.kind === "postgres",
    perMinute: config.rateLimitPerMinute,
    now,
  });
  await registerOpenApi(app as unknown as FastifyInstance, config.version);

  const dealerships = dealershipsService(db);
  const sessions = sessionsService(
    db,
    { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs, staffIdleMs: config.staffSessionIdleMs, staffAbsoluteMs: config.staffSessionAbsoluteMs },
    now,
  );
  const sessionControls = registerSessions(app as unknown as FastifyInstance, {
    sessions,
    secret: config.sessionSecret,
    secureCookies,
    trustedOrigins: [config.publicUrl],
    trustRequestOrigin: config.env !== "production",
  });
  registerTenant(app as unknown as FastifyInstance, dealerships);
  registerLanguage(app as unknown as FastifyInstance);
  registerTextInputGuard(app as unknown as FastifyInstance);

  const inventory = inventoryService(db);
  const publicOrigin = config.publicUrl;
  const dealerAuth = dealerAuthService({
    db,
    secret: config.sessionSecret,
    encryptionKey: config.dataEncryptionKey,
    now,
    sendSms: async (tx, message) => void (await queueSms(tx, { ...message, now: now() })),
    sendEmail: async (tx, message) => void (await queueEmail(tx, { ...message, now: now() })),
    endSessionsOf: (dealerUserId) => sessions.endAllForDealerUser(dealerUserId),
  });
  const activity = activityRecorder({ db, now, staffNames: (ids) => dealerAuth.namesByIds(ids) });
  // Every unsafe call a staff user makes while acting for a customer is recorded: hooked before any route.
  registerActivityRecording(app as unknown as FastifyInstance, activity);
  await app.register(dealerAuthRoutes({ dealerAuth, sessionControls, secureCookies, signInLimitPer15Minutes: config.signInLimitPer15Minutes }));
  await app.register(passwordResetRoutes({ dealerAuth, publicOrigin, signInLimitPer15Minutes: config.signInLimitPer15Minutes }));
  const sessionRows = sessionsRepo(db);
  await app.register(
    platformRoutes({
      db,
      settings: settingsRecord(config),
      secureCookies,
      updateSessionLanguage: (id, language) => sessionRows.update(hashSessionId(id), { language }),
    }),
  );
  await app.register(dealershipRoutes({ dealerships, inventory, defaultDealerCode: config.defaultDealerCode }));
  await app.register(inventoryRoutes({ inventory, dealerships, reports: noVehicleReports }));
  const pricing = pricingService(db, () => now().getTime());
  const mailer: Mailer = { queueEmail: async (tx, message) => void (await queueEmail(tx, { ...message, now: now() })) };
  const leads = customerLeads({ db, dealerships, inventory, now });
  const customers = customersService({ db, secret: config.sessionSecret, now, mailer });
  const orders = ordersService(db, now);
  const buildAndPrice = buildAndPriceService({
    db,
    vehicleOf: (dealershipId, vehicleId) => inventory.findForDealership(dealershipId, vehicleId),
    vehicleOfTrim: async (dealershipId, trimId): Promise<ConfigurableVehicle | null> => inventory.listedByJatoId(dealershipId, String(trimId)),
  });
  /** A vehicle the dealership may list (its own or its group's), or null. */
  const listedVehicle = async (dealership: DealershipRow, vehicleId: number) =>
    (await inventory.find(await dealerships.listingGroup(dealership), String(vehicleId)))?.row ?? null;
  const vehicleVisible = async (dealershipId: number, vehicleId: number) => {
    const tenant = await dealerships.byId(dealershipId);
    return tenant !== null && (await listedVehicle(tenant, vehicleId)) !== null;
  };
  /** A new session id on every sign-in; a staff user acting for the customer stays, and priced options follow. */
  const signInCustomer = async (request: FastifyRequest, customerId: number) => {
    const previousHash = request.sessionIdIsNew ? null : hashSessionId(request.sessionId);
    const current = request.session;
    await sessionControls.signIn(request, {
      dealershipId: requireDealership(request).id,
      customerId,
      dealerUserId: current?.dealerUserId ?? null,
      data: current?.data ?? {},
    });
    if (previousHash) {
      await pricing.transferOwner(previousHash, hashSessionId(request.sessionId));
      await buildAndPrice.transferOwner(previousHash, hashSessionId(request.sessionId), customerId);
    }
  };
  const signOutCustomer = async (request: FastifyRequest) => {
    const current = request.session;
    if (current?.dealerUserId) {
      await sessionControls.signIn(request, { dealershipId: current.dealershipId!, dealerUserId: current.dealerUserId, data: current.data });
    } else {
      await sessionControls.signOut(request);
    }
  };
  const vehiclesByIds = async (ids: number[]) => new Map((await inventory.byIds([...new Set(ids)])).map((row) => [row.id, toSavedVehicle(row)]));
  const workspace = dealerWorkspaceService({ db, now, customers, orders, staffNames: (ids) => dealerAuth.namesByIds(ids), vehiclesByIds });
  /** A fully signed-in staff user who reaches the request's dealership, or null (a shopper, as far as customer calls go). */
  const staffOf = async (request: FastifyRequest) => {
    const user = await dealerAuth.currentUser(request.session);
    if (!user || !isFullyAuthenticated(request.session)) return null;
    const role = effectiveRole(user);
    if (!reachesDealership({ role, dealershipId: user.dealershipId, groupId: user.groupId }, requireDealership(request))) return null;
    return { id: user.id, role, defaultSendInvitationEmail: user.defaultSendInvitationEmail };
  };
  await app.register(
    customerRoutes({
      customers,
      contactDealer: (input) => contactDealer({ db, dealerships, inventory, now }, input),
      vehicleVisible,
      orderOwned: async (owner, orderId) => (await orders.find(owner, orderId)) !== null,
      register: async (input) => {
        const staffRow = input.staff ? await dealerAuth.byId(input.staff.id) : null;
        const staff = input.staff && staffRow ? { id: input.staff.id, name: `${staffRow.firstName} ${staffRow.lastName}` } : null;
        return registerCustomer({ db, customers, mailer, leads }, { ...input, staff });
      },
      sendLead: async ({ dealership, customer, staff, lead }) => {
        const target = await leads.target({ dealership, createdByStaff: staff !== null, sendLeadToCrm: customer.sendLeadToCrm, vehicleId: lead.vehicle ?? null });
        if (!target) return false;
        await leads.queue(db, target, customer, { url: lead.url, comments: lead.comments ?? null });
        return true;
      },
      signIn: signInCustomer,
      signOut: signOutCustomer,
      accountClosingRefusal: (customer) => orders.anyDeletionRefusal({ dealershipId: customer.dealershipId, customerId: customer.id }),
      publicOrigin,
      signInLimitPer15Minutes: config.signInLimitPer15Minutes,
      staffOf,
    }),
  );
  await app.register(dealerWorkspaceRoutes({ workspace, dealerAuth, signInCustomer, signOutCustomer }));
  await app.register(
    orderRoutes({
      orders,
      customerOf: async (request) => {
        const dealership = requireDealership(request);
        const id = request.session?.customerId;
        const row = id ? await customers.byId(dealership.id, id) : null;
        if (!row) return null;
        return {
          id: row.id,
          email: row.email,
          full_name: `${row.firstName} ${row.lastName}`.trim(),
          phone: row.phone,
          firstName: row.firstName,
          language: row.language,
          tokenized_url: customers.tokenizedUrl(publicOrigin, dealership, row),
        };
      },
      vehicleFor: async (dealership, vehicleId) => {
        const row = await listedVehicle(dealership, vehicleId);
        return row ? toSavedVehicle(row) : null;
      },
      vehiclesByIds,
      activityOf: (owner, orderId, page) => activity.activityOfOrder(owner, orderId, page),
      activityPageSize: ACTIVITY_PAGE_SIZE,
      paymentChoice: async (request, dealership, uid, vehicleId) => {
        const row = await pricing.usableOption(uid, optionCaller(request, dealership));
        if (!row || row.vehicleId !== vehicleId) return null;
        const o = row.option;
        return {
          uid,
          snapshot: {
            payment_type: o.payment_type,
            payment: o.payment,
            payment_frequency: o.payment_frequency,
            term: o.term,
            rate: o.rate,
            down_payment: o.down_payment,
            total_purchase_price: o.total_purchase_price,
            include_tax: o.include_tax,
            distance_allowance: o.distance_allowance,
          },
        };
      },
      buildStateUsable: async (request, dealership, uid, vehicleId) => {
        const row = await buildAndPrice.usableState(uid, buildCaller(request, dealership));
        return row !== null && row.vehicleId === vehicleId;
      },
      incentiveIds: async (dealership) => new Set((await pricing.setupFor(dealership)).incentives.map((i) => i.id)),
      sendOrderLink: async ({ dealership, customer, vehicleTitle }) => {
        const mail = orderLinkEmail({ language: customer.language, dealerName: dealership.name, firstName: customer.firstName, link: customer.tokenized_url, vehicleTitle });
        await mailer.queueEmail(db, { dealershipId: dealership.id, to: customer.email, ...mail, language: customer.language });
      },
    }),
  );
  const recomputePayments = (dealership: DealershipRow) => recomputeStoredPayments({ inventory, pricing }, dealership);
  await app.register(
    pricingRoutes({
      pricing,
      inventory,
      buildOptionsMsrp: (request, dealership, uid, vehicleId) => buildAndPrice.optionsMsrpFor(uid, buildCaller(request, dealership), vehicleId),
    }),
  );
  await app.register(buildAndPriceRoutes({ buildAndPrice }));
  await app.register(inventoryImportRoutes({ imports: inventoryImportService(db), dealerAuth, afterImport: recomputePayments }));

  // Outbox delivery: SMTP when configured, else the development mailbox. The polling loop is started by
  // main.ts; tests (and the mailbox page) run a pass when they need one.
  const outbox = configuredTransports(config);
  app.addHook("onClose", async () => outbox.close());
  const notifications = {
    mailboxEnabled: mailboxEnabled(config),
    /** One delivery pass over the due outbox messages, on the app's clock. */
    deliverPending: (options: { limit?: number } = {}) => deliverPending({ db, transport: outbox.transports, now, ...options }),
  };
  if (notifications.mailboxEnabled) {
    if (config.env === "production") app.log.warn("DEV_MAILBOX=1: the development mailbox shows every message at /api/dev/mailbox/");
    await app.register(
      mailboxRoutes({ listMailbox: (to) => listMailbox(db, dealerships, { to }), deliverPending: () => notifications.deliverPending() }),
    );
  }

  if (config.webBuildDir) await mountWebApp(app as unknown as FastifyInstance, { config, internalKey });

  return Object.assign(app, { sessionControls, sessions, notifications });
}
export type App = Awaited<ReturnType<typeof buildApp>>;
