import type { Bits } from "./bitset.ts";
import type { CompiledTrim } from "./compiled-trim.ts";
import { applySolution, type Goal, satisfies, type Solution } from "./rule-check.ts";

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
