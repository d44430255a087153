import { cents } from "../money.ts";
import {
  type Bits,
  bitsOf,
  clear,
  emptyBits,
  firstCommon,
  has,
  intersects,
  isEmpty,
  members,
  popcount,
  set,
} from "./bitset.ts";
import { andBits, COLOUR_GROUPS, type CompiledTrim, compileTrim, normalizeRoots, presenceOf } from "./compiled-trim.ts";
import { greedyCompletion } from "./greedy-completion.ts";
import { rankResolutions } from "./rank-resolutions.ts";
import { firstViolation, type Goal, satisfies, type Solution } from "./rule-check.ts";
import { type Budget, searchResolutions } from "./search.ts";
import { type ChangeRequest, type Conflict, type ConfigurationState, type SearchLimits, type Trim } from "./types.ts";

const DEFAULT_MAX_ALTERNATIVES = 6;
const DEFAULT_NODE_BUDGET = 2_000;
/** Most changes an alternative is searched with (beyond that the search gives up on the branch). */
const MAX_CHANGES = 10;
/** Nodes the additions-only search may spend to decide whether one option is excluded, and in all for a state. */
const EXCLUSION_BUDGET = 32;
const EXCLUSION_TOTAL_BUDGET = 600;

const budgetOf = (limits: SearchLimits): Budget => ({ left: limits.nodeBudget ?? DEFAULT_NODE_BUDGET });
const noGoal = (c: CompiledTrim): Goal => ({ lockedIn: emptyBits(c.words), mustOut: emptyBits(c.words), keep: [] });
const codesOf = (c: CompiledTrim, bits: Bits | number[]) =>
  (Array.isArray(bits) ? bits : members(bits)).map((i) => c.codes[i]!);
const known = (c: CompiledTrim, codes: readonly string[]) =>
  codes.flatMap((code) => (c.index.has(code) ? [c.index.get(code)!] : []));

/** True when the selection (codes unknown to the trim ignored) breaks no rule of the trim. */
export function isValidSelection(trim: Trim, selected: readonly string[]): boolean {
  const c = compileTrim(trim);
  return satisfies(c, bitsOf(c.words, known(c, selected)), noGoal(c));
}

/**
 * The configuration state of a selection: unknown codes are dropped, options included by another
 * present option leave `selected`, and a selection that breaks a rule is first repaired (the
 * smallest change that makes it valid, else the options that fit, in catalogue order).
 */
export function configurationState(
  trim: Trim,
  selected: readonly string[],
  limits: SearchLimits = {},
): ConfigurationState {
  const c = compileTrim(trim);
  return stateOf(c, currentRoots(c, selected, budgetOf(limits)));
}

/**
 * Applies add, remove or swap to a selection. When the result breaks no rule it is committed (the
 * returned state has no `conflict`); otherwise the state is the current one with a `conflict` listing
 * minimal alternatives. Adding a colour (or an option that brings one) swaps out the selected colour of
 * its group. A code both added and removed is left as it was.
 */
export function applyChange(
  trim: Trim,
  selected: readonly string[],
  request: ChangeRequest,
  limits: SearchLimits = {},
): ConfigurationState {
  const c = compileTrim(trim);
  const budget = budgetOf(limits);
  const current = currentRoots(c, selected, budget);
  const presence = presenceOf(c, current);
  const asked = [...(request.add ?? []), ...(request.swap?.add ?? [])];
  const dropped = [...(request.remove ?? []), ...(request.swap?.remove ?? [])];
  const addCodes = unique(asked.filter((code) => !dropped.includes(code)));
  const removeCodes = unique(dropped.filter((code) => !asked.includes(code)));

  const adds = bitsOf(c.words, known(c, addCodes));
  const removes = bitsOf(c.words, known(c, removeCodes));
  const brought = presenceOf(c, adds);
  for (const g of COLOUR_GROUPS) {
    if (!intersects(brought, c.groupMask[g]!)) continue;
    for (const colour of members(andBits(presence, c.groupMask[g]!))) {
      if (!has(brought, colour) && has(current, colour)) set(removes, colour);
    }
  }
  const requested = { add: addCodes, remove: unique([...removeCodes, ...codesOf(c, removes)]) };
  const impossible =
    addCodes.some((code) => !c.index.has(code)) || intersects(brought, c.unavailable) || intersects(brought, removes);

  const roots = current.slice();
  for (const i of members(adds)) set(roots, i);
  for (const i of members(removes)) clear(roots, i);
  const keep = COLOUR_GROUPS.filter((g) => intersects(presenceOf(c, roots), c.groupMask[g]!));
  const goal: Goal = { lockedIn: adds, mustOut: removes, keep };
  if (!impossible && satisfies(c, roots, goal)) return stateOf(c, roots);

  const state = stateOf(c, current);
  if (impossible) return { ...state, conflict: conflictOf(c, requested, [], false) };
  const cap = limits.maxAlternatives ?? DEFAULT_MAX_ALTERNATIVES;
  const searchLimits = { budget, wanted: cap * 2, maxDepth: MAX_CHANGES };
  let search = searchResolutions(c, roots, goal, searchLimits);
  let rankedGoal = goal;
  if (search.solutions.length === 0 && !search.exhausted && keep.length > 0) {
    // No way keeps every colour: offer the ways that leave a colour group empty.
    rankedGoal = { ...goal, keep: [] };
    search = searchResolutions(c, roots, rankedGoal, searchLimits);
  }
  const alternatives = rankResolutions(c, roots, rankedGoal, search.solutions, cap);
  return { ...state, conflict: conflictOf(c, requested, alternatives, search.exhausted) };
}

