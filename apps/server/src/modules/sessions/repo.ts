import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions } from "./tables.ts";

export type SessionRow = typeof sessions.$inferSelect;

export function sessionsRepo(db: Db) {
  // Read by every call that brings a session cookie: prepared once rather than built per request.
  const byIdHash = db.select().from(sessions).where(eq(sessions.idHash, sql.placeholder("idHash"))).limit(1).prepare("session_by_id_hash");
  return {
    async find(idHash: string): Promise<SessionRow | null> {
      const rows = await byIdHash.execute({ idHash });
      return rows[0] ?? null;
    },
    async insert(row: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [created] = await db.insert(sessions).values(row).returning();
      return created!;
    },
    async touch(idHash: string, lastSeenAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.idHash, idHash));
    },
    async update(idHash: string, patch: Partial<typeof sessions.$inferInsert>): Promise<void> {
      await db.update(sessions).set(patch).where(eq(sessions.idHash, idHash));
    },
    async remove(idHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },
    async removeForDealerUser(dealerUserId: number): Promise<number> {
      const rows = await db.delete(sessions).where(eq(sessions.dealerUserId, dealerUserId)).returning({ idHash: sessions.idHash });
      return rows.length;
    },
  };
}
