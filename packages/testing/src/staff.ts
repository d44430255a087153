import type { StaffRole } from "@showroom/domain";

export type StaffSpec = {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  phone: string | null;
};

export function buildStaffUser(overrides: Partial<StaffSpec> & { email: string; role: StaffRole }): StaffSpec {
  return {
    uid: `staff-${overrides.email.replace(/[^a-z0-9]/gi, "-").toLowerCase()}`,
    firstName: "Alex",
    lastName: "Martin",
    phone: "+14165550199",
    ...overrides,
  };
}
