import { describe, expect, it } from "vitest";
import { applyAlternative, applyChange, configurationState, isValidSelection } from "./engine.ts";
import { buildOption, buildTrim, rav4 } from "./test-trims.ts";
import { ruleViolations } from "./violations.ts";

const trim = rav4();
const BASE = 3_450_000;

describe("configurationState", () => {
  it("shows a package's options as included, at no extra price", () => {
    const state = configurationState(trim, ["EXT_WHITE", "INT_BLACK", "PKG_TECH"]);
    expect(state.selected).toEqual(["EXT_WHITE", "INT_BLACK", "PKG_TECH"]);
    expect(state.included).toEqual(["NAV", "AUDIO", "WCHG"]);
    expect(state.prices).toEqual({ base_msrp: BASE, options_msrp: 250_000, msrp: BASE + 250_000 });
  });

  it("moves a selected option the package also includes out of selected, so it is not paid twice", () => {
    const state = applyChange(trim, ["NAV"], { add: ["PKG_TECH"] });
    expect(state.conflict).toBeUndefined();
    expect(state.selected).toEqual(["PKG_TECH"]);
    expect(state.included).toContain("NAV");
    expect(state.prices.options_msrp).toBe(250_000);
  });

  it("lists the package a selected option needs as required", () => {
    expect(configurationState(trim, ["PKG_TECH", "HUD"]).required).toEqual(["PKG_TECH"]);
    // Two packages meet the one-of requirement: neither is required on its own.
    expect(configurationState(trim, ["PKG_TECH", "PKG_PREMIUM", "HUD"]).required).toEqual([]);
  });

  it("excludes what cannot be added without removing something, but not another colour or what needs additions", () => {
    const state = configurationState(trim, ["EXT_WHITE", "INT_GREY", "ROOF_RACK"]);
    expect(state.excluded).toEqual(["EXT_BLUE", "INT_CHESTNUT", "PKG_PREMIUM", "SUNROOF"]);
    // INT_CHESTNUT needs PKG_PREMIUM, which includes the sunroof the roof rack conflicts with.
    expect(configurationState(trim, ["ROOF_RACK"]).excluded).toEqual(["INT_CHESTNUT", "PKG_PREMIUM", "SUNROOF"]);
    expect(state.excluded).not.toContain("EXT_BLACK");
    expect(state.excluded).not.toContain("HUD");
  });

  it("repairs a selection that breaks a rule with the smallest change", () => {
    const state = configurationState(trim, ["ROOF_RACK", "SUNROOF", "NO_SUCH_CODE"]);
    expect(ruleViolations(trim, state.selected)).toEqual([]);
    expect(state.selected).toHaveLength(1);
    expect(isValidSelection(trim, ["ROOF_RACK", "SUNROOF"])).toBe(false);
  });
});

