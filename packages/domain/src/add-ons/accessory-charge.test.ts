import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { accessoryAddOn, accessoryCharge, planAddOn, planTaxFlags } from "./accessory-charge.ts";
import { testAccessory, testPlan } from "./test-catalogue.ts";

describe("accessoryCharge", () => {
  const part = testAccessory(1, { price: cents(40_000) });

  it("charges nothing for a pre-installed accessory: it is in the vehicle's price", () => {
    expect(accessoryCharge({ ...part, pre_installed: true, price_including_installation: cents(50_000) }, true)).toBe(0);
  });

  it("charges the part alone when not installed", () => {
    expect(accessoryCharge({ ...part, installation_charge_override: cents(9_000) }, false)).toBe(40_000);
  });

  it("charges the installed price when the dealership quotes one", () => {
    expect(accessoryCharge({ ...part, price_including_installation: cents(47_500), installation_charge_override: cents(9_000) }, true)).toBe(47_500);
  });

  it("adds a flat installation charge before labour rate × time", () => {
    const accessory = { ...part, installation_charge_override: cents(9_000), installation_labour_rate: cents(12_000), installation_labour_time: "2" };
    expect(accessoryCharge(accessory, true)).toBe(49_000);
  });

  it("adds labour rate × hours, rounded half-up to the cent", () => {
    // 129.99 $/h × 1.5 h = 194.985 → 194.99; 400.00 + 194.99 = 594.99.
    expect(accessoryCharge({ ...part, installation_labour_rate: cents(12_999), installation_labour_time: "1.5" }, true)).toBe(59_499);
    // 0.1 h exactly: 129.99 × 0.1 = 12.999 → 13.00.
    expect(accessoryCharge({ ...part, installation_labour_rate: cents(12_999), installation_labour_time: "0.1" }, true)).toBe(41_300);
  });

  it("adds nothing for installation when neither a charge nor both rate and time are set", () => {
    expect(accessoryCharge(part, true)).toBe(40_000);
    expect(accessoryCharge({ ...part, installation_labour_rate: cents(12_000) }, true)).toBe(40_000);
  });

  it("always installs a port-installed accessory", () => {
    expect(accessoryCharge({ ...part, port_installed: true, installation_charge_override: cents(5_000) }, false)).toBe(45_000);
  });
});

describe("deal add-ons from the catalogue", () => {
  it("an accessory is taxed like the vehicle", () => {
    expect(accessoryAddOn(testAccessory(3, { price: cents(10_000) }), false)).toEqual({
      kind: "accessory",
      id: 3,
      name: "Accessory 3",
      name_fr: "Accessoire 3",
      amount: 10_000,
      taxed_by: "all",
    });
  });

  it("a plan is taxed by its flags", () => {
    const plan = testPlan(4, [], { taxes: { hst: true, gst: true, pst: false, qst: true } });
    expect(planTaxFlags(plan)).toEqual(["hst", "gst", "qst"]);
    expect(planAddOn(plan, cents(99_900))).toMatchObject({ kind: "protection", id: 4, amount: 99_900, taxed_by: ["hst", "gst", "qst"] });
  });
});
