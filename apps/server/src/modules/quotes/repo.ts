import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { quoteFlows, quotes } from "./tables.ts";

export type QuoteFlowRow = typeof quoteFlows.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;

/** A unique-index violation: another save took the position first. */
const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";

export function quotesRepo(db: Db) {
  return {
    async insertFlow(row: typeof quoteFlows.$inferInsert): Promise<QuoteFlowRow> {
      const [inserted] = await db.insert(quoteFlows).values(row).returning();
      return inserted!;
    },
    async flowAt(dealershipId: number, id: number): Promise<QuoteFlowRow | null> {
      const [row] = await db.select().from(quoteFlows).where(and(eq(quoteFlows.id, id), eq(quoteFlows.dealershipId, dealershipId)));
      return row ?? null;
    },
    flowsOfOrder: (dealershipId: number, orderId: number): Promise<QuoteFlowRow[]> =>
      db.select().from(quoteFlows).where(and(eq(quoteFlows.dealershipId, dealershipId), eq(quoteFlows.orderId, orderId))).orderBy(desc(quoteFlows.createdAt), desc(quoteFlows.id)),
    async updateFlow(id: number, changes: Partial<typeof quoteFlows.$inferInsert>): Promise<QuoteFlowRow> {
      const [row] = await db.update(quoteFlows).set(changes).where(eq(quoteFlows.id, id)).returning();
      return row!;
    },
    /** Reserves one option, once: a flow that already has one keeps it (null). */
    async reserve(flowId: number, quoteId: number, at: Date): Promise<QuoteFlowRow | null> {
      const [row] = await db
        .update(quoteFlows)
        .set({ reservedQuoteId: quoteId, updatedAt: at })
        .where(and(eq(quoteFlows.id, flowId), isNull(quoteFlows.reservedQuoteId)))
        .returning();
      return row ?? null;
    },

    quotesOf: (flowId: number): Promise<QuoteRow[]> => db.select().from(quotes).where(eq(quotes.flowId, flowId)).orderBy(asc(quotes.position)),
    async quoteById(id: number): Promise<QuoteRow | null> {
      const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
      return row ?? null;
    },
    /** The option in the first free position of 1 to 3, or null when the flow has three. */
    async insertQuote(row: Omit<typeof quotes.$inferInsert, "position">, taken: readonly number[]): Promise<QuoteRow | null> {
      for (const position of [1, 2, 3].filter((p) => !taken.includes(p))) {
        try {
          const [inserted] = await db.insert(quotes).values({ ...row, position }).returning();
          return inserted!;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      return null;
    },
    async updateQuote(id: number, changes: Partial<typeof quotes.$inferInsert>): Promise<QuoteRow> {
      const [row] = await db.update(quotes).set(changes).where(eq(quotes.id, id)).returning();
      return row!;
    },
    async deleteQuote(id: number) {
      await db.delete(quotes).where(eq(quotes.id, id));
    },
  };
}
export type QuotesRepo = ReturnType<typeof quotesRepo>;
