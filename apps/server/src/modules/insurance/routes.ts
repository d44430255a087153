import {
  detailErrorSchema,
  idPathSchema,
  insuranceQuoteListSchema,
  insuranceQuoteRequestSchema,
  insuranceQuoteSaveSchema,
  insuranceQuoteSchema,
  validationErrorSchema,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { customerIdOf, staffHere } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { OrdersService } from "../orders/service.ts";
import type { InsuranceFailure, InsuranceService, InsuredVehicle } from "./service.ts";

export type InsuranceRouteDeps = {
  insurance: InsuranceService;
  orders: Pick<OrdersService, "find" | "setInsuranceQuote">;
  /** The deal's vehicle at this dealership (its price, year and body type), or null. */
  vehicleOf(dealershipId: number, vehicleId: number): Promise<InsuredVehicle | null>;
};

const tags = ["insurance"];
const errors = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };

function refusal(failure: InsuranceFailure): never {
  switch (failure.kind) {
    case "field":
      throw new FieldErrors({ [failure.field]: [failure.key] });
    case "vehicle_unpriced":
      throw new FieldErrors({ non_field_errors: ["insurance_vehicle_unpriced"] });
    case "not_found":
      throw new FieldErrors({ quote: ["insurance_quote_unknown"] });
  }
}

/**
 * The liability insurer's quote of a saved deal (transactional spec 3 "Insurance quote", 7 "Orders"): rate it, list
 * the deal's quotes, save one on the deal. The deal's customer calls them, or staff acting for that customer; another
 * customer's deal is missing (404). The spec's create is a GET without a body; the driver's answers are needed to
 * rate, and a quote is stored, so it is a POST (with the CSRF token) at the same path.
 */
export const insuranceRoutes =
  (deps: InsuranceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { insurance } = deps;

    async function ownedDeal(request: FastifyRequest, orderId: number) {
      const dealership = requireDealership(request);
      const customerId = customerIdOf(request.actor);
      if (customerId === null) throw new HttpError(403, "customer_not_signed_in");
      if (!dealership.moduleSettings.enabled_modules.includes("insurance_quote")) throw new HttpError(403, "insurance_quotes_disabled", { code: "insurance_quotes_disabled" });
      const order = await deps.orders.find({ dealershipId: dealership.id, customerId }, orderId);
      if (!order) throw notFound("resource_not_found");
      return { dealership, order, deal: { id: order.id, dealershipId: dealership.id, customerId } };
    }

    app.post(
      "/api/order/:id/liberty_mutual_create_quote/",
      {
        schema: {
          tags,
          summary:
            "Rates the deal's vehicle for this driver with the dealership's liability insurer (the built-in estimator: an estimate, not a binding offer) and keeps it as a `quoted` quote. The deal's customer, or staff acting for them.",
          params: idPathSchema,
          body: insuranceQuoteRequestSchema,
          response: { 201: insuranceQuoteSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { dealership, order, deal } = await ownedDeal(request, request.params.id);
        const vehicle = await deps.vehicleOf(dealership.id, order.vehicleId);
        if (!vehicle) refusal({ kind: "vehicle_unpriced" });
        const result = await insurance.create({
          deal,
          vehicle,
          country: dealership.country,
          currency: dealership.currencyUnit === "usd" ? "USD" : "CAD",
          request: request.body,
          factorOverrides: (dealership.profile as { insurance_factors?: unknown }).insurance_factors,
          staffUserId: request.actor.kind === "acting" ? (staffHere(request.actor)?.id ?? null) : null,
        });
        if (!result.ok) refusal(result.failure);
        return reply.status(201).send(result.value);
      },
    );

    app.get(
      "/api/order/:id/insurance-quotes/",
      {
        schema: {
          tags,
          summary: "The deal's insurance quotes, oldest first (at most one `saved`)",
          params: idPathSchema,
          response: { 200: insuranceQuoteListSchema, ...errors },
        },
      },
      async (request) => ({ results: await insurance.list((await ownedDeal(request, request.params.id)).deal) }),
    );

    app.post(
      "/api/order/:id/liberty_mutual_save_quote/",
      {
        schema: {
          tags,
          summary:
            "Keeps one of the deal's quotes on it (`saved`; a quote saved before goes back to `quoted`); the order then shows it as insurance_quote (provider, quote).",
          params: idPathSchema,
          body: insuranceQuoteSaveSchema,
          response: { 200: insuranceQuoteSchema, ...errors },
        },
      },
      async (request) => {
        const { deal } = await ownedDeal(request, request.params.id);
        const result = await insurance.save(deal, request.body.quote);
        if (!result.ok) refusal(result.failure);
        await deps.orders.setInsuranceQuote({ dealershipId: deal.dealershipId, customerId: deal.customerId }, deal.id, {
          provider: result.value.provider,
          quote: result.value,
        });
        return result.value;
      },
    );
  };
