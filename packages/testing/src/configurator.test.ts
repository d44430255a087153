import {
  applyAlternative,
  applyChange,
  configurationState,
  ensureExteriorColour,
  mandatoryColours,
  OPTION_GROUP_IDS,
  ruleViolations,
  type Trim,
  trimModel,
} from "@showroom/domain";
import { describe, expect, it } from "vitest";
import { buildConfiguratorCatalogue, ruleCount } from "./configurator.ts";

const catalogue = buildConfiguratorCatalogue();

/** A complete configuration: the default exterior colour, then the first interior colour that commits. */
function fullConfiguration(trim: Trim): string[] {
  let state = ensureExteriorColour(trim, []);
  for (const interior of trimModel(trim).interiorColours) {
    const next = applyChange(trim, state.selected, { add: [interior.code] });
    if (!next.conflict) {
      state = next;
      break;
    }
  }
  return state.selected;
}

describe("demo build-and-price catalogue", () => {
  it("is the same every time", () => {
    expect(buildConfiguratorCatalogue()).toEqual(catalogue);
    expect(catalogue.map((trim) => `${trim.make} ${trim.model} ${trim.trim}`)).toEqual([
      "Toyota RAV4 XLE",
      "Honda Civic Touring",
      "Volkswagen Tiguan Highline",
      "Ford F-150 XLT",
      "Toyota RAV4 LE",
    ]);
  });

  it("names only options of the same trim in its rules, in English and French, priced in whole cents", () => {
    for (const trim of catalogue) {
      const codes = new Set(trim.options.map((option) => option.code));
      expect(codes.size).toBe(trim.options.length);
      for (const option of trim.options) {
        const named = [
          ...option.rule_includes,
          ...option.rule_conflicts,
          ...option.rule_requires.flatMap((entry) => entry.split("|")),
        ];
        expect(named.filter((code) => !codes.has(code))).toEqual([]);
        expect(option.name.length * option.name_fr.length).toBeGreaterThan(0);
        expect(Number.isSafeInteger(option.prices.msrp) && option.prices.msrp >= 0).toBe(true);
      }
      const colours = trim.options
        .filter((option) => option.group_id <= OPTION_GROUP_IDS.interior)
        .map((option) => option.code);
      expect(trim.trim_colors.map((record) => record.code)).toEqual(colours);
    }
  });

  it("has a trim with at least 150 options and 300 rules", () => {
    const pickup = catalogue.find((trim) => trim.model === "F-150")!;
    expect(pickup.options.length).toBeGreaterThanOrEqual(150);
    expect(ruleCount(pickup)).toBeGreaterThanOrEqual(300);
  });

  it("has realistic rules: packages that include options, options that need a package, colour/interior conflicts, premium paints", () => {
    for (const trim of catalogue) {
      const model = trimModel(trim);
      const packageCodes = new Set(model.packages.map((option) => option.code));
      const interiorCodes = new Set(model.interiorColours.map((option) => option.code));
      expect(model.packages.some((option) => option.rule_includes.length > 0)).toBe(true);
      expect(
        trim.options.some((option) =>
          option.rule_requires.some((entry) => entry.split("|").some((code) => packageCodes.has(code))),
        ),
      ).toBe(true);
      expect(
        model.exteriorColours.some((option) => option.rule_conflicts.some((code) => interiorCodes.has(code))) ||
          model.interiorColours.some((option) => option.rule_conflicts.length > 0),
      ).toBe(true);
      expect(model.pricedExteriorColours.length + model.premiumPriceOptions.length).toBeGreaterThan(0);
    }
  });

  it("gives every trim a valid complete configuration, to which every option can be added (possibly with changes)", () => {
    for (const trim of catalogue) {
      const selected = fullConfiguration(trim);
      expect(ruleViolations(trim, selected)).toEqual([]);
      expect(mandatoryColours(trim, selected).complete).toBe(true);
      const state = configurationState(trim, selected);
      for (const option of trim.options) {
        if (state.selected.includes(option.code) || state.included.includes(option.code)) continue;
        const next = applyChange(trim, selected, { add: [option.code] });
        if (!next.conflict) continue;
        expect({ code: option.code, alternatives: next.conflict.alternatives.length > 0 }).toEqual({
          code: option.code,
          alternatives: true,
        });
        const resolved = applyAlternative(trim, selected, next.conflict.requested, next.conflict.alternatives[0]!);
        expect(ruleViolations(trim, resolved.selected)).toEqual([]);
      }
    }
  });
});
