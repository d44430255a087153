import { describe, expect, it } from "vitest";
import { serializeCsv } from "./csv.ts";
import { parseInventoryFeed } from "./feed.ts";

const NOW = new Date(Date.UTC(2026, 5, 15));
const HEADER = ["VIN", "Stock #", "Type", "Year", "Make", "Model", "Trim", "Price", "MSRP", "Odometer", "Photos", "Status"];
const VIN_A = "2T3P1RFV8RC123456";
const VIN_B = "1HGCV1F34LA012345";

type Row = Partial<Record<(typeof HEADER)[number], string>>;

const base: Row = {
  VIN: VIN_A, "Stock #": "S12345", Type: "New", Year: "2026", Make: "Toyota", Model: "RAV4", Trim: "XLE",
  Price: "38999.00", MSRP: "41250", Odometer: "12", Photos: "https://cdn.example.com/a.jpg", Status: "I",
};

function feed(rows: Row[], header: readonly string[] = HEADER): string {
  return serializeCsv([[...header], ...rows.map((row) => header.map((column) => row[column] ?? ""))]);
}

function rejectionOf(row: Row) {
  const result = parseInventoryFeed(feed([{ ...base, VIN: VIN_B }, row]), NOW);
  expect(result.rows).toHaveLength(1);
  expect(result.rejected).toHaveLength(1);
  return result.rejected[0];
}

describe("parseInventoryFeed: a good feed", () => {
  it("reads every column", () => {
    const header = [
      "VIN", "StockNumber", "Condition", "Certified", "Year", "Make", "Model", "Series", "Model Number",
      "Body Style", "Ext Color", "Int Color", "Mileage", "Internet Price", "MSRP", "Image List",
      "Date In Stock", "Stock Status", "Drive", "Transmission", "Fuel Type", "Options", "Freight",
      "PDI", "Dealer_Fee", "Description",
    ];
    const row = [
      "1hgcv1f34la012345", "H9001", "Used", "Yes", "2020", "Honda", "Accord", "Sport", "CV1F3",
      "4dr Car", "Platinum White Pearl", "Black Leather", "45,210", "$24,995.50", "", "http://a.example/1.jpg|https://a.example/2.jpg",
      "03/07/2026", "as-is", "Front Wheel Drive", "CVT", "Gasoline", "Sunroof| Heated seats |", "1,895",
      "0", "499", "One owner.\nClean history.",
    ];
    const result = parseInventoryFeed(serializeCsv([header, row]), NOW);
    expect(result.headerErrors).toEqual([]);
    expect(result.rejected).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.rows).toEqual([
      {
        line: 2, vin: "1HGCV1F34LA012345", stockNumber: "H9001", condition: "Used", isCertified: true,
        year: 2020, make: "Honda", model: "Accord", trim: "Sport", modelCode: "CV1F3", bodyType: "Sedan",
        exteriorColor: "Platinum White Pearl", exteriorColorNormalized: "White", interiorColor: "Black Leather",
        odometer: 45210, priceCents: 2_499_550, msrpCents: null, freightCents: 189_500, pdiCents: null,
        dealerFeeCents: 49_900, images: ["http://a.example/1.jpg", "https://a.example/2.jpg"],
        inStockDate: "2026-03-07", stockStatus: "As-is", drivetrain: "FWD", transmission: "Automatic",
        fuelType: "Gasoline", features: ["Sunroof", "Heated seats"], description: "One owner.\nClean history.",
      },
    ]);
  });

  it("fills defaults: stock number from the VIN, status I, odometer 0, optional columns empty", () => {
    const header = ["vin", "YEAR", "make", "model", "new_used"];
    const result = parseInventoryFeed(serializeCsv([header, [VIN_A, "2025", "Toyota", "RAV4", "n"]]), NOW);
    expect(result.rows[0]).toMatchObject({
      stockNumber: "RC123456", condition: "New", isCertified: false, stockStatus: "I", odometer: 0,
      priceCents: null, msrpCents: null, modelCode: null, bodyType: "Other", exteriorColorNormalized: "Other",
      images: [], features: [], inStockDate: null, drivetrain: "", transmission: "", fuelType: "",
    });
  });

  it("reads certified conditions as Used and certified", () => {
    for (const type of ["Certified", "CPO", "certified pre-owned"]) {
      expect(parseInventoryFeed(feed([{ ...base, Type: type }]), NOW).rows[0]).toMatchObject({ condition: "Used", isCertified: true });
    }
    expect(parseInventoryFeed(feed([{ ...base, Type: "u" }]), NOW).rows[0]).toMatchObject({ condition: "Used", isCertified: false });
  });

  it("reads stock statuses by code or named form, any case", () => {
    const statuses = ["i", "D", "p", "S", "t", "U", "v", "R", "AS-IS", "in transit", "reserved"];
    const result = parseInventoryFeed(
      feed(statuses.map((status, index) => ({ ...base, VIN: `${VIN_A.slice(0, 15)}${String(index).padStart(2, "0")}`, Status: status }))),
      NOW,
    );
    expect(result.rows.map((row) => row.stockStatus)).toEqual(["I", "D", "P", "S", "T", "U", "V", "R", "As-is", "T", "R"]);
  });
});

