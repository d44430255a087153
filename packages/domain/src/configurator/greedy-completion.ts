import { type Bits, has, intersects, members, orInto } from "./bitset.ts";
import { COLOUR_GROUPS, type CompiledTrim } from "./compiled-trim.ts";
import { clashesInGroup, firstViolation, type Goal } from "./rule-check.ts";
import type { Budget } from "./search.ts";

/**
 * A greedy completion by additions only: while a requirement is unmet, add the cheapest option that
 * meets it without clashing with what is present and whose own requirements are met. True when it
 * reaches a valid presence; false says nothing (a search may still find one).
 */
export function greedyCompletion(c: CompiledTrim, presenceIn: Bits, mustOut: Bits, budget: Budget): boolean {
  const presence = presenceIn.slice();
  const goal: Goal = { lockedIn: presence, mustOut, keep: [] };
  for (let step = 0; step < 8 && budget.left > 0; step += 1) {
    budget.left -= 1;
    const violation = firstViolation(c, presence, goal);
    if (!violation) return true;
    if (violation.kind !== "need") return false;
    const pick = fittingCandidate(c, violation.entry, presence, mustOut);
    if (pick < 0) return false;
    orInto(presence, c.closure[pick]!);
  }
  return false;
}

function fittingCandidate(c: CompiledTrim, entry: Bits, presence: Bits, mustOut: Bits): number {
  const holders = new Uint32Array(c.words);
  for (const e of members(entry)) orInto(holders, c.holders[e]!);
  let best = -1;
  for (const i of members(holders)) {
    if (best >= 0 && c.price[i]! >= c.price[best]!) continue;
    const closure = c.closure[i]!;
    if (has(c.unavailable, i) || intersects(closure, mustOut) || intersects(c.closureConflicts[i]!, presence)) continue;
    if (COLOUR_GROUPS.some((g) => clashesInGroup(c, closure, presence, g))) continue;
    let met = true;
    for (const a of members(closure)) {
      for (const need of c.requires[a]!) if (!intersects(need, presence) && !intersects(need, closure)) met = false;
    }
    if (met) best = i;
  }
  return best;
}
