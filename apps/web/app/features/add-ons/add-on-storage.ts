import { normalizeAddOnSelection, type AddOnSelection } from "@showroom/domain";

/**
 * Spec 3, "Local build state per vehicle" (accessory ids, install accessory ids, plan ids): the add-ons a
 * shopper chose for each vehicle, kept in the browser until the deal is saved (the deal then holds them).
 */
export const ADD_ONS_KEY = "add-ons";

type Kept = { accessory_ids: number[]; install_accessory_ids: number[]; plan_ids: number[] };

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : []);

function readAll(): Record<string, Kept> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(ADD_ONS_KEY) ?? "null");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Kept>) : {};
  } catch {
    return {};
  }
}

export function storedAddOns(vehicleId: number): AddOnSelection | null {
  const kept = readAll()[String(vehicleId)];
  if (!kept || typeof kept !== "object") return null;
  return normalizeAddOnSelection({ accessories: ids(kept.accessory_ids), install_accessories_ids: ids(kept.install_accessory_ids), protections: ids(kept.plan_ids) });
}

export function storeAddOns(vehicleId: number, selection: AddOnSelection) {
  const all = readAll();
  if (selection.accessories.length === 0 && selection.protections.length === 0) delete all[String(vehicleId)];
  else all[String(vehicleId)] = { accessory_ids: selection.accessories, install_accessory_ids: selection.install_accessories_ids, plan_ids: selection.protections };
  try {
    window.localStorage.setItem(ADD_ONS_KEY, JSON.stringify(all));
  } catch {
    // Private browsing or a full storage: the add-ons still price, they are just not remembered.
  }
}
