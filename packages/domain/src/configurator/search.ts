import { type Bits, clear, firstCommon, has, intersects, members, orInto, popcountWord, set } from "./bitset.ts";
import { andBits, COLOUR_GROUPS, type CompiledTrim, presenceOf } from "./compiled-trim.ts";

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

/** Search nodes left for one call of the engine, shared by its searches. */
export type Budget = { left: number };

type Frame = {
  roots: Bits;
  lockedIn: Bits;
  /** What the locked roots bring: it stays, so a candidate clashing with it can never be part of a resolution. */
  locked: Bits;
  lockedOut: Bits;
  changes: number;
  additions: number[];
  removals: number[];
};

/** Options whose closure meets the entry, cheapest first (members of the entry before their includers at equal price). */
function candidatesFor(c: CompiledTrim, entry: Bits, frame: Frame, goal: Goal): number[] {
  const bits = new Uint32Array(c.words);
  for (const e of members(entry)) orInto(bits, c.holders[e]!);
  const locked = frame.locked;
  return members(bits)
    .filter(
      (i) =>
        !has(c.unavailable, i) &&
        !has(frame.lockedOut, i) &&
        !has(frame.roots, i) &&
        !intersects(c.closure[i]!, goal.mustOut) &&
        !intersects(c.closureConflicts[i]!, locked) &&
        !COLOUR_GROUPS.some((g) => clashesInGroup(c, c.closure[i]!, locked, g)),
    )
    .sort((x, y) => c.price[x]! - c.price[y]! || Number(!has(entry, x)) - Number(!has(entry, y)) || x - y);
}

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

/** True when `bits` holds a colour of group g and `other` holds a different one. */
function clashesInGroup(c: CompiledTrim, bits: Bits, other: Bits, g: number): boolean {
  const mask = c.groupMask[g]!;
  let brings = false;
  let differs = false;
  for (let w = 0; w < mask.length; w += 1) {
    if ((bits[w]! & mask[w]!) !== 0) brings = true;
    if ((other[w]! & mask[w]! & ~bits[w]!) !== 0) differs = true;
  }
  return brings && differs;
}

/** How many more changes than the smallest resolution found the search still looks for alternatives. */
const DEPTH_SLACK = 2;

export type SearchResult = { solutions: Solution[]; exhausted: boolean; nodes: number };

/**
 * Resolutions of `roots` (which break `goal` or the rules) found by iterative deepening on the number of
 * changes: each step fixes the first violation by removing the roots that hold an option or by adding
 * an option that meets a requirement. Nothing added is removed again and nothing removed comes back.
 */
export function searchResolutions(
  c: CompiledTrim,
  roots: Bits,
  goal: Goal,
  limits: { budget: Budget; wanted: number; maxDepth: number; addOnly?: boolean },
): SearchResult {
  const { budget } = limits;
  let nodes = 0;
  const found = new Map<string, Solution>();
  let exhausted = false;
  /** Whether the current iteration cut a branch for depth (if not, deeper iterations find nothing new). */
  let cut = false;

  const visit = (frame: Frame, depth: number): boolean => {
    if (budget.left <= 0) {
      exhausted = true;
      return false;
    }
    budget.left -= 1;
    nodes += 1;
    const violation = firstViolation(c, presenceOf(c, frame.roots), goal);
    if (!violation) {
      const solution = {
        additions: [...frame.additions].sort((a, b) => a - b),
        removals: [...frame.removals].sort((a, b) => a - b),
      };
      found.set(`${solution.additions.join(",")}/${solution.removals.join(",")}`, solution);
      return limits.addOnly !== true;
    }
    if (violation.kind === "need") {
      if (frame.changes + 1 > depth) cut = true;
      else {
        for (const i of candidatesFor(c, violation.entry, frame, goal)) {
          const next: Frame = {
            ...frame,
            roots: frame.roots.slice(),
            lockedIn: frame.lockedIn.slice(),
            locked: frame.locked.slice(),
            changes: frame.changes + 1,
            additions: [...frame.additions, i],
          };
          set(next.roots, i);
          set(next.lockedIn, i);
          orInto(next.locked, c.closure[i]!);
          if (!visit(next, depth)) return false;
        }
      }
    }
    if (limits.addOnly) return true;
    // Otherwise make one of the options involved absent: remove the roots that hold it.
    const targets =
      violation.kind === "absent"
        ? [violation.option]
        : violation.kind === "pair"
          ? [violation.a, violation.b]
          : violation.kind === "group"
            ? violation.options
            : violation.by >= 0
              ? [violation.by]
              : [];
    for (const target of targets) {
      const holding = andBits(frame.roots, c.holders[target]!);
      if (intersects(holding, frame.lockedIn)) continue;
      const removed = members(holding);
      if (removed.length === 0) continue;
      if (frame.changes + removed.length > depth) {
        cut = true;
        continue;
      }
      const next: Frame = {
        ...frame,
        roots: frame.roots.slice(),
        lockedOut: frame.lockedOut.slice(),
        changes: frame.changes + removed.length,
        removals: [...frame.removals, ...removed],
      };
      for (const r of removed) {
        clear(next.roots, r);
        set(next.lockedOut, r);
      }
      if (!visit(next, depth)) return false;
    }
    return true;
  };

  const start: Frame = {
    roots,
    lockedIn: goal.lockedIn.slice(),
    locked: presenceOf(c, goal.lockedIn),
    lockedOut: goal.mustOut.slice(),
    changes: 0,
    additions: [],
    removals: [],
  };
  if (limits.addOnly) {
    // Additions only: depth is bounded by the number of options; stop at the first solution.
    visit(start, c.size);
    return { solutions: [...found.values()], exhausted, nodes };
  }
  let firstFound = Infinity;
  for (let depth = 1; depth <= Math.min(limits.maxDepth, firstFound + DEPTH_SLACK) && !exhausted; depth += 1) {
    cut = false;
    visit(start, depth);
    if (found.size > 0) firstFound = Math.min(firstFound, depth);
    if (found.size >= limits.wanted || !cut) break;
  }
  return { solutions: [...found.values()], exhausted, nodes };
}

