import { type Bits, clear, firstCommon, intersects, members, popcountWord, set } from "./bitset.ts";
import { andBits, COLOUR_GROUPS, type CompiledTrim, presenceOf } from "./compiled-trim.ts";

/**
 * What the resolution searches check a presence against: the trim's rules and the request's goal, the
 * first violation found, and a resolution (additions and removals of roots) applied.
 */

/** What a resolution must achieve besides the rules: the request's additions stay, its removals stay out, kept colour groups stay filled. */
export type Goal = {
  /** Roots that may not be removed (the requested additions). */
  lockedIn: Bits;
  /** Options that may not be present (the requested removals). */
  mustOut: Bits;
  /** Colour groups that must keep a colour. */
  keep: number[];
};

export type Violation =
  | { kind: "absent"; option: number }
  | { kind: "pair"; a: number; b: number }
  | { kind: "group"; options: number[] }
  /** A requirement of `by` (-1: a kept colour group) that nothing present meets. */
  | { kind: "need"; entry: Bits; by: number };

/** The first rule or goal the presence breaks, or null. */
export function firstViolation(c: CompiledTrim, presence: Bits, goal: Goal | null): Violation | null {
  let option = firstCommon(presence, c.unavailable);
  if (option >= 0) return { kind: "absent", option };
  if (goal) {
    option = firstCommon(presence, goal.mustOut);
    if (option >= 0) return { kind: "absent", option };
  }
  for (let w = 0; w < presence.length; w += 1) {
    for (let v = presence[w]!; v !== 0; v &= v - 1) {
      const a = (w << 5) + (31 - Math.clz32(v & -v));
      const b = firstCommon(c.conflicts[a]!, presence);
      if (b >= 0) return { kind: "pair", a, b };
    }
  }
  for (const g of COLOUR_GROUPS) {
    const mask = c.groupMask[g]!;
    let count = 0;
    for (let w = 0; w < mask.length; w += 1) count += popcountWord(presence[w]! & mask[w]!);
    if (count > 1) return { kind: "group", options: members(andBits(presence, mask)) };
  }
  for (let w = 0; w < presence.length; w += 1) {
    for (let v = presence[w]!; v !== 0; v &= v - 1) {
      const a = (w << 5) + (31 - Math.clz32(v & -v));
      for (const entry of c.requires[a]!) if (!intersects(entry, presence)) return { kind: "need", entry, by: a };
    }
  }
  if (goal)
    for (const g of goal.keep)
      if (!intersects(presence, c.groupMask[g]!)) return { kind: "need", entry: c.groupMask[g]!, by: -1 };
  return null;
}

export type Solution = { additions: number[]; removals: number[] };

/** Roots after a resolution. */
export function applySolution(roots: Bits, solution: Solution): Bits {
  const next = roots.slice();
  for (const a of solution.additions) set(next, a);
  for (const r of solution.removals) clear(next, r);
  return next;
}

export const satisfies = (c: CompiledTrim, roots: Bits, goal: Goal) =>
  firstViolation(c, presenceOf(c, roots), goal) === null;

/** True when `bits` holds a colour of group g and `other` holds a different one. */
export function clashesInGroup(c: CompiledTrim, bits: Bits, other: Bits, g: number): boolean {
  const mask = c.groupMask[g]!;
  let brings = false;
  let differs = false;
  for (let w = 0; w < mask.length; w += 1) {
    if ((bits[w]! & mask[w]!) !== 0) brings = true;
    if ((other[w]! & mask[w]! & ~bits[w]!) !== 0) differs = true;
  }
  return brings && differs;
}
