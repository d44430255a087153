import { describe, expect, it } from "vitest";
import { availableBuildSteps, canEditAfterDeposit, enabledSteps, groupAlternatives, isBuildEditable, navigateStep } from "./steps.ts";
import { buildOption } from "./test-trims.ts";

describe("availableBuildSteps", () => {
  it("drops steps without options but always keeps the summary", () => {
    expect(availableBuildSteps({ colour: 8, options: 3, packages: 0, accessories: 0 })).toEqual(["colour", "options", "summary"]);
    expect(availableBuildSteps({})).toEqual(["summary"]);
    expect(availableBuildSteps({ configuration: 1, colour: 2, options: 1, packages: 1, accessories: 4, protection_plans: 2 })).toEqual([
      "configuration",
      "colour",
      "options",
      "packages",
      "accessories",
      "protection_plans",
      "summary",
    ]);
  });
});

describe("navigateStep", () => {
  const all = [true, true, true, true];
  it("moves forward only through enabled steps", () => {
    expect(navigateStep(all, 0, 1)).toBe(1);
    expect(navigateStep(all, 0, 3)).toBe(3);
    expect(navigateStep([true, false, true], 0, 1)).toBe(0);
    expect(navigateStep([true, true, false, true], 0, 3)).toBe(0);
  });
  it("always moves back, down to index 0", () => {
    expect(navigateStep([true, false, false], 2, 0)).toBe(0);
    expect(navigateStep(all, 3, 1)).toBe(1);
  });
  it("ignores out-of-range and same-index moves", () => {
    expect(navigateStep(all, 2, 2)).toBe(2);
    expect(navigateStep(all, 2, -1)).toBe(2);
    expect(navigateStep(all, 2, 4)).toBe(2);
    expect(navigateStep(all, 2, 1.5)).toBe(2);
  });
  it("keeps Next off on the configuration step until a trim matches", () => {
    const steps = ["configuration", "colour", "summary"] as const;
    expect(navigateStep(enabledSteps(steps, false), 0, 1)).toBe(0);
    expect(navigateStep(enabledSteps(steps, true), 0, 1)).toBe(1);
    expect(enabledSteps(["colour", "summary"], false)).toEqual([true, true]);
  });
});

describe("groupAlternatives", () => {
  const options = new Map(
    [
      buildOption("INT_BLACK", "interior", 0),
      buildOption("INT_GREY", "interior", 0),
      buildOption("PKG_SPORT", "package", 100_000),
      buildOption("OPT_ROOF", "option", 50_000),
    ].map((o) => [o.code, o] as const),
  );
  it("gathers alternatives that differ only by the interior colour they add", () => {
    const choices = groupAlternatives(
      [
        { additions: ["PKG_SPORT", "INT_BLACK"], removals: ["OPT_ROOF"] },
        { additions: ["OPT_ROOF"], removals: [] },
        { additions: ["INT_GREY", "PKG_SPORT"], removals: ["OPT_ROOF"] },
      ],
      options,
    );
    expect(choices).toEqual([
      {
        kind: "interior",
        common: { additions: ["PKG_SPORT"], removals: ["OPT_ROOF"] },
        interiors: [
          { code: "INT_BLACK", alternative: { additions: ["PKG_SPORT", "INT_BLACK"], removals: ["OPT_ROOF"] } },
          { code: "INT_GREY", alternative: { additions: ["INT_GREY", "PKG_SPORT"], removals: ["OPT_ROOF"] } },
        ],
      },
      { kind: "single", alternative: { additions: ["OPT_ROOF"], removals: [] } },
    ]);
  });
  it("leaves a lone interior alternative as a single choice", () => {
    const alternative = { additions: ["INT_GREY"], removals: [] };
    expect(groupAlternatives([alternative], options)).toEqual([{ kind: "single", alternative }]);
  });
});

describe("post-deposit editing", () => {
  it("needs edit mode, the dealership's permission and a placed deposit", () => {
    expect(canEditAfterDeposit({ editMode: true, postDepositEditEnabled: true, depositPlaced: true })).toBe(true);
    expect(canEditAfterDeposit({ editMode: false, postDepositEditEnabled: true, depositPlaced: true })).toBe(false);
    expect(canEditAfterDeposit({ editMode: true, postDepositEditEnabled: false, depositPlaced: true })).toBe(false);
    expect(canEditAfterDeposit({ editMode: true, postDepositEditEnabled: true, depositPlaced: false })).toBe(false);
  });
  it("locks a build after the deposit unless it is being edited", () => {
    const base = { isLocked: false, editMode: false, postDepositEditEnabled: true, depositPlaced: false };
    expect(isBuildEditable(base)).toBe(true);
    expect(isBuildEditable({ ...base, isLocked: true, depositPlaced: true })).toBe(false);
    expect(isBuildEditable({ ...base, isLocked: true, depositPlaced: true, editMode: true })).toBe(true);
  });
});
