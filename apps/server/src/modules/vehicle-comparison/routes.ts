import { compareNotFoundSchema, compareQuerySchema, validationErrorSchema, vehicleComparisonSchema, vehicleWithoutPrices } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../platform/http-errors.ts";
import { pricesVisibleTo } from "../../platform/price-visibility.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { viewRoute } from "../../platform/view-serializer.ts";
import type { VehicleComparisonService } from "./service.ts";

export const vehicleComparisonRoutes =
  (deps: { comparison: VehicleComparisonService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/quickshop/inventory/compare/",
      {
        schema: {
          tags: ["inventory"],
          summary:
            "Anyone: two to four vehicles of this dealership or its group side by side (ids=12,7,31, in that order), each with the payment " +
            "its details page opens on (the dealership's default type for its condition at its default settings; null where none prices, " +
            "for a vehicle not listed or of another dealership of the group, and where prices are locked). 400 naming ids for fewer than two, " +
            "more than four or a malformed id; 404 with the missing ids when one is not a vehicle this dealership shows.",
          querystring: compareQuerySchema,
          response: { 200: vehicleComparisonSchema, 400: validationErrorSchema, 404: compareNotFoundSchema },
        },
        ...viewRoute,
      },
      async (request) => {
        const dealership = requireDealership(request);
        const pricesShown = pricesVisibleTo(request, dealership);
        const outcome = await deps.comparison.compare(dealership, request.query.ids, { locale: request.locale, pricesShown });
        if (!outcome.ok) throw new HttpError(404, "resource_not_found", { missing: outcome.failure.ids });
        return { results: pricesShown ? outcome.value : outcome.value.map((r) => ({ vehicle: vehicleWithoutPrices(r.vehicle), payment: null })) };
      },
    );
  };
