import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderDocuments } from "./tables.ts";

export type DocumentRow = typeof orderDocuments.$inferSelect;
export type NewDocument = typeof orderDocuments.$inferInsert;

/** First key of the advisory lock taken while a customer's quota is checked and a document added (the second is the customer). */
const QUOTA_LOCK = 7_321;

/** Reads and writes of documents; every read names the dealership and the deal or the customer. */
export function documentsRepo(db: Db) {
  return {
    async ofOrder(dealershipId: number, orderId: number): Promise<DocumentRow[]> {
      return db
        .select()
        .from(orderDocuments)
        .where(and(eq(orderDocuments.dealershipId, dealershipId), eq(orderDocuments.orderId, orderId)))
        .orderBy(asc(orderDocuments.createdAt), asc(orderDocuments.id));
    },
    async ofCustomer(dealershipId: number, customerId: number): Promise<DocumentRow[]> {
      return db
        .select()
        .from(orderDocuments)
        .where(and(eq(orderDocuments.dealershipId, dealershipId), eq(orderDocuments.customerId, customerId)));
    },
    async find(dealershipId: number, orderId: number, id: number): Promise<DocumentRow | null> {
      const [row] = await db
        .select()
        .from(orderDocuments)
        .where(
          and(
            eq(orderDocuments.dealershipId, dealershipId),
            eq(orderDocuments.orderId, orderId),
            eq(orderDocuments.id, id),
          ),
        );
      return row ?? null;
    },
    /** What the customer keeps at the dealership: bytes and files. */
    async usage(dealershipId: number, customerId: number): Promise<{ bytes: number; files: number }> {
      const [row] = await db
        .select({
          bytes: sql<number>`coalesce(sum(${orderDocuments.bytes}), 0)::int`,
          files: sql<number>`count(*)::int`,
        })
        .from(orderDocuments)
        .where(and(eq(orderDocuments.dealershipId, dealershipId), eq(orderDocuments.customerId, customerId)));
      return { bytes: row?.bytes ?? 0, files: row?.files ?? 0 };
    },
    /** Serialises the customer's uploads until the transaction ends, so two at once cannot both pass the quota. */
    async lockCustomer(customerId: number) {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK}, ${customerId})`);
    },
    async insert(values: NewDocument): Promise<DocumentRow> {
      const [row] = await db.insert(orderDocuments).values(values).returning();
      return row!;
    },
    async remove(dealershipId: number, orderId: number, id: number): Promise<DocumentRow | null> {
      const [row] = await db
        .delete(orderDocuments)
        .where(
          and(
            eq(orderDocuments.dealershipId, dealershipId),
            eq(orderDocuments.orderId, orderId),
            eq(orderDocuments.id, id),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}
