import {
  DEALER_WORKSPACE_PATH,
  effectiveStaffRole,
  maskPhone,
  phoneDigits,
  type DealerUser,
  type EffectiveRole,
  type TwoFactorRecord,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { isFullyAuthenticated, type StaffUser } from "../../platform/actor.ts";
import type { SessionRow } from "../sessions/service.ts";
import { passwords, type EmailSender } from "./passwords.ts";
import { dealerUsersRepo, type DealerUserRow } from "./repo.ts";
import { hasAuthenticator, hasSecondFactor, secondFactor, type SmsSender } from "./second-factor.ts";

export type { DealerUserRow };

const ROLE_LABELS: Record<EffectiveRole, { en: string; fr: string }> = {
  dealer_sales_rep: { en: "Sales representative", fr: "Représentant des ventes" },
  dealer_sales_manager: { en: "Sales manager", fr: "Directeur des ventes" },
  dealer_admin: { en: "Dealer administrator", fr: "Administrateur de la concession" },
  organization_assistant: { en: "Organization assistant", fr: "Adjoint de l’organisation" },
  organization_admin: { en: "Organization administrator", fr: "Administrateur de l’organisation" },
  super_admin: { en: "Super administrator", fr: "Super administrateur" },
  unknown: { en: "Unknown", fr: "Inconnu" },
};

/** is_super_admin wins over the stored role; a role we do not know stays unknown (and may do nothing). */
export function effectiveRole(row: Pick<DealerUserRow, "role" | "isSuperAdmin">): EffectiveRole {
  return effectiveStaffRole({ role: row.role, is_super_admin: row.isSuperAdmin });
}

export const staffFullName = (row: Pick<DealerUserRow, "firstName" | "lastName">) => `${row.firstName} ${row.lastName}`.trim();


export function toDealerUser(row: DealerUserRow, session: SessionRow, language: "en" | "fr"): DealerUser {
  const role = effectiveRole(row);
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: staffFullName(row),
    avatar: null,
    role,
    role_verbose: ROLE_LABELS[role][language],
    is_super_admin: role === "super_admin",
    default_send_invitation_email: row.defaultSendInvitationEmail,
    default_send_lead_to_crm: row.defaultSendLeadToCrm,
    fully_authenticated: isFullyAuthenticated(session),
  };
}

export function maskedPhoneOf(phone: string | null): string | null {
  const digits = phone ? phoneDigits(phone) : null;
  return digits ? maskPhone(digits) : null;
}

/** Where the second factor stands for this session (transactional spec 3, "Two-factor records"). */
export function twoFactorRecord(
  row: DealerUserRow,
  session: SessionRow,
  sent: Partial<Pick<TwoFactorRecord, "sent" | "reason" | "setup_sent">> & { workspacePath: string },
): TwoFactorRecord {
  const verified = isFullyAuthenticated(session);
  return {
    has_device: hasSecondFactor(row),
    has_authenticator: hasAuthenticator(row),
    masked_phone: maskedPhoneOf(row.phone),
    verified,
    fully_authenticated: verified,
    sent: sent.sent ?? false,
    reason: sent.reason ?? (verified ? "already_verified" : null),
    setup_sent: sent.setup_sent ?? false,
    redirect_url: verified ? sent.workspacePath : null,
  };
}

/** The storefront path of the dealer workspace, with both prefixes so no route can read "dealer" as a dealer code. */
export const workspacePath = (language: "en" | "fr", dealerCode: string) => `/${language}/${dealerCode}/${DEALER_WORKSPACE_PATH}`;

export function dealerAuthService(deps: {
  db: Db;
  secret: string;
  encryptionKey: string;
  now: () => Date;
  sendSms: SmsSender;
  sendEmail: EmailSender;
  /** Ends every session of a staff user (the sessions module owns them). */
  endSessionsOf: (dealerUserId: number) => Promise<unknown>;
}) {
  const repo = dealerUsersRepo(deps.db);
  const factor = secondFactor(deps);
  return {
    byId: (id: number) => repo.findById(id),
    /** What decides a staff user's rights on a request (platform/actor.ts reads it on every one). */
    async staffUser(id: number): Promise<StaffUser | null> {
      const row = await repo.findById(id);
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        role: effectiveRole(row),
        fullName: staffFullName(row),
        dealershipId: row.dealershipId,
        groupId: row.groupId,
        defaultSendInvitationEmail: row.defaultSendInvitationEmail,
      };
    },
    async currentUser(session: SessionRow | null) {
      if (!session?.dealerUserId) return null;
      return repo.findById(session.dealerUserId);
    },
    /** Display names of staff users, by id. */
    async namesByIds(ids: number[]): Promise<Map<number, string>> {
      return new Map((await repo.namesByIds([...new Set(ids)])).map((r) => [r.id, staffFullName(r)]));
    },
    /** A full sign-in clears the count of failures in a row. */
    async signedIn(user: DealerUserRow) {
      if (user.failedSignIns !== 0) await repo.update(user.id, { failedSignIns: 0 });
    },
    secondFactor: factor,
    passwords: passwords({
      db: deps.db,
      now: deps.now,
      sendEmail: deps.sendEmail,
      afterPasswordChange: async (user) => {
        await factor.revokeDevices(user);
        await deps.endSessionsOf(user.id);
      },
    }),
  };
}
export type DealerAuthService = ReturnType<typeof dealerAuthService>;
