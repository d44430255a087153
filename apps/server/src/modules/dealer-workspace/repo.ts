import { and, count, desc, eq, inArray, isNull, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { activity } from "./tables.ts";

export type ActivityRow = typeof activity.$inferSelect;
export type NewActivity = typeof activity.$inferInsert;

export function activityRepo(db: Db) {
  return {
    async insert(values: NewActivity): Promise<number> {
      const [row] = await db.insert(activity).values(values).returning({ id: activity.id });
      return row!.id;
    },
    /** Completes a record with the call's status (and the deal it created, when the path named none). */
    async finish(id: number, statusCode: number, orderId: number | null) {
      await db
        .update(activity)
        .set({ statusCode, ...(orderId !== null && { orderId }) })
        .where(and(eq(activity.id, id), isNull(activity.statusCode)));
    },
    /** The record of one deal of a customer, newest first. */
    async pageForOrder(owner: { dealershipId: number; customerId: number }, orderId: number, offset: number, limit: number) {
      const where = and(eq(activity.dealershipId, owner.dealershipId), eq(activity.customerId, owner.customerId), eq(activity.orderId, orderId));
      const [total] = await db.select({ n: count() }).from(activity).where(where);
      const rows = await db.select().from(activity).where(where).orderBy(desc(activity.createdAt), desc(activity.id)).offset(offset).limit(limit);
      return { count: total?.n ?? 0, rows };
    },
    async lastByCustomers(dealershipId: number, customerIds: number[]) {
      if (customerIds.length === 0) return [];
      return db
        .select({ customerId: activity.customerId, last: max(activity.createdAt) })
        .from(activity)
        .where(and(eq(activity.dealershipId, dealershipId), inArray(activity.customerId, customerIds)))
        .groupBy(activity.customerId);
    },
  };
}
