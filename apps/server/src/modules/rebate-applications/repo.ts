import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rebateApplications } from "./tables.ts";

export type RebateApplicationRow = typeof rebateApplications.$inferSelect;

/** Reads and writes of rebate applications; every one names the dealership and the deal. */
export function rebateApplicationsRepo(db: Db) {
  const ofDeal = (dealershipId: number, orderId: number) =>
    and(eq(rebateApplications.dealershipId, dealershipId), eq(rebateApplications.orderId, orderId));
  return {
    ofOrder: (dealershipId: number, orderId: number): Promise<RebateApplicationRow[]> =>
      db.select().from(rebateApplications).where(ofDeal(dealershipId, orderId)).orderBy(asc(rebateApplications.id)),
    /** The new application, or null when the deal already has one for this rebate. */
    async insert(values: typeof rebateApplications.$inferInsert): Promise<RebateApplicationRow | null> {
      const [row] = await db.insert(rebateApplications).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async find(dealershipId: number, orderId: number, rebateId: string): Promise<RebateApplicationRow | null> {
      const [row] = await db
        .select()
        .from(rebateApplications)
        .where(and(ofDeal(dealershipId, orderId), eq(rebateApplications.rebateId, rebateId)));
      return row ?? null;
    },
  };
}