/** Roots after a resolution. */
export function applySolution(roots: Bits, solution: Solution): Bits {
  const next = roots.slice();
  for (const a of solution.additions) set(next, a);
  for (const r of solution.removals) clear(next, r);
  return next;
}

export const satisfies = (c: CompiledTrim, roots: Bits, goal: Goal) =>
  firstViolation(c, presenceOf(c, roots), goal) === null;

/** Drops changes the resolution does not need (most expensive additions first, then removals) until none can go. */
export function minimize(c: CompiledTrim, roots: Bits, goal: Goal, solution: Solution): Solution {
  let additions = [...solution.additions].sort((a, b) => c.price[b]! - c.price[a]! || a - b);
  let removals = [...solution.removals];
  for (let changed = true; changed;) {
    changed = false;
    for (const a of additions) {
      const rest = additions.filter((x) => x !== a);
      if (satisfies(c, applySolution(roots, { additions: rest, removals }), goal)) {
        additions = rest;
        changed = true;
      }
    }
    for (const r of removals) {
      const rest = removals.filter((x) => x !== r);
      if (satisfies(c, applySolution(roots, { additions, removals: rest }), goal)) {
        removals = rest;
        changed = true;
      }
    }
  }
  return { additions: additions.sort((a, b) => a - b), removals: removals.sort((a, b) => a - b) };
}

const contains = (outer: number[], inner: number[]) => inner.every((x) => outer.includes(x));

/** Minimal, deduplicated resolutions, fewest changes first, then the lowest added price, then the lowest total. */
export function rankResolutions(
  c: CompiledTrim,
  roots: Bits,
  goal: Goal,
  solutions: Solution[],
  cap: number,
): Solution[] {
  const unique = new Map<string, Solution>();
  for (const solution of solutions) {
    const minimal = minimize(c, roots, goal, solution);
    unique.set(`${minimal.additions.join(",")}/${minimal.removals.join(",")}`, minimal);
  }
  const all = [...unique.values()];
  const undominated = all.filter(
    (s) => !all.some((t) => t !== s && contains(s.additions, t.additions) && contains(s.removals, t.removals)),
  );
  const added = (s: Solution) => s.additions.reduce((sum, i) => sum + c.price[i]!, 0);
  const total = (s: Solution) => added(s) - s.removals.reduce((sum, i) => sum + c.price[i]!, 0);
  return undominated
    .sort(
      (s, t) =>
        s.additions.length + s.removals.length - (t.additions.length + t.removals.length) ||
        added(s) - added(t) ||
        total(s) - total(t) ||
        compareLists(s.additions, t.additions) ||
        compareLists(s.removals, t.removals),
    )
    .slice(0, cap);
}

function compareLists(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
