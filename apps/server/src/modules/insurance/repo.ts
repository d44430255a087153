import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { insuranceQuotes } from "./tables.ts";

export type InsuranceQuoteRow = typeof insuranceQuotes.$inferSelect;

/** Reads and writes of insurance quotes; every one names the dealership and the deal. */
export function insuranceRepo(db: Db) {
  const ofDeal = (dealershipId: number, orderId: number) =>
    and(eq(insuranceQuotes.dealershipId, dealershipId), eq(insuranceQuotes.orderId, orderId));
  return {
    async insert(values: typeof insuranceQuotes.$inferInsert): Promise<InsuranceQuoteRow> {
      const [row] = await db.insert(insuranceQuotes).values(values).returning();
      return row!;
    },
    ofOrder: (dealershipId: number, orderId: number): Promise<InsuranceQuoteRow[]> =>
      db.select().from(insuranceQuotes).where(ofDeal(dealershipId, orderId)).orderBy(asc(insuranceQuotes.createdAt), asc(insuranceQuotes.id)),
    /** Keeps this quote on the deal (saved) and puts a quote saved before it back to quoted, in one transaction. */
    async save(dealershipId: number, orderId: number, id: number, at: Date): Promise<InsuranceQuoteRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(insuranceQuotes)
          .set({ status: "saved", savedAt: at })
          .where(and(ofDeal(dealershipId, orderId), eq(insuranceQuotes.id, id)))
          .returning();
        if (!row) return null;
        await tx
          .update(insuranceQuotes)
          .set({ status: "quoted", savedAt: null })
          .where(and(ofDeal(dealershipId, orderId), ne(insuranceQuotes.id, id), eq(insuranceQuotes.status, "saved")));
        return row;
      });
    },
  };
}
