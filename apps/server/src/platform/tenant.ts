import type { FastifyInstance, FastifyRequest } from "fastify";
import type { DealershipRow } from "../modules/dealerships/repo.ts";
import { HttpError } from "./http-errors.ts";

export const isApiRequest = (request: FastifyRequest) => request.url.startsWith("/api/");
export const routeNeedsTenant = (request: FastifyRequest) =>
  isApiRequest(request) && request.routeOptions.config?.tenant !== false;

/**
 * The X-Dealer-Code header picks the storefront for anonymous callers; a signed-in caller's dealership
 * comes from the session, and a header naming another one is refused.
 */
export function registerTenant(app: FastifyInstance, dealershipByCode: (code: string) => Promise<DealershipRow | null>) {
  app.decorateRequest("dealership", null);
  app.addHook("onRequest", async (request) => {
    if (!routeNeedsTenant(request)) return;
    const code = request.headers["x-dealer-code"];
    if (typeof code !== "string" || code.trim() === "") throw new HttpError(400, "dealer_code_required");
    const dealership = await dealershipByCode(code.trim());
    if (!dealership) throw new HttpError(404, "dealership_not_found");
    const sessionDealership = request.session?.dealershipId;
    // A sign-in replaces the session it comes with, so it may start at another storefront.
    const replacesSession = request.routeOptions.config?.replacesSession === true;
    if (sessionDealership != null && sessionDealership !== dealership.id && !replacesSession) {
      throw new HttpError(403, "dealership_mismatch");
    }
    request.dealership = dealership;
  });
}

export function requireDealership(request: FastifyRequest): DealershipRow {
  if (!request.dealership) throw new Error("route registered without a tenant");
  return request.dealership;
}
