import { eq } from "drizzle-orm";
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
    async updateOption(id: number, values: Pick<PaymentOptionRow, "settings" | "option">) {
      await db.update(paymentOptions).set({ ...values, updatedAt: new Date() }).where(eq(paymentOptions.id, id));
    },
  };
}
