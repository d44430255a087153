import { pricesVisible } from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import { isFullyAuthenticated } from "../modules/dealer-auth/service.ts";
import type { DealershipRow } from "../modules/dealerships/repo.ts";

/** Whether this request may receive prices at this dealership (a staff user still owing the second factor may not). */
export function pricesVisibleTo(request: FastifyRequest, dealership: DealershipRow): boolean {
  const session = request.session;
  return pricesVisible({
    compulsoryLogin: dealership.profile.compulsory_login === true,
    customerSignedIn: session?.customerId != null,
    staffFullySignedIn: session?.dealerUserId != null && isFullyAuthenticated(session),
  });
}
