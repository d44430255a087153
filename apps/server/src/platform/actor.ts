import { can, reachesDealership, type EffectiveRole, type StaffAction } from "@showroom/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SessionRow } from "../modules/sessions/repo.ts";
import { hashSessionId } from "../modules/sessions/service.ts";
import { HttpError } from "./http-errors.ts";

/** The facts about a staff user that decide what they may do, read from their row on every request. */
export type StaffUser = {
  id: number;
  email: string;
  role: EffectiveRole;
  fullName: string;
  dealershipId: number | null;
  groupId: number | null;
  defaultSendInvitationEmail: boolean;
};

/** A staff user past the second factor; `reachesDealership` says whether the request's dealership is theirs to serve. */
export type StaffActor = StaffUser & { reachesDealership: boolean };

/**
 * Who is calling. A staff session that has not passed the second factor is anonymous (only the
 * second-factor calls read the session itself); `secondFactorPending` only chooses the refusal's words.
 */
export type Actor =
  | { kind: "anonymous"; secondFactorPending: boolean }
  | { kind: "customer"; customerId: number }
  | { kind: "staff"; staff: StaffActor }
  | { kind: "acting"; staff: StaffActor; customerId: number };

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor;
  }
}

/** The session passed the second factor (a staff user counts as authenticated only then). */
export const isFullyAuthenticated = (session: Pick<SessionRow, "data"> | null) => session?.data["second_factor_verified"] === true;

const ANONYMOUS: Actor = { kind: "anonymous", secondFactorPending: false };

/** The actor of a session at a dealership (null: a call outside any storefront, which no staff reach). */
export function actorOf(
  session: Pick<SessionRow, "customerId" | "dealerUserId" | "data"> | null,
  staffUser: StaffUser | null,
  dealership: { id: number; groupId: number | null } | null,
): Actor {
  if (!session) return ANONYMOUS;
  const customerId = session.customerId;
  const staff =
    staffUser && session.dealerUserId === staffUser.id && isFullyAuthenticated(session)
      ? { ...staffUser, reachesDealership: dealership !== null && reachesDealership(staffUser, dealership) }
      : null;
  if (staff) return customerId !== null ? { kind: "acting", staff, customerId } : { kind: "staff", staff };
  if (customerId !== null) return { kind: "customer", customerId };
  return { kind: "anonymous", secondFactorPending: session.dealerUserId !== null };
}

/** The customer the call is made for: signed in, or the one a staff user is acting for. */
export function customerIdOf(actor: Actor): number | null {
  return actor.kind === "customer" || actor.kind === "acting" ? actor.customerId : null;
}

/** A fully signed-in staff user who serves this dealership, or null (a shopper, as far as shopper calls go). */
export function staffHere(actor: Actor): StaffActor | null {
  return (actor.kind === "staff" || actor.kind === "acting") && actor.staff.reachesDealership ? actor.staff : null;
}

/**
 * Whom work kept for a session (a priced payment option, a build state) is checked against: this session and its
 * customer, or fully signed-in staff serving this dealership, who may open any of its shoppers' work.
 */
export type SessionOwner = { dealershipId: number; sessionHash: string; customerId: number | null; staffOfDealership: boolean };

export function sessionOwner(request: FastifyRequest, dealership: { id: number }): SessionOwner {
  return {
    dealershipId: dealership.id,
    sessionHash: hashSessionId(request.sessionId),
    customerId: customerIdOf(request.actor),
    staffOfDealership: staffHere(request.actor) !== null,
  };
}

/**
 * The staff user of this request when they may do `action` here: signed in (403 not_authenticated), past the
 * second factor (403 second_factor_required), with a role that allows it (403 permission_denied) and reaching
 * this dealership (403 dealership_mismatch).
 */
export function requireStaff(request: FastifyRequest, action: StaffAction): StaffActor {
  const actor = request.actor;
  if (actor.kind === "anonymous" && actor.secondFactorPending) throw new HttpError(403, "second_factor_required");
  if (actor.kind !== "staff" && actor.kind !== "acting") throw new HttpError(403, "not_authenticated");
  if (!can(actor.staff.role, action)) throw new HttpError(403, "permission_denied");
  if (!actor.staff.reachesDealership) throw new HttpError(403, "dealership_mismatch");
  return actor.staff;
}

/**
 * Sets `request.actor` once the session and the dealership are known (their hooks run first). A changed role
 * or a disabled account takes effect on the next call, since the staff user's row is read on every one.
 */
export function registerActor(app: FastifyInstance, options: { staffUser(id: number): Promise<StaffUser | null> }) {
  // A request that no hook saw (a 404 outside the API) is anonymous.
  const actors = new WeakMap<FastifyRequest, Actor>();
  app.decorateRequest("actor", {
    getter(this: FastifyRequest) {
      return actors.get(this) ?? ANONYMOUS;
    },
    setter(this: FastifyRequest, actor: Actor) {
      actors.set(this, actor);
    },
  });
  app.addHook("onRequest", async (request) => {
    const session = request.session;
    const staffUser = session?.dealerUserId ? await options.staffUser(session.dealerUserId) : null;
    request.actor = actorOf(session, staffUser, request.dealership);
  });
}
