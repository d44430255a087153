import type { PricedVehicle } from "@showroom/domain";
import type { DealershipRow } from "../modules/dealerships/service.ts";
import type { InventoryService } from "../modules/inventory/service.ts";
import { toPricedVehicle } from "../modules/inventory/vehicle-views.ts";
import type { PricingService, StoredPayments } from "../modules/pricing/service.ts";

/**
 * Equal as JSON whatever the keys' order (jsonb reads objects back with its own order); a key whose value is undefined
 * counts as absent, as in JSON. Compared in place: this runs once per vehicle, and most vehicles did not change.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b || (a ?? null) === (b ?? null)) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, i) => sameJson(value, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const defined = (record: Record<string, unknown>) => Object.keys(record).filter((key) => record[key] !== undefined);
  const keys = defined(x);
  return keys.length === defined(y).length && keys.every((key) => key in y && sameJson(x[key], y[key]));
}

/**
 * Every field of the vehicle the engine reads: with one setup and one date, vehicles of equal keys get equal payments,
 * so an inventory's many alike vehicles (same price, year, model) are priced once.
 */
export function pricingKey(vehicle: PricedVehicle): string {
  const c = vehicle.charges;
  return JSON.stringify([
    vehicle.price,
    vehicle.msrp,
    vehicle.condition,
    vehicle.year,
    vehicle.make,
    vehicle.model,
    c === undefined ? null : [c.freight, c.pdi, c.dealerFee, c.delivery],
  ]);
}

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
  const priced = new Map<string, StoredPayments>();
  const changed = [];
  for (const row of rows) {
    const vehicle = toPricedVehicle(row);
    const key = pricingKey(vehicle);
    let payments = priced.get(key);
    if (!payments) {
      payments = deps.pricing.storedPayments(setup, vehicle, date);
      priced.set(key, payments);
    }
    if (payments.cash !== row.cash || payments.finance !== row.finance || payments.lease !== row.lease || !sameJson(payments.terms, row.terms)) {
      changed.push({ id: row.id, ...payments });
    }
  }
  await deps.inventory.storePayments(changed);
  return { vehicles: rows.length, changed: changed.length };
}
