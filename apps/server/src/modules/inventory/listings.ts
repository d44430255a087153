import type { DealershipRow, DealershipsService } from "../dealerships/service.ts";
import type { InventoryService } from "./service.ts";
import { toSavedVehicle, type SavedVehicle } from "./vehicle-views.ts";

/** Which vehicles a dealership may show: its own and its group's (what leads, deals and build states may name). */
export function vehicleListings(inventory: Pick<InventoryService, "find" | "byIds">, dealerships: Pick<DealershipsService, "listingGroup" | "byId">) {
  async function listedVehicle(dealership: DealershipRow, vehicleId: number) {
    return (await inventory.find(await dealerships.listingGroup(dealership), String(vehicleId)))?.row ?? null;
  }
  return {
    /** A vehicle the dealership may list, as a deal shows it, or null. */
    async savedVehicleFor(dealership: DealershipRow, vehicleId: number): Promise<SavedVehicle | null> {
      const row = await listedVehicle(dealership, vehicleId);
      return row ? toSavedVehicle(row) : null;
    },
    async vehicleVisible(dealershipId: number, vehicleId: number): Promise<boolean> {
      const dealership = await dealerships.byId(dealershipId);
      return dealership !== null && (await listedVehicle(dealership, vehicleId)) !== null;
    },
    /** Deals keep their vehicle's id: these are the vehicles as the deals show them, listed or not. */
    async savedVehiclesByIds(ids: number[]): Promise<Map<number, SavedVehicle>> {
      return new Map((await inventory.byIds([...new Set(ids)])).map((row) => [row.id, toSavedVehicle(row)]));
    },
  };
}
export type VehicleListings = ReturnType<typeof vehicleListings>;
