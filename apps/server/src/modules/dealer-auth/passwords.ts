import argon2 from "argon2";
import { STAFF_PASSWORD_RESET_PATH, staffPasswordResetEmail } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { newSecretToken, sha256Hex } from "../../platform/one-time-codes.ts";
import { dealerUsersRepo, type DealerUserRow } from "./repo.ts";
import { isLocked } from "./second-factor.ts";

/** Security reference: a reset link works once, for 30 minutes. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** Reset emails one account may be sent in 15 minutes; past that the answer stays the same and nothing is sent. */
export const PASSWORD_RESETS_PER_WINDOW = 3;
const RESET_WINDOW_MS = 15 * 60_000;

export type StaffEmail = { dealershipId: number; to: string; subject: string; text: string; language: "en" | "fr" };
export type EmailSender = (db: Db, message: StaffEmail) => Promise<void>;

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/**
 * Staff passwords: argon2id, and nothing about them is ever returned. A wrong password counts toward
 * the account's lock (100 failures in a row), and an unknown email costs the same hashing time as a
 * known one, so timing does not tell which accounts exist.
 */
export function passwords(deps: {
  db: Db;
  now: () => Date;
  sendEmail: EmailSender;
  /** Revokes remembered devices and ends every session of the user (a reset password signs every device out). */
  afterPasswordChange: (user: DealerUserRow) => Promise<void>;
}) {
  const { db, now } = deps;
  const repo = dealerUsersRepo(db);
  let decoy: Promise<string> | null = null;

  return {
    async check(email: string, password: string): Promise<{ outcome: "ok"; user: DealerUserRow } | { outcome: "invalid" } | { outcome: "locked" }> {
      const user = await repo.findByEmail(email);
      if (!user) {
        decoy ??= hashPassword(newSecretToken());
        await argon2.verify(await decoy, password).catch(() => false);
        return { outcome: "invalid" };
      }
      if (isLocked(user)) return { outcome: "locked" };
      const ok = await argon2.verify(user.passwordHash, password).catch(() => false);
      if (ok) return { outcome: "ok", user };
      await repo.addFailedSignIn(user.id);
      return { outcome: "invalid" };
    },

    /** Emails a single-use reset link when the account exists and may use this storefront; says nothing either way. */
    async requestReset(input: { email: string; dealership: { id: number; code: string; name: string }; origin: string; language: "en" | "fr"; reaches: (user: DealerUserRow) => boolean }) {
      const user = await repo.findByEmail(input.email);
      if (!user || !input.reaches(user)) return;
      const at = now();
      if ((await repo.passwordResetsSince(user.id, new Date(at.getTime() - RESET_WINDOW_MS))) >= PASSWORD_RESETS_PER_WINDOW) return;
      const token = newSecretToken();
      const link = `${input.origin}/${input.language}/${input.dealership.code}/${STAFF_PASSWORD_RESET_PATH}?token=${token}`;
      await db.transaction(async (transaction) => {
        const tx: Db = transaction;
        await dealerUsersRepo(tx).insertPasswordReset({ dealerUserId: user.id, tokenHash: sha256Hex(token), expiresAt: new Date(at.getTime() + PASSWORD_RESET_TTL_MS), createdAt: at });
        const mail = staffPasswordResetEmail({ language: input.language, dealerName: input.dealership.name, firstName: user.firstName, link, minutes: PASSWORD_RESET_TTL_MS / 60_000 });
        await deps.sendEmail(tx, { dealershipId: input.dealership.id, to: user.email, ...mail, language: input.language });
      });
    },

    /**
     * Sets a new password from a live link (used once). It also clears the failure count: proving the
     * mailbox is how a locked account recovers. Remembered devices and sessions of the user end.
     */
    async reset(token: string, password: string): Promise<DealerUserRow | null> {
      const at = now();
      const userId = await repo.claimPasswordReset(sha256Hex(token), at);
      if (userId === null) return null;
      const user = await repo.update(userId, { passwordHash: await hashPassword(password), passwordChangedAt: at, failedSignIns: 0 });
      await repo.closePasswordResets(userId, at);
      await deps.afterPasswordChange(user);
      return user;
    },
  };
}
export type Passwords = ReturnType<typeof passwords>;
