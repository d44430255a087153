import { configurationState, isValidSelection, ruleViolations, type RuleViolation, type Trim, type TrimModel } from "@showroom/domain";
import { fail, type NamedViolation, type OptionName } from "./failures.ts";

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** Fails naming each field that holds codes the trim does not have. */
export function assertKnownCodes(model: TrimModel, fields: Record<string, readonly string[] | undefined>) {
  const unknown: Record<string, string[]> = {};
  for (const [field, codes] of Object.entries(fields)) {
    const missing = unique((codes ?? []).filter((code) => !model.optionsByCode.has(code)));
    if (missing.length) unknown[field] = missing;
  }
  if (Object.keys(unknown).length) fail({ kind: "unknown_codes", fields: unknown });
}

/** Each rule a selection breaks, with the names of the options involved. */
export function namedViolations(trim: Trim, model: TrimModel, selection: readonly string[]): NamedViolation[] {
  const name = (code: string): OptionName => {
    const option = model.optionsByCode.get(code);
    return option ? { en: option.name, fr: option.name_fr } : { en: code, fr: code };
  };
  const named = (violation: RuleViolation): NamedViolation => {
    switch (violation.rule) {
      case "unknown":
        return violation;
      case "not_valid":
        return { rule: "not_valid", option: name(violation.code) };
      case "requires":
        return { rule: "requires", option: name(violation.code), oneOf: violation.requirement.split("|").map((code) => name(code.trim())) };
      case "conflicts":
        return { rule: "conflicts", option: name(violation.code), other: name(violation.other) };
      case "single_colour":
        return { rule: "single_colour", group: violation.group, options: violation.codes.map(name) };
    }
  };
  return ruleViolations(trim, selection).map(named);
}

/** The state of a selection the shopper sent as a whole: it must keep every rule (fails naming them otherwise). */
export function stateOfValidSelection(trim: Trim, model: TrimModel, field: string, selection: readonly string[]) {
  assertKnownCodes(model, { [field]: selection });
  if (!isValidSelection(trim, selection)) fail({ kind: "rules_broken", field, violations: namedViolations(trim, model, selection) });
  return configurationState(trim, selection);
}
