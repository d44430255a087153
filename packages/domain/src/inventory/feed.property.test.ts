import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FUEL_TYPES, TRANSMISSION_TYPES } from "../constants.ts";
import { centsToDecimalString, type Cents } from "../money.ts";
import { serializeCsv } from "./csv.ts";
import { parseInventoryFeed, type FeedVehicle } from "./feed.ts";
import { BODY_TYPES, DRIVETRAINS, normalizeColour, STOCK_STATUS_CODES } from "./normalize.ts";

const NOW = new Date(Date.UTC(2026, 0, 1));
const VIN_CHARS = [..."ABCDEFGHJKLMNPRSTUVWXYZ0123456789"];

const HEADER = [
  "VIN", "Stock Number", "Condition", "Year", "Make", "Model", "Trim", "Model Code", "Body Type", "Exterior Color",
  "Interior Color", "Odometer", "Price", "MSRP", "Freight", "PDI", "Dealer Fee", "Photos", "In Stock Date",
  "Status", "Drivetrain", "Transmission", "Fuel Type", "Features", "Description",
];

/** Any text, trimmed and not empty: commas, quotes and line breaks included. */
const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }).map((s) => s.trim()).filter((s) => s !== "");
const listItem = text.filter((s) => !s.includes("|") && s.trim() === s);
// Real amounts only: a whole 999998 or 999999 dollars is a placeholder.
const amount = fc
  .integer({ min: 1, max: 99_999_999 })
  .filter((c) => c !== 99_999_800 && c !== 99_999_900)
  .map((c) => c as Cents);
const isoDate = fc
  .date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2030, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const vehicle = fc.record({
  vin: fc.array(fc.constantFrom(...VIN_CHARS), { minLength: 17, maxLength: 17 }).map((chars) => chars.join("")),
  stockNumber: text,
  condition: fc.constantFrom("New" as const, "Used" as const),
  year: fc.integer({ min: 1981, max: 2028 }),
  make: text,
  model: text,
  trim: fc.option(text, { nil: "" }),
  modelCode: fc.option(text, { nil: null }),
  bodyType: fc.constantFrom(...BODY_TYPES),
  exteriorColor: text,
  interiorColor: text,
  odometer: fc.integer({ min: 0, max: 9_999_999 }),
  priceCents: fc.option(amount, { nil: null }),
  msrpCents: fc.option(amount, { nil: null }),
  freightCents: fc.option(amount, { nil: null }),
  pdiCents: fc.option(amount, { nil: null }),
  dealerFeeCents: fc.option(amount, { nil: null }),
  images: fc.array(fc.stringMatching(/^[a-z0-9]{1,12}$/).map((name) => `https://cdn.example.com/${name}.jpg`), { maxLength: 4 }),
  inStockDate: fc.option(isoDate, { nil: null }),
  stockStatus: fc.constantFrom(...STOCK_STATUS_CODES),
  drivetrain: fc.constantFrom("", ...DRIVETRAINS),
  transmission: fc.constantFrom("", ...TRANSMISSION_TYPES),
  fuelType: fc.constantFrom("", ...FUEL_TYPES),
  features: fc.array(listItem, { maxLength: 4 }),
  description: fc.option(text, { nil: "" }),
});

type Generated = Omit<FeedVehicle, "line" | "isCertified" | "exteriorColorNormalized">;

function toCells(v: Generated): string[] {
  const money = (c: Cents | null) => (c === null ? "" : centsToDecimalString(c));
  return [
    v.vin, v.stockNumber, v.condition, String(v.year), v.make, v.model, v.trim, v.modelCode ?? "", v.bodyType,
    v.exteriorColor, v.interiorColor, String(v.odometer), money(v.priceCents), money(v.msrpCents),
    money(v.freightCents), money(v.pdiCents), money(v.dealerFeeCents), v.images.join("|"), v.inStockDate ?? "",
    v.stockStatus, v.drivetrain, v.transmission, v.fuelType, v.features.join("|"), v.description,
  ];
}

const LINE_BREAK = /\r\n|\r|\n/g;

describe("parseInventoryFeed round trip", () => {
  it("reads back any feed of valid rows serialized as CSV, with the right line numbers", () => {
    fc.assert(
      fc.property(fc.uniqueArray(vehicle, { selector: (v) => v.vin, maxLength: 6 }), (vehicles) => {
        const records = vehicles.map(toCells);
        const result = parseInventoryFeed(serializeCsv([HEADER, ...records]), NOW);
        expect(result.headerErrors).toEqual([]);
        expect(result.rejected).toEqual([]);
        let line = 2;
        const expected = vehicles.map((v, index) => {
          const row: FeedVehicle = { ...v, line, isCertified: false, exteriorColorNormalized: normalizeColour(v.exteriorColor) };
          line += 1 + ((records[index] ?? []).join(",").match(LINE_BREAK) ?? []).length;
          return row;
        });
        expect(result.rows).toEqual(expected);
      }),
    );
  });
});
