import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyAlternative, applyChange, configurationState } from "./engine.ts";
import { buildOption, buildTrim } from "./test-trims.ts";
import { type Alternative, type ChangeRequest, type ConfigurationState, OPTION_GROUP_IDS, type Trim } from "./types.ts";
import { presentCodes, ruleViolations } from "./violations.ts";

// Random trims of up to 9 options (small enough to enumerate every selection) with random includes,
// one-of requirements (sometimes naming a code the trim lacks), conflicts, colour groups and invalid options.
const MAX_OPTIONS = 9;
const UNKNOWN = MAX_OPTIONS + 1;
const ref = (n: number) => (j: number) => (j === UNKNOWN ? "ZZ" : `K${j % n}`);

/** An option index, now and then a code the trim lacks. */
const codeRef = fc.oneof(
  { arbitrary: fc.nat(MAX_OPTIONS - 1), weight: 24 },
  { arbitrary: fc.constant(UNKNOWN), weight: 1 },
);
const few = <T>(arbitrary: fc.Arbitrary<T>, most: number) =>
  fc.oneof(
    { arbitrary: fc.constant<T[]>([]), weight: 3 },
    { arbitrary: fc.array(arbitrary, { minLength: 1, maxLength: most }), weight: 1 },
  );

const optionSpec = fc.record({
  kind: fc.constantFrom(
    "exterior" as const,
    "interior" as const,
    "package" as const,
    "option" as const,
    "option" as const,
  ),
  price: fc.integer({ min: 0, max: 6 }).map((k) => k * 25_000),
  includes: few(fc.nat(MAX_OPTIONS - 1), 2),
  requires: few(fc.array(codeRef, { minLength: 1, maxLength: 3 }), 2),
  conflicts: few(fc.nat(MAX_OPTIONS - 1), 1),
  valid: fc.nat(29).map((v) => v !== 0),
});

const trimArbitrary = fc.array(optionSpec, { minLength: 2, maxLength: MAX_OPTIONS }).map((specs) => {
  const code = ref(specs.length);
  return buildTrim(
    specs.map((spec, i) =>
      buildOption(`K${i}`, spec.kind, spec.price, {
        rule_includes: spec.includes.map(code),
        rule_requires: spec.requires.map((entry) => entry.map(code).join("|")),
        rule_conflicts: spec.conflicts.map(code),
        is_valid: spec.valid,
      }),
    ),
  );
});

/** A trim shaped like a real one: colours, packages that include options, options that need one of the packages, conflicts. */
const structuredTrimArbitrary = fc
  .record({
    exterior: fc.integer({ min: 1, max: 3 }),
    interior: fc.integer({ min: 0, max: 2 }),
    packages: fc.integer({ min: 1, max: 2 }),
    options: fc.integer({ min: 2, max: 4 }),
    seeds: fc.array(fc.nat(1_000), { minLength: 40, maxLength: 40 }),
  })
  .map(({ exterior, interior, packages, options, seeds }) => {
    let k = 0;
    const next = (n: number) => seeds[k++ % seeds.length]! % n;
    const ext = Array.from({ length: exterior }, (_, i) => `E${i}`);
    const int = Array.from({ length: interior }, (_, i) => `I${i}`);
    const pkg = Array.from({ length: packages }, (_, i) => `P${i}`);
    const opt = Array.from({ length: options }, (_, i) => `O${i}`);
    const pick = (codes: string[]) => codes[next(codes.length)]!;
    return buildTrim([
      ...ext.map((code) =>
        buildOption(code, "exterior", next(3) * 40_000, {
          rule_conflicts: int.length > 0 && next(3) === 0 ? [pick(int)] : [],
        }),
      ),
      ...int.map((code) => buildOption(code, "interior", 0, { rule_requires: next(4) === 0 ? [pick(pkg)] : [] })),
      ...pkg.map((code) =>
        buildOption(code, "package", 100_000 + next(5) * 50_000, {
          rule_includes: [...new Set([pick(opt), pick(opt)])],
        }),
      ),
      ...opt.map((code) =>
        buildOption(code, "option", 10_000 + next(10) * 10_000, {
          rule_requires: next(3) === 0 ? [[...new Set([pick(pkg), pick(pkg)])].join("|")] : [],
          rule_conflicts: next(3) === 0 ? [pick([...opt, ...ext])] : [],
        }),
      ),
    ]);
  });

