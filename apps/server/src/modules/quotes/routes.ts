import {
  canRequestNewQuote,
  canSeeCustomer,
  centsToDecimalString,
  detailErrorSchema,
  languageOf,
  personalQuoteRequestSchema,
  primaryQuoteSchema,
  quoteExpirySchema,
  quoteFlowCreateSchema,
  quoteFlowSchema,
  quoteFlowsQuerySchema,
  quoteIdParamSchema,
  quoteOptionInputSchema,
  quoteOptionPatchSchema,
  quoteDifferenceSchema,
  quoteSchema,
  quotesSubmittedSchema,
  quoteStateOf,
  quoteTokenQuerySchema,
  reservationRefusal,
  validationErrorSchema,
  type Cents,
  type QuoteOptionInput,
  type QuoteTerms,
} from "@showroom/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customerIdOf, requireStaff, type StaffActor } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomersService } from "../customers/service.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { isListed } from "../inventory/vehicle-views.ts";
import type { InventoryService } from "../inventory/service.ts";
import type { OrdersService } from "../orders/service.ts";
import { quotePdf, quotePdfFilename } from "./quote-pdf.ts";
import type { QuoteFlowRow, QuoteRow } from "./repo.ts";
import { flowFacts, hashToken, localeFor, newAccessToken, quotesEnabled, type QuotesService } from "./service.ts";

type OrderRow = NonNullable<Awaited<ReturnType<OrdersService["findAtDealership"]>>>;
/** The option the deal took as its terms ("reset to a quote"), if any. */
const appliedQuoteOf = (order: OrderRow) => (typeof order.details["applied_quote_id"] === "number" ? order.details["applied_quote_id"] : null);

export type QuoteRouteDeps = {
  quotes: QuotesService;
  orders: Pick<OrdersService, "findAtDealership" | "setQuoteState" | "applyQuote">;
  customers: Pick<CustomersService, "byId">;
  inventory: Pick<InventoryService, "findForDealership">;
  /** The MSRP the deal's build adds to its vehicle (null: no build, or not of this vehicle). */
  buildOptionsMsrp(dealership: DealershipRow, order: OrderRow): Promise<Cents | null>;
  /** Emails the customer the link to their quotes. */
  sendQuoteEmail(input: { dealership: DealershipRow; order: OrderRow; flow: QuoteFlowRow; token: string; message: string | null; staff: StaffActor }): Promise<void>;
  now: () => Date;
};

const errors = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema, 409: detailErrorSchema };
const DEFAULT_TERMS: Omit<QuoteTerms, "payment_type"> = {
  term: null,
  interest_rate: null,
  down_payment: 0 as Cents,
  payment_frequency: null,
  distance_allowance: null,
  rebates: [],
  custom_fees: [],
  custom_discounts: [],
  trade_in_credit: 0 as Cents,
  trade_in_owing: 0 as Cents,
};

/** An option's terms: the saved ones with what the call changes (a create starts from the defaults). */
function termsOf(base: QuoteTerms | null, input: Partial<QuoteOptionInput>): QuoteTerms {
  const { quote_name: _name, ...changes } = input;
  const merged = { ...DEFAULT_TERMS, ...base, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) } as QuoteTerms;
  return { ...merged, custom_fees: merged.custom_fees.map((fee) => ({ name: fee.name, amount: fee.amount, taxable: fee.taxable ?? true })) };
}

/**
 * Personalized quotes (transactional contract section 7, "Quotes"): staff prepare and send a deal's options under
 * /api/dealer/praq/, the customer reads, compares, chooses and reserves under /api/customer/praq/. Each path refuses
 * the other role; another dealership's flow or quote is not found.
 */
