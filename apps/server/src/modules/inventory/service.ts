import { centsToDecimalString, pageWindow, SEARCH_PAGE_SIZE, type Cents, type VehicleSummary } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { inventoryRepo, type VehicleRow } from "./repo.ts";

const dollars = (value: number | null) => (value === null ? null : centsToDecimalString(value as Cents));

export function toVehicleSummary(row: VehicleRow): VehicleSummary {
  return {
    id: row.id,
    uid: row.uid,
    vin: row.vin,
    stock_number: row.stockNumber,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    vehicle_condition: row.condition,
    is_new: row.condition === "New",
    is_used: row.condition === "Used",
    is_certified: row.isCertified,
    stock_status: row.stockStatus,
    body_type: row.bodyType,
    exterior_color: row.exteriorColor,
    odometer: row.odometer,
    listing_price: dollars(row.priceCents),
    msrp: dollars(row.msrpCents),
  };
}

export function inventoryService(db: Db) {
  const repo = inventoryRepo(db);
  return {
    /** A vehicle of this dealership, or null: another dealership's vehicle is never visible. */
    findForDealership: (dealershipId: number, id: number) => repo.findInDealership(dealershipId, id),
    async listPage(dealershipId: number, page: number) {
      const { offset, limit } = pageWindow(page, SEARCH_PAGE_SIZE);
      const { rows, count } = await repo.listAvailable(dealershipId, offset, limit);
      return { count, results: rows.map(toVehicleSummary) };
    },
  };
}
export type InventoryService = ReturnType<typeof inventoryService>;
