import { type Accessory } from "./types.ts";

/** The spec's POST configure: a selection, and optionally one accessory to add or remove. */
export type AccessoryConfigurationRequest = {
  selected: readonly number[];
  /** With a conflict: remove the conflicting selected accessories instead of refusing. */
  force: boolean;
} & ({ operand?: undefined; accessory_id?: undefined } | { operand: "add" | "remove"; accessory_id: number });

export interface AccessoryConflict {
  accessory_id: number;
  conflicts_with: number[];
}

export type AccessoryConfiguration =
  /** `selected` in catalogue order, fitted accessories included; `removed`: previously selected ids now out. */
  | { ok: true; selected: number[]; removed: number[] }
  | { ok: false; reason: "conflicts"; conflicts: AccessoryConflict[] }
  /** Ids that are not in the catalogue or are inactive. */
  | { ok: false; reason: "unknown"; unknown: number[] }
  /** A removal of an accessory that cannot come off (not removable, pre- or port-installed). */
  | { ok: false; reason: "not_removable"; not_removable: number[] };

/** Fitted to the vehicle (pre- or port-installed) or flagged so: never taken off a selection. */
export const isLockedAccessory = (accessory: Accessory): boolean =>
  !accessory.is_removable || accessory.pre_installed || accessory.port_installed;

/** Either side may list the other's sku. */
export const areIncompatible = (a: Accessory, b: Accessory): boolean =>
  a.id !== b.id && (a.incompatible_skus.includes(b.sku) || b.incompatible_skus.includes(a.sku));

function conflictsAmong(selection: readonly Accessory[]): AccessoryConflict[] {
  return selection.flatMap((accessory) => {
    const others = selection.filter((other) => areIncompatible(accessory, other)).map((other) => other.id);
    return others.length === 0 ? [] : [{ accessory_id: accessory.id, conflicts_with: others }];
  });
}

/**
 * Applies one add or remove to a selection of accessories, or (without an operand) checks the
 * selection. Adding an accessory that conflicts with selected ones is refused with the conflicts,
 * or with `force` takes them off, except those that cannot come off (then refused even with force).
 * The result never holds two incompatible accessories, and always holds the fitted ones.
 */
export function configureAccessories(catalogue: readonly Accessory[], request: AccessoryConfigurationRequest): AccessoryConfiguration {
  const active = catalogue.filter((accessory) => accessory.active);
  const byId = new Map(active.map((accessory) => [accessory.id, accessory]));
  const asked = request.operand === undefined ? request.selected : [...request.selected, request.accessory_id];
  const unknown = [...new Set(asked.filter((id) => !byId.has(id)))];
  if (unknown.length > 0) return { ok: false, reason: "unknown", unknown };

  const before = new Set([...request.selected, ...active.filter((a) => a.pre_installed || a.port_installed).map((a) => a.id)]);
  const after = new Set(before);
  if (request.operand !== undefined) {
    const target = byId.get(request.accessory_id)!;
    if (request.operand === "remove") {
      if (before.has(target.id) && isLockedAccessory(target)) return { ok: false, reason: "not_removable", not_removable: [target.id] };
      after.delete(target.id);
    } else if (!before.has(target.id)) {
      const clashing = active.filter((accessory) => before.has(accessory.id) && areIncompatible(target, accessory));
      const blocking = request.force ? clashing.filter(isLockedAccessory) : clashing;
      if (blocking.length > 0) {
        return { ok: false, reason: "conflicts", conflicts: [{ accessory_id: target.id, conflicts_with: blocking.map((a) => a.id) }] };
      }
      for (const accessory of clashing) after.delete(accessory.id);
      after.add(target.id);
    }
  }
  const selection = active.filter((accessory) => after.has(accessory.id));
  const conflicts = conflictsAmong(selection);
  if (conflicts.length > 0) return { ok: false, reason: "conflicts", conflicts };
  return {
    ok: true,
    selected: selection.map((accessory) => accessory.id),
    removed: active.filter((accessory) => before.has(accessory.id) && !after.has(accessory.id)).map((accessory) => accessory.id),
  };
}