export const quoteRoutes =
  (deps: QuoteRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { quotes } = deps;
    const { repo } = quotes;
    const customerTag = { tags: ["quotes"] };
    const dealerTag = { tags: ["quotes", "dealer"] };

    function enabledDealership(request: FastifyRequest) {
      const dealership = requireDealership(request);
      if (!quotesEnabled(dealership)) throw new HttpError(403, "quotes_disabled", { code: "quotes_disabled" });
      return dealership;
    }

    /** The flow with everything its answer shows, in the caller's language. */
    async function flowWire(request: FastifyRequest, dealership: DealershipRow, flow: QuoteFlowRow) {
      const order = await deps.orders.findAtDealership(dealership.id, flow.orderId);
      const customer = await deps.customers.byId(dealership.id, flow.customerId);
      if (!order || !customer) throw notFound("resource_not_found");
      const vehicle = await deps.inventory.findForDealership(dealership.id, order.vehicleId);
      return quotes.toFlowWire(flow, await repo.quotesOf(flow.id), {
        dealership,
        customer,
        vehicle,
        buildStateUid: order.buildState,
        language: languageOf(request.locale),
        appliedQuoteId: appliedQuoteOf(order),
      });
    }

    /** The deal's quote state and pending request, after any change to its flow. */
    async function syncOrder(dealership: DealershipRow, flow: QuoteFlowRow) {
      const count = (await repo.quotesOf(flow.id)).length;
      // A shopper's request the dealership has not answered yet keeps the deal from being deleted.
      const pending = flow.requestedAt !== null && !flow.isActive;
      await deps.orders.setQuoteState({ dealershipId: dealership.id, customerId: flow.customerId }, flow.orderId, quoteStateOf(flowFacts(flow, count)), pending);
    }

    // ---- the customer's calls --------------------------------------------------------------------------------

    /** The customer's own flow (or, reading only, anyone holding the emailed link's token). */
    async function customerFlow(request: FastifyRequest, id: number, token?: string) {
      const dealership = enabledDealership(request);
      const flow = await repo.flowAt(dealership.id, id);
      const customerId = customerIdOf(request.actor);
      const byToken = token !== undefined && flow?.accessTokenHash != null && flow.accessTokenHash === hashToken(token);
      if (customerId === null && !byToken) throw new HttpError(403, "customer_not_signed_in");
      if (!flow || (!byToken && flow.customerId !== customerId) || (!flow.isActive && flow.requestedAt === null)) throw notFound("resource_not_found");
      return { dealership, flow, isCustomer: customerId === flow.customerId };
    }

    function signedInCustomer(request: FastifyRequest) {
      const customerId = customerIdOf(request.actor);
      if (customerId === null) throw new HttpError(403, "customer_not_signed_in");
      return customerId;
    }

    app.post(
      "/api/customer/praq/",
      { schema: { ...customerTag, summary: "The shopper asks for a personalized quote on a saved deal (one pending request at a time)", body: personalQuoteRequestSchema, response: { 201: quoteFlowSchema, ...errors } } },
      async (request, reply) => {
        const dealership = enabledDealership(request);
        const customerId = signedInCustomer(request);
        const order = await deps.orders.findAtDealership(dealership.id, request.body.order_id);
        if (!order || order.customerId !== customerId) throw notFound("resource_not_found");
        const [latest] = await repo.flowsOfOrder(dealership.id, order.id);
        if (latest && !canRequestNewQuote(latest, true, quotes.today(dealership))) throw new HttpError(409, "quote_request_pending", { code: "quote_request_pending" });
        const at = deps.now();
        const flow = await repo.insertFlow({
          dealershipId: dealership.id,
          customerId,
          orderId: order.id,
          requestedAt: at,
          requestMessage: request.body.user_options.message || null,
          createdAt: at,
          updatedAt: at,
        });
        await syncOrder(dealership, flow);
        return reply.status(201).send(await flowWire(request, dealership, flow));
      },
    );

    app.get(
      "/api/customer/praq/flows/",
      { schema: { ...customerTag, summary: "The personalized quotes of one of the customer's deals, newest first", querystring: quoteFlowsQuerySchema, response: { 200: z.object({ results: z.array(quoteFlowSchema) }), ...errors } } },
      async (request) => {
        const dealership = enabledDealership(request);
        const customerId = signedInCustomer(request);
        const flows = (await repo.flowsOfOrder(dealership.id, request.query.order)).filter((f) => f.customerId === customerId && (f.isActive || f.requestedAt !== null));
        return { results: await Promise.all(flows.map((flow) => flowWire(request, dealership, flow))) };
      },
    );

    app.get(
      "/api/customer/praq/flow/:id/quotes/",
      { schema: { ...customerTag, summary: "A personalized quote with its options (the emailed link's token reads it before sign-in); the first reading marks it viewed", params: quoteIdParamSchema, querystring: quoteTokenQuerySchema, response: { 200: quoteFlowSchema, ...errors } } },
      async (request) => {
        const { dealership, flow } = await customerFlow(request, request.params.id, request.query.token);
        let current = flow;
        // The customer's own reading (signed in or by the link), not staff previewing it while acting for them.
        if (flow.isActive && flow.viewedAt === null && request.actor.kind !== "acting") {
          current = await repo.updateFlow(flow.id, { viewedAt: deps.now() });
          await syncOrder(dealership, current);
        }
        return flowWire(request, dealership, current);
      },
    );

    /** The quote as a PDF download in the caller's language. */
    async function sendPdf(request: FastifyRequest, reply: FastifyReply, dealership: DealershipRow, flow: QuoteFlowRow) {
      const language = languageOf(request.locale);
      const pdf = await quotePdf(await flowWire(request, dealership, flow), language, localeFor(language, dealership), dealership.currencyUnit);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${quotePdfFilename(flow, language)}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    }

    app.get(
      "/api/customer/praq/flow/:id/pdf/",
      { schema: { ...customerTag, summary: "The quote as a PDF in the caller's language (the emailed link's token reads it before sign-in)", params: quoteIdParamSchema, querystring: quoteTokenQuerySchema, response: { 200: z.any(), ...errors } } },
      async (request, reply) => {
        const { dealership, flow } = await customerFlow(request, request.params.id, request.query.token);
        return sendPdf(request, reply, dealership, flow);
      },
    );

    app.get(
      "/api/customer/praq/quotes/:id/",
      { schema: { ...customerTag, summary: "One option of the customer's personalized quote", params: quoteIdParamSchema, response: { 200: quoteSchema, ...errors } } },
      async (request) => {
        const quote = await repo.quoteById(request.params.id);
        if (!quote) throw notFound("resource_not_found");
        const { flow } = await customerFlow(request, quote.flowId);
        const wire = (await flowWire(request, requireDealership(request), flow)).results.find((q) => q.id === quote.id);
        if (!wire) throw notFound("resource_not_found");
        return wire;
      },
    );

    app.post(
      "/api/customer/praq/primary_quote_set_events/",
      { schema: { ...customerTag, summary: "The customer marks the option they prefer", body: primaryQuoteSchema, response: { 200: quoteFlowSchema, ...errors } } },
      async (request) => {
        const quote = await repo.quoteById(request.body.quote);
        if (!quote) throw notFound("resource_not_found");
        const { dealership, flow, isCustomer } = await customerFlow(request, quote.flowId);
        if (!isCustomer || !flow.isActive) throw new HttpError(409, "quote_not_active", { code: "quote_not_active" });
        return flowWire(request, dealership, await repo.updateFlow(flow.id, { primaryQuoteId: quote.id, updatedAt: deps.now() }));
      },
    );

    /**
     * Reserves an option while the quote is active and not expired, nothing else reserved and the vehicle still for
     * sale (409 says which); the option already reserved is answered as it is.
     */
    async function reserveOption(dealership: DealershipRow, flow: QuoteFlowRow, quoteId: number): Promise<QuoteFlowRow> {
      if (flow.reservedQuoteId === quoteId) return flow;
      const order = await deps.orders.findAtDealership(dealership.id, flow.orderId);
      const vehicle = order ? await deps.inventory.findForDealership(dealership.id, order.vehicleId) : null;
      const refusal = reservationRefusal(flow, quotes.today(dealership), vehicle !== null && isListed(vehicle));
      if (refusal) throw new HttpError(409, refusal, { code: refusal });
      const reserved = await repo.reserve(flow.id, quoteId, deps.now());
      if (!reserved) throw new HttpError(409, "quote_already_reserved", { code: "quote_already_reserved" });
      await syncOrder(dealership, reserved);
      return reserved;
    }

    /** "Reset an order to a quote": the option, reserved, becomes the deal's terms (a quote order). */
    async function applyOption(dealership: DealershipRow, flow: QuoteFlowRow, quote: QuoteRow) {
      if (!quote.option) throw new HttpError(409, "quote_not_priced", { code: "quote_not_priced" });
      const reserved = await reserveOption(dealership, flow, quote.id);
      const { option } = quote;
      const money = (amount: number) => centsToDecimalString(amount as Cents);
      await deps.orders.applyQuote({ dealershipId: dealership.id, customerId: flow.customerId }, flow.orderId, quote.id, {
        payment_type: option.payment_type,
        payment: money(option.payment),
        payment_frequency: option.payment_frequency,
        term: option.term,
        rate: option.rate,
        down_payment: money(option.down_payment),
        total_purchase_price: money(option.total_purchase_price),
        include_tax: option.include_tax,
        distance_allowance: option.distance_allowance,
      });
      return reserved;
    }

    app.post(
      "/api/customer/praq/quotes/:id/reserve/",
      { schema: { ...customerTag, summary: "The customer reserves one option: while the quote is active and not expired, nothing else reserved, and the vehicle still for sale (409 says which)", params: quoteIdParamSchema, response: { 200: quoteFlowSchema, ...errors } } },
      async (request) => {
        const quote = await repo.quoteById(request.params.id);
        if (!quote) throw notFound("resource_not_found");
        const { dealership, flow, isCustomer } = await customerFlow(request, quote.flowId);
        if (!isCustomer) throw new HttpError(403, "customer_not_signed_in");
        return flowWire(request, dealership, await reserveOption(dealership, flow, quote.id));
      },
    );

    app.post(
      "/api/customer/praq/:id/reset/",
      { schema: { ...customerTag, summary: "The customer's deal takes this option as its terms (reserving it first when nothing is reserved): its payment becomes the option's", params: quoteIdParamSchema, response: { 200: quoteFlowSchema, ...errors } } },
      async (request) => {
        const quote = await repo.quoteById(request.params.id);
        if (!quote) throw notFound("resource_not_found");
        const { dealership, flow, isCustomer } = await customerFlow(request, quote.flowId);
        if (!isCustomer) throw new HttpError(403, "customer_not_signed_in");
        return flowWire(request, dealership, await applyOption(dealership, flow, quote));
      },
    );

    app.post(
      "/api/customer/praq/:id/difference/",
      {
        schema: {
          ...customerTag,
          summary: "What a sent option would give with another down payment, term or frequency, without changing it (the shopper's what-if, asked 500 ms after the last change)",
          params: quoteIdParamSchema,
          body: quoteOptionPatchSchema.pick({ down_payment: true, term: true, payment_frequency: true }).strict(),
          response: { 200: quoteDifferenceSchema, ...errors },
        },
      },
      async (request) => {
        const quote = await repo.quoteById(request.params.id);
        if (!quote) throw notFound("resource_not_found");
        const { dealership, flow, isCustomer } = await customerFlow(request, quote.flowId);
        if (!isCustomer || !flow.isActive) throw new HttpError(409, "quote_not_active", { code: "quote_not_active" });
        return difference(request, dealership, flow, quote, request.body);
      },
    );

    /** An option priced with a change, beside the option as saved (nothing is saved). */
    async function difference(request: FastifyRequest, dealership: DealershipRow, flow: QuoteFlowRow, quote: QuoteRow, change: Partial<QuoteOptionInput>) {
      const terms = termsOf(quote.terms, change);
      const preview = await priced(request, dealership, flow, terms);
      const ctx = { dealership, quoteCount: (await repo.quotesOf(flow.id)).length, buildStateUid: null, language: languageOf(request.locale), appliedQuoteId: null };
      const before = quotes.toQuoteWire(flow, quote, ctx);
      const after = quotes.toQuoteWire(flow, { ...quote, terms, ...preview, quoteName: change.quote_name ?? quote.quoteName }, ctx);
      const figures = (q: typeof before) => ({ payment: q.option?.payment ?? null, total_purchase_price: q.option?.total_purchase_price ?? null });
      return { before: figures(before), after: figures(after), quote: after };
    }

    // ---- the dealer's calls ----------------------------------------------------------------------------------

    /** A flow of a customer this staff user sees, at this dealership. */
    async function staffFlow(request: FastifyRequest, id: number, action: "workspace.view" | "quotes.manage") {
      const staff = requireStaff(request, action);
      const dealership = enabledDealership(request);
      const flow = await repo.flowAt(dealership.id, id);
      const customer = flow ? await deps.customers.byId(dealership.id, flow.customerId) : null;
      if (!flow || !customer || !canSeeCustomer(staff, { dealer_user: customer.dealerUserId })) throw notFound("resource_not_found");
      return { staff, dealership, flow };
    }

    async function staffOrder(request: FastifyRequest, orderId: number, action: "workspace.view" | "quotes.manage") {
      const staff = requireStaff(request, action);
      const dealership = enabledDealership(request);
      const order = await deps.orders.findAtDealership(dealership.id, orderId);
      const customer = order ? await deps.customers.byId(dealership.id, order.customerId) : null;
      if (!order || !customer || !canSeeCustomer(staff, { dealer_user: customer.dealerUserId })) throw notFound("resource_not_found");
      return { staff, dealership, order };
    }

    /** Prices the terms on the flow's deal, in the caller's language. */
    async function priced(request: FastifyRequest, dealership: DealershipRow, flow: QuoteFlowRow, terms: QuoteTerms) {
      const order = await deps.orders.findAtDealership(dealership.id, flow.orderId);
      const vehicle = order ? await deps.inventory.findForDealership(dealership.id, order.vehicleId) : null;
      if (!order || !vehicle) throw new HttpError(409, "quote_vehicle_unavailable", { code: "quote_vehicle_unavailable" });
      const deal = { optionsMsrp: await deps.buildOptionsMsrp(dealership, order), accessoryIds: order.accessoryIds, protectionIds: order.protectionIds };
      return quotes.price(dealership, vehicle, deal, terms, localeFor(languageOf(request.locale), dealership));
    }

    async function quoteAnswer(request: FastifyRequest, dealership: DealershipRow, flow: QuoteFlowRow, quoteId: number) {
      const wire = (await flowWire(request, dealership, flow)).results.find((q) => q.id === quoteId);
      if (!wire) throw notFound("resource_not_found");
      return wire;
    }

    app.get(
      "/api/dealer/praq/flows/",
      { schema: { ...dealerTag, summary: "A deal's personalized quotes, newest first", querystring: quoteFlowsQuerySchema, response: { 200: z.object({ results: z.array(quoteFlowSchema) }), ...errors } } },
      async (request) => {
        const { dealership, order } = await staffOrder(request, request.query.order, "workspace.view");
        const flows = await repo.flowsOfOrder(dealership.id, order.id);
        return { results: await Promise.all(flows.map((flow) => flowWire(request, dealership, flow))) };
      },
    );

    app.post(
      "/api/dealer/praq/flow/",
      { schema: { ...dealerTag, summary: "Opens a personalized quote for a deal: the deal's open one (a shopper's request, a draft) when it has one (200), else a new one (201)", body: quoteFlowCreateSchema, response: { 200: quoteFlowSchema, 201: quoteFlowSchema, ...errors } } },
      async (request, reply) => {
        const { staff, dealership, order } = await staffOrder(request, request.body.order, "quotes.manage");
        const [latest] = await repo.flowsOfOrder(dealership.id, order.id);
        if (latest && !canRequestNewQuote(latest, true, quotes.today(dealership))) return flowWire(request, dealership, latest);
        const at = deps.now();
        const flow = await repo.insertFlow({
          dealershipId: dealership.id,
          customerId: order.customerId,
          orderId: order.id,
          preparedByStaffId: staff.id,
          preparedByName: staff.fullName,
          preparedByEmail: staff.email,
          createdAt: at,
          updatedAt: at,
        });
        return reply.status(201).send(await flowWire(request, dealership, flow));
      },
    );

    app.get(
      "/api/dealer/praq/flow/:id/quotes/",
      { schema: { ...dealerTag, summary: "A personalized quote with its options, as the customer will read it", params: quoteIdParamSchema, response: { 200: quoteFlowSchema, ...errors } } },
      async (request) => {
        const { dealership, flow } = await staffFlow(request, request.params.id, "workspace.view");
        return flowWire(request, dealership, flow);
      },
    );

    app.get(
      "/api/dealer/praq/flow/:id/pdf/",
      { schema: { ...dealerTag, summary: "The quote as a PDF, as the customer receives it", params: quoteIdParamSchema, response: { 200: z.any(), ...errors } } },
      async (request, reply) => {
        const { dealership, flow } = await staffFlow(request, request.params.id, "workspace.view");
        return sendPdf(request, reply, dealership, flow);
      },
    );

    app.post(
      "/api/dealer/praq/flow/:id/quotes/",
      {
        schema: {
          ...dealerTag,
          summary: "Adds an option (at most 3: a fourth answers 400 max_quotes_reached), priced by the pricing engine; terms the engine refuses are kept with pricing_errors",
          params: quoteIdParamSchema,
          body: quoteOptionInputSchema,
          response: { 201: quoteSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { staff, dealership, flow } = await staffFlow(request, request.params.id, "quotes.manage");
        if (flow.reservedQuoteId !== null) throw new HttpError(409, "quote_already_reserved", { code: "quote_already_reserved" });
        const existing = await repo.quotesOf(flow.id);
        if (existing.length >= 3) throw new FieldErrors({ non_field_errors: ["max_quotes_reached"] }, "max_quotes_reached");
        const terms = termsOf(null, request.body);
        const pricedTerms = await priced(request, dealership, flow, terms);
        const at = deps.now();
        const quote = await repo.insertQuote(
          { flowId: flow.id, quoteName: request.body.quote_name ?? null, terms, ...pricedTerms, createdAt: at, updatedAt: at },
          existing.map((q) => q.position),
        );
        if (!quote) throw new FieldErrors({ non_field_errors: ["max_quotes_reached"] }, "max_quotes_reached");
        const updated = await repo.updateFlow(flow.id, { preparedByStaffId: staff.id, preparedByName: staff.fullName, preparedByEmail: staff.email, updatedAt: at });
        return reply.status(201).send(await quoteAnswer(request, dealership, updated, quote.id));
      },
    );

    /** An option of a flow this staff user may change (not once an option was reserved). */
    async function managedQuote(request: FastifyRequest, id: number) {
      const quote = await repo.quoteById(id);
      if (!quote) {
        requireStaff(request, "quotes.manage");
        throw notFound("resource_not_found");
      }
      const found = await staffFlow(request, quote.flowId, "quotes.manage");
      if (found.flow.reservedQuoteId !== null) throw new HttpError(409, "quote_already_reserved", { code: "quote_already_reserved" });
      return { ...found, quote };
    }

    app.patch(
      "/api/dealer/praq/:id/",
      { schema: { ...dealerTag, summary: "Changes an option; it is priced again", params: quoteIdParamSchema, body: quoteOptionPatchSchema, response: { 200: quoteSchema, ...errors } } },
      async (request) => {
        const { dealership, flow, quote } = await managedQuote(request, request.params.id);
        const terms = termsOf(quote.terms, request.body);
        const pricedTerms = await priced(request, dealership, flow, terms);
        await repo.updateQuote(quote.id, {
          terms,
          ...pricedTerms,
          ...(request.body.quote_name !== undefined && { quoteName: request.body.quote_name }),
          updatedAt: deps.now(),
        });
        return quoteAnswer(request, dealership, flow, quote.id);
      },
    );

    app.post(
      "/api/dealer/praq/:id/difference/",
      {
        schema: {
          ...dealerTag,
          summary: "What a change to an option would give, without saving it: the option priced with the change, and its payment and total before and after (the builder asks 500 ms after the last keystroke)",
          params: quoteIdParamSchema,
          body: quoteOptionPatchSchema,
          response: { 200: quoteDifferenceSchema, ...errors },
        },
      },
      async (request) => {
        const { dealership, flow, quote } = await managedQuote(request, request.params.id);
        return difference(request, dealership, flow, quote, request.body);
      },
    );

    app.post(
      "/api/dealer/praq/:id/reset/",
      { schema: { ...dealerTag, summary: "The deal takes this option as its terms (reserving it for the customer when nothing is reserved)", params: quoteIdParamSchema, response: { 200: quoteFlowSchema, ...errors } } },
      async (request) => {
        const quote = await repo.quoteById(request.params.id);
        if (!quote) {
          requireStaff(request, "quotes.manage");
          throw notFound("resource_not_found");
        }
        const { dealership, flow } = await staffFlow(request, quote.flowId, "quotes.manage");
        return flowWire(request, dealership, await applyOption(dealership, flow, quote));
      },
    );

    app.delete(
      "/api/dealer/praq/:id/",
      { schema: { ...dealerTag, summary: "Removes an option", params: quoteIdParamSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const { flow, quote } = await managedQuote(request, request.params.id);
        await repo.deleteQuote(quote.id);
        if (flow.primaryQuoteId === quote.id) await repo.updateFlow(flow.id, { primaryQuoteId: null, updatedAt: deps.now() });
        return reply.status(204).send(null);
      },
    );

    /** Sends the flow: active, its expiry set (a week unless staff chose a day), the shopper emailed a link. */
    async function activate(dealership: DealershipRow, flow: QuoteFlowRow) {
      if ((await repo.quotesOf(flow.id)).length === 0) throw new FieldErrors({ non_field_errors: ["quote_has_no_options"] }, "quote_has_no_options");
      const expiry = flow.quoteExpiry ?? addDays(quotes.today(dealership), 7);
      return repo.updateFlow(flow.id, { isActive: true, quoteExpiry: expiry, updatedAt: deps.now() });
    }

    app.post(
      "/api/dealer/praq/flow/:id/activate/",
      { schema: { ...dealerTag, summary: "Makes the quote visible to the customer (its expiry a week away unless set)", params: quoteIdParamSchema, response: { 200: quoteFlowSchema, ...errors } } },
      async (request) => {
        const { dealership, flow } = await staffFlow(request, request.params.id, "quotes.manage");
        const active = await activate(dealership, flow);
        await syncOrder(dealership, active);
        return flowWire(request, dealership, active);
      },
    );

    app.patch(
      "/api/dealer/praq/flow/:id/update_quote_expiry/",
      { schema: { ...dealerTag, summary: "Sets the last day the quote holds (today or later)", params: quoteIdParamSchema, body: quoteExpirySchema, response: { 200: quoteFlowSchema, ...errors } } },
      async (request) => {
        const { dealership, flow } = await staffFlow(request, request.params.id, "quotes.manage");
        if (request.body.quote_expiry < quotes.today(dealership) || Number.isNaN(Date.parse(request.body.quote_expiry))) throw new FieldErrors({ quote_expiry: ["quote_expiry_past"] });
        return flowWire(request, dealership, await repo.updateFlow(flow.id, { quoteExpiry: request.body.quote_expiry, updatedAt: deps.now() }));
      },
    );

    app.post(
      "/api/dealer/praq/quotes_submitted_events/",
      { schema: { ...dealerTag, summary: "Sends the quote to the customer: activates it and emails a link (its token reads the quote before sign-in)", body: quotesSubmittedSchema, response: { 200: quoteFlowSchema, ...errors } } },
      async (request) => {
        const { staff, dealership, flow } = await staffFlow(request, request.body.praq_flow, "quotes.manage");
        const active = await activate(dealership, flow);
        const { token, hash } = newAccessToken();
        const sent = await repo.updateFlow(active.id, { accessTokenHash: hash, submittedAt: deps.now(), updatedAt: deps.now() });
        const order = await deps.orders.findAtDealership(dealership.id, sent.orderId);
        if (!order) throw notFound("resource_not_found");
        await deps.sendQuoteEmail({ dealership, order, flow: sent, token, message: request.body.message || null, staff });
        await syncOrder(dealership, sent);
        return flowWire(request, dealership, sent);
      },
    );
  };

/** A YYYY-MM-DD date some days later (calendar arithmetic in UTC on the date itself). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
