import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { vehicleComparisonRoutes } from "./routes.ts";
import { vehicleComparisonService } from "./service.ts";

/** The vehicle comparison (vcc, vccvdp): two to four vehicles side by side with their prices and payments. */
export const vehicleComparisonModule = fp(
  async (app: FastifyInstance) => {
    const comparison = vehicleComparisonService({ inventory: app.inventory, dealerships: app.dealerships, pricing: app.pricing });
    await app.register(vehicleComparisonRoutes({ comparison }));
  },
  { name: "vehicle-comparison", dependencies: ["inventory", "dealerships", "pricing"] },
);
