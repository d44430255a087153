import { createHash } from "node:crypto";
import { randomToken } from "../../platform/random-token.ts";
import type { Db } from "../../db/client.ts";
import { sessionsRepo, type SessionRow } from "./repo.ts";

export type { SessionRow };

/** Idle and absolute lifetimes; a session with a staff user in it follows the staff ones (security.md: 30 minutes idle, 12 hours). */
export type SessionPolicy = { idleMs: number; absoluteMs: number; staffIdleMs: number; staffAbsoluteMs: number };
export type SignIn = {
  dealershipId: number;
  customerId?: number | null;
  dealerUserId?: number | null;
  data?: Record<string, unknown>;
  /** An earlier absolute expiry to keep: a new id for the same sign-in (privilege change) does not extend its life. */
  notAfter?: Date | null;
};

export const newSessionId = () => randomToken(32);
export const hashSessionId = (id: string) => createHash("sha256").update(id).digest("hex");

/** Writes of last-seen are spread out: an idle timeout of minutes does not need per-request precision. */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionLookup =
  | { state: "none" }
  | { state: "active"; session: SessionRow }
  | { state: "expired"; userKind: "dealer" | "customer" | null };

export function sessionsService(db: Db, policy: SessionPolicy, now: () => Date) {
  const repo = sessionsRepo(db);
  const isSignedIn = (s: SessionRow) => s.customerId !== null || s.dealerUserId !== null;

  return {
    async lookup(id: string): Promise<SessionLookup> {
      const idHash = hashSessionId(id);
      const session = await repo.find(idHash);
      if (!session) return { state: "none" };
      const at = now();
      const idleMs = session.dealerUserId !== null ? policy.staffIdleMs : policy.idleMs;
      const idleExpired = at.getTime() - session.lastSeenAt.getTime() > idleMs;
      if (idleExpired || at >= session.expiresAt) {
        await repo.remove(idHash);
        if (!isSignedIn(session)) return { state: "none" };
        return { state: "expired", userKind: session.dealerUserId !== null ? "dealer" : "customer" };
      }
      if (at.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repo.touch(idHash, at);
      }
      return { state: "active", session };
    },

    /** Starts a signed-in session under a brand-new id, ending the one it replaces. */
    async signIn(previousId: string | null, who: SignIn, language: string | null = null) {
      if (previousId) await repo.remove(hashSessionId(previousId));
      const id = newSessionId();
      const at = now();
      const lifetime = who.dealerUserId != null ? policy.staffAbsoluteMs : policy.absoluteMs;
      const fresh = new Date(at.getTime() + lifetime);
      const expiresAt = who.notAfter && who.notAfter < fresh ? who.notAfter : fresh;
      const session = await repo.insert({
        idHash: hashSessionId(id),
        dealershipId: who.dealershipId,
        customerId: who.customerId ?? null,
        dealerUserId: who.dealerUserId ?? null,
        data: who.data ?? {},
        language,
        createdAt: at,
        lastSeenAt: at,
        expiresAt,
      });
      return { id, session };
    },

    /** The language a signed-in visitor chose stays with their session. */
    async setLanguage(id: string, language: string): Promise<void> {
      await repo.update(hashSessionId(id), { language });
    },
    async end(id: string): Promise<void> {
      await repo.remove(hashSessionId(id));
    },

    /** Ends every session of a staff user (after a password reset): each device must sign in again. */
    async endAllForDealerUser(dealerUserId: number): Promise<number> {
      return repo.removeForDealerUser(dealerUserId);
    },
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
