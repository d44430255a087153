import { describe, expect, it } from "vitest";
import { FieldErrors, type HttpError } from "../../platform/http-errors.ts";
import { httpErrorOf, trimCheckAnswer, violationMessages } from "./failure-answers.ts";
import type { BuildFailure, NamedViolation } from "./failures.ts";

const hud = { en: "Head-up display", fr: "Affichage tête haute" };
const tech = { en: "Technology Package", fr: "Groupe Technologie" };

describe("build-and-price failures as HTTP answers", () => {
  it.each<[BuildFailure, number]>([
    [{ kind: "vehicle_not_found" }, 404],
    [{ kind: "build_state_not_found" }, 404],
    [{ kind: "no_matching_trim" }, 404],
    [{ kind: "build_locked" }, 403],
    [{ kind: "unknown_codes", fields: { options: ["ZZZ"] } }, 400],
    [{ kind: "rules_broken", field: "options", violations: [] }, 400],
    [{ kind: "trim_configuration_of_other_trim" }, 400],
    [{ kind: "compare_uid_mismatch" }, 400],
    [{ kind: "compare_vehicle_mismatch" }, 400],
    [{ kind: "trim_choice_required" }, 400],
  ])("%o answers %i", (failure, status) => {
    expect(httpErrorOf(failure, "en").statusCode).toBe(status);
  });

  it("names the field and each unknown code", () => {
    const error = httpErrorOf({ kind: "unknown_codes", fields: { add: ["A1", "B2"] } }, "en");
    expect(error).toBeInstanceOf(FieldErrors);
    expect((error as FieldErrors).fields).toEqual({ add: [{ key: "unknown_option_code", values: { code: "A1" } }, { key: "unknown_option_code", values: { code: "B2" } }] });
    expect((httpErrorOf({ kind: "build_locked" }, "fr") as HttpError).key).toBe("build_locked");
  });

  it("words a broken rule with the options' names in the shopper's language, once", () => {
    const requires: NamedViolation = { rule: "requires", option: hud, oneOf: [tech, { en: "Premium Package", fr: "Groupe Premium" }] };
    expect(violationMessages([requires, requires], "fr")).toEqual([
      { key: "build_option_requires", values: { option: "Affichage tête haute", requirement: "Groupe Technologie / Groupe Premium" } },
    ]);
    expect(violationMessages([{ rule: "single_colour", group: "interior", options: [hud, tech] }], "en")).toEqual([
      { key: "build_single_interior_colour", values: { options: "Head-up display, Technology Package" } },
    ]);
  });

  it("gives an invalid alternative-configurator check its problems in words and a reason; a valid one neither", () => {
    const base = { added: [], removed: [], resulting_selection: [], requested_selection: [], suggested_selections: [], matching_vehicle: null };
    const invalid = trimCheckAnswer({ ...base, is_valid: false, violations: [{ rule: "conflicts", option: hud, other: tech }] }, "en");
    expect(invalid.problems).toHaveLength(1);
    expect(invalid.problems[0]).toContain("Head-up display");
    expect(invalid.problem_reason).toBe("This combination of options cannot be built.");
    expect(trimCheckAnswer({ ...base, is_valid: true, violations: [] }, "fr")).toMatchObject({ problems: [], problem_reason: null });
    expect(invalid).not.toHaveProperty("violations");
  });
});
