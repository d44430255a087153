import type { DealershipRow } from "../modules/dealerships/service.ts";
import type { InventoryService } from "../modules/inventory/service.ts";
import { toPricedVehicle } from "../modules/inventory/vehicle-views.ts";
import type { PricingService } from "../modules/pricing/service.ts";

export type RecomputeReport = { vehicles: number; changed: number };

/**
 * Stores each vehicle's cash, finance and lease payment at the dealership's defaults, for the vehicle
 * list and the budget filter. Run after an import, and whenever prices, programs or settings change;
 * only the vehicles whose payments moved are written.
 */
export async function recomputeStoredPayments(
  deps: { inventory: InventoryService; pricing: PricingService },
  dealership: DealershipRow,
): Promise<RecomputeReport> {
  const setup = await deps.pricing.setupFor(dealership);
  const date = deps.pricing.today(dealership);
  const rows = await deps.inventory.pricingRows(dealership.id);
  const changed = [];
  for (const row of rows) {
    const payments = deps.pricing.storedPayments(setup, toPricedVehicle(row), date);
    if (payments.cash !== row.cash || payments.finance !== row.finance || payments.lease !== row.lease) {
      changed.push({ id: row.id, ...payments });
    }
  }
  await deps.inventory.storePayments(changed);
  return { vehicles: rows.length, changed: changed.length };
}
