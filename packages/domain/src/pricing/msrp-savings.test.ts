import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { msrpIsCurrentReference, msrpSavings, vdpSettingsForVehicle } from "./msrp-savings.ts";

const shown = { show_savings_detail: true };
const newCar = { condition: "New" as const, certified: false, msrp: cents(3_100_000), price: cents(2_950_000) };
/** A 2018 car's original MSRP against today's used price: the "You save $29,470.00". */
const used2018 = { condition: "Used" as const, certified: false, msrp: cents(4_690_000), price: cents(1_743_000) };

describe("msrpIsCurrentReference", () => {
  it("holds for new vehicles (new demonstrators included), never for used or certified ones", () => {
    expect(msrpIsCurrentReference({ condition: "New", certified: false })).toBe(true);
    expect(msrpIsCurrentReference({ condition: "Used", certified: false })).toBe(false);
    expect(msrpIsCurrentReference({ condition: "Used", certified: true })).toBe(false);
    expect(msrpIsCurrentReference({ condition: "New", certified: true })).toBe(false);
  });
});

describe("msrpSavings", () => {
  it("gives a new vehicle's MSRP, dealer discount and price when the settings show savings", () => {
    expect(msrpSavings(newCar, shown)).toEqual({ msrp: 3_100_000, dealerDiscount: 150_000, price: 2_950_000 });
  });

  it("gives nothing against the original MSRP of a used or certified vehicle", () => {
    expect(msrpSavings(used2018, shown)).toBeNull();
    expect(msrpSavings({ ...used2018, certified: true }, shown)).toBeNull();
  });

  it("gives nothing where show_savings_detail is off, an amount is missing, or the price is not below the MSRP", () => {
    expect(msrpSavings(newCar, { show_savings_detail: false })).toBeNull();
    expect(msrpSavings({ ...newCar, msrp: null }, shown)).toBeNull();
    expect(msrpSavings({ ...newCar, price: null }, shown)).toBeNull();
    expect(msrpSavings({ ...newCar, price: newCar.msrp }, shown)).toBeNull();
    expect(msrpSavings({ ...newCar, price: cents(3_200_000) }, shown)).toBeNull();
  });
});

describe("vdpSettingsForVehicle", () => {
  const settings = { show_savings_detail: true, show_savings_details_expanded_by_default: true };
  it("keeps a new vehicle's settings and turns savings detail off for used and certified vehicles", () => {
    expect(vdpSettingsForVehicle(settings, { condition: "New", certified: false })).toEqual(settings);
    const off = { show_savings_detail: false, show_savings_details_expanded_by_default: false };
    expect(vdpSettingsForVehicle(settings, { condition: "Used", certified: false })).toEqual(off);
    expect(vdpSettingsForVehicle(settings, { condition: "Used", certified: true })).toEqual(off);
  });
});
