import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { searchAdsRoutes } from "./routes.ts";
import { searchAdsService } from "./service.ts";

/** Search ads: staff publish a saved search as a public, read-only list of the dealership's vehicles (public-views/search-ads/{uid}). */
export const searchAdsModule = fp(
  async (app: FastifyInstance) => {
    const searchAds = searchAdsService({ db: app.db, now: app.now, dealerships: app.dealerships, inventory: app.inventory, staffNames: app.dealerAuth.namesByIds });
    await app.register(searchAdsRoutes({ searchAds }));
  },
  { name: "search-ads", dependencies: ["dealer-auth", "dealerships", "inventory"] },
);
