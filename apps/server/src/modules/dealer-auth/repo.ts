import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dealerUsers } from "./tables.ts";

export type DealerUserRow = typeof dealerUsers.$inferSelect;

export function dealerUsersRepo(db: Db) {
  return {
    async findById(id: number): Promise<DealerUserRow | null> {
      const rows = await db.select().from(dealerUsers).where(eq(dealerUsers.id, id)).limit(1);
      return rows[0] ?? null;
    },
  };
}
