import { pricesVisible } from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { DealershipRow } from "../modules/dealerships/repo.ts";
import { customerIdOf, staffHere } from "./actor.ts";

/** Whether this request may receive prices at this dealership (a staff user still owing the second factor may not). */
export function pricesVisibleTo(request: FastifyRequest, dealership: DealershipRow): boolean {
  return pricesVisible({
    compulsoryLogin: dealership.profile.compulsory_login === true,
    customerSignedIn: customerIdOf(request.actor) !== null,
    staffFullySignedIn: staffHere(request.actor) !== null,
  });
}
