import {
  idPathSchema,
  languageOf,
  orderCreateSchema,
  orderDeleteQuerySchema,
  orderDeletionCheckSchema,
  orderIncentivesSchema,
  orderListQuerySchema,
  orderPatchSchema,
  orderPutSchema,
  orderSchema,
  paginatedSchema,
} from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffHere } from "../../platform/actor.ts";
import { FieldErrors, notFound } from "../../platform/http-errors.ts";
import { orderContext, orderResponses, type OrderRouteDeps } from "./order-context.ts";
import { ORDERS_PAGE_SIZE } from "./service.ts";

export { type OrderRouteDeps } from "./order-context.ts";

/** A customer's saved deals: save, list, read, change, delete, and the incentives applied. */
export const orderRoutes =
  (deps: OrderRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { orders } = deps;
    const tag = { tags: ["orders"] };
    const { ownerOf, present, owned, paymentFor, assertBuildState, addOnChanges } = orderContext(deps);

    app.post(
      "/api/order/",
      {
        schema: {
          ...tag,
          summary:
            "Saves a deal for the signed-in customer: the vehicle, the payment option they priced, and the step statuses the browser " +
            "kept before the deal existed (stored with it in one write). The same vehicle and payment option saved again within " +
            "30 seconds (a double click, a retry) answers 200 with the deal already saved instead of making another.",
          body: orderCreateSchema,
          response: { 200: orderSchema, 201: orderSchema, ...orderResponses },
        },
      },
      async (request, reply) => {
        const { dealership, customer, owner } = await ownerOf(request);
        const input = request.body;
        const vehicle = await deps.vehicleFor(dealership, input.vehicle);
        if (!vehicle) throw new FieldErrors({ vehicle: ["resource_not_found"] });
        await assertBuildState(request, dealership, input.build_state, input.vehicle);
        const payment = await paymentFor(request, dealership, input.payment_option, input.vehicle);
        if (payment && input.payment_type && payment.snapshot.payment_type !== input.payment_type) {
          throw new FieldErrors({ payment_option: ["payment_option_unknown"] });
        }
        // Lists left empty take the add-ons the chosen payment was priced with.
        const addOns = await addOnChanges(dealership, input.vehicle, payment?.snapshot.payment_type ?? input.payment_type ?? null, payment?.addOns ?? { accessory_ids: [], protection_ids: [] }, {
          ...(input.accessory_ids.length ? { accessory_ids: input.accessory_ids } : {}),
          ...(input.protection_ids.length ? { protection_ids: input.protection_ids } : {}),
        });
        const { row, created } = await orders.create(owner, { ...input, ...addOns }, {
          vehicle,
          payment,
          language: languageOf(request.locale),
        });
        if (created) {
          // The dealership's CRM hears of the saved deal; a lead that cannot be queued does not undo the save.
          await deps
            .dealSaved({ dealership, order: row, byStaff: staffHere(request.actor) !== null, url: input.analytics?.["source_document_url"] ?? null })
            .catch((error: unknown) => request.log.error({ err: error, order: row.id }, "the saved deal's CRM lead could not be queued"));
        }
        const [order] = await present(dealership, customer, [row]);
        return reply.status(created ? 201 : 200).send(order!);
      },
    );

    app.get(
      "/api/order/",
      {
        schema: {
          ...tag,
          summary: `The signed-in customer's saved deals at this dealership, newest first, ${ORDERS_PAGE_SIZE} a page`,
          querystring: orderListQuerySchema,
          response: { 200: paginatedSchema(orderSchema), ...orderResponses },
        },
      },
      async (request) => {
        const { dealership, customer, owner } = await ownerOf(request);
        const { page, vehicle } = request.query;
        const { count, rows } = await orders.page(owner, page, vehicle);
        const link = (p: number) => {
          const params = new URLSearchParams({
            page: String(p),
            ...(vehicle !== undefined && { vehicle: String(vehicle) }),
          });
          return `/api/order/?${params.toString()}`;
        };
        return {
          count,
          next: page * ORDERS_PAGE_SIZE < count ? link(page + 1) : null,
          previous: page > 1 ? link(page - 1) : null,
          results: await present(dealership, customer, rows),
        };
      },
    );

    app.get(
      "/api/order/:id/",
      {
        schema: {
          ...tag,
          summary: "One of the signed-in customer's saved deals",
          params: idPathSchema,
          response: { 200: orderSchema, ...orderResponses },
        },
      },
      async (request) => {
        const { dealership, customer, row } = await owned(request, request.params.id);
        return (await present(dealership, customer, [row]))[0]!;
      },
    );

    const updateRoute = (
      method: "PUT" | "PATCH",
      body: typeof orderPatchSchema | typeof orderPutSchema,
      summary: string,
    ) =>
      app.route({
        method,
        url: "/api/order/:id/",
        schema: { ...tag, summary, params: idPathSchema, body, response: { 200: orderSchema, ...orderResponses } },
        handler: async (request) => {
          const { dealership, customer, owner, row } = await owned(request, request.params.id);
          const changes =
            method === "PUT"
              ? { accessory_ids: [], protection_ids: [], is_archived: false, payment_credit_score: 0, ...request.body }
              : request.body;
          await assertBuildState(request, dealership, changes.build_state, row.vehicleId);
          const payment = await paymentFor(request, dealership, changes.payment_option, row.vehicleId);
          const paymentType = payment?.snapshot.payment_type ?? changes.payment_type ?? row.paymentType;
          const current = payment?.addOns ?? { accessory_ids: row.accessoryIds, protection_ids: row.protectionIds };
          const addOns = await addOnChanges(dealership, row.vehicleId, paymentType, current, changes);
          const updated = await orders.update(owner, row.id, { ...changes, ...addOns }, payment);
          if (!updated) throw notFound("resource_not_found");
          return (await present(dealership, customer, [updated]))[0]!;
        },
      });
    updateRoute(
      "PUT",
      orderPutSchema,
      "Replaces the shopper's choices on a deal: payment_type is required; left-out lists, credit score and archive flag go back to their defaults",
    );
    updateRoute(
      "PATCH",
      orderPatchSchema,
      "Changes some choices on a deal (e.g. accessory_ids, protection_ids, payment_option)",
    );

    app.delete(
      "/api/order/:id/",
      {
        schema: {
          ...tag,
          summary:
            "Deletes a saved deal; dry_run=1 only checks. Refused (400 with the reason's code) when a deposit is paid or " +
            "pre-authorized, or a personalized quote request is pending.",
          params: idPathSchema,
          querystring: orderDeleteQuerySchema,
          response: { 200: orderDeletionCheckSchema, 204: z.null(), ...orderResponses },
        },
      },
      async (request, reply) => {
        const { owner, row } = await owned(request, request.params.id);
        const refusal = orders.deletionRefusal(row);
        if (refusal) throw new FieldErrors({ non_field_errors: [refusal] }, refusal);
        if (request.query.dry_run === "1") return { can_delete: true as const };
        if (!(await orders.remove(owner, row.id))) throw notFound("resource_not_found");
        return reply.status(204).send(null);
      },
    );

    app.put(
      "/api/order/:id/incentives/",
      {
        schema: {
          ...tag,
          summary: "Chooses the incentives applied to a deal (ids of the dealership's incentives)",
          params: idPathSchema,
          body: orderIncentivesSchema,
          response: { 200: orderSchema, ...orderResponses },
        },
      },
      async (request) => {
        const { dealership, customer, owner, row } = await owned(request, request.params.id);
        const known = await deps.incentiveIds(dealership);
        const unknown = request.body.incentives.filter((id) => !known.has(id));
        if (unknown.length) throw new FieldErrors({ incentives: ["invalid_value"] });
        const updated = await orders.setIncentives(owner, row.id, [...new Set(request.body.incentives)]);
        return (await present(dealership, customer, [updated!]))[0]!;
      },
    );
  };
