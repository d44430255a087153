import { and, count, desc, eq, inArray, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "./tables.ts";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** Every read is scoped by dealership and owner: another customer's id is never found. */
export type OrderOwner = { dealershipId: number; customerId: number };
const owned = (owner: OrderOwner, id: number) =>
  and(eq(orders.id, id), eq(orders.dealershipId, owner.dealershipId), eq(orders.customerId, owner.customerId));
const ownerOnly = (owner: OrderOwner) => and(eq(orders.dealershipId, owner.dealershipId), eq(orders.customerId, owner.customerId));

export function ordersRepo(db: Db) {
  return {
    async insert(values: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },
    async find(owner: OrderOwner, id: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(owned(owner, id));
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
    async remove(owner: OrderOwner, id: number): Promise<boolean> {
      const rows = await db.delete(orders).where(owned(owner, id)).returning({ id: orders.id });
      return rows.length === 1;
    },
  };
}
