import {
  accessoryConfigurationSchema,
  accessoryConfigureBodySchema,
  accessoryConflictSchema,
  accessoryFiltersSchema,
  accessoryListQuerySchema,
  accessoryPageSchema,
  accessoryQuestionsSchema,
  accessorySchema,
  accessoryVehicleQuerySchema,
  apiMessage,
  detailErrorSchema,
  dollarsToCents,
  idPathSchema,
  planFallbackLogBodySchema,
  planFiltersSchema,
  planListQuerySchema,
  planPageSchema,
  planPreparedSchema,
  planPrepareBodySchema,
  planPriceQuerySchema,
  planRefreshBodySchema,
  protectionPlanSchema,
  validationErrorSchema,
  languageOf,
  type Accessory,
  type PaymentType,
  type ProtectionPlan,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import { sendPicture } from "../../platform/pictures.ts";
import { pricesVisibleTo } from "../../platform/price-visibility.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { ACCESSORY_PICTURE_KINDS, drawAccessoryPicture } from "./pictures.ts";
import { accessoryToWire, planToWire, type AddOnsService, type AddOnVehicle, type PlanDeal } from "./service.ts";

export type AddOnRouteDeps = {
  addOns: AddOnsService;
  /** A vehicle of this dealership, as the add-on rules read it; null when it is not one. */
  vehicleFor(dealership: DealershipRow, id: number): Promise<AddOnVehicle | null>;
};

const errors = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };

/** One page of a list, and the page count (an empty list still has page 1). */
function pageOf<T>(items: readonly T[], page: number, size: number) {
  const last = Math.max(1, Math.ceil(items.length / size));
  return { results: items.slice((page - 1) * size, page * size), current: page, last, limit: size };
}

function counts<T>(items: readonly T[], valuesOf: (item: T) => readonly string[]) {
  const tally = new Map<string, number>();
  for (const item of items) for (const value of valuesOf(item)) tally.set(value, (tally.get(value) ?? 0) + 1);
  return [...tally].map(([value, count]) => ({ value, count })).sort((a, b) => a.value.localeCompare(b.value));
}

const accessoryFilters = (list: readonly Accessory[]) => ({ category: counts(list, (a) => [a.category]), oem_origin: counts(list, (a) => [a.origin]) });
const planFilters = (list: readonly ProtectionPlan[]) => ({ category: counts(list, (p) => [p.category]), payment_type: counts(list, (p) => p.payment_type) });

/**
 * Accessories and protection plans (contract section 7). The catalogue is public, like the vehicles it
 * fits: anyone on the storefront may call these (no actor needed); a plan's price for a deal follows the
 * dealership's price lock, as vehicle prices do.
 */
