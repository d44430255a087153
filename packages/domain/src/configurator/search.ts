import { type Bits, clear, has, intersects, members, orInto, set } from "./bitset.ts";
import { andBits, COLOUR_GROUPS, type CompiledTrim, presenceOf } from "./compiled-trim.ts";
import { clashesInGroup, firstViolation, type Goal, type Solution } from "./rule-check.ts";

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