describe("parseInventoryFeed: amounts", () => {
  it.each(["", "0", "0.00", "999998", "999999", "$999,999.00"])("reads the placeholder %j as null", (price) => {
    expect(parseInventoryFeed(feed([{ ...base, Price: price }]), NOW).rows[0]?.priceCents).toBeNull();
  });

  it("accepts the cap 999999.99 and rejects 1000000.00", () => {
    expect(parseInventoryFeed(feed([{ ...base, Price: "999999.99" }]), NOW).rows[0]?.priceCents).toBe(99_999_999);
    expect(rejectionOf({ ...base, MSRP: "1000000.00" })).toEqual({
      line: 3, vin: VIN_A, reason: "MSRP is above the 999,999.99 cap", field: "MSRP",
    });
  });

  it.each([
    ["-100", "Price must not be negative"],
    ["abc", "Price is not a number"],
    ["1e5", "Price is not a number"],
    ["12.345", "Price has fractions of a cent"],
  ])("rejects the price %j", (price, reason) => {
    expect(rejectionOf({ ...base, Price: price })).toEqual({ line: 3, vin: VIN_A, reason, field: "Price" });
  });
});

describe("parseInventoryFeed: rejected rows name the line and the field", () => {
  it.each([
    [{ VIN: "2T3P1RFV8RC12345" }, "VIN must be 17 letters and digits without I, O or Q", "VIN", "2T3P1RFV8RC12345"],
    [{ VIN: "2T3P1RFV8RC12345O" }, "VIN must be 17 letters and digits without I, O or Q", "VIN", "2T3P1RFV8RC12345O"],
    [{ VIN: "" }, "VIN must be 17 letters and digits without I, O or Q", "VIN", null],
    [{ Year: "1980" }, "Year must be a whole number from 1981 to 2028", "Year", VIN_A],
    [{ Year: "2029" }, "Year must be a whole number from 1981 to 2028", "Year", VIN_A],
    [{ Year: "2020.5" }, "Year must be a whole number from 1981 to 2028", "Year", VIN_A],
    [{ Make: "  " }, "Make must not be empty", "Make", VIN_A],
    [{ Model: "" }, "Model must not be empty", "Model", VIN_A],
    [{ Type: "Demo" }, "Condition must be New, Used or Certified", "Type", VIN_A],
    [{ Odometer: "-5" }, "Odometer must be a whole number from 0 to 9,999,999", "Odometer", VIN_A],
    [{ Odometer: "12,34" }, "Odometer must be a whole number from 0 to 9,999,999", "Odometer", VIN_A],
    [{ Status: "Z" }, "Stock status must be one of I, D, P, S, T, U, V, R or As-is", "Status", VIN_A],
  ])("%j", (change, reason, field, vin) => {
    expect(rejectionOf({ ...base, ...change })).toEqual({ line: 3, vin, reason, field });
  });

  it("accepts the edges of the year range", () => {
    const rows = parseInventoryFeed(feed([{ ...base, Year: "1981" }, { ...base, VIN: VIN_B, Year: "2028" }]), NOW).rows;
    expect(rows.map((row) => row.year)).toEqual([1981, 2028]);
  });

  it("rejects an unreadable Certified flag", () => {
    const header = [...HEADER, "Certified"];
    const result = parseInventoryFeed(feed([{ ...base, Certified: "maybe" }], header), NOW);
    expect(result.rejected).toEqual([
      { line: 2, vin: VIN_A, reason: "Certified must be Y/N, Yes/No, True/False or 1/0", field: "Certified" },
    ]);
  });

  it("rejects a later row repeating a VIN, in any case", () => {
    const result = parseInventoryFeed(feed([base, { ...base, VIN: VIN_B }, { ...base, VIN: VIN_A.toLowerCase() }]), NOW);
    expect(result.rows.map((row) => row.line)).toEqual([2, 3]);
    expect(result.rejected).toEqual([{ line: 4, vin: VIN_A, reason: "Duplicate VIN in feed, first seen on line 2", field: "VIN" }]);
  });

  it("gives the physical line when an earlier row spans several lines", () => {
    const text = feed([{ ...base, Trim: "XLE\nPremium\nPackage" }, { ...base, VIN: VIN_B, Year: "1900" }]);
    expect(parseInventoryFeed(text, NOW).rejected[0]?.line).toBe(5);
  });

  // PostgreSQL text cannot hold U+0000: such a row is reported, never stored or looked up by its VIN.
  it.each([
    [{ Make: "Toy\u0000ota" }, "Make contains a NUL character (\\u0000)", "Make", VIN_A],
    [{ Type: "\u0000" }, "Condition contains a NUL character (\\u0000)", "Type", VIN_A],
    [{ VIN: `${VIN_A}\u0000` }, "VIN contains a NUL character (\\u0000)", "VIN", null],
  ])("rejects a row with a NUL character: %j", (change, reason, field, vin) => {
    expect(rejectionOf({ ...base, ...change })).toEqual({ line: 3, vin, reason, field });
  });

  it("rejects a NUL character in a column the feed does not use too", () => {
    const result = parseInventoryFeed(feed([{ ...base, Notes: "a\u0000b" }], [...HEADER, "Notes"]), NOW);
    expect(result.rows).toEqual([]);
    expect(result.rejected).toEqual([{ line: 2, vin: VIN_A, reason: "Notes contains a NUL character (\\u0000)", field: "Notes" }]);
  });

  it("rejects a row whose field count differs from the header", () => {
    const text = `${feed([base])}${VIN_B},extra\r\n`;
    expect(parseInventoryFeed(text, NOW).rejected).toEqual([
      { line: 3, vin: VIN_B, reason: "Row has 2 fields but the header has 12", field: "" },
    ]);
  });

  it("rejects from an unterminated quote on, keeping the rows before it", () => {
    const text = `${feed([base])}${VIN_B},"S1\r\n`;
    const result = parseInventoryFeed(text, NOW);
    expect(result.rows).toHaveLength(1);
    expect(result.rejected).toEqual([
      { line: 3, vin: null, reason: "Unterminated quoted field starting on line 3", field: "" },
    ]);
  });
});

