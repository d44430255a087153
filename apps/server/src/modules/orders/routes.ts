import {
  activityEntrySchema,
  detailErrorSchema,
  languageOf,
  orderCreateSchema,
  orderDeleteQuerySchema,
  orderDeletionCheckSchema,
  orderIncentivesSchema,
  orderListQuerySchema,
  orderPatchSchema,
  orderPutSchema,
  orderSchema,
  orderStepsQuerySchema,
  orderStepsSchema,
  orderStepsUpdateSchema,
  paginatedSchema,
  validationErrorSchema,
  validationMessage,
  type OrderPayment,
  idPathSchema,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customerIdOf, sessionOwner, type SessionOwner } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { SavedVehicle } from "../inventory/vehicle-views.ts";
import { ORDERS_PAGE_SIZE, dealVehicle, stepsOf, toOrder, type CustomerInfo, type OrderOwner, type OrderRow, type OrdersService, type StepSettings } from "./service.ts";

type PaymentChoice = { uid: string; snapshot: OrderPayment };

type DealCustomer = CustomerInfo & { id: number; firstName: string; language: "en" | "fr" };

type Deps = {
  orders: OrdersService;
  /** The customer as a deal names them, or null when not of this dealership. */
  dealCustomer(dealership: DealershipRow, customerId: number): Promise<DealCustomer | null>;
  /** The vehicle as a deal shows it, when this dealership may list it (its own or its group's). */
  vehicleFor(dealership: DealershipRow, vehicleId: number): Promise<SavedVehicle | null>;
  vehiclesByIds(ids: number[]): Promise<Map<number, SavedVehicle>>;
  /** A payment option this session priced for this vehicle at this dealership, or null. */
  paymentChoice(uid: string, owner: SessionOwner, vehicleId: number): Promise<PaymentChoice | null>;
  /** The build-and-price configuration may be used by this caller and is of this vehicle. */
  buildStateUsable(uid: string, owner: SessionOwner, vehicleId: number): Promise<boolean>;
  incentiveIds(dealership: DealershipRow): Promise<Set<string>>;
  sendOrderLink(input: { dealership: DealershipRow; customer: DealCustomer; vehicleTitle: string }): Promise<void>;
  /** What staff did on this deal while acting for its customer, newest first. */
  activityOf(owner: OrderOwner, orderId: number, page: number): Promise<{ count: number; results: z.infer<typeof activityEntrySchema>[] }>;
  activityPageSize: number;
};

const stepSettingsOf = (dealership: DealershipRow): StepSettings => ({
  enabled_modules: dealership.moduleSettings.enabled_modules,
  deposit_system: dealership.profile.deposit_system,
});

