import { savedVehicleMatches, type Order, type SavedVehicleKey } from "@showroom/domain";

/** Pages read when looking for a vehicle among the shopper's deals; a shopper rarely has more than a handful. */
const MAX_PAGES = 5;

/** The shopper's deal for this vehicle (spec 5: same VIN, stock number, model code, or year/make/model/trim). */
export async function findSavedDeal(list: (page: number) => Promise<{ results: Order[]; next: string | null }>, vehicle: SavedVehicleKey): Promise<Order | null> {
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await list(page);
    const found = answer.results.find((order) => savedVehicleMatches(order.vehicle, vehicle));
    if (found) return found;
    if (!answer.next) return null;
  }
  return null;
}

