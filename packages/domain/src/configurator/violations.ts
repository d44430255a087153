import { type BuildOption, OPTION_GROUP_IDS, type Trim } from "./types.ts";

export type RuleViolation =
  | { rule: "unknown"; code: string }
  | { rule: "not_valid"; code: string }
  | { rule: "requires"; code: string; requirement: string }
  | { rule: "conflicts"; code: string; other: string }
  | { rule: "single_colour"; group: "exterior" | "interior"; codes: string[] };

/** Codes present with a selection: the selection and everything it includes, transitively. */
export function presentCodes(trim: Trim, selected: readonly string[]): Set<string> {
  const byCode = firstByCode(trim);
  const present = new Set<string>();
  const pending = selected.filter((code) => byCode.has(code));
  while (pending.length > 0) {
    const code = pending.pop()!;
    if (present.has(code)) continue;
    present.add(code);
    for (const included of byCode.get(code)!.rule_includes) if (byCode.has(included)) pending.push(included);
  }
  return present;
}

/**
 * Every rule a selection breaks, checked plainly on codes (kept apart from the engine's bit sets so
 * tests and the API can judge the engine's answers): unknown codes, present options that are not
 * valid, unmet requirements, conflicting pairs, more than one colour in a colour group.
 */
export function ruleViolations(trim: Trim, selected: readonly string[]): RuleViolation[] {
  const byCode = firstByCode(trim);
  const violations: RuleViolation[] = selected
    .filter((code) => !byCode.has(code))
    .map((code) => ({ rule: "unknown" as const, code }));
  const present = presentCodes(trim, selected);
  for (const code of present) {
    const option = byCode.get(code)!;
    if (!option.is_valid) violations.push({ rule: "not_valid", code });
    for (const requirement of option.rule_requires) {
      const oneOf = requirement.split("|").map((part) => part.trim());
      if (!oneOf.some((candidate) => present.has(candidate))) violations.push({ rule: "requires", code, requirement });
    }
    for (const other of option.rule_conflicts) {
      if (other !== code && present.has(other)) violations.push({ rule: "conflicts", code, other });
    }
  }
  for (const [group, id] of [
    ["exterior", OPTION_GROUP_IDS.exterior],
    ["interior", OPTION_GROUP_IDS.interior],
  ] as const) {
    const codes = [...present].filter((code) => byCode.get(code)!.group_id === id);
    if (codes.length > 1) violations.push({ rule: "single_colour", group, codes: codes.sort() });
  }
  return violations;
}

/** Options by code; with a duplicated code the first one counts. */
function firstByCode(trim: Trim): Map<string, BuildOption> {
  const byCode = new Map<string, BuildOption>();
  for (const option of trim.options) if (!byCode.has(option.code)) byCode.set(option.code, option);
  return byCode;
}