export const orderRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { orders } = deps;
    const tag = { tags: ["orders"] };

    async function customerOf(request: FastifyRequest) {
      const customerId = customerIdOf(request.actor);
      return customerId === null ? null : deps.dealCustomer(requireDealership(request), customerId);
    }

    async function ownerOf(request: FastifyRequest) {
      const dealership = requireDealership(request);
      const customer = await customerOf(request);
      if (!customer) throw new HttpError(403, "customer_not_signed_in");
      return { dealership, customer, owner: { dealershipId: dealership.id, customerId: customer.id } satisfies OrderOwner };
    }

    async function present(dealership: DealershipRow, customer: CustomerInfo, rows: OrderRow[]) {
      const vehicles = await deps.vehiclesByIds(rows.map((r) => r.vehicleId));
      return rows.map((row) =>
        toOrder(row, {
          dealershipCode: dealership.code,
          vehicle: dealVehicle(row, vehicles),
          customer,
          settings: stepSettingsOf(dealership),
        }),
      );
    }

    async function owned(request: FastifyRequest, id: number) {
      const context = await ownerOf(request);
      const row = await orders.find(context.owner, id);
      if (!row) throw notFound("resource_not_found");
      return { ...context, row };
    }

    async function paymentFor(request: FastifyRequest, dealership: DealershipRow, uid: string | undefined, vehicleId: number) {
      if (uid === undefined) return null;
      const choice = await deps.paymentChoice(uid, sessionOwner(request, dealership), vehicleId);
      if (!choice) throw new FieldErrors({ payment_option: ["payment_option_unknown"] });
      return choice;
    }

    async function assertBuildState(request: FastifyRequest, dealership: DealershipRow, uid: string | null | undefined, vehicleId: number) {
      if (uid === undefined || uid === null) return;
      if (!(await deps.buildStateUsable(uid, sessionOwner(request, dealership), vehicleId))) throw new FieldErrors({ build_state: ["build_state_unknown"] });
    }

    const orderResponses = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };

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
        const { row, created } = await orders.create(owner, input, { vehicle, payment, language: languageOf(request.locale) });
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
          const params = new URLSearchParams({ page: String(p), ...(vehicle !== undefined && { vehicle: String(vehicle) }) });
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
      { schema: { ...tag, summary: "One of the signed-in customer's saved deals", params: idPathSchema, response: { 200: orderSchema, ...orderResponses } } },
      async (request) => {
        const { dealership, customer, row } = await owned(request, request.params.id);
        return (await present(dealership, customer, [row]))[0]!;
      },
    );

    const updateRoute = (method: "PUT" | "PATCH", body: typeof orderPatchSchema | typeof orderPutSchema, summary: string) =>
      app.route({
        method,
        url: "/api/order/:id/",
        schema: { ...tag, summary, params: idPathSchema, body, response: { 200: orderSchema, ...orderResponses } },
        handler: async (request) => {
          const { dealership, customer, owner, row } = await owned(request, request.params.id);
          const changes = method === "PUT" ? { accessory_ids: [], protection_ids: [], is_archived: false, payment_credit_score: 0, ...request.body } : request.body;
          await assertBuildState(request, dealership, changes.build_state, row.vehicleId);
          const payment = await paymentFor(request, dealership, changes.payment_option, row.vehicleId);
          const updated = await orders.update(owner, row.id, changes, payment);
          if (!updated) throw notFound("resource_not_found");
          return (await present(dealership, customer, [updated]))[0]!;
        },
      });
    updateRoute("PUT", orderPutSchema, "Replaces the shopper's choices on a deal: payment_type is required; left-out lists, credit score and archive flag go back to their defaults");
    updateRoute("PATCH", orderPatchSchema, "Changes some choices on a deal (e.g. accessory_ids, protection_ids, payment_option)");

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
        schema: { ...tag, summary: "Chooses the incentives applied to a deal (ids of the dealership's incentives)", params: idPathSchema, body: orderIncentivesSchema, response: { 200: orderSchema, ...orderResponses } },
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

    app.post(
      "/api/order/:id/send_order_link/",
      {
        config: { rateLimit: { max: 5, timeWindow: "15 minutes" } },
        schema: { ...tag, summary: "Emails the customer a link back to this deal", params: idPathSchema, response: { 202: z.object({ status: z.literal("queued") }), ...orderResponses } },
      },
      async (request, reply) => {
        const { dealership, customer, row } = await owned(request, request.params.id);
        const [order] = await present(dealership, customer, [row]);
        await deps.sendOrderLink({ dealership, customer, vehicleTitle: customer.language === "fr" ? order!.vehicle.title_fr : order!.vehicle.title });
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
          querystring: z.object({ page: z.coerce.number({ error: validationMessage("page") }).int(validationMessage("page")).min(1, validationMessage("page")).max(100_000, validationMessage("page")).default(1) }),
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
          summary: "Step statuses of a deal (by order, or the newest deal for a vehicle); without a deal, the dealership's steps at 0",
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
        const row = order !== undefined ? await orders.find(owner, order) : vehicle !== undefined ? ((await orders.page(owner, 1, vehicle)).rows[0] ?? null) : null;
        if (order !== undefined && !row) throw notFound("resource_not_found");
        return stepsOf(row?.id ?? null, settings, row?.stepStatuses ?? {});
      },
    );

    app.put(
      "/api/customer/order-steps/:id/",
      {
        schema: { ...tag, summary: "Sets step statuses of a deal (merged over the stored ones)", params: idPathSchema, body: orderStepsUpdateSchema, response: { 200: orderStepsSchema, ...orderResponses } },
      },
      async (request) => {
        const { dealership, owner, row } = await owned(request, request.params.id);
        const updated = await orders.setStepStatuses(owner, row, request.body.step_statuses);
        return stepsOf(row.id, stepSettingsOf(dealership), updated!.stepStatuses);
      },
    );

  };
