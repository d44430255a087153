import { describe, expect, it } from "vitest";
import { configureAccessories } from "./accessory-configuration.ts";
import { testAccessory } from "./test-catalogue.ts";

// 1 and 2 are incompatible (listed on 1's side only), 2 and 3 too (listed on 3's side); 4 is fitted at the port,
// 5 pre-installed, 6 not removable, incompatible with 7; 8 is inactive.
const catalogue = [
  testAccessory(1, { incompatible_skus: ["SKU-2"] }),
  testAccessory(2),
  testAccessory(3, { incompatible_skus: ["SKU-2"] }),
  testAccessory(4, { port_installed: true }),
  testAccessory(5, { pre_installed: true }),
  testAccessory(6, { is_removable: false }),
  testAccessory(7, { incompatible_skus: ["SKU-6", "SKU-4"] }),
  testAccessory(8, { active: false }),
];

describe("configureAccessories", () => {
  it("adds a compatible accessory, keeping the fitted ones in the result", () => {
    expect(configureAccessories(catalogue, { selected: [1], operand: "add", accessory_id: 3, force: false })).toEqual({
      ok: true,
      selected: [1, 3, 4, 5],
      removed: [],
    });
  });

  it("lists the conflicts of an added accessory, whichever side lists the sku", () => {
    expect(configureAccessories(catalogue, { selected: [1, 3], operand: "add", accessory_id: 2, force: false })).toEqual({
      ok: false,
      reason: "conflicts",
      conflicts: [{ accessory_id: 2, conflicts_with: [1, 3] }],
    });
  });

  it("with force, takes the conflicting accessories off", () => {
    expect(configureAccessories(catalogue, { selected: [1, 3, 6], operand: "add", accessory_id: 2, force: true })).toEqual({
      ok: true,
      selected: [2, 4, 5, 6],
      removed: [1, 3],
    });
  });

  it("refuses even with force when a conflicting accessory cannot come off", () => {
    expect(configureAccessories(catalogue, { selected: [6], operand: "add", accessory_id: 7, force: true })).toEqual({
      ok: false,
      reason: "conflicts",
      conflicts: [{ accessory_id: 7, conflicts_with: [4, 6] }],
    });
  });

  it("removes a removable accessory and refuses to remove a fitted or non-removable one", () => {
    expect(configureAccessories(catalogue, { selected: [1, 6], operand: "remove", accessory_id: 1, force: false })).toEqual({
      ok: true,
      selected: [4, 5, 6],
      removed: [1],
    });
    for (const id of [4, 5, 6]) {
      expect(configureAccessories(catalogue, { selected: [6], operand: "remove", accessory_id: id, force: true })).toEqual({
        ok: false,
        reason: "not_removable",
        not_removable: [id],
      });
    }
  });

  it("without an operand, checks the selection itself", () => {
    expect(configureAccessories(catalogue, { selected: [1, 3], force: false })).toEqual({ ok: true, selected: [1, 3, 4, 5], removed: [] });
    expect(configureAccessories(catalogue, { selected: [2, 3], force: true })).toEqual({
      ok: false,
      reason: "conflicts",
      conflicts: [
        { accessory_id: 2, conflicts_with: [3] },
        { accessory_id: 3, conflicts_with: [2] },
      ],
    });
  });

  it("never leaves two incompatible accessories after an operation on a selection that already had them", () => {
    expect(configureAccessories(catalogue, { selected: [1, 2], operand: "add", accessory_id: 6, force: true })).toMatchObject({
      ok: false,
      reason: "conflicts",
    });
  });

  it("refuses unknown and inactive ids, selected or operated on", () => {
    expect(configureAccessories(catalogue, { selected: [1, 8, 99, 99], force: false })).toEqual({ ok: false, reason: "unknown", unknown: [8, 99] });
    expect(configureAccessories(catalogue, { selected: [1], operand: "add", accessory_id: 42, force: false })).toEqual({
      ok: false,
      reason: "unknown",
      unknown: [42],
    });
  });

  it("treats adding a selected accessory and removing an unselected one as no change", () => {
    expect(configureAccessories(catalogue, { selected: [1], operand: "add", accessory_id: 1, force: false })).toEqual({ ok: true, selected: [1, 4, 5], removed: [] });
    expect(configureAccessories(catalogue, { selected: [1], operand: "remove", accessory_id: 3, force: false })).toEqual({ ok: true, selected: [1, 4, 5], removed: [] });
  });
});
