import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sitemapVehiclesSchema } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { listedVehicle, vehicles } from "./tables.ts";

/**
 * The storefront's sitemap reads every listed vehicle of the dealership at once: paging through the search (50 a
 * page, each with its facet counts) would take 40 calls for the demo's largest dealership.
 */
export const inventorySitemapRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/quickshop/inventory/sitemap/",
      {
        schema: {
          tags: ["inventory"],
          summary: "The dealership's listed vehicles (as its search shows them: not its group's), id and last change, for the sitemap",
          response: { 200: sitemapVehiclesSchema },
        },
      },
      async (request) => {
        const tenant = requireDealership(request);
        // A dealership without a vehicle list has no vehicle pages to list.
        if (tenant.profile.show_vehicle_list === false) return { results: [] };
        const rows = await deps.db
          .select({ id: vehicles.id, updatedAt: vehicles.updatedAt })
          .from(vehicles)
          .where(and(eq(vehicles.dealershipId, tenant.id), listedVehicle(vehicles)))
          .orderBy(asc(vehicles.id));
        return { results: rows.map((row) => ({ id: row.id, updated: row.updatedAt.toISOString() })) };
      },
    );
  };