const refs = (max: number) => fc.array(codeRef, { minLength: 1, maxLength: max });
const requestArbitrary = fc.oneof(
  fc.record({ add: refs(2) }),
  fc.record({ remove: refs(2) }),
  fc.record({ swap: fc.record({ add: refs(1), remove: refs(1) }) }),
);
type RequestRefs = { add?: number[]; remove?: number[]; swap?: { add: number[]; remove: number[] } };
function requestCodes(trim: Trim, request: RequestRefs): ChangeRequest {
  const code = ref(trim.options.length);
  return {
    ...(request.add ? { add: request.add.map(code) } : {}),
    ...(request.remove ? { remove: request.remove.map(code) } : {}),
    ...(request.swap ? { swap: { add: request.swap.add.map(code), remove: request.swap.remove.map(code) } } : {}),
  };
}

/** Every selection of a small trim, as bit masks of present options: which are closed under includes and break no rule. */
function oracle(trim: Trim) {
  const codes = trim.options.map((option) => option.code);
  const maskOf = (set: Iterable<string>) =>
    [...set].reduce((mask, code) => mask | (codes.includes(code) ? 1 << codes.indexOf(code) : 0), 0);
  const codesOf = (mask: number) => codes.filter((_, i) => mask & (1 << i));
  const closure = codes.map((code) => maskOf(presentCodes(trim, [code])));
  const groupMask = (id: number) =>
    maskOf(trim.options.filter((option) => option.group_id === id).map((option) => option.code));
  const groups = [groupMask(OPTION_GROUP_IDS.exterior), groupMask(OPTION_GROUP_IDS.interior)];
  const valid: number[] = [];
  for (let mask = 0; mask < 1 << codes.length; mask += 1) {
    const closed = codesOf(mask).every((code) => (closure[codes.indexOf(code)]! & ~mask) === 0);
    if (closed && ruleViolations(trim, codesOf(mask)).length === 0) valid.push(mask);
  }
  return { maskOf, closure, groups, valid, codes };
}
type Oracle = ReturnType<typeof oracle>;

function expectConsistent(trim: Trim, state: ConfigurationState) {
  expect(ruleViolations(trim, state.selected)).toEqual([]);
  const present = presentCodes(trim, state.selected);
  expect(state.included).toEqual(
    trim.options.map((o) => o.code).filter((code) => present.has(code) && !state.selected.includes(code)),
  );
  const price = state.selected.reduce((sum, code) => sum + trim.options.find((o) => o.code === code)!.prices.msrp, 0);
  expect(state.prices).toEqual({ base_msrp: trim.prices.msrp, options_msrp: price, msrp: trim.prices.msrp + price });
}

/** The selection an alternative leads to, written out plainly. */
function resolvedSelection(
  selected: readonly string[],
  requested: { add: string[]; remove: string[] },
  alternative: Alternative,
  drop?: string,
) {
  const add = [...requested.add, ...alternative.additions].filter((code) => code !== drop);
  const remove = [...requested.remove, ...alternative.removals].filter((code) => code !== drop);
  return [...new Set([...selected, ...add])].filter((code) => !remove.includes(code));
}

const COLOUR_GROUP_IDS = [OPTION_GROUP_IDS.exterior, OPTION_GROUP_IDS.interior] as const;
const fillsGroup = (trim: Trim, present: Set<string>, g: number) =>
  trim.options.some((option) => option.group_id === COLOUR_GROUP_IDS[g] && present.has(option.code));

