import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { customerIdOf } from "../../platform/actor.ts";
import { includedTradeIn, pricingRoutes } from "./routes.ts";
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
    await app.register(
      pricingRoutes({
        pricing,
        inventory: app.inventory,
        buildOptionsMsrp: app.buildAndPrice.optionsMsrpFor,
        codesMsrp: app.buildAndPrice.optionsMsrpForCodes,
        async orderAddOns(request, dealership, orderId, vehicleId) {
          const customerId = customerIdOf(request.actor);
          if (customerId === null) return null;
          // Saved deals are priced here, so the orders module registers after this one: its service is read per request.
          const row = await app.orders.find({ dealershipId: dealership.id, customerId }, orderId);
          return row && row.vehicleId === vehicleId ? { accessory_ids: row.accessoryIds, protection_ids: row.protectionIds, trade_in: includedTradeIn(row.details["trade_in"]) } : null;
        },
      }),
    );
  },
  { name: "pricing", dependencies: ["inventory", "build-and-price", "add-ons"] },
);
