import {
  activityEntrySchema,
  idPathSchema,
  orderStepsQuerySchema,
  orderStepsSchema,
  orderStepsUpdateSchema,
  paginatedSchema,
  validationMessage,
} from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { orderContext, orderResponses, stepSettingsOf, type OrderRouteDeps } from "./order-context.ts";
import { stepsOf } from "./service.ts";

/** What follows a saved deal: the link back to it by email, staff's activity on it, and its step statuses. */
export const orderFollowUpRoutes =
  (deps: OrderRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { orders } = deps;
    const tag = { tags: ["orders"] };
    const { customerOf, present, owned } = orderContext(deps);

    app.post(
      "/api/order/:id/send_order_link/",
      {
        config: { rateLimit: { max: 5, timeWindow: "15 minutes" } },
        schema: {
          ...tag,
          summary: "Emails the customer a link back to this deal",
          params: idPathSchema,
          response: { 202: z.object({ status: z.literal("queued") }), ...orderResponses },
        },
      },
      async (request, reply) => {
        const { dealership, customer, row } = await owned(request, request.params.id);
        const [order] = await present(dealership, customer, [row]);
        await deps.sendOrderLink({
          dealership,
          customer,
          vehicleTitle: customer.language === "fr" ? order!.vehicle.title_fr : order!.vehicle.title,
        });
        return reply.status(202).send({ status: "queued" as const });
      },
    );

    app.get(
      "/api/order/:id/activity/",
      {
        schema: {
          ...tag,
          summary:
            "What dealership staff did on this deal while acting for its customer (who, when, which call and fields; never " +
            "passwords, codes or card data), newest first. Owner-scoped like the other order calls; staff acting for the customer may read it too.",
          params: idPathSchema,
          querystring: z.object({
            page: z.coerce
              .number({ error: validationMessage("page") })
              .int(validationMessage("page"))
              .min(1, validationMessage("page"))
              .max(100_000, validationMessage("page"))
              .default(1),
          }),
          response: { 200: paginatedSchema(activityEntrySchema), ...orderResponses },
        },
      },
      async (request) => {
        const { owner, row } = await owned(request, request.params.id);
        const { page } = request.query;
        const { count, results } = await deps.activityOf(owner, row.id, page);
        const link = (p: number) => `/api/order/${row.id}/activity/?page=${p}`;
        return {
          count,
          next: page * deps.activityPageSize < count ? link(page + 1) : null,
          previous: page > 1 ? link(Math.min(page - 1, Math.max(1, Math.ceil(count / deps.activityPageSize)))) : null,
          results,
        };
      },
    );

    app.get(
      "/api/customer/order-steps/",
      {
        schema: {
          ...tag,
          summary:
            "Step statuses of a deal (by order, or the newest deal for a vehicle); without a deal, the dealership's steps at 0",
          querystring: orderStepsQuerySchema,
          response: { 200: orderStepsSchema, ...orderResponses },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const settings = stepSettingsOf(dealership);
        const { order, vehicle } = request.query;
        const customer = await customerOf(request);
        if (!customer) {
          if (order !== undefined) throw new HttpError(403, "customer_not_signed_in");
          return stepsOf(null, settings, {});
        }
        const owner = { dealershipId: dealership.id, customerId: customer.id };
        const row =
          order !== undefined
            ? await orders.find(owner, order)
            : vehicle !== undefined
              ? ((await orders.page(owner, 1, vehicle)).rows[0] ?? null)
              : null;
        if (order !== undefined && !row) throw notFound("resource_not_found");
        return stepsOf(row?.id ?? null, settings, row?.stepStatuses ?? {});
      },
    );

    app.put(
      "/api/customer/order-steps/:id/",
      {
        schema: {
          ...tag,
          summary: "Sets step statuses of a deal (merged over the stored ones)",
          params: idPathSchema,
          body: orderStepsUpdateSchema,
          response: { 200: orderStepsSchema, ...orderResponses },
        },
      },
      async (request) => {
        const { dealership, owner, row } = await owned(request, request.params.id);
        const updated = await orders.setStepStatuses(owner, row, request.body.step_statuses);
        return stepsOf(row.id, stepSettingsOf(dealership), updated!.stepStatuses);
      },
    );
  };
