import { type Bits, bitsOf, emptyBits, has, intersects, members, orInto, popcount, set, wordsFor } from "./bitset.ts";
import { type BuildOption, OPTION_GROUP_IDS, type Trim } from "./types.ts";

/** Colour groups by index: 1 exterior, 2 interior (0: not a colour). */
export const EXTERIOR = 1;
export const INTERIOR = 2;
export const COLOUR_GROUPS = [EXTERIOR, INTERIOR] as const;

/** The one-of sets of a `rule_requires` entry: `"A|B"` is A or B. */
export function requirementCodes(entry: string): string[] {
  return entry
    .split("|")
    .map((code) => code.trim())
    .filter((code) => code !== "");
}

/** A trim's rules as bit sets over option indices (catalogue order), built once per trim object. */
export type CompiledTrim = {
  size: number;
  words: number;
  /** The trim's MSRP in cents. */
  msrp: number;
  options: BuildOption[];
  codes: string[];
  index: Map<string, number>;
  price: number[];
  /** The option and everything it includes, transitively. */
  closure: Bits[];
  /** Options whose closure holds the option (itself included): any of them present makes it present. */
  holders: Bits[];
  /** Direct conflicts, made symmetric. */
  conflicts: Bits[];
  /** Everything that conflicts with some option of the closure. */
  closureConflicts: Bits[];
  /** Per option, one mask per `rule_requires` entry (codes unknown to the trim left out). */
  requires: Bits[][];
  group: Uint8Array;
  groupMask: Bits[];
  /** Options that can never be present (see README: unavailable). */
  unavailable: Bits;
};

const cache = new WeakMap<Trim, CompiledTrim>();

export function compileTrim(trim: Trim): CompiledTrim {
  const cached = cache.get(trim);
  if (cached) return cached;
  const compiled = compile(trim);
  cache.set(trim, compiled);
  return compiled;
}

function compile(trim: Trim): CompiledTrim {
  // Duplicate codes: the first occurrence wins.
  const options: BuildOption[] = [];
  const index = new Map<string, number>();
  for (const option of trim.options) {
    if (index.has(option.code)) continue;
    index.set(option.code, options.length);
    options.push(option);
  }
  const size = options.length;
  const words = wordsFor(size);
  const known = (codes: readonly string[]) => codes.flatMap((code) => (index.has(code) ? [index.get(code)!] : []));

  const direct = options.map((option, i) => [i, ...known(option.rule_includes)]);
  const closure = options.map((_, i) => {
    const bits = emptyBits(words);
    const stack = [i];
    while (stack.length > 0) {
      const j = stack.pop()!;
      if (has(bits, j)) continue;
      set(bits, j);
      stack.push(...direct[j]!);
    }
    return bits;
  });
  const holders = options.map(() => emptyBits(words));
  closure.forEach((bits, i) => members(bits).forEach((j) => set(holders[j]!, i)));

  const conflicts = options.map(() => emptyBits(words));
  options.forEach((option, i) => {
    for (const j of known(option.rule_conflicts)) {
      if (j === i) continue;
      set(conflicts[i]!, j);
      set(conflicts[j]!, i);
    }
  });

  const closureConflicts = closure.map((bits) => {
    const union = emptyBits(words);
    for (const j of members(bits)) orInto(union, conflicts[j]!);
    return union;
  });

  const requires = options.map((option) =>
    option.rule_requires.map((entry) => bitsOf(words, known(requirementCodes(entry)))),
  );

  const group = new Uint8Array(size);
  options.forEach((option, i) => {
    if (option.group_id === OPTION_GROUP_IDS.exterior) group[i] = EXTERIOR;
    else if (option.group_id === OPTION_GROUP_IDS.interior) group[i] = INTERIOR;
  });
  const groupMask = [0, EXTERIOR, INTERIOR].map((g) =>
    bitsOf(
      words,
      options.flatMap((_, i) => (g !== 0 && group[i] === g ? [i] : [])),
    ),
  );

  // Unavailable: not valid, or a requirement no option of the trim can meet; and anything whose
  // closure holds one of those, two colours of a group, or two conflicting options.
  const broken = bitsOf(
    words,
    options.flatMap((option, i) =>
      !option.is_valid || requires[i]!.some((entry) => popcount(entry) === 0) ? [i] : [],
    ),
  );
  const unavailable = emptyBits(words);
  options.forEach((_, i) => {
    const bits = closure[i]!;
    const clash =
      intersects(bits, broken) ||
      COLOUR_GROUPS.some((g) => popcount(andBits(bits, groupMask[g]!)) > 1) ||
      members(bits).some((j) => intersects(conflicts[j]!, bits));
    if (clash) set(unavailable, i);
  });

  return {
    size,
    words,
    msrp: trim.prices.msrp,
    options,
    codes: options.map((option) => option.code),
    index,
    price: options.map((option) => option.prices.msrp),
    closure,
    holders,
    conflicts,
    closureConflicts,
    requires,
    group,
    groupMask,
    unavailable,
  };
}

export function andBits(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  for (let w = 0; w < a.length; w += 1) out[w] = a[w]! & b[w]!;
  return out;
}

/** What is present when `roots` are selected: the union of their closures. */
export function presenceOf(compiled: CompiledTrim, roots: Bits): Bits {
  const presence = emptyBits(compiled.words);
  for (const i of members(roots)) orInto(presence, compiled.closure[i]!);
  return presence;
}

/** Drops roots that another kept root includes, in catalogue order (the presence is unchanged). */
export function normalizeRoots(compiled: CompiledTrim, roots: Bits): Bits {
  const kept = roots.slice();
  for (const i of members(roots)) {
    for (const j of members(compiled.holders[i]!)) {
      if (j !== i && has(kept, j)) {
        kept[i >>> 5]! &= ~(1 << (i & 31));
        break;
      }
    }
  }
  return kept;
}
