import { cleanComparedList, toggleCompared } from "@showroom/domain";
import { useSyncExternalStore } from "react";

/**
 * The vehicles a shopper picked to compare, kept in the browser per dealership (localStorage, at most four):
 * the list cards and the details page toggle them, the compare bar links to the comparison. The server knows
 * nothing of them: it renders no pick, and the browser shows its own once the page is interactive.
 */
const keyOf = (dealerCode: string) => `showroom.compare.${dealerCode}`;
const EMPTY: readonly number[] = Object.freeze([]);
const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; list: readonly number[] }>();
/** The last toggle was refused because four were already chosen (until the next change). */
let refusedFull = false;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(dealerCode: string): readonly number[] {
  const raw = storage()?.getItem(keyOf(dealerCode)) ?? null;
  const hit = snapshots.get(dealerCode);
  if (hit && hit.raw === raw) return hit.list;
  let list: readonly number[] = EMPTY;
  try {
    list = raw ? cleanComparedList(JSON.parse(raw)) : EMPTY;
  } catch {
    list = EMPTY;
  }
  snapshots.set(dealerCode, { raw, list });
  return list;
}

function write(dealerCode: string, list: readonly number[]) {
  try {
    if (list.length) storage()?.setItem(keyOf(dealerCode), JSON.stringify(list));
    else storage()?.removeItem(keyOf(dealerCode));
  } catch {
    // Storage full or refused (private mode): the pick lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's change.
  const onStorage = (event: StorageEvent) => event.key?.startsWith("showroom.compare.") && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export const comparedVehicles = read;

/** Adds or removes a vehicle; false when it could not be added (four already chosen). */
export function toggleComparedVehicle(dealerCode: string, id: number): boolean {
  const { list, full } = toggleCompared(read(dealerCode), id);
  refusedFull = full;
  write(dealerCode, list);
  return !full;
}

export function clearComparedVehicles(dealerCode: string) {
  refusedFull = false;
  write(dealerCode, EMPTY);
}

/** The dealership's picks as the page shows them (none on the server and while hydrating). */
export function useComparedVehicles(dealerCode: string): readonly number[] {
  return useSyncExternalStore(subscribe, () => read(dealerCode), () => EMPTY);
}

export function useCompareRefusedFull(): boolean {
  return useSyncExternalStore(subscribe, () => refusedFull, () => false);
}
