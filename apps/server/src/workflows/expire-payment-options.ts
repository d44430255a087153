import type { OrdersService } from "../modules/orders/service.ts";
import type { PricingService } from "../modules/pricing/service.ts";

/** A payment option no deal names is kept this long after it was last priced (a shopper coming back within a week finds it). */
export const PAYMENT_OPTION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const BATCH = 1_000;

/**
 * Deletes the payment options priced more than a week ago that no deal names (every details view prices
 * three; without this they pile up forever). Walks them in batches so no statement holds many rows.
 */
export async function expirePaymentOptions(deps: {
  pricing: Pick<PricingService, "staleOptions" | "deleteOptions">;
  orders: Pick<OrdersService, "referencedPaymentOptions">;
  now: () => Date;
}): Promise<{ deleted: number; kept: number }> {
  const before = new Date(deps.now().getTime() - PAYMENT_OPTION_LIFETIME_MS);
  const report = { deleted: 0, kept: 0 };
  let afterId = 0;
  for (;;) {
    const stale = await deps.pricing.staleOptions(before, afterId, BATCH);
    if (stale.length === 0) return report;
    const named = await deps.orders.referencedPaymentOptions(stale.map((option) => option.uid));
    report.kept += named.size;
    report.deleted += await deps.pricing.deleteOptions(stale.filter((option) => !named.has(option.uid)).map((option) => option.id));
    afterId = stale.at(-1)!.id;
  }
}
