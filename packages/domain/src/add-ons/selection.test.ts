import { describe, expect, it } from "vitest";
import {
  addOnSelectionKey,
  addOnSelectionOfOption,
  normalizeAddOnSelection,
  parseAddOnSelectionKey,
  withAccessory,
  withInstallation,
  withoutPlans,
  withPlan,
  EMPTY_ADD_ON_SELECTION,
} from "./selection.ts";

describe("add-on selection", () => {
  it("is one canonical form whatever the order and repeats", () => {
    const a = { accessories: [3, 1, 3], install_accessories_ids: [3, 9], protections: [7, 2] };
    expect(normalizeAddOnSelection(a)).toEqual({ accessories: [1, 3], install_accessories_ids: [3], protections: [2, 7] });
    expect(addOnSelectionKey(a)).toBe(addOnSelectionKey({ accessories: [1, 3], install_accessories_ids: [3], protections: [7, 2] }));
    expect(addOnSelectionKey(a)).toBe("a:1,3|i:3|p:2,7");
  });

  it("reads back its key, and refuses anything else", () => {
    const selection = { accessories: [4, 5], install_accessories_ids: [5], protections: [] };
    expect(parseAddOnSelectionKey(addOnSelectionKey(selection))).toEqual(selection);
    expect(parseAddOnSelectionKey(addOnSelectionKey(EMPTY_ADD_ON_SELECTION))).toEqual(EMPTY_ADD_ON_SELECTION);
    expect(parseAddOnSelectionKey("a:1;drop|i:|p:")).toBeNull();
  });

  it("drops an accessory's installation with the accessory", () => {
    let s = withAccessory(EMPTY_ADD_ON_SELECTION, 10, true);
    s = withInstallation(s, 10, true);
    expect(s.install_accessories_ids).toEqual([10]);
    s = withAccessory(s, 10, false);
    expect(s).toEqual(EMPTY_ADD_ON_SELECTION);
  });

  it("adds, removes and drops plans", () => {
    const s = withPlan(withPlan(EMPTY_ADD_ON_SELECTION, 2, true), 8, true);
    expect(s.protections).toEqual([2, 8]);
    expect(withPlan(s, 2, false).protections).toEqual([8]);
    expect(withoutPlans(s, [8, 99]).protections).toEqual([2]);
  });

  it("reads what a priced option holds", () => {
    const option = { accessories_prices: [{ id: 6, installed: true }, { id: 4, installed: false }], protections_prices: [{ id: 3 }] };
    expect(addOnSelectionOfOption(option)).toEqual({ accessories: [4, 6], install_accessories_ids: [6], protections: [3] });
  });
});
