import {
  customerSelectableFeeSchema,
  customerSelectableFeesQuerySchema,
  detailErrorSchema,
  paymentOptionIdParamSchema,
  paymentOptionSchema,
  paymentSettingsInputSchema,
  paymentTypeParamSchema,
  pricingErrorMessage,
  pricingRequestSchema,
  validationErrorSchema,
  type Cents,
  dollarsToCents,
  withBuildOptions,
  type PricingFieldError,
} from "@showroom/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessionOwner, type SessionOwner } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import { pricesVisibleTo } from "../../platform/price-visibility.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { InventoryService } from "../inventory/service.ts";
import { toPricedVehicle } from "../inventory/vehicle-views.ts";
import { hashSessionId } from "../sessions/service.ts";
import type { PricingOutcome, PricingService } from "./service.ts";

type Deps = {
  pricing: PricingService;
  inventory: InventoryService;
  /** The MSRP (cents) a build-and-price configuration adds to this vehicle, when the caller may use it and it is for this vehicle; else null. */
  buildOptionsMsrp(buildStateUid: string, owner: SessionOwner, vehicleId: number): Promise<Cents | null>;
  /** The MSRP (cents) these option codes add to the vehicle's catalogue trim; null when they cannot be built on it. */
  codesMsrp(vehicle: { jatoId: string | null }, codes: readonly string[]): Promise<Cents | null>;
  /** The add-ons and included trade-in of the caller's saved deal for this vehicle; null when it is not theirs or not of this vehicle. */
  orderAddOns(
    request: FastifyRequest,
    dealership: DealershipRow,
    orderId: number,
    vehicleId: number,
  ): Promise<{ accessory_ids: number[]; protection_ids: number[]; trade_in: { credit: Cents; owing: Cents } | null } | null>;
};

/**
 * The credit and owing of a deal's trade-in (the order's details.trade_in) when the shopper accepted its offer
 * (status "included"): its allowance and payoff, dollar strings there. Null otherwise.
 */
export function includedTradeIn(summary: unknown): { credit: Cents; owing: Cents } | null {
  if (!summary || typeof summary !== "object") return null;
  const { status, allowance, payoff } = summary as Record<string, unknown>;
  if (status !== "included" || typeof allowance !== "string") return null;
  return { credit: dollarsToCents(allowance), owing: typeof payoff === "string" ? dollarsToCents(payoff) : (0 as Cents) };
}

/** Who asks for a stored payment option: the session that priced it, or this dealership's staff. */

/** Spec 6: with compulsory_login, prices stay locked until a shopper or fully signed-in staff are there. */
function assertPricingUnlocked(request: FastifyRequest, dealership: DealershipRow) {
  if (!pricesVisibleTo(request, dealership)) throw new HttpError(403, "pricing_locked", { code: "pricing_locked" });
}

/** A refused quote: 400 naming each field, in the shopper's language, with the engine's codes for clients. */
function refused(request: FastifyRequest, reply: FastifyReply, dealership: DealershipRow, errors: PricingFieldError[]) {
  const body: Record<string, string[] | string> = { code: "pricing_refused" };
  for (const error of errors) {
    const messages = (body[error.field] ??= []) as string[];
    messages.push(pricingErrorMessage(error, request.locale, dealership.currencyUnit));
  }
  return reply.status(400).send(body);
}

const ADD_ON_MESSAGES = { accessories: "accessory_unknown", install_accessories_ids: "accessory_install_unknown", protections: "protection_plan_unknown" } as const;

function answer(request: FastifyRequest, reply: FastifyReply, dealership: DealershipRow, outcome: PricingOutcome) {
  if (outcome.ok) return reply.send(outcome.option);
  if ("addOnFailure" in outcome) throw new FieldErrors({ [outcome.addOnFailure.field]: [ADD_ON_MESSAGES[outcome.addOnFailure.field]] });
  return refused(request, reply, dealership, outcome.errors);
}

/** The vehicle as the add-on rules read it. */
const addOnSubject = (row: { id: number; make: string; bodyType: string | null } & Parameters<typeof toPricedVehicle>[0]) => ({
  id: row.id,
  make: row.make,
  bodyType: row.bodyType,
  condition: toPricedVehicle(row).condition,
});

