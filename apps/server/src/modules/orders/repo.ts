import { and, count, desc, eq, gte, inArray, isNull, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "./tables.ts";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** Every read is scoped by dealership and owner: another customer's id is never found. */
export type OrderOwner = { dealershipId: number; customerId: number };
const owned = (owner: OrderOwner, id: number) =>
  and(eq(orders.id, id), eq(orders.dealershipId, owner.dealershipId), eq(orders.customerId, owner.customerId));
const ownerOnly = (owner: OrderOwner) => and(eq(orders.dealershipId, owner.dealershipId), eq(orders.customerId, owner.customerId));

/** First key of the advisory lock taken while a customer's deal is created (the second is the customer id). */
const ORDER_CREATE_LOCK = 7_301;

export function ordersRepo(db: Db) {
  return {
    /** Which of these payment options a deal names. */
    async referencedPaymentOptions(uids: string[]): Promise<Set<string>> {
      if (uids.length === 0) return new Set();
      const rows = await db.select({ uid: orders.paymentOptionUid }).from(orders).where(inArray(orders.paymentOptionUid, uids));
      return new Set(rows.map((row) => row.uid!));
    },
    /**
     * Inserts the deal unless the same customer saved the same vehicle with the same payment option since
     * `since`: a double click or a retried request gives back that deal. The customer's rows are locked for
     * the check, so concurrent identical requests make one deal.
     */
    async insertUnlessRepeated(values: NewOrder & { customerId: number }, since: Date): Promise<{ row: OrderRow; created: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${ORDER_CREATE_LOCK}, ${values.customerId})`);
        const [repeated] = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.dealershipId, values.dealershipId),
              eq(orders.customerId, values.customerId),
              eq(orders.vehicleId, values.vehicleId),
              values.paymentOptionUid ? eq(orders.paymentOptionUid, values.paymentOptionUid) : isNull(orders.paymentOptionUid),
              gte(orders.createdAt, since),
            ),
          )
          .orderBy(desc(orders.id))
          .limit(1);
        if (repeated) return { row: repeated, created: false };
        const [row] = await tx.insert(orders).values(values).returning();
        return { row: row!, created: true };
      });
    },
    async find(owner: OrderOwner, id: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(owned(owner, id));
      return row ?? null;
    },
    /** A deal of the dealership whoever its customer (staff calls check who may see that customer). */
    async findAtDealership(dealershipId: number, id: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.dealershipId, dealershipId)));
      return row ?? null;
    },
    /** The latest deal of the dealership that names this build state. */
    async withBuildState(dealershipId: number, uid: string): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.dealershipId, dealershipId), eq(orders.buildState, uid)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(1);
      return row ?? null;
    },
    async page(owner: OrderOwner, offset: number, limit: number, vehicleId?: number) {
      const where = vehicleId === undefined ? ownerOnly(owner) : and(ownerOnly(owner), eq(orders.vehicleId, vehicleId));
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).offset(offset).limit(limit);
      return { count: total?.n ?? 0, rows };
    },
    /** Every deal of a customer, newest first (a customer has a handful). */
    async allOf(owner: OrderOwner): Promise<OrderRow[]> {
      return db.select().from(orders).where(ownerOnly(owner)).orderBy(desc(orders.createdAt), desc(orders.id));
    },
    /** Per customer of a dealership: how many deals, and when one last changed. */
    async countsByCustomers(dealershipId: number, customerIds: number[]) {
      if (customerIds.length === 0) return [];
      return db
        .select({ customerId: orders.customerId, count: count(), lastUpdated: max(orders.updatedAt) })
        .from(orders)
        .where(and(eq(orders.dealershipId, dealershipId), inArray(orders.customerId, customerIds)))
        .groupBy(orders.customerId);
    },
    async update(owner: OrderOwner, id: number, values: Partial<NewOrder>): Promise<OrderRow | null> {
      const [row] = await db.update(orders).set(values).where(owned(owner, id)).returning();
      return row ?? null;
    },
    /** Sets keys of `details` and step statuses in one write, leaving the others as they are (no read-modify-write race). */
    async mergeDetails(owner: OrderOwner, id: number, details: Record<string, unknown>, stepStatuses: Record<string, number>, at: Date): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({
          details: sql`${orders.details} || ${JSON.stringify(details)}::jsonb`,
          stepStatuses: sql`${orders.stepStatuses} || ${JSON.stringify(stepStatuses)}::jsonb`,
          updatedAt: at,
        })
        .where(owned(owner, id))
        .returning();
      return row ?? null;
    },
    async remove(owner: OrderOwner, id: number): Promise<boolean> {
      const rows = await db.delete(orders).where(owned(owner, id)).returning({ id: orders.id });
      return rows.length === 1;
    },
  };
}
