/** An option's name in both languages, as the catalogue gives it. */
export type OptionName = { en: string; fr: string };

/** A rule a selection breaks, with the options' names (the route words it in the shopper's language). */
export type NamedViolation =
  | { rule: "unknown"; code: string }
  | { rule: "not_valid"; option: OptionName }
  | { rule: "requires"; option: OptionName; oneOf: OptionName[] }
  | { rule: "conflicts"; option: OptionName; other: OptionName }
  | { rule: "single_colour"; group: "exterior" | "interior"; options: OptionName[] };

/** What can go wrong in build and price, as values: the routes decide the HTTP status and the words. */
export type BuildFailure =
  | { kind: "vehicle_not_found" }
  | { kind: "build_state_not_found" }
  | { kind: "no_matching_trim" }
  | { kind: "unknown_codes"; fields: Record<string, string[]> }
  | { kind: "rules_broken"; field: string; violations: NamedViolation[] }
  | { kind: "trim_configuration_of_other_trim" }
  | { kind: "compare_uid_mismatch" }
  | { kind: "compare_vehicle_mismatch" }
  | { kind: "trim_choice_required" }
  | { kind: "build_locked" }
  | { kind: "build_locked_to_customer" }
  | { kind: "last_date_of_change_unchecked" };

export class BuildFailed extends Error {
  constructor(readonly failure: BuildFailure) {
    super(failure.kind);
  }
}

export const fail = (failure: BuildFailure): never => {
  throw new BuildFailed(failure);
};
