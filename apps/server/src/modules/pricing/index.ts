import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { pricingRoutes } from "./routes.ts";
import { pricingService, type PricingService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    pricing: PricingService;
  }
}

/** Cash, finance and lease payments with taxes, and the payment options a session priced. */
export const pricingModule = fp(
  async (app: FastifyInstance) => {
    const pricing = pricingService(app.db, () => app.now().getTime(), app.addOns.resolve);
    app.decorate("pricing", pricing);
    await app.register(pricingRoutes({ pricing, inventory: app.inventory, buildOptionsMsrp: app.buildAndPrice.optionsMsrpFor }));
  },
  { name: "pricing", dependencies: ["inventory", "build-and-price", "add-ons"] },
);
