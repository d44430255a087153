import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { toPricedVehicle } from "../inventory/vehicle-views.ts";
import { rebateApplicationRoutes } from "./routes.ts";
import { rebateApplicationsService, type RebateApplicationsService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    rebateApplications: RebateApplicationsService;
  }
}

/** Rebate applications of saved deals, for the incentives the dealership's pricing offers on the deal's vehicle. */
export const rebateApplicationsModule = fp(
  async (app: FastifyInstance) => {
    const rebates = rebateApplicationsService({ db: app.db, now: app.now });
    app.decorate("rebateApplications", rebates);
    await app.register(
      rebateApplicationRoutes({
        rebates,
        orders: app.orders,
        incentivesOf: async (dealership) => (await app.pricing.setupFor(dealership)).incentives,
        async vehicleOf(dealershipId, vehicleId) {
          const row = await app.inventory.findForDealership(dealershipId, vehicleId);
          return row && toPricedVehicle(row);
        },
      }),
    );
  },
  { name: "rebate-applications", dependencies: ["orders", "pricing", "inventory"] },
);
