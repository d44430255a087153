import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { dealershipRoutes } from "./routes.ts";
import { dealershipsService, type DealershipsService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    dealerships: DealershipsService;
  }
}

/** The storefronts (tenants): their settings, and the X-Dealer-Code the platform's tenant hook resolves through them. */
export const dealershipsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate("dealerships", dealershipsService(app.db));
  },
  { name: "dealerships", dependencies: ["platform"] },
);

/** The dealership calls (vdp-settings reads the inventory, so they come once the inventory module is there). */
export const dealershipRoutesModule = fp(
  async (app: FastifyInstance) => {
    await app.register(dealershipRoutes({ dealerships: app.dealerships, inventory: app.inventory, defaultDealerCode: app.config.defaultDealerCode }));
  },
  { name: "dealership-routes", dependencies: ["dealerships", "inventory"] },
);
