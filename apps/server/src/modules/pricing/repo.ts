import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dealershipPricing, paymentOptions } from "./tables.ts";

export type DealershipPricingRow = typeof dealershipPricing.$inferSelect;
export type PaymentOptionRow = typeof paymentOptions.$inferSelect;

export function pricingRepo(db: Db) {
  return {
    async pricingOf(dealershipId: number): Promise<DealershipPricingRow | null> {
      const rows = await db.select().from(dealershipPricing).where(eq(dealershipPricing.dealershipId, dealershipId));
      return rows[0] ?? null;
    },
    async insertOption(row: typeof paymentOptions.$inferInsert) {
      await db.insert(paymentOptions).values(row);
    },
    /** Options priced before a sign-in follow the shopper into the new session. */
    async transferOwner(fromHash: string, toHash: string) {
      await db.update(paymentOptions).set({ ownerSessionHash: toHash }).where(eq(paymentOptions.ownerSessionHash, fromHash));
    },
    async optionByUid(uid: string): Promise<PaymentOptionRow | null> {
      const rows = await db.select().from(paymentOptions).where(eq(paymentOptions.uid, uid));
      return rows[0] ?? null;
    },
    /** Options last priced before `before`, in id order after `afterId` (a pass walks them in batches). */
    staleOptions: (before: Date, afterId: number, limit: number) =>
      db
        .select({ id: paymentOptions.id, uid: paymentOptions.uid })
        .from(paymentOptions)
        .where(and(lt(paymentOptions.updatedAt, before), gt(paymentOptions.id, afterId)))
        .orderBy(asc(paymentOptions.id))
        .limit(limit),
    async deleteOptions(ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      return (await db.delete(paymentOptions).where(inArray(paymentOptions.id, ids)).returning({ id: paymentOptions.id })).length;
    },
    async updateOption(id: number, values: Pick<PaymentOptionRow, "settings" | "option">) {
      await db.update(paymentOptions).set({ ...values, updatedAt: new Date() }).where(eq(paymentOptions.id, id));
    },
  };
}
