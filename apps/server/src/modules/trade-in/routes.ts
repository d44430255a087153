import {
  TRADE_IN_FLOW_SECTIONS,
  TRADE_IN_PHOTO_MAX_BYTES,
  externalEstimateSchema,
  idPathSchema,
  tradeInAcceptSchema,
  tradeInCatalogueLevelSchema,
  tradeInCatalogueQuerySchema,
  tradeInCreateSchema,
  tradeInDeclineSchema,
  tradeInDiscardSchema,
  tradeInEtiUserSchema,
  tradeInFlowOf,
  tradeInListQuerySchema,
  tradeInQuestionSchema,
  tradeInQuestions,
  tradeInSchema,
  tradeInSettingsSchema,
  tradeInSubmitSchema,
  tradeInVehicleInformationSchema,
  tradeInVinSchema,
  centsToDecimalString,
  cents,
  type TradeInWire,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomersService } from "../customers/service.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { CATALOGUE_LEVELS, type CatalogueLevel } from "./repo.ts";
import { attempt, shopperContext, tradeInErrors as errors, type presenter } from "./route-support.ts";
import { promiseHoursOf, systemOf, TradeInFailure, tradeInsEnabled, type TradeInRow, type TradeInService } from "./service.ts";
import { currentOfferOf, offerToWire } from "./views.ts";

export type TradeInDealRun = { tradeIn: TradeInRow; orderId: number; offerId: number | null; credit: number; owing: number };

export type TradeInRouteDeps = {
  tradeIns: TradeInService;
  customers: Pick<CustomersService, "byId" | "logCrmEvent" | "linkEstimate">;
  present: ReturnType<typeof presenter>;
  /** Runs the acceptance workflow; false when a step failed and the others were undone. */
  acceptOffer(run: TradeInDealRun): Promise<boolean>;
  /** Runs the workflow that takes an included trade-in and its credit off the deal; false when it was undone. */
  discardIncluded(run: TradeInDealRun): Promise<boolean>;
  /** The CRM hears of a sent trade-in (the trade_in_finish event, and the ADF lead when the dealership has a CRM). */
  submitted(input: { dealership: DealershipRow; tradeIn: TradeInRow; byStaff: boolean }): Promise<void>;
  /** Deletes a discarded trade-in's photos (files and rows): pictures of a shopper's car and driveway are not kept for nothing. */
  forgetPhotos(tradeInId: number): Promise<void>;
  /** Emails the shopper the link to continue on their phone. */
  sendMobileLink(input: { dealership: DealershipRow; tradeIn: TradeInRow }): Promise<void>;
  now: () => Date;
};

/**
 * The shopper's trade-in calls (transactional contract section 7, "Trade-in"), under /api/trade-in/. Every one
 * but settings, questions and the catalogue needs a customer, and finds only that customer's trade-ins at this
 * dealership (another's id answers 404). Photos have their own routes (photo-routes.ts).
 */
