import {
  detailErrorSchema,
  rebateApplicationCreateSchema,
  rebateApplicationListQuerySchema,
  rebateApplicationListSchema,
  rebateApplicationSchema,
  validationErrorSchema,
  type DealerIncentive,
  type PricedVehicle,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { customerIdOf } from "../../platform/actor.ts";
import { FieldErrors, HttpError } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { OrdersService } from "../orders/service.ts";
import type { RebateApplicationsService } from "./service.ts";

export type RebateRouteDeps = {
  rebates: RebateApplicationsService;
  orders: Pick<OrdersService, "find">;
  incentivesOf(dealership: DealershipRow): Promise<readonly DealerIncentive[]>;
  vehicleOf(dealershipId: number, vehicleId: number): Promise<PricedVehicle | null>;
};

const tags = ["rebates"];
const errors = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };

/**
 * Rebate applications (transactional spec 3: order, rebate_id, source, uid): the deal's customer (or staff acting for
 * them) applies for a rebate the dealership offers on the deal's vehicle, and lists the deal's applications. A deal
 * that is not the caller's is named in the body, so it is a 400 on `order` (never another customer's data).
 */
export const rebateApplicationRoutes =
  (deps: RebateRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    async function ownedDeal(request: FastifyRequest, orderId: number) {
      const dealership = requireDealership(request);
      const customerId = customerIdOf(request.actor);
      if (customerId === null) throw new HttpError(403, "customer_not_signed_in");
      const order = await deps.orders.find({ dealershipId: dealership.id, customerId }, orderId);
      if (!order) throw new FieldErrors({ order: ["order_unknown"] });
      return { dealership, order, deal: { id: order.id, dealershipId: dealership.id, customerId, paymentType: order.paymentType } };
    }

    app.post(
      "/api/rebate-applications/",
      {
        schema: {
          tags,
          summary:
            "Applies for a rebate on a saved deal: one the dealership offers on the deal's vehicle for its payment type (400 on rebate_id otherwise). 201 when new; 200 with the existing application when the deal had applied for it already.",
          body: rebateApplicationCreateSchema,
          response: { 200: rebateApplicationSchema, 201: rebateApplicationSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { dealership, order, deal } = await ownedDeal(request, request.body.order);
        const [incentives, vehicle] = await Promise.all([deps.incentivesOf(dealership), deps.vehicleOf(dealership.id, order.vehicleId)]);
        const result = await deps.rebates.apply({ deal, vehicle, incentives, rebateId: request.body.rebate_id, source: request.body.source });
        if (!result.ok) throw new FieldErrors({ rebate_id: ["rebate_unknown"] });
        return reply.status(result.created ? 201 : 200).send(result.value);
      },
    );

    app.get(
      "/api/rebate-applications/",
      {
        schema: {
          tags,
          summary: "A saved deal's rebate applications (query order), oldest first",
          querystring: rebateApplicationListQuerySchema,
          response: { 200: rebateApplicationListSchema, ...errors },
        },
      },
      async (request) => ({ results: await deps.rebates.list((await ownedDeal(request, request.query.order)).deal) }),
    );
  };
