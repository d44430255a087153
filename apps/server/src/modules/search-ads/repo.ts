import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { searchAds } from "./tables.ts";

export type SearchAdRow = typeof searchAds.$inferSelect;

/** The search ads of each dealership: every query names the dealership, except the public lookup by uid (checked by the caller). */
export function searchAdsRepo(db: Db) {
  return {
    async insert(values: typeof searchAds.$inferInsert): Promise<SearchAdRow> {
      const [row] = await db.insert(searchAds).values(values).returning();
      return row!;
    },
    async byUid(dealershipId: number, uid: string): Promise<SearchAdRow | null> {
      const [row] = await db.select().from(searchAds).where(and(eq(searchAds.dealershipId, dealershipId), eq(searchAds.uid, uid)));
      return row ?? null;
    },
    async page(dealershipId: number, page: number, pageSize: number): Promise<{ count: number; rows: SearchAdRow[] }> {
      const where = eq(searchAds.dealershipId, dealershipId);
      const [total] = await db.select({ n: count() }).from(searchAds).where(where);
      const rows = await db
        .select()
        .from(searchAds)
        .where(where)
        .orderBy(desc(searchAds.createdAt), desc(searchAds.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { count: total?.n ?? 0, rows };
    },
    async setActive(dealershipId: number, uid: string, active: boolean): Promise<SearchAdRow | null> {
      const [row] = await db
        .update(searchAds)
        .set({ active })
        .where(and(eq(searchAds.dealershipId, dealershipId), eq(searchAds.uid, uid)))
        .returning();
      return row ?? null;
    },
  };
}