export const tradeInRoutes =
  (deps: TradeInRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { tradeIns, present } = deps;
    const tag = { tags: ["trade-in"] };

    async function ownedTrade(request: FastifyRequest, id: number) {
      const context = shopperContext(request);
      const row = await tradeIns.owned(context.owner, id);
      if (!row) throw notFound("resource_not_found");
      return { ...context, row };
    }
    const one = async (dealership: DealershipRow, row: TradeInRow): Promise<TradeInWire> => (await present(dealership, [row]))[0]!;

    app.get(
      "/api/trade-in/settings/",
      { schema: { ...tag, summary: "What the trade-in flow needs of the dealership: on or off, its valuation system, flow and sections, VIN rule, units, promise and photo limits", response: { 200: tradeInSettingsSchema, ...errors } } },
      async (request) => {
        const dealership = requireDealership(request);
        const system = systemOf(dealership);
        const flow = tradeInFlowOf(system, dealership.profile.trade_in_variant);
        return {
          enabled: tradeInsEnabled(dealership),
          valuation_system: system,
          variant: dealership.profile.trade_in_variant,
          flow,
          sections: [...TRADE_IN_FLOW_SECTIONS[flow]],
          mandatory_trade_vin: dealership.profile.mandatory_trade_vin,
          country: dealership.country,
          length_unit: dealership.lengthUnit,
          offer_promise_business_hours: promiseHoursOf(dealership),
          photo_max_bytes: TRADE_IN_PHOTO_MAX_BYTES,
        };
      },
    );

    app.get(
      "/api/trade-in/tradein-questions/",
      { schema: { ...tag, summary: "The condition questionnaire of the dealership's country (Canada adds export/import), nested questions and checkbox sets in order", response: { 200: z.array(tradeInQuestionSchema), ...errors } } },
      async (request) => tradeInQuestions(requireDealership(request).country),
    );

    app.get(
      "/api/trade-in/vehicle-catalogue/",
      {
        schema: {
          ...tag,
          summary: "The year → make → model → trim → style cascade of the valuation catalogue: the values of the first level not given, under those given (404 when none)",
          querystring: tradeInCatalogueQuerySchema,
          response: { 200: tradeInCatalogueLevelSchema, ...errors },
        },
      },
      async (request) => {
        const query = request.query;
        const level: CatalogueLevel = CATALOGUE_LEVELS.find((l) => l !== "style" && query[l] === undefined) ?? "style";
        const values = await tradeIns.repo.catalogueLevel(level, query);
        if (values.length === 0) throw new HttpError(404, "trade_in_catalogue_empty", { code: "trade_in_catalogue_empty" });
        return { level, values };
      },
    );

    app.post(
      "/api/trade-in/",
      { schema: { ...tag, summary: "Starts a trade-in (a draft in the dealership's flow), towards one of the customer's saved deals when order is given", body: tradeInCreateSchema, response: { 201: tradeInSchema, ...errors } } },
      async (request, reply) => {
        const { dealership, owner } = shopperContext(request);
        const row = await attempt(() => tradeIns.create(owner, dealership, request.body.order ?? null));
        return reply.status(201).send(await one(dealership, row));
      },
    );

    app.get(
      "/api/trade-in/",
      { schema: { ...tag, summary: "The customer's trade-ins at this dealership, newest first; of one saved deal with order", querystring: tradeInListQuerySchema, response: { 200: z.array(tradeInSchema), ...errors } } },
      async (request) => {
        const { dealership, owner } = shopperContext(request);
        return present(dealership, await tradeIns.repo.listOf(owner, request.query.order));
      },
    );

    app.get(
      "/api/trade-in/:id/",
      { schema: { ...tag, summary: "One of the customer's trade-ins (an offer's expiry is evaluated as it is read)", params: idPathSchema, response: { 200: tradeInSchema, ...errors } } },
      async (request) => {
        const { dealership, row } = await ownedTrade(request, request.params.id);
        return one(dealership, row);
      },
    );

    app.patch(
      "/api/trade-in/:id/submit_vehicle_information/",
      {
        schema: {
          ...tag,
          summary: "Changes the vehicle's facts, the condition answers, the financing or lease still owed and the US odometer statement of a draft (fields left out keep their values)",
          params: idPathSchema,
          body: tradeInVehicleInformationSchema,
          response: { 200: tradeInSchema, ...errors },
        },
      },
      async (request) => {
        const { dealership, row } = await ownedTrade(request, request.params.id);
        return one(dealership, await attempt(() => tradeIns.updateInformation(row, request.body)));
      },
    );

    app.patch(
      "/api/trade-in/:id/submit_vin/",
      {
        schema: {
          ...tag,
          summary: "The trade's VIN: 17 characters without I, O or Q whose check digit matches (49 CFR 565); its model year must be the year given (400 otherwise) and sets it when none was",
          params: idPathSchema,
          body: tradeInVinSchema,
          response: { 200: tradeInSchema, ...errors },
        },
      },
      async (request) => {
        const { dealership, row } = await ownedTrade(request, request.params.id);
        return one(dealership, await attempt(() => tradeIns.setVin(row, request.body.vin)));
      },
    );

    const submitRoute = (kind: "tradein" | "ico", url: string, summary: string) =>
      app.put(
        url,
        { schema: { ...tag, summary, params: idPathSchema, body: tradeInSubmitSchema, response: { 200: tradeInSchema, ...errors } } },
        async (request) => {
          const { dealership, row } = await ownedTrade(request, request.params.id);
          const photos = await tradeIns.repo.photosOf([row.id]);
          const sent = await attempt(() => tradeIns.submit(row, dealership, { kind, pageUrl: request.body.page_url, withoutPhotos: request.body.without_photos ?? false, photos }));
          // The trade-in is sent whatever the CRM's fate: a lead that cannot be queued is logged, not the shopper's failure.
          await deps.submitted({ dealership, tradeIn: sent, byStaff: request.actor.kind === "acting" }).catch((error: unknown) => request.log.error({ err: error, tradeIn: sent.id }, "the trade-in's CRM lead could not be queued"));
          return one(dealership, sent);
        },
      );
    submitRoute(
      "tradein",
      "/api/trade-in/:id/submit_tradein/",
      "Sends a complete trade-in (400 naming each missing field; photos or without_photos in the photo flows): valued at once and awaiting the dealership " +
        "(with the time a firm offer is promised by), or awaiting the valuation system",
    );
    submitRoute("ico", "/api/trade-in/:id/submit_ico/", "Sends a complete instant-cash-offer trade-in: the valuation system's offer comes back at once (awaiting the customer), or the dealership values it");

    app.post(
      "/api/trade-in/:id/accept_current_offer/",
      {
        schema: {
          ...tag,
          summary:
            "Accepts the current offer for a saved deal (order, else the trade-in's deal; 400 when there is none): the trade-in is included in the deal and its credit " +
            "and owing in the deal's payment, all together or not at all. 409 when there is no open offer or it expired.",
          params: idPathSchema,
          body: tradeInAcceptSchema,
          response: { 200: tradeInSchema, ...errors },
        },
      },
      async (request) => {
        const { dealership, owner, row } = await ownedTrade(request, request.params.id);
        const orderId = request.body.order ?? row.orderId;
        const offer = await attempt(async () => {
          if (orderId === null) throw new TradeInFailure("save_deal_first");
          await tradeIns.dealOf(owner, orderId);
          return tradeIns.answerableOffer(row);
        });
        const accepted = await deps.acceptOffer({ tradeIn: row, orderId: orderId!, offerId: offer.id, credit: offer.amountCents, owing: row.financing?.amount_due ?? 0 });
        if (!accepted) {
          // Another answer may have won the race: say so rather than blame the payment.
          await attempt(async () => void (await tradeIns.answerableOffer((await tradeIns.owned(owner, row.id))!)));
          throw new HttpError(409, "trade_in_accept_failed", { code: "trade_in_accept_failed" });
        }
        return one(dealership, (await tradeIns.owned(owner, row.id))!);
      },
    );

    app.post(
      "/api/trade-in/:id/decline_current_offer/",
      { schema: { ...tag, summary: "Declines the current offer with the shopper's comments: the trade-in is left out of the deal (staff may make another offer)", params: idPathSchema, body: tradeInDeclineSchema, response: { 200: tradeInSchema, ...errors } } },
      async (request) => {
        const { dealership, row } = await ownedTrade(request, request.params.id);
        return one(dealership, await attempt(() => tradeIns.decline(row, request.body.comments, request.body.order ?? null)));
      },
    );

    app.post(
      "/api/trade-in/:id/discard/",
      { schema: { ...tag, summary: "Discards the trade-in (confirm must be true); one already in the deal leaves it, and its credit leaves the deal's payment", params: idPathSchema, body: tradeInDiscardSchema, response: { 200: tradeInSchema, ...errors } } },
      async (request) => {
        const { dealership, owner, row } = await ownedTrade(request, request.params.id);
        if (row.status === "discarded") return one(dealership, row);
        if (row.status === "included" && row.orderId !== null) {
          const done = await deps.discardIncluded({ tradeIn: row, orderId: row.orderId, offerId: null, credit: 0, owing: 0 });
          if (!done) throw new HttpError(409, "trade_in_discard_failed", { code: "trade_in_discard_failed" });
        } else {
          await attempt(() => tradeIns.discard(row));
        }
        await deps.forgetPhotos(row.id);
        return one(dealership, (await tradeIns.owned(owner, row.id))!);
      },
    );

    app.post(
      "/api/trade-in/:id/prompt_post_submit_updates/",
      { schema: { ...tag, summary: "A sent trade-in whose offers are not answered yet goes back to a draft the shopper can change (its open offers lapse)", params: idPathSchema, response: { 200: tradeInSchema, ...errors } } },
      async (request) => {
        const { dealership, row } = await ownedTrade(request, request.params.id);
        return one(dealership, await attempt(() => tradeIns.reopen(row)));
      },
    );

    app.post(
      "/api/trade-in/:id/request_mobile_view/",
      {
        // An email each time: a few in 15 minutes is plenty, and keeps the call from flooding the shopper's mailbox.
        config: { rateLimit: { max: 5, timeWindow: "15 minutes" } },
        schema: { ...tag, summary: "Emails the shopper a link to continue the trade-in on their phone (to take its photos); 5 in 15 minutes", params: idPathSchema, response: { 200: z.object({ sent: z.literal(true) }), ...errors } },
      },
      async (request) => {
        const { dealership, row } = await ownedTrade(request, request.params.id);
        await deps.sendMobileLink({ dealership, tradeIn: row });
        return { sent: true as const };
      },
    );

    /** An instant-cash-offer trade-in of the customer's, by its external estimate id. */
    async function estimateOf(request: FastifyRequest, icoId: string) {
      const { dealership, owner } = shopperContext(request);
      const row = (await tradeIns.repo.listOf(owner)).find((t) => t.icoId === icoId);
      if (!row || row.valuationSystem !== "INSTANT_CASH_OFFER") throw notFound("resource_not_found");
      return { dealership, owner, row };
    }
    const estimateParams = z.object({ id: z.string().trim().min(1).max(40).regex(/^[\w-]+$/) });

    app.get(
      "/api/trade-in/eti/:id/",
      { schema: { ...tag, summary: "The external estimate (instant cash offer) of one of the customer's trade-ins, by its id (the trade-in's ico_id)", params: estimateParams, response: { 200: externalEstimateSchema, ...errors } } },
      async (request) => {
        const { dealership, row } = await estimateOf(request, request.params.id);
        const customer = await deps.customers.byId(dealership.id, row.customerId);
        if (!customer) throw notFound("resource_not_found");
        const offers = await tradeIns.repo.offersOf([row.id]);
        const current = currentOfferOf(offers);
        const money = (amount: number | null) => centsToDecimalString(cents(amount ?? 0));
        return {
          id: row.icoId!,
          cat_id: row.catId ?? customer.catId ?? null,
          vehicle_value: { value: money(row.icoAmountCents), range_min: money(row.icoRangeMinCents), range_max: money(row.icoRangeMaxCents) },
          creation_date: (row.submittedAt ?? row.createdAt).toISOString(),
          is_eti: true,
          status: row.status,
          current_offer: current && offerToWire(current, deps.now()),
          user: { email: customer.email, first_name: customer.firstName, last_name: customer.lastName },
          vehicle: { year: row.year, make: row.make, model: row.model, trim: row.trim, odometer: row.odometer },
        };
      },
    );

    app.patch(
      "/api/trade-in/:id/update_eti_user/",
      { schema: { ...tag, summary: "Links the trade-in's external estimate to the customer, with the campaign id (cat_id) it came with", params: idPathSchema, body: tradeInEtiUserSchema, response: { 200: tradeInSchema, ...errors } } },
      async (request) => {
        const { dealership, owner, row } = await ownedTrade(request, request.params.id);
        if (row.valuationSystem !== "INSTANT_CASH_OFFER" || !row.icoId) throw new HttpError(409, "trade_in_flow_mismatch", { code: "trade_in_flow_mismatch" });
        const customer = await deps.customers.byId(dealership.id, owner.customerId);
        if (!customer) throw notFound("resource_not_found");
        await deps.customers.linkEstimate(customer, { cat_id: request.body.cat_id, eti_id: row.icoId });
        return one(dealership, await tradeIns.setCatalogueUser(row, request.body.cat_id));
      },
    );
  };