export const addOnRoutes =
  (deps: AddOnRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { addOns } = deps;

    async function vehicleOf(request: FastifyRequest, id: number) {
      const dealership = requireDealership(request);
      const vehicle = await deps.vehicleFor(dealership, id);
      if (!vehicle) throw new FieldErrors({ vehicle: ["resource_not_found"] });
      return { dealership, vehicle };
    }

    function assertPlanPricesVisible(request: FastifyRequest, dealership: DealershipRow) {
      if (!pricesVisibleTo(request, dealership)) throw new HttpError(403, "pricing_locked", { code: "pricing_locked" });
    }

    /** Already on the vehicle (pre-installed or port-installed): listed apart, part of its price. */
    const onVehicle = (a: Accessory) => a.pre_installed || a.port_installed;
    /** What a shopper can choose: active, and not already on the vehicle. */
    const choosable = (list: readonly Accessory[]) => list.filter((a) => a.active && !onVehicle(a));

    app.get(
      "/api/accessories/filters/",
      { schema: { tags: ["add-ons"], summary: "The accessory filters for a vehicle (category I/E, origin), each value with its count", querystring: accessoryVehicleQuerySchema, response: { 200: accessoryFiltersSchema, ...errors } } },
      async (request) => {
        const { dealership, vehicle } = await vehicleOf(request, request.query.vehicle);
        return accessoryFilters(choosable(await addOns.accessoriesFor(dealership, vehicle)));
      },
    );

    app.get(
      "/api/accessories/pre-installed/",
      { schema: { tags: ["add-ons"], summary: "Accessories already on the vehicle, fitted at the factory, the port or the dealership (in its price)", querystring: accessoryVehicleQuerySchema, response: { 200: z.array(accessorySchema), ...errors } } },
      async (request) => {
        const { dealership, vehicle } = await vehicleOf(request, request.query.vehicle);
        const fitting = await addOns.accessoriesFor(dealership, vehicle);
        return fitting.filter((a) => a.active && onVehicle(a)).map((a) => accessoryToWire(a, fitting));
      },
    );

    app.get(
      "/api/accessories/",
      {
        schema: {
          tags: ["add-ons"],
          summary: "Accessories that fit a vehicle, a page at a time (page_size 1 to 200); pre_installed lists those already on it and filters the counts of the whole list",
          querystring: accessoryListQuerySchema,
          response: { 200: accessoryPageSchema, ...errors },
        },
      },
      async (request) => {
        const { vehicle: vehicleId, page, page_size, active: wantActive, oem_origin, category } = request.query;
        const { dealership, vehicle } = await vehicleOf(request, vehicleId);
        const fitting = await addOns.accessoriesFor(dealership, vehicle);
        const shown = fitting.filter((a) => a.active === (wantActive ?? true));
        const chosen = shown.filter((a) => !onVehicle(a) && (!oem_origin || a.origin === oem_origin) && (!category || a.category === category));
        const toWire = (a: Accessory) => accessoryToWire(a, fitting);
        const onPage = pageOf(chosen, page, page_size);
        return {
          ...onPage,
          results: onPage.results.map(toWire),
          pre_installed: shown.filter(onVehicle).map(toWire),
          filters: accessoryFilters(shown.filter((a) => !onVehicle(a))),
        };
      },
    );

    app.get(
      "/api/accessories/get_questions/",
      { schema: { tags: ["add-ons"], summary: "Questions shoppers ask about accessories, with the dealership's answers", response: { 200: accessoryQuestionsSchema, ...errors } } },
      async (request) => ({ results: await addOns.questions(requireDealership(request).id) }),
    );

    app.post(
      "/api/accessories/configure/",
      {
        schema: {
          tags: ["add-ons"],
          summary:
            "Adds (operand add) or removes (operand remove) accessory_id in selected_accessories, or checks selected_accessories. " +
            "A conflict answers 409 with the accessories in conflict, unless force_operation removes them. Accessories on the vehicle stay.",
          querystring: accessoryVehicleQuerySchema,
          body: accessoryConfigureBodySchema,
          response: { 200: accessoryConfigurationSchema, 409: accessoryConflictSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { dealership, vehicle } = await vehicleOf(request, request.query.vehicle);
        const { force_operation, selected_accessories, operand, accessory_id } = request.body;
        if ((operand === undefined) !== (accessory_id === undefined)) {
          throw new FieldErrors({ [operand === undefined ? "operand" : "accessory_id"]: ["field_required"] });
        }
        const base = { selected: selected_accessories, force: force_operation };
        const outcome = await addOns.configure(dealership, vehicle, operand !== undefined && accessory_id !== undefined ? { ...base, operand, accessory_id } : base);
        if (outcome.ok) return { selected_accessories: outcome.selected, removed: outcome.removed };
        if (outcome.reason === "unknown") {
          const field = accessory_id !== undefined && outcome.unknown.includes(accessory_id) ? "accessory_id" : "selected_accessories";
          throw new FieldErrors({ [field]: ["accessory_unknown"] });
        }
        if (outcome.reason === "not_removable") throw new FieldErrors({ accessory_id: ["accessory_not_removable"] });
        return reply.status(409).send({
          code: "accessory_conflict" as const,
          detail: apiMessage("accessory_conflict", languageOf(request.locale)),
          conflicts: outcome.conflicts,
        });
      },
    );

    app.get(
      "/api/accessories/pictures/:file",
      {
        config: { tenant: false },
        schema: {
          tags: ["add-ons"],
          summary: "A drawn picture of an accessory kind (size: default, wide or square)",
          params: z.object({ file: z.enum(ACCESSORY_PICTURE_KINDS.map((k) => `${k}.svg`) as [string, ...string[]]) }),
          querystring: z.object({ size: z.enum(["default", "wide", "square"]).default("default") }),
        },
      },
      async (request, reply) => {
        const svg = drawAccessoryPicture(request.params.file.replace(/\.svg$/, ""), request.query.size);
        if (!svg) throw notFound();
        return sendPicture(reply, svg);
      },
    );

    app.get(
      "/api/protection-plans/filters/",
      { schema: { tags: ["add-ons"], summary: "The protection-plan filters for a vehicle (category, payment type), each value with its count", querystring: accessoryVehicleQuerySchema, response: { 200: planFiltersSchema, ...errors } } },
      async (request) => {
        const { dealership, vehicle } = await vehicleOf(request, request.query.vehicle);
        return planFilters(await addOns.plansFor(dealership, vehicle));
      },
    );

    app.get(
      "/api/protection-plans/",
      {
        schema: {
          tags: ["add-ons"],
          summary: "Protection plans offered for a vehicle (the dealership's enabled categories, the vehicle's condition), a page at a time; financing keeps the plans of one payment type",
          querystring: planListQuerySchema,
          response: { 200: planPageSchema, ...errors },
        },
      },
      async (request) => {
        const { vehicle: vehicleId, page, page_size, financing, vehicle_condition } = request.query;
        const { dealership, vehicle } = await vehicleOf(request, vehicleId);
        const offered = await addOns.plansFor(dealership, vehicle);
        const chosen = offered.filter((p) => (!financing || p.payment_type.includes(financing)) && (!vehicle_condition || p.vehicle_condition.includes(vehicle_condition)));
        const onPage = pageOf(chosen, page, page_size);
        return { ...onPage, results: onPage.results.map((p) => planToWire(p, null)), filters: planFilters(offered) };
      },
    );

    /** The plans offered for a vehicle, each with its price for the deal. */
    async function pricedPlans(request: FastifyRequest, vehicleId: number, deal: PlanDeal, only?: number) {
      const { dealership, vehicle } = await vehicleOf(request, vehicleId);
      assertPlanPricesVisible(request, dealership);
      const offered = await addOns.plansFor(dealership, vehicle);
      const plans = only === undefined ? offered : offered.filter((p) => p.id === only);
      if (only !== undefined && plans.length === 0) throw notFound("protection_plan_unknown");
      return plans.map((plan) => planToWire(plan, addOns.priceFor(dealership, plan, vehicle, deal)));
    }
    const dealOf = (input: { payment_type: PaymentType; term?: number | undefined; distance_allowance?: number | undefined }): PlanDeal => ({
      paymentType: input.payment_type,
      term: input.payment_type === "cash" ? null : (input.term ?? null),
      distanceAllowance: input.distance_allowance ?? null,
    });

    app.get(
      "/api/protection-plans/:id/",
      {
        schema: {
          tags: ["add-ons"],
          summary: "One protection plan with the price entry that fits a deal (payment_type, term, distance_allowance), or why none fits",
          params: idPathSchema,
          querystring: planPriceQuerySchema,
          response: { 200: protectionPlanSchema, ...errors },
        },
      },
      async (request) => (await pricedPlans(request, request.query.vehicle, dealOf(request.query), request.params.id))[0]!,
    );

    app.post(
      "/api/protection-plans/prepare-data/",
      {
        schema: {
          tags: ["add-ons"],
          summary: "Every plan offered for a vehicle, priced for a deal at once (the storefront calls it when the deal's payment changes; the newest call wins on its side)",
          body: planPrepareBodySchema,
          response: { 200: planPreparedSchema, ...errors },
        },
      },
      async (request) => {
        const { payment, ...rest } = request.body;
        return { ready: true as const, plans: await pricedPlans(request, rest.vehicle, dealOf({ ...rest, payment_type: payment })) };
      },
    );

    app.post(
      "/api/protection-plans/:id/refresh-prices/",
      {
        schema: {
          tags: ["add-ons"],
          summary: "One plan priced again for a deal whose term or rate changed",
          params: idPathSchema,
          body: planRefreshBodySchema,
          response: { 200: protectionPlanSchema, ...errors },
        },
      },
      async (request) => (await pricedPlans(request, request.body.vehicle, dealOf(request.body), request.params.id))[0]!,
    );

    app.post(
      "/api/protection-plans/log-fallback-price/",
      {
        schema: {
          tags: ["add-ons"],
          summary: "Records that a plan was shown at its fallback price (no price entry fitted the deal), for the dealership to complete its price sets",
          body: planFallbackLogBodySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const { dealership, vehicle } = await vehicleOf(request, request.body.vehicle);
        const logged = await addOns.logFallbackPrice(dealership, {
          planId: request.body.plan,
          vehicleId: vehicle.id,
          paymentType: request.body.payment_type,
          priceCents: dollarsToCents(request.body.price),
        });
        if (!logged) throw new FieldErrors({ plan: ["protection_plan_unknown"] });
        return reply.status(204).send(null);
      },
    );
  };
