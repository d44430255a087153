import type { Db } from "../../db/client.ts";
import { inventoryRepo } from "./repo.ts";

export function inventoryService(db: Db) {
  const repo = inventoryRepo(db);
  return {
    /** A vehicle of this dealership, or null: another dealership's vehicle is never visible. */
    findForDealership: (dealershipId: number, id: number) => repo.findInDealership(dealershipId, id),
  };
}
export type InventoryService = ReturnType<typeof inventoryService>;
