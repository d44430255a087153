import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { advertisedPrice, sitemapVehiclesSchema, summaryWithoutPrices, vehicleListingsSchema, type VehicleListingsVehicle } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { pricesVisibleTo } from "../../platform/price-visibility.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { vehicleForSale, vehicles } from "./tables.ts";
import { toVehicleSummary } from "./vehicle-views.ts";

/**
 * The storefront's sitemap and its vehicle-listings feed read every listed vehicle of the dealership at once: paging
 * through the search (50 a page, each with its facet counts) would take 40 calls for the demo's largest dealership.
 */
export const inventorySitemapRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/quickshop/inventory/sitemap/",
      {
        schema: {
          tags: ["inventory"],
          summary: "The dealership's vehicles for sale (listed, not its group's, neither reserved nor held by a deposit), id and last change, for the sitemap",
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
          .where(and(eq(vehicles.dealershipId, tenant.id), vehicleForSale(vehicles)))
          .orderBy(asc(vehicles.id));
        return { results: rows.map((row) => ({ id: row.id, updated: row.updatedAt.toISOString() })) };
      },
    );

    app.get(
      "/api/quickshop/inventory/vehicle-listings/",
      {
        schema: {
          tags: ["inventory"],
          summary:
            "The dealership's vehicles for sale (the sitemap's: not its group's, never sold, unavailable, reserved or held by a deposit) for its Google vehicle-listings feed, " +
            "each with the price it may advertise: the pricing engine's all-in price for a new vehicle (and any vehicle in Ontario and Quebec), " +
            "else the listing price; none where prices are locked behind a sign-in. Anyone may call it",
          response: { 200: vehicleListingsSchema },
        },
      },
      async (request) => {
        const tenant = requireDealership(request);
        if (tenant.profile.show_vehicle_list === false) return { results: [] };
        const dealer = (await app.dealerships.listingGroup(tenant)).find((d) => d.id === tenant.id);
        if (!dealer) return { results: [] };
        const visible = pricesVisibleTo(request, tenant);
        const rows = await deps.db
          .select()
          .from(vehicles)
          .where(and(eq(vehicles.dealershipId, tenant.id), vehicleForSale(vehicles)))
          .orderBy(asc(vehicles.id));
        const results = rows.map((row): VehicleListingsVehicle => {
          const summary = toVehicleSummary(row, dealer, null);
          const extra = { in_stock_date: row.inStockDate, is_vin_fake: row.isVinFake };
          if (!visible) return { ...summaryWithoutPrices(summary), ...extra, advertised_price: null };
          return { ...summary, ...extra, advertised_price: advertisedPrice(summary, summary.advertised_terms) };
        });
        return { results };
      },
    );
  };
