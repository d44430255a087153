import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { recomputeStoredPayments } from "../../workflows/recompute-payments.ts";
import { inventoryImportRoutes } from "./import-routes.ts";
import { inventoryImportService } from "./import-service.ts";
import { vehicleListings, type VehicleListings } from "./listings.ts";
import { inventoryRoutes } from "./routes.ts";
import { inventoryService, type InventoryService } from "./service.ts";
import { noVehicleReports } from "./vehicle-reports.ts";

declare module "fastify" {
  interface FastifyInstance {
    inventory: InventoryService & VehicleListings;
  }
}

/** The dealerships' vehicles: search, details, pictures, and which vehicles a dealership may show. */
export const inventoryModule = fp(
  async (app: FastifyInstance) => {
    const inventory = inventoryService(app.db);
    app.decorate("inventory", { ...inventory, ...vehicleListings(inventory, app.dealerships) });
    await app.register(inventoryRoutes({ inventory: app.inventory, dealerships: app.dealerships, reports: noVehicleReports }));
  },
  { name: "inventory", dependencies: ["dealerships"] },
);

/** Feed imports: a feed that changed vehicles has their stored payments priced again. */
export const inventoryImportModule = fp(
  async (app: FastifyInstance) => {
    await app.register(
      inventoryImportRoutes({
        imports: inventoryImportService(app.db),
        afterImport: (dealership) => recomputeStoredPayments({ inventory: app.inventory, pricing: app.pricing }, dealership),
      }),
    );
  },
  { name: "inventory-import", dependencies: ["inventory", "pricing"] },
);
