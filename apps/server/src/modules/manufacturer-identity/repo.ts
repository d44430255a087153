import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { manufacturerIdentityLinks, manufacturerSignIns } from "./tables.ts";

export type IdentityLinkRow = typeof manufacturerIdentityLinks.$inferSelect;
export type SignInRow = typeof manufacturerSignIns.$inferSelect;

export function manufacturerIdentityRepo(db: Db) {
  return {
    async insertSignIn(values: typeof manufacturerSignIns.$inferInsert) {
      await db.insert(manufacturerSignIns).values(values);
    },
    /** Marks the sign-in used and answers it; null when there is none of this dealership or it was used already. */
    async claimSignIn(dealershipId: number, stateHash: string, at: Date): Promise<SignInRow | null> {
      const [row] = await db
        .update(manufacturerSignIns)
        .set({ usedAt: at })
        .where(and(eq(manufacturerSignIns.stateHash, stateHash), eq(manufacturerSignIns.dealershipId, dealershipId), isNull(manufacturerSignIns.usedAt)))
        .returning();
      return row ?? null;
    },
    async deleteSignInsExpiredBefore(at: Date) {
      await db.delete(manufacturerSignIns).where(lt(manufacturerSignIns.expiresAt, at));
    },

    async linkBySubject(dealershipId: number, issuer: string, subject: string): Promise<IdentityLinkRow | null> {
      const [row] = await db
        .select()
        .from(manufacturerIdentityLinks)
        .where(and(eq(manufacturerIdentityLinks.dealershipId, dealershipId), eq(manufacturerIdentityLinks.issuer, issuer), eq(manufacturerIdentityLinks.subject, subject)));
      return row ?? null;
    },
    async linkOfCustomer(dealershipId: number, customerId: number, issuer: string): Promise<IdentityLinkRow | null> {
      const [row] = await db
        .select()
        .from(manufacturerIdentityLinks)
        .where(and(eq(manufacturerIdentityLinks.dealershipId, dealershipId), eq(manufacturerIdentityLinks.customerId, customerId), eq(manufacturerIdentityLinks.issuer, issuer)));
      return row ?? null;
    },
    /** The customer's newest link at this dealership, whichever issuer. */
    async anyLinkOfCustomer(dealershipId: number, customerId: number): Promise<IdentityLinkRow | null> {
      const [row] = await db
        .select()
        .from(manufacturerIdentityLinks)
        .where(and(eq(manufacturerIdentityLinks.dealershipId, dealershipId), eq(manufacturerIdentityLinks.customerId, customerId)))
        .orderBy(desc(manufacturerIdentityLinks.lastSignInAt))
        .limit(1);
      return row ?? null;
    },
    /** Inserts the link unless the subject or the customer is linked already (a parallel callback); null then. */
    async insertLink(values: typeof manufacturerIdentityLinks.$inferInsert): Promise<IdentityLinkRow | null> {
      const [row] = await db.insert(manufacturerIdentityLinks).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async updateLink(id: number, values: Partial<typeof manufacturerIdentityLinks.$inferInsert>): Promise<IdentityLinkRow> {
      const [row] = await db.update(manufacturerIdentityLinks).set(values).where(eq(manufacturerIdentityLinks.id, id)).returning();
      return row!;
    },
  };
}
