import { pageLinks, SEARCH_PAGE_SIZE, vehicleListQuerySchema, vehicleListSchema } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireDealership } from "../../platform/tenant.ts";
import type { InventoryService } from "./service.ts";

export const inventoryRoutes =
  (deps: { inventory: InventoryService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/quickshop/inventory/",
      {
        schema: {
          tags: ["inventory"],
          summary: "The dealership's available vehicles, 50 a page (filters and sorting arrive with the search work)",
          querystring: vehicleListQuerySchema,
          response: { 200: vehicleListSchema },
        },
      },
      async (request) => {
        const dealership = requireDealership(request);
        const { page } = request.query;
        const { count, results } = await deps.inventory.listPage(dealership.id, page);
        const url = `${request.protocol}://${request.host}${request.url}`;
        return { count, ...pageLinks({ url, page, pageSize: SEARCH_PAGE_SIZE, count }), results };
      },
    );
  };
