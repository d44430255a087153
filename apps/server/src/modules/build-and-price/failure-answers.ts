import { apiMessage, type Language } from "@showroom/domain";
import { FieldErrors, HttpError, type FieldMessage } from "../../platform/http-errors.ts";
import type { BuildFailure, NamedViolation, OptionName } from "./failures.ts";
import type { BuildPicture } from "./pictures.ts";
import type { TrimCheck } from "./trim-configuration.ts";

/** Each broken rule as a message with the options' names in the shopper's language, each said once. */
export function violationMessages(violations: NamedViolation[], language: Language): FieldMessage[] {
  const name = (option: OptionName) => option[language];
  const message = (violation: NamedViolation): FieldMessage => {
    switch (violation.rule) {
      case "unknown":
        return { key: "unknown_option_code", values: { code: violation.code } };
      case "not_valid":
        return { key: "build_option_unavailable", values: { option: name(violation.option) } };
      case "requires":
        return { key: "build_option_requires", values: { option: name(violation.option), requirement: violation.oneOf.map(name).join(" / ") } };
      case "conflicts":
        return { key: "build_option_conflicts", values: { option: name(violation.option), other: name(violation.other) } };
      case "single_colour":
        return {
          key: violation.group === "exterior" ? "build_single_exterior_colour" : "build_single_interior_colour",
          values: { options: violation.options.map(name).join(", ") },
        };
    }
  };
  const seen = new Set<string>();
  return violations.map(message).filter((m) => {
    const key = JSON.stringify(m);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** The HTTP answer to a build-and-price failure: its status and the contract's message. */
export function httpErrorOf(failure: BuildFailure, language: Language): HttpError | FieldErrors {
  switch (failure.kind) {
    case "vehicle_not_found":
    case "build_state_not_found":
      return new HttpError(404, "resource_not_found");
    case "no_matching_trim":
      return new HttpError(404, "no_matching_trim");
    case "build_locked":
      return new HttpError(403, "build_locked");
    case "build_locked_to_customer":
      return new HttpError(403, "build_locked_to_customer");
    case "last_date_of_change_unchecked":
      return new FieldErrors({ last_date_of_change_checked: ["last_date_of_change_unchecked"] });
    case "unknown_codes":
      return new FieldErrors(
        Object.fromEntries(Object.entries(failure.fields).map(([field, codes]) => [field, codes.map((code) => ({ key: "unknown_option_code" as const, values: { code } }))])),
      );
    case "rules_broken":
      return new FieldErrors({ [failure.field]: violationMessages(failure.violations, language) });
    case "trim_configuration_of_other_trim":
      return new FieldErrors({ trim_configuration: ["no_matching_trim"] });
    case "compare_uid_mismatch":
      return new FieldErrors({ uid: ["invalid_value"] });
    case "compare_vehicle_mismatch":
      return new FieldErrors({ vehicle: ["build_state_unknown"] });
    case "trim_choice_required":
      return new FieldErrors({ selected_options: ["trim_choice_required"] });
  }
}

/** The address of a drawn picture (served by the render route). */
export const buildImageOf = ({ bodySlug, hex, angle, view, alt_en, alt_fr }: BuildPicture) => ({
  src: `/api/build-and-price/build-images/render/${bodySlug}/${hex}/${angle}.svg`,
  alt_en,
  alt_fr,
  view,
});

/** A checked alternative-configurator selection as the contract sends it: an invalid one's problems in words. */
export function trimCheckAnswer({ violations, ...check }: TrimCheck, language: Language) {
  const problems = violationMessages(violations, language).map((m) => (typeof m === "string" ? apiMessage(m, language) : apiMessage(m.key, language, m.values)));
  return { ...check, problems, problem_reason: check.is_valid ? null : apiMessage("build_selection_invalid", language) };
}
