import { STAFF_ROLES, type StaffRole } from "../constants.ts";

/**
 * What each staff role may do (storefront spec 6; the spec's full matrix is "not shown", so the
 * choices below are ours and are written down here):
 *
 * | action              | sales rep            | sales manager | dealer admin | org assistant   | org admin        | super admin |
 * |---------------------|----------------------|---------------|--------------|-----------------|------------------|-------------|
 * | workspace.view      | yes                  | yes           | yes          | yes (read only) | yes              | yes         |
 * | customers.create    | yes                  | yes           | yes          | no              | yes              | yes         |
 * | customers.act_as    | yes                  | yes           | yes          | no              | yes              | yes         |
 * | inventory.import    | no                   | no            | yes          | no              | yes              | yes         |
 * | trade_ins.offer     | yes                  | yes           | yes          | no              | yes              | yes         |
 * | appointments.manage | yes                  | yes           | yes          | no              | yes              | yes         |
 * | quotes.manage       | yes                  | yes           | yes          | no              | yes              | yes         |
 * | search_ads.manage   | no                   | yes           | yes          | no              | yes              | yes         |
 * | customers seen      | own + unassigned     | dealership    | dealership   | dealership      | dealership       | dealership  |
 * | dealerships reached | their own            | their own     | their own    | their group's   | their group's    | every one   |
 *
 * Why: a sales rep works their own book and picks up customers nobody has yet; a manager and an
 * admin run the whole dealership (the admin also owns its data feeds, so only they import inventory).
 * Making an offer on a shopper's trade-in commits the dealership to a price, so it belongs to the roles that
 * answer for the sale, not to the organization assistant; so does confirming a shopper's appointment or proposing
 * another time, which commits the dealership's people and vehicles. Capturing, releasing or refunding a deposit moves
 * a shopper's money, so it is the manager's and the admins' (deposits.manage), not a sales rep's. A personalized quote
 * is the sales desk's answer to "my real price": the roles that answer for the sale prepare and send it (quotes.manage).
 * A search ad publishes a list of the dealership's vehicles under its name to anyone with the link: that is the
 * dealership's advertising, so the manager and the admins publish and withdraw them (search_ads.manage), not a sales rep.
 * The organization assistant supports the group's dealerships and reads them, but acting for a
 * customer changes the customer's deals, so it is kept to roles that answer for the sale. The
 * organization admin is a dealer admin for each dealership of the group; the super admin is one
 * everywhere. `is_super_admin` wins over the stored role, and a role we do not know is refused
 * everything: access is granted by name, never by default.
 */
export const STAFF_ACTIONS = ["workspace.view", "customers.create", "customers.act_as", "inventory.import", "trade_ins.offer", "appointments.manage", "deposits.manage", "quotes.manage", "search_ads.manage"] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export type EffectiveRole = StaffRole | "unknown";
/** Which customers of a dealership a role sees: every one, or those assigned to the user plus the unassigned. */
export type CustomerScope = "dealership" | "assigned_or_unassigned" | "none";
/** Which dealerships a role reaches. */
export type DealershipReach = "own" | "group" | "all" | "none";

type RoleRights = { actions: readonly StaffAction[]; customers: CustomerScope; reach: DealershipReach };

const EVERYTHING = STAFF_ACTIONS;
export const PERMISSION_MATRIX: Record<EffectiveRole, RoleRights> = {
  dealer_sales_rep: { actions: ["workspace.view", "customers.create", "customers.act_as", "trade_ins.offer", "appointments.manage", "quotes.manage"], customers: "assigned_or_unassigned", reach: "own" },
  dealer_sales_manager: { actions: ["workspace.view", "customers.create", "customers.act_as", "trade_ins.offer", "appointments.manage", "deposits.manage", "quotes.manage", "search_ads.manage"], customers: "dealership", reach: "own" },
  dealer_admin: { actions: EVERYTHING, customers: "dealership", reach: "own" },
  organization_assistant: { actions: ["workspace.view"], customers: "dealership", reach: "group" },
  organization_admin: { actions: EVERYTHING, customers: "dealership", reach: "group" },
  super_admin: { actions: EVERYTHING, customers: "dealership", reach: "all" },
  unknown: { actions: [], customers: "none", reach: "none" },
};

/** is_super_admin first; then the stored role when we know it; anything else is unknown. */
export function effectiveStaffRole(user: { role: string; is_super_admin?: boolean | null }): EffectiveRole {
  if (user.is_super_admin === true || user.role === "super_admin") return "super_admin";
  return (STAFF_ROLES as readonly string[]).includes(user.role) ? (user.role as StaffRole) : "unknown";
}

export function can(role: EffectiveRole, action: StaffAction): boolean {
  return PERMISSION_MATRIX[role].actions.includes(action);
}

export const customerScope = (role: EffectiveRole): CustomerScope => PERMISSION_MATRIX[role].customers;

/** Whether a staff user sees this customer of a dealership they reach (the dealership itself is checked apart). */
export function canSeeCustomer(staff: { id: number; role: EffectiveRole }, customer: { dealer_user: number | null }): boolean {
  switch (customerScope(staff.role)) {
    case "dealership":
      return true;
    case "assigned_or_unassigned":
      return customer.dealer_user === null || customer.dealer_user === staff.id;
    case "none":
      return false;
  }
}

/** Whether a staff user may work at this dealership: their own, one of their group's, or any for a super admin. */
export function reachesDealership(
  staff: { role: EffectiveRole; dealershipId: number | null; groupId: number | null },
  dealership: { id: number; groupId: number | null },
): boolean {
  switch (PERMISSION_MATRIX[staff.role].reach) {
    case "all":
      return true;
    case "group":
      return staff.groupId !== null && staff.groupId === dealership.groupId;
    case "own":
      return staff.dealershipId !== null && staff.dealershipId === dealership.id;
    case "none":
      return false;
  }
}