/** The selection breaks no rule, holds the requested additions, lacks the removals and fills the kept colour groups. */
function meetsRequest(trim: Trim, selection: string[], requested: { add: string[]; remove: string[] }, keep: number[]) {
  if (ruleViolations(trim, selection).length > 0) return false;
  const present = presentCodes(trim, selection);
  const groupFilled = (g: number) => fillsGroup(trim, present, g);
  return (
    requested.add.every((code) => present.has(code)) &&
    requested.remove.every((code) => !present.has(code)) &&
    keep.every(groupFilled)
  );
}

function checkConflict(trim: Trim, o: Oracle, before: ConfigurationState, after: ConfigurationState) {
  const conflict = after.conflict!;
  const { conflict: _, ...unchanged } = after;
  expect(unchanged).toEqual(before);
  const { requested } = conflict;
  // Colour groups the request leaves filled stay filled (unless no alternative can keep them).
  const direct = presentCodes(trim, resolvedSelection(before.selected, requested, { additions: [], removals: [] }));
  const keep = [0, 1].filter((g) => fillsGroup(trim, direct, g));
  const keeps = (selection: string[]) => meetsRequest(trim, selection, requested, keep);
  for (const alternative of conflict.alternatives) {
    const selection = resolvedSelection(before.selected, requested, alternative);
    const applied = applyAlternative(trim, before.selected, requested, alternative);
    expect(applied.conflict).toBeUndefined();
    expectConsistent(trim, applied);
    expect(meetsRequest(trim, applied.selected, requested, [])).toBe(true);
    // Minimal: dropping any one change loses validity, the request, or a kept colour group.
    const constraints = keeps(selection) ? keep : [];
    for (const code of [...alternative.additions, ...alternative.removals]) {
      expect(
        meetsRequest(trim, resolvedSelection(before.selected, requested, alternative, code), requested, constraints),
      ).toBe(false);
    }
  }
  expect(new Set(conflict.alternatives.map((a) => JSON.stringify(a))).size).toBe(conflict.alternatives.length);
  const sizes = conflict.alternatives.map((a) => a.additions.length + a.removals.length);
  expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  const best = conflict.alternatives[0];
  if (best && !conflict.budget_exhausted) {
    // The first alternative makes the fewest changes any selection meeting the request can make.
    const selection = resolvedSelection(before.selected, requested, best);
    const direct = resolvedSelection(before.selected, requested, { additions: [], removals: [] });
    const fewest = fewestChanges(o, direct, requested, keeps(selection) ? keep : []);
    expect(best.additions.length + best.removals.length).toBe(fewest);
  }
  if (
    conflict.alternatives.length === 0 &&
    !conflict.budget_exhausted &&
    requested.add.every((code) => o.codes.includes(code))
  ) {
    // Nothing offered: no selection at all holds the requested additions without the removals.
    const adds = requested.add.reduce((mask, code) => mask | o.closure[o.codes.indexOf(code)]!, 0);
    const removes = o.maskOf(requested.remove);
    expect(o.valid.some((q) => (q & adds) === adds && (q & removes) === 0)).toBe(false);
  }
}

/** The fewest options to select or drop from `roots` for a valid selection that meets the request and fills the kept groups. */
function fewestChanges(o: Oracle, rootCodes: string[], requested: { add: string[]; remove: string[] }, keep: number[]) {
  const valid = new Set(o.valid);
  const roots = o.maskOf(rootCodes);
  const adds = o.maskOf(requested.add);
  const removes = o.maskOf(requested.remove);
  let fewest = Infinity;
  for (let target = 0; target < 1 << o.codes.length; target += 1) {
    if ((target & adds) !== adds) continue;
    const present = o.closure.reduce((mask, closure, i) => (target & (1 << i) ? mask | closure : mask), 0);
    if (!valid.has(present) || (present & removes) !== 0 || keep.some((g) => (present & o.groups[g]!) === 0)) continue;
    let changes = 0;
    for (let diff = target ^ roots; diff !== 0; diff &= diff - 1) changes += 1;
    fewest = Math.min(fewest, changes);
  }
  return fewest;
}

