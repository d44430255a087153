import { describe, expect, it } from "vitest";
import { cents, dollarsToCents as dollars } from "../money.ts";
import { addOnLines, addOnTaxedByComponent, componentBasesWithPlans } from "./add-on-pricing.ts";
import { type DealAddOn } from "./deal-inputs.ts";
import { computeTaxLines, taxRulesOn } from "./tax-rules.ts";

const addOn = (kind: DealAddOn["kind"], amount: number, taxed_by: DealAddOn["taxed_by"]): DealAddOn => ({
  kind,
  id: amount,
  name: "item",
  name_fr: "article",
  amount: dollars(amount),
  taxed_by,
});

describe("which tax components an add-on is in", () => {
  it("gst, hst and qst name their own component; pst every other one", () => {
    const plan = addOn("protection", 1, ["pst"]);
    expect(["gst", "hst", "qst"].map((id) => addOnTaxedByComponent(plan, id))).toEqual([false, false, false]);
    expect(["pst", "rst", "state", "local", "county_surtax", "lease_tax"].every((id) => addOnTaxedByComponent(plan, id))).toBe(true);
    expect(addOnTaxedByComponent(addOn("protection", 1, ["qst"]), "qst")).toBe(true);
    expect(addOnTaxedByComponent(addOn("accessory", 1, "all"), "county_surtax")).toBe(true);
  });
});

describe("a base per component", () => {
  const mb = taxRulesOn("CA-MB", "2026-01-01")!;

  it("is not needed when every add-on is taxed like the vehicle", () => {
    expect(componentBasesWithPlans(mb, [addOn("accessory", 500, "all")], dollars(20_000), dollars(0))).toBeUndefined();
  });

  it("adds each plan to the components it is taxed by, then takes off the trade credit, never below zero", () => {
    // MB: GST and RST. Pre-trade 10,000; a GST-only plan 1,000 and an RST-only plan 3,000; trade credit 12,000:
    // GST max(10,000 + 1,000 − 12,000, 0) = 0; RST 10,000 + 3,000 − 12,000 = 1,000.
    const bases = componentBasesWithPlans(mb, [addOn("protection", 1_000, ["gst"]), addOn("protection", 3_000, ["pst"])], dollars(10_000), dollars(12_000));
    expect(bases).toEqual({ gst: 0, rst: dollars(1_000) });
  });

  it("is capped where the component is (Florida county surtax: the first 5,000.00)", () => {
    const fl = taxRulesOn("US-FL", "2026-01-01", { localRate: "0.005" })!;
    const lines = computeTaxLines({ rules: fl, paymentType: "cash", taxableBase: dollars(4_000), componentBases: { local: dollars(8_000) } });
    expect(lines.map((line) => [line.id, line.base, line.amount])).toEqual([
      ["state", dollars(4_000), dollars(240)],
      ["local", dollars(5_000), dollars(25)],
    ]);
  });
});

describe("add-on lines", () => {
  it("group the items by kind and omit an empty group", () => {
    const lines = addOnLines([addOn("protection", 10, []), addOn("protection", 20, ["hst"])]);
    expect(lines.map((line) => [line.label_key, line.amount, line.children?.length])).toEqual([["pricing.line.protection_plans", cents(3_000), 2]]);
    expect(addOnLines([])).toEqual([]);
  });
});
