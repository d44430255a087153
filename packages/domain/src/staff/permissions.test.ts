import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "../constants.ts";
import { can, canSeeCustomer, customerScope, effectiveStaffRole, reachesDealership, STAFF_ACTIONS, type EffectiveRole, type StaffAction } from "./permissions.ts";

const ALL_ROLES: EffectiveRole[] = [...STAFF_ROLES, "unknown"];

describe("effectiveStaffRole", () => {
  it("puts is_super_admin before the stored role", () => {
    expect(effectiveStaffRole({ role: "dealer_sales_rep", is_super_admin: true })).toBe("super_admin");
    expect(effectiveStaffRole({ role: "whatever", is_super_admin: true })).toBe("super_admin");
  });
  it("keeps each known role and makes anything else unknown", () => {
    for (const role of STAFF_ROLES) expect(effectiveStaffRole({ role, is_super_admin: false })).toBe(role);
    expect(effectiveStaffRole({ role: "dealer_owner" })).toBe("unknown");
    expect(effectiveStaffRole({ role: "" })).toBe("unknown");
    expect(effectiveStaffRole({ role: "DEALER_ADMIN" })).toBe("unknown");
  });
});

describe("can", () => {
  const expected: Record<EffectiveRole, StaffAction[]> = {
    dealer_sales_rep: ["workspace.view", "customers.create", "customers.act_as", "trade_ins.offer", "appointments.manage", "quotes.manage"],
    dealer_sales_manager: ["workspace.view", "customers.create", "customers.act_as", "trade_ins.offer", "appointments.manage", "deposits.manage", "quotes.manage", "search_ads.manage"],
    dealer_admin: ["workspace.view", "customers.create", "customers.act_as", "inventory.import", "trade_ins.offer", "appointments.manage", "deposits.manage", "quotes.manage", "search_ads.manage"],
    organization_assistant: ["workspace.view"],
    organization_admin: ["workspace.view", "customers.create", "customers.act_as", "inventory.import", "trade_ins.offer", "appointments.manage", "deposits.manage", "quotes.manage", "search_ads.manage"],
    super_admin: ["workspace.view", "customers.create", "customers.act_as", "inventory.import", "trade_ins.offer", "appointments.manage", "deposits.manage", "quotes.manage", "search_ads.manage"],
    unknown: [],
  };
  it.each(ALL_ROLES)("grants %s exactly its actions", (role) => {
    const granted = STAFF_ACTIONS.filter((action) => can(role, action));
    expect(granted).toEqual(expected[role]);
  });
});

describe("customers a role sees", () => {
  const rep = { id: 7, role: "dealer_sales_rep" as const };
  it("gives a sales rep their own and the unassigned customers only", () => {
    expect(customerScope("dealer_sales_rep")).toBe("assigned_or_unassigned");
    expect(canSeeCustomer(rep, { dealer_user: 7 })).toBe(true);
    expect(canSeeCustomer(rep, { dealer_user: null })).toBe(true);
    expect(canSeeCustomer(rep, { dealer_user: 8 })).toBe(false);
  });
  it.each(["dealer_sales_manager", "dealer_admin", "organization_assistant", "organization_admin", "super_admin"] as const)(
    "gives %s every customer of the dealership",
    (role) => {
      expect(canSeeCustomer({ id: 1, role }, { dealer_user: 99 })).toBe(true);
      expect(canSeeCustomer({ id: 1, role }, { dealer_user: null })).toBe(true);
    },
  );
  it("gives an unknown role nobody", () => {
    expect(canSeeCustomer({ id: 1, role: "unknown" }, { dealer_user: 1 })).toBe(false);
    expect(canSeeCustomer({ id: 1, role: "unknown" }, { dealer_user: null })).toBe(false);
  });
});

describe("reachesDealership", () => {
  const maple = { id: 1, groupId: 10 };
  const mapleVw = { id: 2, groupId: 10 };
  const laval = { id: 3, groupId: null };
  it("keeps dealership staff to their own dealership, group or not", () => {
    for (const role of ["dealer_sales_rep", "dealer_sales_manager", "dealer_admin"] as const) {
      const staff = { role, dealershipId: 1, groupId: null };
      expect(reachesDealership(staff, maple)).toBe(true);
      expect(reachesDealership(staff, mapleVw)).toBe(false);
      expect(reachesDealership(staff, laval)).toBe(false);
    }
  });
  it("lets organization staff reach every dealership of their group and no other", () => {
    for (const role of ["organization_assistant", "organization_admin"] as const) {
      const staff = { role, dealershipId: null, groupId: 10 };
      expect(reachesDealership(staff, maple)).toBe(true);
      expect(reachesDealership(staff, mapleVw)).toBe(true);
      expect(reachesDealership(staff, laval)).toBe(false);
      // A group-less dealership never matches a group-less organization user.
      expect(reachesDealership({ role, dealershipId: null, groupId: null }, laval)).toBe(false);
    }
  });
  it("lets a super admin reach any dealership and an unknown role none", () => {
    expect(reachesDealership({ role: "super_admin", dealershipId: null, groupId: null }, laval)).toBe(true);
    expect(reachesDealership({ role: "unknown", dealershipId: 1, groupId: 10 }, maple)).toBe(false);
  });
});