/** Excluded: exactly the absent options no additions-only change (after the colour swap) can bring in. */
function checkExcluded(trim: Trim, o: Oracle, state: ConfigurationState) {
  const present = o.maskOf([...state.selected, ...state.included]);
  const roots = o.maskOf(state.selected);
  o.codes.forEach((code, i) => {
    if (present & (1 << i)) return;
    let swapped = 0;
    for (const g of o.groups) if (o.closure[i]! & g) swapped |= present & g & ~o.closure[i]!;
    const blocked = (swapped & ~roots) !== 0;
    const keptRoots = roots & ~swapped;
    const needed = o.codes.reduce((mask, _, j) => (keptRoots & (1 << j) ? mask | o.closure[j]! : mask), o.closure[i]!);
    const addable = !blocked && o.valid.some((q) => (q & needed) === needed && (q & swapped) === 0);
    expect({ code, excluded: state.excluded.includes(code) }).toEqual({ code, excluded: !addable });
  });
}

/** Applies the requests in turn (following one offered alternative after a conflict) and checks every answer. */
function checkSequence(trim: Trim, start: string[], steps: [ChangeRequest, number][]) {
  const o = oracle(trim);
  let state = configurationState(trim, start);
  expectConsistent(trim, state);
  for (const [request, choice] of steps) {
    const next = applyChange(trim, state.selected, request);
    if (!next.conflict) {
      expectConsistent(trim, next);
      checkExcluded(trim, o, next);
      state = next;
      continue;
    }
    checkConflict(trim, o, state, next);
    // A colour the request brings swaps out the selected colour of its group: part of the request, not of an alternative.
    const brought = presentCodes(trim, [...(request.add ?? []), ...(request.swap?.add ?? [])]);
    const swapped = state.selected.filter((code) => {
      const option = trim.options.find((candidate) => candidate.code === code)!;
      const g = COLOUR_GROUP_IDS.indexOf(option.group_id as (typeof COLOUR_GROUP_IDS)[number]);
      return g >= 0 && fillsGroup(trim, brought, g) && !brought.has(code);
    });
    expect(next.conflict.requested.remove).toEqual(expect.arrayContaining(swapped));
    const alternatives = next.conflict.alternatives;
    if (alternatives.length > 0) {
      state = applyAlternative(
        trim,
        state.selected,
        next.conflict.requested,
        alternatives[choice % alternatives.length]!,
      );
    }
  }
}

describe("configurator engine properties", () => {
  it("on trims shaped like real ones, answers additions and removals with valid states or minimal alternatives", () => {
    fc.assert(
      fc.property(
        structuredTrimArbitrary,
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.array(fc.tuple(fc.boolean(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 8 }),
        (trim, start, steps) => {
          const codes = trim.options.map((option) => option.code);
          checkSequence(
            trim,
            start.map((i) => codes[i % codes.length]!),
            steps.map(([add, i, choice]) => [
              add ? { add: [codes[i % codes.length]!] } : { remove: [codes[i % codes.length]!] },
              choice,
            ]),
          );
        },
      ),
      { numRuns: 200 },
    );
  }, 30_000);

  it("answers random request sequences on random rule sets with valid, correctly priced states and minimal alternatives that resolve their conflicts", () => {
    fc.assert(
      fc.property(
        trimArbitrary,
        fc.array(codeRef, { maxLength: 6 }),
        fc.array(fc.tuple(requestArbitrary, fc.nat()), { minLength: 1, maxLength: 8 }),
        (trim, start, steps) =>
          checkSequence(
            trim,
            start.map(ref(trim.options.length)),
            steps.map(([request, choice]) => [requestCodes(trim, request as RequestRefs), choice]),
          ),
      ),
      { numRuns: 200 },
    );
  }, 30_000);
});