export const pricingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /** The priced vehicle, configured by the build when one is given (400 naming build_state_uid when it cannot be used). */
    async function pricedVehicle(
      request: FastifyRequest,
      dealership: DealershipRow,
      row: Parameters<typeof toPricedVehicle>[0] & { id: number; jatoId: string | null },
      buildStateUid: string | null,
      codes: readonly string[] = [],
    ) {
      const vehicle = toPricedVehicle(row);
      if (buildStateUid === null && codes.length > 0) {
        const codesMsrp = await deps.codesMsrp(row, codes);
        if (codesMsrp === null) throw new FieldErrors({ options_code_list: ["options_code_list_unknown"] });
        return withBuildOptions(vehicle, codesMsrp);
      }
      if (buildStateUid === null) return vehicle;
      const optionsMsrp = await deps.buildOptionsMsrp(buildStateUid, sessionOwner(request, dealership), row.id);
      if (optionsMsrp === null) throw new FieldErrors({ build_state_uid: ["build_state_unknown"] });
      return withBuildOptions(vehicle, optionsMsrp);
    }

    app.post(
      "/api/payment-type/:type/pricing/",
      {
        schema: {
          tags: ["pricing"],
          summary:
            "Prices one payment type of a vehicle (cash, finance or lease) with the shopper's settings; the option is stored " +
            "for later updates (PUT payment-type/{id}/). Amounts in dollars; use_fallback_values replaces settings the dealership does not offer; " +
            "build_state_uid prices the vehicle as configured (its build options' MSRP added to the price and the MSRP), or options_code_list " +
            "with those option codes of its catalogue trim; accessories (install_accessories_ids: those installed) and protections add to the deal; " +
            "order prices a saved deal with its add-ons when the call names none, and with its included trade-in's credit and owing when the call names neither.",
          params: paymentTypeParamSchema,
          body: pricingRequestSchema,
          response: { 200: paymentOptionSchema, 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        assertPricingUnlocked(request, dealership);
        const { inventory, use_fallback_values, build_state_uid, order, options_code_list, ...asked } = request.body;
        const row = await deps.inventory.findForDealership(dealership.id, inventory);
        if (!row) throw new FieldErrors({ inventory: ["resource_not_found"] });
        const buildStateUid = build_state_uid ?? null;
        let choice = asked;
        if (order !== undefined) {
          const deal = await deps.orderAddOns(request, dealership, order, row.id);
          if (!deal) throw new FieldErrors({ order: ["order_unknown"] });
          // A deal's payment is priced with the deal's add-ons, and its included trade-in's credit and owing, unless the call names them.
          if (!asked.accessories && !asked.protections) choice = { ...choice, accessories: deal.accessory_ids, protections: deal.protection_ids };
          if (deal.trade_in && asked.trade_in_credit === undefined && asked.trade_in_owing === undefined) {
            choice = { ...choice, trade_in_credit: deal.trade_in.credit, trade_in_owing: deal.trade_in.owing };
          }
        }
        const outcome = await deps.pricing.create({
          dealership,
          vehicleId: row.id,
          vehicle: await pricedVehicle(request, dealership, row, buildStateUid, options_code_list),
          subject: addOnSubject(row),
          buildStateUid,
          type: request.params.type,
          choice,
          fallback: use_fallback_values ?? false,
          ownerSessionHash: hashSessionId(request.sessionId),
        });
        return answer(request, reply, dealership, outcome);
      },
    );

    app.put(
      "/api/payment-type/:id/",
      {
        schema: {
          tags: ["pricing"],
          summary: "Changes the settings of a stored payment option (fields left out keep their values) and prices it again",
          params: paymentOptionIdParamSchema,
          body: paymentSettingsInputSchema,
          response: { 200: paymentOptionSchema, 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        assertPricingUnlocked(request, dealership);
        const option = await deps.pricing.usableOption(request.params.id, sessionOwner(request, dealership));
        if (!option) throw notFound("resource_not_found");
        const row = await deps.inventory.findForDealership(dealership.id, option.vehicleId);
        if (!row) throw notFound("resource_not_found");
        const vehicle = await pricedVehicle(request, dealership, row, option.buildStateUid);
        const outcome = await deps.pricing.update({ dealership, row: option, vehicle, subject: addOnSubject(row), changes: request.body });
        return answer(request, reply, dealership, outcome);
      },
    );

    app.get(
      "/api/customer-selectable-fees/",
      {
        schema: {
          tags: ["pricing"],
          summary: "Fees a shopper may add to a deal (a delivery fee…), for a vehicle and payment type when given",
          querystring: customerSelectableFeesQuerySchema,
          response: { 200: z.array(customerSelectableFeeSchema), 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        assertPricingUnlocked(request, dealership);
        const { vehicle, payment_type } = request.query;
        const row = vehicle === undefined ? null : await deps.inventory.findForDealership(dealership.id, vehicle);
        if (vehicle !== undefined && !row) throw notFound("resource_not_found");
        return deps.pricing.selectableFees(dealership, {
          ...(row ? { condition: toPricedVehicle(row).condition } : {}),
          ...(payment_type ? { paymentType: payment_type } : {}),
        });
      },
    );
  };

