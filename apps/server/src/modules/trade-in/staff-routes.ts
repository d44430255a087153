import { DEFAULT_OFFER_VALID_DAYS, dollarsToCents, idPathSchema, rowIdTextSchema, tradeInOfferInputSchema, tradeInSchema, validationMessage } from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../platform/actor.ts";
import { notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomersService } from "../customers/service.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { attempt, staffSeeing, tradeInErrors as errors, type presenter } from "./route-support.ts";
import type { TradeInRow, TradeInService } from "./service.ts";

export type TradeInStaffRouteDeps = {
  tradeIns: TradeInService;
  customers: Pick<CustomersService, "byId">;
  present: ReturnType<typeof presenter>;
  /** Tells the shopper of the offer (an email through the outbox). */
  offerMade(input: { dealership: DealershipRow; tradeIn: TradeInRow }): Promise<void>;
};

const customerQuerySchema = z.object({ customer: rowIdTextSchema(validationMessage("row_id")) });

/**
 * The dealer workspace's trade-in calls: staff who see a customer (their role's book) read that customer's
 * trade-ins with photos, and the roles that answer for the sale make offers (trade_ins.offer).
 */
export const tradeInStaffRoutes =
  (deps: TradeInStaffRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { tradeIns, present } = deps;
    const tag = { tags: ["trade-in", "dealer"] };

    /** A customer of this dealership the staff user sees, or 404 (unknown, another dealership's, another rep's). */
    async function visibleCustomer(request: FastifyRequest, dealership: DealershipRow, customerId: number) {
      const customer = await deps.customers.byId(dealership.id, customerId);
      if (!customer || !staffSeeing(request, customer)) throw notFound("resource_not_found");
      return customer;
    }

    async function visibleTrade(request: FastifyRequest, id: number) {
      const dealership = requireDealership(request);
      const row = await tradeIns.repo.findAtDealership(dealership.id, id);
      if (!row) throw notFound("resource_not_found");
      await visibleCustomer(request, dealership, row.customerId);
      return { dealership, row };
    }

    app.get(
      "/api/quickshop/trade-ins/",
      {
        schema: {
          ...tag,
          summary: "A customer's trade-ins, newest first, for staff who see that customer (404 otherwise)",
          querystring: customerQuerySchema,
          response: { 200: z.array(tradeInSchema), ...errors },
        },
      },
      async (request) => {
        requireStaff(request, "workspace.view");
        const dealership = requireDealership(request);
        const customer = await visibleCustomer(request, dealership, request.query.customer);
        return present(dealership, await tradeIns.repo.listOf({ dealershipId: dealership.id, customerId: customer.id }));
      },
    );

    app.get(
      "/api/quickshop/trade-ins/:id/",
      { schema: { ...tag, summary: "One trade-in with its photos and offers, for staff who see its customer", params: idPathSchema, response: { 200: tradeInSchema, ...errors } } },
      async (request) => {
        requireStaff(request, "workspace.view");
        const { dealership, row } = await visibleTrade(request, request.params.id);
        return (await present(dealership, [row]))[0]!;
      },
    );

    app.post(
      "/api/quickshop/trade-ins/:id/offer/",
      {
        schema: {
          ...tag,
          summary:
            "Staff make an offer with comments, valid for valid_days (7 unless given): on a trade-in sent to the dealership, one awaiting the shopper (the " +
            "unanswered offer is replaced and reads as expired) or one whose offer was declined. The trade-in then awaits the shopper, who is emailed.",
          params: idPathSchema,
          body: tradeInOfferInputSchema,
          response: { 200: tradeInSchema, ...errors },
        },
      },
      async (request) => {
        const staff = requireStaff(request, "trade_ins.offer");
        const { dealership, row } = await visibleTrade(request, request.params.id);
        const { dealer_offer, dealer_comments, valid_days } = request.body;
        const updated = await attempt(() =>
          tradeIns.offer(row, staff.id, { amount: dollarsToCents(dealer_offer), comments: dealer_comments, validDays: valid_days ?? DEFAULT_OFFER_VALID_DAYS }),
        );
        await deps.offerMade({ dealership, tradeIn: updated });
        return (await present(dealership, [updated]))[0]!;
      },
    );
  };
