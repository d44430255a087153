import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { estimatorProvider } from "./provider.ts";
import { insuranceRoutes } from "./routes.ts";
import { insuranceService, type InsuranceService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    insurance: InsuranceService;
  }
}

/**
 * Insurance quotes of a saved deal through a liability-insurer provider; the built-in one is the domain's estimator
 * (an estimate, not a binding offer), whose factors a dealership tunes in its dealer info (`insurance_factors`).
 */
export const insuranceModule = fp(
  async (app: FastifyInstance) => {
    const insurance = insuranceService({ db: app.db, provider: estimatorProvider, now: app.now });
    app.decorate("insurance", insurance);
    await app.register(
      insuranceRoutes({
        insurance,
        orders: app.orders,
        async vehicleOf(dealershipId, vehicleId) {
          const row = await app.inventory.findForDealership(dealershipId, vehicleId);
          return row && { priceCents: row.priceCents, msrpCents: row.msrpCents, year: row.year, bodyType: row.bodyType };
        },
      }),
    );
  },
  { name: "insurance", dependencies: ["orders", "inventory"] },
);
