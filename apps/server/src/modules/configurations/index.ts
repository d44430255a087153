import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { configurationRoutes } from "./routes.ts";
import { configurationsService, type ConfigurationsService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    configurations: ConfigurationsService;
  }
}

/** Customer configurations: builds shared by id and opened with a per-configuration token. */
export const configurationsModule = fp(
  async (app: FastifyInstance) => {
    const configurations = configurationsService({ db: app.db, now: app.now });
    app.decorate("configurations", configurations);
    await app.register(
      configurationRoutes({
        configurations,
        buildAndPrice: app.buildAndPrice,
        async vehicleSummary(dealershipId, vehicleId) {
          const row = await app.inventory.findForDealership(dealershipId, vehicleId);
          return row && { year: row.year, make: row.make, model: row.model, trim: row.trim };
        },
      }),
    );
  },
  { name: "configurations", dependencies: ["build-and-price", "inventory"] },
);
