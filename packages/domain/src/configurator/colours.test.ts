import { describe, expect, it } from "vitest";
import {
  changeColour,
  defaultExteriorColour,
  ensureExteriorColour,
  mandatoryColours,
  withoutUnneededPremiumOptions,
} from "./colours.ts";
import { applyAlternative, applyChange } from "./engine.ts";
import { buildOption, buildTrim, rav4 } from "./test-trims.ts";
import { trimModel } from "./trim-model.ts";

const trim = rav4();

describe("premium paint", () => {
  it("asks for the premium paint charge when the colour needs it, then drops it when the colour changes", () => {
    const asked = applyChange(trim, ["EXT_WHITE", "INT_BLACK"], { add: ["EXT_RED"] });
    expect(asked.conflict?.alternatives).toEqual([{ additions: ["PAINT_PREM"], removals: [] }]);
    const red = applyAlternative(trim, asked.selected, asked.conflict!.requested, asked.conflict!.alternatives[0]!);
    expect(red.selected).toEqual(["EXT_RED", "INT_BLACK", "PAINT_PREM"]);
    expect(red.required).toEqual(["PAINT_PREM"]);
    expect(red.prices.options_msrp).toBe(45_000);

    const black = changeColour(trim, red.selected, "EXT_BLACK");
    expect(black.conflict).toBeUndefined();
    expect(black.selected).toEqual(["EXT_BLACK", "INT_BLACK"]);
    expect(black.prices.options_msrp).toBe(0);
  });

  it("keeps a premium charge a colour still needs", () => {
    expect(withoutUnneededPremiumOptions(trim, ["EXT_RED", "PAINT_PREM"])).toEqual(["EXT_RED", "PAINT_PREM"]);
    expect(withoutUnneededPremiumOptions(trim, ["EXT_WHITE", "PAINT_PREM", "HITCH"])).toEqual(["EXT_WHITE", "HITCH"]);
  });

  it("reports a colour change that needs more than a swap as a conflict", () => {
    const state = changeColour(trim, ["EXT_WHITE", "INT_GREY"], "EXT_BLUE");
    expect(state.conflict?.alternatives[0]).toEqual({ additions: ["INT_BLACK"], removals: ["INT_GREY"] });
  });
});

describe("trimModel", () => {
  it("groups a trim's options into the views the screens use", () => {
    const model = trimModel(trim);
    const codes = (options: { code: string }[]) => options.map((option) => option.code);
    expect(codes(model.exteriorColours)).toEqual(["EXT_WHITE", "EXT_BLACK", "EXT_RED", "EXT_BLUE"]);
    expect(codes(model.interiorColours)).toEqual(["INT_BLACK", "INT_GREY", "INT_CHESTNUT"]);
    expect(codes(model.pricedExteriorColours)).toEqual(["EXT_BLUE"]);
    expect(codes(model.premiumPriceOptions)).toEqual(["PAINT_PREM"]);
    expect(codes(model.packages)).toEqual(["PKG_TECH", "PKG_WINTER", "PKG_PREMIUM", "PKG_TOW"]);
    expect(model.freeStandingOptions).toHaveLength(12);
    expect(model.allOptions).toHaveLength(trim.options.length);
    expect(model.coloursByCode.get("EXT_WHITE")).toMatchObject({
      code: "EXT_WHITE",
      value: "#777777",
      name: "Super White",
    });
    expect(model.unresolvedColourCodes).toEqual([]);
    expect(codes(trimModel(trim, ["HITCH"]).premiumPriceOptions)).toEqual(["HITCH", "PAINT_PREM"]);
  });
});

describe("mandatory colours", () => {
  it("needs both colours when zero-priced exterior and interior colours exist", () => {
    expect(mandatoryColours(trim, [])).toEqual({ applies: true, missing: ["exterior", "interior"], complete: false });
    expect(mandatoryColours(trim, ["EXT_BLUE"])).toEqual({ applies: true, missing: ["interior"], complete: false });
    expect(mandatoryColours(trim, ["EXT_BLUE", "INT_BLACK"])).toEqual({ applies: true, missing: [], complete: true });
  });

  it("does not apply when one group has only premium colours", () => {
    const premiumOnly = buildTrim([buildOption("EXT_A", "exterior", 0), buildOption("INT_A", "interior", 90_000)]);
    expect(mandatoryColours(premiumOnly, [])).toEqual({ applies: false, missing: [], complete: true });
  });
});

describe("default exterior colour", () => {
  it("prefers the preferred_for_display colour, then a standard one matching the vehicle, then any standard one", () => {
    expect(defaultExteriorColour(trim)).toBe("EXT_WHITE");
    const plain = buildTrim(trim.options.map((option) => ({ ...option, preferred_for_display: false })));
    expect(defaultExteriorColour(plain, { normalizedColour: "Black" })).toBe("EXT_BLACK");
    expect(defaultExteriorColour(plain, { normalizedColour: "Blue" })).toBe("EXT_WHITE");
  });

  it("selects an exterior colour after a change left none", () => {
    expect(ensureExteriorColour(trim, ["INT_BLACK"]).selected).toEqual(["EXT_WHITE", "INT_BLACK"]);
    expect(ensureExteriorColour(trim, ["EXT_BLACK"]).selected).toEqual(["EXT_BLACK"]);
  });
});
