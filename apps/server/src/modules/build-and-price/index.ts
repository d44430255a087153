import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { buildAndPriceRoutes } from "./routes.ts";
import { buildAndPriceService, type BuildAndPriceService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    buildAndPrice: BuildAndPriceService;
  }
}

/** Build and price: the catalogue, the configurator on its rules engine, and the shoppers' build states. */
export const buildAndPriceModule = fp(
  async (app: FastifyInstance) => {
    const { inventory } = app;
    const buildAndPrice = buildAndPriceService({
      db: app.db,
      vehicleOf: (dealershipId, vehicleId) => inventory.findForDealership(dealershipId, vehicleId),
      vehicleOfTrim: (dealershipId, trimId) => inventory.listedByJatoId(dealershipId, String(trimId)),
    });
    app.decorate("buildAndPrice", buildAndPrice);
    await app.register(buildAndPriceRoutes({ buildAndPrice }));
  },
  { name: "build-and-price", dependencies: ["inventory"] },
);
