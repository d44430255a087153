import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BODY_TYPES,
  NORMALIZED_COLOURS,
  normalizeBodyType,
  normalizeColour,
  normalizeDrivetrain,
  normalizeFuelType,
  normalizeTransmission,
  parseStockStatus,
  parseYesNo,
  STOCK_STATUS_CODES,
  STOCK_STATUS_NAMES,
} from "./normalize.ts";

describe("normalizeColour", () => {
  it.each([
    ["Midnight Black Metallic", "Black"],
    ["Gris magnétique", "Grey"],
    ["Pearl White Tricoat", "White"],
    ["Celestial Silver", "Silver"],
    ["Blueprint", "Blue"],
    ["Magnetic Gray Metallic", "Grey"],
    ["Ruby Flare Pearl", "Red"],
    ["Rouge Cerise", "Red"],
    ["Bleu nuit", "Blue"],
    ["Blanc Glacier", "White"],
    ["Noir Onyx", "Black"],
    ["Argent Métallisé", "Silver"],
    ["Vert Forêt", "Green"],
    ["Brun Moka", "Brown"],
    ["Jaune Citron", "Yellow"],
    ["Doré", "Gold"],
    ["Or Sahara", "Gold"],
    ["Black Cherry", "Black"],
    ["Silver Blue", "Blue"],
    ["Sacred Silver", "Silver"],
    ["Titanium", "Silver"],
    ["Tan", "Beige"],
    ["Sandstone Beige", "Beige"],
    ["Burnt Orange", "Orange"],
    ["Plum Crazy", "Purple"],
    ["Onyx", "Black"],
    ["Graphite", "Grey"],
    ["Sonic", "Other"],
    ["", "Other"],
  ])("%j is %s", (name, expected) => {
    expect(normalizeColour(name)).toBe(expected);
  });

  it("maps each normalized colour to itself and anything to the list", () => {
    for (const colour of NORMALIZED_COLOURS) expect(normalizeColour(colour)).toBe(colour);
    fc.assert(fc.property(fc.string(), (name) => NORMALIZED_COLOURS.includes(normalizeColour(name))));
  });
});

describe("normalizeBodyType", () => {
  it.each([
    ["Sport Utility", "SUV"],
    ["4dr SUV", "SUV"],
    ["Crossover", "SUV"],
    ["Crew Cab Pickup", "Pickup"],
    ["Truck", "Pickup"],
    ["SuperCrew", "Pickup"],
    ["4dr Car", "Sedan"],
    ["Berline", "Sedan"],
    ["2dr Car", "Coupe"],
    ["Coupé", "Coupe"],
    ["5dr Car", "Hatchback"],
    ["Hatchback", "Hatchback"],
    ["Convertible", "Convertible"],
    ["Cabriolet", "Convertible"],
    ["Mini-van", "Minivan"],
    ["Passenger Van", "Van"],
    ["Cargo Van", "Van"],
    ["Station Wagon", "Wagon"],
    ["Familiale", "Wagon"],
    ["Limousine", "Other"],
    ["", "Other"],
  ])("%j is %s", (name, expected) => {
    expect(normalizeBodyType(name)).toBe(expected);
  });

  it("maps each body type to itself", () => {
    for (const body of BODY_TYPES) expect(normalizeBodyType(body)).toBe(body);
  });
});

describe("normalizeTransmission", () => {
  it.each([
    ["8-Speed Automatic", "Automatic"],
    ["CVT", "Automatic"],
    ["A/T", "Automatic"],
    ["Automatique", "Automatic"],
    ["Automated Manual", "Automatic"],
    ["6-Speed Manual", "Manual"],
    ["M/T", "Manual"],
    ["Manuelle", "Manual"],
    ["", ""],
    ["Unknown", ""],
  ])("%j is %j", (value, expected) => {
    expect(normalizeTransmission(value)).toBe(expected);
  });
});

describe("normalizeFuelType", () => {
  it.each([
    ["Gasoline", "Gasoline"],
    ["Regular Unleaded", "Gasoline"],
    ["Essence", "Gasoline"],
    ["Diesel", "Diesel"],
    ["Electric", "Electric"],
    ["Électrique", "Electric"],
    ["Gas/Electric Hybrid", "Hybrid"],
    ["Hybride", "Hybrid"],
    ["Plug-In Hybrid", "Plug-in Hybrid"],
    ["PHEV", "Plug-in Hybrid"],
    ["Hybride rechargeable", "Plug-in Hybrid"],
    ["Hydrogen", ""],
  ])("%j is %j", (value, expected) => {
    expect(normalizeFuelType(value)).toBe(expected);
  });
});

describe("normalizeDrivetrain", () => {
  it.each([
    ["Front Wheel Drive", "FWD"],
    ["FWD", "FWD"],
    ["Traction avant", "FWD"],
    ["RWD", "RWD"],
    ["Rear-Wheel Drive", "RWD"],
    ["AWD", "AWD"],
    ["All Wheel Drive", "AWD"],
    ["Traction intégrale", "AWD"],
    ["4x4", "4WD"],
    ["Four Wheel Drive", "4WD"],
    ["4x2", ""],
    ["", ""],
  ])("%j is %j", (value, expected) => {
    expect(normalizeDrivetrain(value)).toBe(expected);
  });
});

describe("stock status", () => {
  it("names every code", () => {
    expect(STOCK_STATUS_CODES.map((code) => STOCK_STATUS_NAMES[code])).toEqual([
      "available", "demo", "pending", "sold", "in_transit", "unavailable", "virtual", "reserved", "as_is",
    ]);
  });

  it.each([
    ["I", "I"], ["as-is", "As-is"], ["As Is", "As-is"], ["as_is", "As-is"], ["sold", "S"], ["In Transit", "T"],
    ["", null], ["X", null], ["new_demo", null],
  ])("%j reads %j", (value, expected) => {
    expect(parseStockStatus(value)).toBe(expected);
  });
});

describe("parseYesNo", () => {
  it.each([
    ["Y", true], ["yes", true], ["TRUE", true], ["1", true], ["Oui", true],
    ["n", false], ["No", false], ["false", false], ["0", false], ["", false],
    ["maybe", null],
  ])("%j reads %j", (value, expected) => {
    expect(parseYesNo(value)).toBe(expected);
  });
});