/** Applies a conflict's alternative: the request plus the alternative's changes (a stale alternative answers with a new conflict). */
export function applyAlternative(
  trim: Trim,
  selected: readonly string[],
  requested: { add: readonly string[]; remove: readonly string[] },
  alternative: { additions: readonly string[]; removals: readonly string[] },
  limits: SearchLimits = {},
): ConfigurationState {
  return applyChange(
    trim,
    selected,
    { add: [...requested.add, ...alternative.additions], remove: [...requested.remove, ...alternative.removals] },
    limits,
  );
}

function conflictOf(
  c: CompiledTrim,
  requested: Conflict["requested"],
  solutions: Solution[],
  exhausted: boolean,
): Conflict {
  const alternatives = solutions.map((s) => ({ additions: codesOf(c, s.additions), removals: codesOf(c, s.removals) }));
  return {
    requested,
    additions: alternatives[0]?.additions ?? [],
    removals: alternatives[0]?.removals ?? [],
    alternatives,
    budget_exhausted: exhausted,
  };
}

/** The selection as valid normalized roots (repaired when it breaks a rule). */
export function currentRoots(c: CompiledTrim, selected: readonly string[], budget: Budget = budgetOf({})): Bits {
  const roots = normalizeRoots(c, bitsOf(c.words, known(c, selected)));
  const goal = noGoal(c);
  if (satisfies(c, roots, goal)) return roots;
  const search = searchResolutions(c, roots, goal, {
    budget,
    wanted: 1,
    maxDepth: MAX_CHANGES,
  });
  const best = rankResolutions(c, roots, goal, search.solutions, 1)[0];
  if (best) {
    const repaired = roots.slice();
    for (const a of best.additions) set(repaired, a);
    for (const r of best.removals) clear(repaired, r);
    return normalizeRoots(c, repaired);
  }
  // Budget spent: keep what fits, in catalogue order (the empty selection always fits).
  const kept = emptyBits(c.words);
  for (let changed = true; changed;) {
    changed = false;
    for (const i of members(roots)) {
      if (has(kept, i)) continue;
      set(kept, i);
      if (satisfies(c, kept, goal)) changed = true;
      else clear(kept, i);
    }
  }
  return normalizeRoots(c, kept);
}

/** The state of valid roots. */
export function stateOf(c: CompiledTrim, rootsIn: Bits): ConfigurationState {
  const roots = normalizeRoots(c, rootsIn);
  const presence = presenceOf(c, roots);
  const included = presence.slice();
  for (const i of members(roots)) clear(included, i);
  const required = emptyBits(c.words);
  for (const a of members(presence)) {
    for (const entry of c.requires[a]!) {
      const meeting = andBits(entry, presence);
      if (popcount(meeting) !== 1) continue;
      const only = firstCommon(meeting, meeting);
      if (only !== a) set(required, only);
    }
  }
  const optionsMsrp = members(roots).reduce((sum, i) => sum + c.price[i]!, 0);
  return {
    selected: codesOf(c, roots),
    included: codesOf(c, included),
    excluded: codesOf(c, excludedOf(c, roots, presence)),
    required: codesOf(c, required),
    prices: { base_msrp: cents(c.msrp), options_msrp: cents(optionsMsrp), msrp: cents(c.msrp + optionsMsrp) },
  };
}

/**
 * Options not present that cannot be added without removing something: adding one (with the colour
 * swap) breaks a conflict or colour rule, or no additions can meet its requirements. An additions-only
 * search that runs out of budget counts as "can be added" (the change then answers with a conflict).
 */
function excludedOf(c: CompiledTrim, roots: Bits, presence: Bits): Bits {
  const excluded = emptyBits(c.words);
  const total: Budget = { left: EXCLUSION_TOTAL_BUDGET };
  for (let o = 0; o < c.size; o += 1) {
    if (has(presence, o)) continue;
    if (has(c.unavailable, o)) {
      set(excluded, o);
      continue;
    }
    const swapped = emptyBits(c.words);
    let blocked = false;
    for (const g of COLOUR_GROUPS) {
      if (!intersects(c.closure[o]!, c.groupMask[g]!)) continue;
      for (const colour of members(andBits(presence, c.groupMask[g]!))) {
        if (has(c.closure[o]!, colour)) continue;
        if (!has(roots, colour)) blocked = true;
        set(swapped, colour);
      }
    }
    if (blocked) {
      set(excluded, o);
      continue;
    }
    if (isEmpty(swapped)) {
      // Nothing swapped out: only the options `o` brings can break a rule (the present ones are valid together).
      const added = c.closure[o]!;
      if (intersects(c.closureConflicts[o]!, presence)) {
        set(excluded, o);
        continue;
      }
      let met = true;
      for (const a of members(added)) {
        for (const entry of c.requires[a]!) {
          if (!intersects(entry, presence) && !intersects(entry, added)) met = false;
        }
      }
      if (met) continue;
    }
    const next = roots.slice();
    for (const colour of members(swapped)) clear(next, colour);
    set(next, o);
    const goal: Goal = { lockedIn: next, mustOut: swapped, keep: [] };
    const nextPresence = presenceOf(c, next);
    const violation = firstViolation(c, nextPresence, goal);
    if (!violation) continue;
    if (violation.kind !== "need") {
      set(excluded, o);
      continue;
    }
    if (total.left <= 0) continue;
    if (greedyCompletion(c, nextPresence, swapped, total)) continue;
    const budget: Budget = { left: Math.min(EXCLUSION_BUDGET, total.left) };
    const search = searchResolutions(c, next, goal, { budget, wanted: 1, maxDepth: c.size, addOnly: true });
    total.left -= search.nodes;
    if (search.solutions.length === 0 && !search.exhausted) set(excluded, o);
  }
  return excluded;
}

function unique(codes: string[]): string[] {
  return [...new Set(codes)];
}