describe("applyChange", () => {
  it("commits an addition that breaks no rule", () => {
    const state = applyChange(trim, ["EXT_WHITE"], { add: ["PKG_WINTER"] });
    expect(state.conflict).toBeUndefined();
    expect(state.selected).toEqual(["EXT_WHITE", "PKG_WINTER"]);
    expect(state.included).toEqual(["HSEAT", "HWHEEL", "RSTART"]);
  });

  it("swaps the colour of a group instead of reporting a conflict", () => {
    const state = applyChange(trim, ["EXT_WHITE", "INT_BLACK"], { add: ["EXT_BLACK"] });
    expect(state.conflict).toBeUndefined();
    expect(state.selected).toEqual(["EXT_BLACK", "INT_BLACK"]);
  });

  it("offers the packages an option requires, cheapest first", () => {
    const state = applyChange(trim, ["EXT_WHITE"], { add: ["HUD"] });
    expect(state.selected).toEqual(["EXT_WHITE"]);
    expect(state.conflict).toEqual({
      requested: { add: ["HUD"], remove: [] },
      additions: ["PKG_TECH"],
      removals: [],
      alternatives: [
        { additions: ["PKG_TECH"], removals: [] },
        { additions: ["PKG_PREMIUM"], removals: [] },
      ],
      budget_exhausted: false,
    });
    const resolved = applyAlternative(
      trim,
      state.selected,
      state.conflict!.requested,
      state.conflict!.alternatives[1]!,
    );
    expect(resolved.conflict).toBeUndefined();
    expect(resolved.selected).toEqual(["EXT_WHITE", "PKG_PREMIUM", "HUD"]);
  });

  it("offers the option or a package that includes it when a requirement is met by an included option", () => {
    const state = applyChange(trim, [], { add: ["BIKE_RACK"] });
    expect(state.conflict?.alternatives).toEqual([
      { additions: ["HITCH"], removals: [] },
      { additions: ["PKG_TOW"], removals: [] },
    ]);
  });

  it("on a paint that conflicts with the interior, swaps the interior rather than leaving none", () => {
    const state = applyChange(trim, ["EXT_WHITE", "INT_GREY"], { add: ["EXT_BLUE"] });
    expect(state.conflict?.requested).toEqual({ add: ["EXT_BLUE"], remove: ["EXT_WHITE"] });
    expect(state.conflict?.alternatives[0]).toEqual({ additions: ["INT_BLACK"], removals: ["INT_GREY"] });
    // The chestnut leather needs the premium package too: one more change, offered after.
    expect(state.conflict?.alternatives[1]).toEqual({
      additions: ["INT_CHESTNUT", "PKG_PREMIUM"],
      removals: ["INT_GREY"],
    });
    const resolved = applyAlternative(
      trim,
      state.selected,
      state.conflict!.requested,
      state.conflict!.alternatives[0]!,
    );
    expect(resolved.selected).toEqual(["EXT_BLUE", "INT_BLACK"]);
    expect(resolved.prices.options_msrp).toBe(45_000);
  });

  it("on removing a package others require, offers removing the dependants or swapping in another package", () => {
    const state = applyChange(trim, ["PKG_TECH", "HUD"], { remove: ["PKG_TECH"] });
    expect(state.conflict?.alternatives).toEqual([
      { additions: [], removals: ["HUD"] },
      { additions: ["PKG_PREMIUM"], removals: [] },
    ]);
    const swapped = applyChange(trim, ["PKG_TECH", "HUD"], { swap: { add: ["PKG_PREMIUM"], remove: ["PKG_TECH"] } });
    expect(swapped.conflict).toBeUndefined();
    expect(swapped.selected).toEqual(["PKG_PREMIUM", "HUD"]);
  });

  it("on removing an included option, offers removing what includes it", () => {
    const state = applyChange(trim, ["PKG_TECH"], { remove: ["NAV"] });
    expect(state.conflict?.alternatives).toEqual([{ additions: [], removals: ["PKG_TECH"] }]);
    const resolved = applyAlternative(
      trim,
      state.selected,
      state.conflict!.requested,
      state.conflict!.alternatives[0]!,
    );
    expect(resolved.selected).toEqual([]);
    expect(resolved.included).toEqual([]);
  });

  it("answers an option that can never be present with a conflict without alternatives", () => {
    const broken = buildTrim([
      buildOption("A", "option", 100, { rule_requires: ["GONE"] }),
      buildOption("B", "option", 100, { is_valid: false }),
      buildOption("C", "package", 100, { rule_includes: ["B"] }),
    ]);
    for (const code of ["A", "B", "C", "UNKNOWN"]) {
      const state = applyChange(broken, [], { add: [code] });
      expect(state.conflict).toMatchObject({ alternatives: [], budget_exhausted: false });
    }
    expect(configurationState(broken, []).excluded).toEqual(["A", "B", "C"]);
  });

  it("leaves a code both added and removed as it was", () => {
    const state = applyChange(trim, ["PKG_TECH"], { add: ["PKG_TECH", "HITCH"], remove: ["PKG_TECH"] });
    expect(state.selected).toEqual(["PKG_TECH", "HITCH"]);
  });

  it("stops on its node budget with what it found, never an invalid state", () => {
    // Each option needs one of the next two, and the chain ends on options that are not valid: no
    // way out, found only after trying every chain (more than the budget).
    const size = 60;
    const options = Array.from({ length: size }, (_, i) =>
      buildOption(`O${i}`, "option", 1_000 + i, {
        is_valid: i < size - 2,
        rule_requires: i < size - 2 ? [`O${i + 1}|O${i + 2}`] : [],
      }),
    );
    const hard = buildTrim(options);
    const state = applyChange(hard, [], { add: ["O0"] }, { nodeBudget: 50 });
    expect(state.conflict?.budget_exhausted).toBe(true);
    for (const alternative of state.conflict!.alternatives) {
      const applied = applyAlternative(hard, state.selected, state.conflict!.requested, alternative);
      expect(ruleViolations(hard, applied.selected)).toEqual([]);
    }
    expect(ruleViolations(hard, state.selected)).toEqual([]);
  });
});
