import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dealerUsers, staffCodes, staffPasswordResets, staffRememberedDevices } from "./tables.ts";

export type DealerUserRow = typeof dealerUsers.$inferSelect;
export type StaffCodeRow = typeof staffCodes.$inferSelect;

export function dealerUsersRepo(db: Db) {
  return {
    async findById(id: number): Promise<DealerUserRow | null> {
      const rows = await db.select().from(dealerUsers).where(eq(dealerUsers.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async findByEmail(email: string): Promise<DealerUserRow | null> {
      const rows = await db.select().from(dealerUsers).where(sql`lower(${dealerUsers.email}) = ${email.toLowerCase()}`).limit(1);
      return rows[0] ?? null;
    },
    async namesByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select({ id: dealerUsers.id, firstName: dealerUsers.firstName, lastName: dealerUsers.lastName }).from(dealerUsers).where(inArray(dealerUsers.id, ids));
    },
    async update(id: number, values: Partial<typeof dealerUsers.$inferInsert>): Promise<DealerUserRow> {
      const [row] = await db.update(dealerUsers).set(values).where(eq(dealerUsers.id, id)).returning();
      return row!;
    },
    /** One more failure in a row; answers the new count. */
    async addFailedSignIn(id: number): Promise<number> {
      const [row] = await db
        .update(dealerUsers)
        .set({ failedSignIns: sql`${dealerUsers.failedSignIns} + 1` })
        .where(eq(dealerUsers.id, id))
        .returning({ n: dealerUsers.failedSignIns });
      return row?.n ?? 0;
    },
    /** Records an authenticator time step as used; false when it (or a later one) already was. */
    async claimTotpStep(id: number, step: number): Promise<boolean> {
      const rows = await db
        .update(dealerUsers)
        .set({ totpLastTimeStep: step })
        .where(and(eq(dealerUsers.id, id), or(isNull(dealerUsers.totpLastTimeStep), lt(dealerUsers.totpLastTimeStep, step))))
        .returning({ id: dealerUsers.id });
      return rows.length === 1;
    },

    async insertCode(values: typeof staffCodes.$inferInsert) {
      await db.insert(staffCodes).values(values);
    },
    async codesSince(dealerUserId: number, since: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(staffCodes).where(and(eq(staffCodes.dealerUserId, dealerUserId), gt(staffCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    /** The newest unused code of this purpose this session asked for. */
    async latestCode(dealerUserId: number, purpose: StaffCodeRow["purpose"], sessionHash: string): Promise<StaffCodeRow | null> {
      const [row] = await db
        .select()
        .from(staffCodes)
        .where(and(eq(staffCodes.dealerUserId, dealerUserId), eq(staffCodes.purpose, purpose), eq(staffCodes.sessionHash, sessionHash), isNull(staffCodes.usedAt)))
        .orderBy(desc(staffCodes.createdAt), desc(staffCodes.id))
        .limit(1);
      return row ?? null;
    },
    /** Takes one of the code's tries; false when none is left. */
    async claimCodeAttempt(id: number, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(staffCodes)
        .set({ attempts: sql`${staffCodes.attempts} + 1` })
        .where(and(eq(staffCodes.id, id), lt(staffCodes.attempts, maxAttempts)))
        .returning({ id: staffCodes.id });
      return rows.length === 1;
    },
    /** Marks the code used; false when another request used it first. */
    async useCode(id: number, at: Date): Promise<boolean> {
      const rows = await db.update(staffCodes).set({ usedAt: at }).where(and(eq(staffCodes.id, id), isNull(staffCodes.usedAt))).returning({ id: staffCodes.id });
      return rows.length === 1;
    },

    async insertDevice(values: typeof staffRememberedDevices.$inferInsert) {
      await db.insert(staffRememberedDevices).values(values);
    },
    /** A remembered device of this user that is neither expired nor revoked. */
    async liveDevice(dealerUserId: number, tokenHash: string, at: Date) {
      const [row] = await db
        .select()
        .from(staffRememberedDevices)
        .where(
          and(
            eq(staffRememberedDevices.tokenHash, tokenHash),
            eq(staffRememberedDevices.dealerUserId, dealerUserId),
            isNull(staffRememberedDevices.revokedAt),
            gt(staffRememberedDevices.expiresAt, at),
          ),
        );
      return row ?? null;
    },
    async touchDevice(id: number, at: Date) {
      await db.update(staffRememberedDevices).set({ lastUsedAt: at }).where(eq(staffRememberedDevices.id, id));
    },
    async revokeDevices(dealerUserId: number, at: Date): Promise<number> {
      const rows = await db
        .update(staffRememberedDevices)
        .set({ revokedAt: at })
        .where(and(eq(staffRememberedDevices.dealerUserId, dealerUserId), isNull(staffRememberedDevices.revokedAt)))
        .returning({ id: staffRememberedDevices.id });
      return rows.length;
    },

    async insertPasswordReset(values: typeof staffPasswordResets.$inferInsert) {
      await db.insert(staffPasswordResets).values(values);
    },
    async passwordResetsSince(dealerUserId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(staffPasswordResets)
        .where(and(eq(staffPasswordResets.dealerUserId, dealerUserId), gt(staffPasswordResets.createdAt, since)));
      return row?.n ?? 0;
    },
    /** Uses a live reset link once; the user it belongs to, or null (unknown, used, expired, or used by a racing request). */
    async claimPasswordReset(tokenHash: string, at: Date): Promise<number | null> {
      const rows = await db
        .update(staffPasswordResets)
        .set({ usedAt: at })
        .where(and(eq(staffPasswordResets.tokenHash, tokenHash), isNull(staffPasswordResets.usedAt), gt(staffPasswordResets.expiresAt, at)))
        .returning({ dealerUserId: staffPasswordResets.dealerUserId });
      return rows[0]?.dealerUserId ?? null;
    },
    /** Ends the user's other outstanding links once one was used. */
    async closePasswordResets(dealerUserId: number, at: Date) {
      await db.update(staffPasswordResets).set({ usedAt: at }).where(and(eq(staffPasswordResets.dealerUserId, dealerUserId), isNull(staffPasswordResets.usedAt)));
    },
  };
}
export type DealerUsersRepo = ReturnType<typeof dealerUsersRepo>;
