import { can, reachesDealership, type EffectiveRole, type StaffAction } from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import { HttpError } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { effectiveRole, isFullyAuthenticated, staffFullName, type DealerAuthService, type DealerUserRow } from "./service.ts";

export type StaffActor = { id: number; role: EffectiveRole; fullName: string; user: DealerUserRow };

/**
 * The staff user of this request when they may do `action` here: signed in (403 not_authenticated),
 * past the second factor (403 second_factor_required), with a role that allows it (403
 * permission_denied) and reaching this dealership (403 dealership_mismatch). Role and reach are read
 * from the user row on every call, so a changed role takes effect at once.
 */
export async function requireStaff(dealerAuth: DealerAuthService, request: FastifyRequest, action: StaffAction): Promise<StaffActor> {
  const user = await dealerAuth.currentUser(request.session);
  if (!user) throw new HttpError(403, "not_authenticated");
  if (!isFullyAuthenticated(request.session)) throw new HttpError(403, "second_factor_required");
  const role = effectiveRole(user);
  if (!can(role, action)) throw new HttpError(403, "permission_denied");
  const dealership = requireDealership(request);
  if (!reachesDealership({ role, dealershipId: user.dealershipId, groupId: user.groupId }, dealership)) throw new HttpError(403, "dealership_mismatch");
  return { id: user.id, role, fullName: staffFullName(user), user };
}
