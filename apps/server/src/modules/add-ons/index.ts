import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { toPricedVehicle } from "../inventory/vehicle-views.ts";
import { addOnRoutes } from "./routes.ts";
import { addOnsService, type AddOnsService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    addOns: AddOnsService;
  }
}

/** Accessories and protection plans: the dealership's catalogue, what fits a vehicle, and a plan's price for a deal. */
export const addOnsModule = fp(
  async (app: FastifyInstance) => {
    const addOns = addOnsService(app.db, () => app.now().getTime());
    app.decorate("addOns", addOns);
    await app.register(
      addOnRoutes({
        addOns,
        async vehicleFor(dealership, id) {
          const row = await app.inventory.findForDealership(dealership.id, id);
          return row ? { id: row.id, make: row.make, bodyType: row.bodyType, condition: toPricedVehicle(row).condition } : null;
        },
      }),
    );
  },
  { name: "add-ons", dependencies: ["inventory"] },
);
