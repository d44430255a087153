import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { recomputeStoredPayments } from "../../workflows/recompute-payments.ts";
import { inventoryImportRoutes } from "./import-routes.ts";
import { inventoryImportService, type InventoryImports } from "./import-service.ts";
import { vehicleListings, type VehicleListings } from "./listings.ts";
import { inventoryRoutes } from "./routes.ts";
import { inventoryService, type InventoryService } from "./service.ts";
import { inventorySitemapRoutes } from "./sitemap.ts";
import { feedPhotoStore } from "./feed-photos.ts";
import { fetchFeedPhoto } from "./photo-fetch.ts";
import { feedPhotoRoutes } from "./photo-routes.ts";
import { noVehicleReports } from "./vehicle-reports.ts";

declare module "fastify" {
  interface FastifyInstance {
    inventory: InventoryService & VehicleListings;
    inventoryImports: InventoryImports;
  }
}

/** The dealerships' vehicles: search, details, pictures, and which vehicles a dealership may show. */
export const inventoryModule = fp(
  async (app: FastifyInstance) => {
    const inventory = inventoryService(app.db, { listen: app.database.listen });
    app.decorate("inventory", { ...inventory, ...vehicleListings(inventory, app.dealerships) });
    await app.register(inventoryRoutes({ inventory: app.inventory, dealerships: app.dealerships, reports: noVehicleReports }));
    await app.register(inventorySitemapRoutes({ db: app.db }));
    const { photos } = app.config;
    const feedPhotos = feedPhotoStore({
      cacheDir: photos.cacheDir ?? path.join(app.config.dataDir, "image-cache"),
      fetch: (url) => fetchFeedPhoto(url, { timeoutMs: photos.fetchTimeoutMs, maxBytes: photos.maxBytes, privateHosts: photos.privateHosts }),
      onFailure: (url, failure) => app.log.warn({ url, failure }, "a feed photo could not be served: its drawn picture stands in"),
    });
    await app.register(feedPhotoRoutes({ inventory: app.inventory, photos: feedPhotos }));
  },
  { name: "inventory", dependencies: ["dealerships"] },
);

export const inventoryImportModule = fp(
  async (app: FastifyInstance) => {
    const imports = inventoryImportService(app.db);
    const inventoryImports: InventoryImports = {
      async importFeed(dealership, input) {
        const report = await imports.importFeed({ ...input, dealershipId: dealership.id });
        const changed = report.created + report.updated + report.marked_unavailable > 0;
        const repriced = changed ? (await recomputeStoredPayments({ inventory: app.inventory, pricing: app.pricing }, dealership)).changed : 0;
        return { ...report, repriced };
      },
    };
    app.decorate("inventoryImports", inventoryImports);
    await app.register(inventoryImportRoutes({ imports: inventoryImports }));
  },
  { name: "inventory-import", dependencies: ["inventory", "pricing"] },
);
