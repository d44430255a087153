import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { sessionsRepo, type SessionRow } from "./repo.ts";

export type { SessionRow };

export type SessionPolicy = { idleMs: number; absoluteMs: number };
export type SignIn = {
  dealershipId: number;
  customerId?: number | null;
  dealerUserId?: number | null;
  data?: Record<string, unknown>;
};

export const newSessionId = () => randomBytes(32).toString("base64url");
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
      const idleExpired = at.getTime() - session.lastSeenAt.getTime() > policy.idleMs;
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
      const session = await repo.insert({
        idHash: hashSessionId(id),
        dealershipId: who.dealershipId,
        customerId: who.customerId ?? null,
        dealerUserId: who.dealerUserId ?? null,
        data: who.data ?? {},
        language,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + policy.absoluteMs),
      });
      return { id, session };
    },

    async end(id: string): Promise<void> {
      await repo.remove(hashSessionId(id));
    },
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
