import { MAX_ROW_ID } from "../schemas/ids.ts";

/*
 * The shopper's picks for a comparison, kept apart from the comparison's rows so the list and details pages
 * (which only toggle picks) carry no more than this.
 */

/** A comparison shows two to four vehicles side by side (vcc, vccvdp). */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** The shopper's picks (kept in the browser), with one vehicle added or removed; none is added past the maximum. */
export function toggleCompared(list: readonly number[], id: number): { list: number[]; full: boolean } {
  if (list.includes(id)) return { list: list.filter((v) => v !== id), full: false };
  if (list.length >= COMPARE_MAX) return { list: [...list], full: true };
  return { list: [...list, id], full: false };
}

/** A stored list read back: whole positive ids, each once, at most the maximum (anything else is dropped). */
export function cleanComparedList(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids: number[] = [];
  for (const item of value) {
    if (typeof item === "number" && Number.isInteger(item) && item > 0 && item <= MAX_ROW_ID && !ids.includes(item)) ids.push(item);
  }
  return ids.slice(0, COMPARE_MAX);
}