describe("parseInventoryFeed: warnings", () => {
  it("keeps the http(s) photos and warns about the others", () => {
    const photos = "https://a.example/1.jpg|ftp://a.example/2.jpg|not a url|javascript:alert(1)|http://a.example/3 b.jpg";
    const result = parseInventoryFeed(feed([{ ...base, Photos: photos }]), NOW);
    expect(result.rows[0]?.images).toEqual(["https://a.example/1.jpg", "http://a.example/3%20b.jpg"]);
    expect(result.warnings).toEqual([{ line: 2, message: "Dropped 3 photo URLs that are not an http(s) address" }]);
  });

  it("leaves an unreadable in-stock date empty with a warning", () => {
    const header = [...HEADER, "InStockDate"];
    const result = parseInventoryFeed(feed([{ ...base, InStockDate: "02/30/2026" }, { ...base, VIN: VIN_B, InStockDate: "2026-02-28" }], header), NOW);
    expect(result.rows.map((row) => row.inStockDate)).toEqual([null, "2026-02-28"]);
    expect(result.warnings).toEqual([{ line: 2, message: 'In-stock date "02/30/2026" is not YYYY-MM-DD or MM/DD/YYYY; it was left empty' }]);
  });

  it("ignores a certified flag on a new vehicle, with a warning", () => {
    const header = [...HEADER, "Certified"];
    const result = parseInventoryFeed(feed([{ ...base, Certified: "Y" }], header), NOW);
    expect(result.rows[0]?.isCertified).toBe(false);
    expect(result.warnings[0]?.message).toMatch(/cannot be certified/);
  });

  it("lists unknown columns once, on line 1", () => {
    const result = parseInventoryFeed(feed([base], [...HEADER, "Dealer Notes"]), NOW);
    expect(result.warnings).toEqual([{ line: 1, message: "Ignored unknown columns: Dealer Notes" }]);
  });
});

describe("parseInventoryFeed: header", () => {
  it("matches aliases ignoring case, spaces, underscores and hyphens", () => {
    const header = ["v_i_n", "STOCK-NUMBER", "New/Used", "model year", "MAKE", "Model", "body type", "KM", "selling_price"];
    const result = parseInventoryFeed(
      serializeCsv([header, [VIN_A, "A1", "Used", "2019", "Ford", "F-150", "SuperCrew Cab", "88,000", "35000"]]),
      NOW,
    );
    expect(result.headerErrors).toEqual([]);
    expect(result.rows[0]).toMatchObject({ stockNumber: "A1", bodyType: "Pickup", odometer: 88_000, priceCents: 3_500_000 });
  });

  it("names every missing required column and reads no row", () => {
    const result = parseInventoryFeed(serializeCsv([["Stock", "Make", "Price"], ["A1", "Ford", "100"]]), NOW);
    expect(result.rows).toEqual([]);
    expect(result.headerErrors).toEqual([
      "Missing required column: VIN",
      "Missing required column: Year",
      "Missing required column: Model",
      "Missing required column: Condition",
    ]);
  });

  it("refuses two columns for the same field rather than guess", () => {
    const result = parseInventoryFeed(feed([base], [...HEADER, "Internet Price"]), NOW);
    expect(result.headerErrors).toEqual(['Columns "Price" and "Internet Price" are both read as Price; keep only one']);
  });

  it("refuses a header with a NUL character", () => {
    const result = parseInventoryFeed(feed([base], [...HEADER, "No\u0000tes"]), NOW);
    expect(result.headerErrors).toEqual(["Column 13 of the header contains a NUL character (\\u0000)"]);
    expect(result.rows).toEqual([]);
  });

  it("reports an empty feed", () => {
    expect(parseInventoryFeed("\uFEFF\r\n", NOW).headerErrors).toEqual(["The feed is empty: no header row"]);
  });

  it("reads a header-only feed as no rows", () => {
    expect(parseInventoryFeed(feed([]), NOW)).toEqual({ rows: [], rejected: [], headerErrors: [], warnings: [] });
  });
});
