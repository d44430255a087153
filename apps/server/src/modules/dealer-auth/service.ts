import { STAFF_ROLES, type DealerUser, type StaffRole } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import type { SessionRow } from "../sessions/service.ts";
import { dealerUsersRepo, type DealerUserRow } from "./repo.ts";

const ROLE_LABELS: Record<StaffRole | "unknown", { en: string; fr: string }> = {
  dealer_sales_rep: { en: "Sales representative", fr: "Représentant des ventes" },
  dealer_sales_manager: { en: "Sales manager", fr: "Directeur des ventes" },
  dealer_admin: { en: "Dealer administrator", fr: "Administrateur de la concession" },
  organization_assistant: { en: "Organization assistant", fr: "Adjoint de l’organisation" },
  organization_admin: { en: "Organization administrator", fr: "Administrateur de l’organisation" },
  super_admin: { en: "Super administrator", fr: "Super administrateur" },
  unknown: { en: "Unknown", fr: "Inconnu" },
};

/** is_super_admin wins over the stored role; a role we do not know stays unknown. */
export function effectiveRole(row: Pick<DealerUserRow, "role">): StaffRole | "unknown" {
  if (row.role === "super_admin") return "super_admin";
  return (STAFF_ROLES as readonly string[]).includes(row.role) ? row.role : "unknown";
}

export function toDealerUser(row: DealerUserRow, session: SessionRow, language: "en" | "fr"): DealerUser {
  const role = effectiveRole(row);
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`,
    avatar: null,
    role,
    role_verbose: ROLE_LABELS[role][language],
    is_super_admin: role === "super_admin",
    default_send_invitation_email: true,
    default_send_lead_to_crm: true,
    fully_authenticated: session.data["second_factor_verified"] === true,
  };
}

export function dealerAuthService(db: Db) {
  const repo = dealerUsersRepo(db);
  return {
    byId: (id: number) => repo.findById(id),
    async currentUser(session: SessionRow | null) {
      if (!session?.dealerUserId) return null;
      return repo.findById(session.dealerUserId);
    },
  };
}
export type DealerAuthService = ReturnType<typeof dealerAuthService>;
