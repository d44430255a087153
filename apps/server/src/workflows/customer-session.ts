import type { FastifyRequest } from "fastify";
import { requireDealership } from "../platform/tenant.ts";
import type { SessionControls } from "../platform/sessions.ts";
import { hashSessionId } from "../modules/sessions/service.ts";

/** Work a session keeps under its id's hash (priced payment options, build states), handed on when the id changes. */
export type SessionWorkOwners = {
  transferOwner(fromHash: string, toHash: string, customerId: number): Promise<unknown>;
};

/**
 * A customer's sign-in and sign-out inside a session. Signing in always issues a new session id; a staff user
 * acting for the customer stays in the session, and what the shopper priced or built before signing in follows
 * them to the new id. Signing out drops only the customer: a staff user stays signed in.
 */
export function customerSession(deps: { sessionControls: Pick<SessionControls, "signIn" | "signOut">; owners: SessionWorkOwners[] }) {
  return {
    async signIn(request: FastifyRequest, customerId: number) {
      const previousHash = request.sessionIdIsNew ? null : hashSessionId(request.sessionId);
      const current = request.session;
      await deps.sessionControls.signIn(request, {
        dealershipId: requireDealership(request).id,
        customerId,
        dealerUserId: current?.dealerUserId ?? null,
        data: current?.data ?? {},
      });
      if (!previousHash) return;
      const nextHash = hashSessionId(request.sessionId);
      for (const owner of deps.owners) await owner.transferOwner(previousHash, nextHash, customerId);
    },
    async signOut(request: FastifyRequest) {
      const current = request.session;
      if (current?.dealerUserId) {
        await deps.sessionControls.signIn(request, { dealershipId: current.dealershipId!, dealerUserId: current.dealerUserId, data: current.data });
      } else {
        await deps.sessionControls.signOut(request);
      }
    },
  };
}
export type CustomerSession = ReturnType<typeof customerSession>;
