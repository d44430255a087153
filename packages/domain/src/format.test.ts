import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDate, formatDistance, formatMoney, formatPercent, formatRate, lengthUnitForCountry, type Locale } from "./format.ts";
import { cents, dollarsToCents, PRICE_CAP_CENTS, type Cents } from "./money.ts";

const NBSP = "\u00a0";
const en = { locale: "en-ca", currency: "cad" } as const;
const us = { locale: "en-us", currency: "usd" } as const;
const fr = { locale: "fr-ca", currency: "cad" } as const;

describe("formatMoney", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [-5, "-$0.05"],
    [100, "$1.00"],
    [99_999, "$999.99"],
    [100_000, "$1,000.00"],
    [123_456, "$1,234.56"],
    [-123_456, "-$1,234.56"],
    [123_456_789, "$1,234,567.89"],
    [PRICE_CAP_CENTS, "$999,999.99"],
  ])("English: %d cents is %j", (amount, expected) => {
    expect(formatMoney(amount as Cents, en)).toBe(expected);
    expect(formatMoney(amount as Cents, us)).toBe(expected);
  });

  it("shows a bare $ for US dollars in every locale", () => {
    expect(formatMoney(cents(100), { locale: "en-us", currency: "usd" })).toBe("$1.00");
    expect(formatMoney(cents(100), { locale: "fr-ca", currency: "usd" })).toBe(`1,00${NBSP}$`);
  });

  it.each([
    [0, "0,00\u00a0$"],
    [5, "0,05\u00a0$"],
    [-5, "-0,05\u00a0$"],
    [123_456, "1\u00a0234,56\u00a0$"],
    [-123_456, "-1\u00a0234,56\u00a0$"],
    [123_456_789, "1\u00a0234\u00a0567,89\u00a0$"],
    [PRICE_CAP_CENTS, "999\u00a0999,99\u00a0$"],
  ])("French: %d cents is %j", (amount, expected) => {
    expect(formatMoney(amount as Cents, fr)).toBe(expected);
  });

  it("uses no-break spaces, never plain or narrow ones, in French", () => {
    const text = formatMoney(cents(123_456_789), fr);
    expect(text).not.toMatch(/[ \u202f]/);
    expect(text.split(NBSP)).toHaveLength(4);
  });

  it.each([
    [123_456, "$1,235", `1${NBSP}235${NBSP}$`],
    [123_449, "$1,234", `1${NBSP}234${NBSP}$`],
    [123_450, "$1,235", `1${NBSP}235${NBSP}$`],
    [-123_450, "-$1,235", `-1${NBSP}235${NBSP}$`],
    [-123_449, "-$1,234", `-1${NBSP}234${NBSP}$`],
    [50, "$1", `1${NBSP}$`],
    [49, "$0", `0${NBSP}$`],
    [-49, "$0", `0${NBSP}$`],
    [0, "$0", `0${NBSP}$`],
    [PRICE_CAP_CENTS, "$1,000,000", `1${NBSP}000${NBSP}000${NBSP}$`],
  ])("whole dollars: %d cents is %j / %j", (amount, english, french) => {
    expect(formatMoney(amount as Cents, { ...en, wholeDollars: true })).toBe(english);
    expect(formatMoney(amount as Cents, { ...fr, wholeDollars: true })).toBe(french);
  });

  it("formats an amount parsed at a rounding boundary", () => {
    expect(formatMoney(dollarsToCents("1234.995"), en)).toBe("$1,235.00");
    expect(formatMoney(dollarsToCents("-0.005"), en)).toBe("-$0.01");
  });

  it("rejects amounts that are not integer cents", () => {
    expect(() => formatMoney(Number.NaN as Cents, en)).toThrow(RangeError);
    expect(() => formatMoney(1.5 as Cents, en)).toThrow(RangeError);
  });

  it("English output parses back to the same cents and never shows NaN", () => {
    const anyCents = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map((n) => n as Cents);
    const locale = fc.constantFrom<Locale>("en-ca", "en-us", "fr-ca");
    fc.assert(
      fc.property(anyCents, locale, fc.boolean(), (amount, loc, wholeDollars) => {
        const text = formatMoney(amount, { locale: loc, currency: "cad", wholeDollars });
        expect(text).not.toContain("NaN");
        expect(text).not.toContain("undefined");
        if (loc !== "fr-ca" && !wholeDollars) {
          expect(dollarsToCents(text.replace("$", "").replaceAll(",", ""))).toBe(amount);
        }
      }),
    );
  });

  it("French output maps onto English output by swapping separators", () => {
    const anyCents = fc.integer({ min: -1e12, max: 1e12 }).map((n) => n as Cents);
    fc.assert(
      fc.property(anyCents, (amount) => {
        const french = formatMoney(amount, fr);
        const english = formatMoney(amount, en);
        const unsigned = english.replace("-", "").replace("$", "");
        const expected = `${amount < 0 ? "-" : ""}${unsigned.replaceAll(",", NBSP).replace(".", ",")}${NBSP}$`;
        expect(french).toBe(expected);
      }),
    );
  });
});

describe("formatRate", () => {
  it("prints a tax rate in percent without rounding it", () => {
    expect(formatRate("0.0725", "en-us")).toBe("7.25%");
    expect(formatRate("0.04875", "en-us")).toBe("4.875%");
    expect(formatRate("1", "en-ca")).toBe("100%");
    expect(formatRate("0.15", "fr-ca")).toBe("15\u00a0%");
  });
});

describe("formatPercent", () => {
  it.each([
    ["4.99", "4.99%", `4,99${NBSP}%`],
    [4.99, "4.99%", `4,99${NBSP}%`],
    ["0", "0.00%", `0,00${NBSP}%`],
    [0, "0.00%", `0,00${NBSP}%`],
    ["5", "5.00%", `5,00${NBSP}%`],
    ["4.995", "5.00%", `5,00${NBSP}%`],
    ["4.994", "4.99%", `4,99${NBSP}%`],
    ["-4.995", "-5.00%", `-5,00${NBSP}%`],
    ["0.005", "0.01%", `0,01${NBSP}%`],
    ["-0.004", "0.00%", `0,00${NBSP}%`],
    [1.005, "1.01%", `1,01${NBSP}%`],
    ["100", "100.00%", `100,00${NBSP}%`],
    ["12.3", "12.30%", `12,30${NBSP}%`],
  ] as const)("%j is %j / %j", (rate, english, french) => {
    expect(formatPercent(rate, "en-ca")).toBe(english);
    expect(formatPercent(rate, "en-us")).toBe(english);
    expect(formatPercent(rate, "fr-ca")).toBe(french);
  });

  it.each(["", "abc", "4.99%", "4,99", Number.NaN, Number.POSITIVE_INFINITY])("rejects %j", (rate) => {
    expect(() => formatPercent(rate, "en-ca")).toThrow(RangeError);
  });
});

describe("formatDate", () => {
  it.each([
    ["2026-03-07", "03/07/2026"],
    ["2026-12-31", "12/31/2026"],
    ["2024-02-29", "02/29/2024"],
    ["2026-03-07T23:59:59Z", "03/07/2026"],
    ["2026-03-07T23:59:59.999Z", "03/07/2026"],
    ["2026-03-07T22:00:00-05:00", "03/08/2026"],
    ["2026-03-07T02:00+05:30", "03/06/2026"],
    // Without an offset the time is read as UTC, whatever the server's zone.
    ["2026-03-07T23:30:00", "03/07/2026"],
    ["2026-03-07 10:00", "03/07/2026"],
    ["0099-01-02", "01/02/0099"],
  ])("formats %j as %j", (input, expected) => {
    expect(formatDate(input, "en-ca")).toBe(expected);
    expect(formatDate(input, "fr-ca")).toBe(expected);
  });

  it("formats Date objects in UTC", () => {
    expect(formatDate(new Date(Date.UTC(2026, 2, 7, 23, 59)), "en-us")).toBe("03/07/2026");
    expect(formatDate(new Date(Date.UTC(2026, 0, 1)), "fr-ca")).toBe("01/01/2026");
  });

  it.each([
    "",
    "not a date",
    "2026-02-30",
    "2025-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-03-07T24:00:00Z",
    "2026-03-07T10:60Z",
    "03/07/2026",
    "2026-3-7",
    "2026-03-07T10",
  ])("rejects %j", (input) => {
    expect(() => formatDate(input, "en-ca")).toThrow(RangeError);
  });

  it("rejects invalid Date objects", () => {
    expect(() => formatDate(new Date(Number.NaN), "en-ca")).toThrow(RangeError);
  });
});

describe("formatDistance", () => {
  it.each([
    [0, "km", "0 km", `0${NBSP}km`],
    [999, "km", "999 km", `999${NBSP}km`],
    [12_345, "km", "12,345 km", `12${NBSP}345${NBSP}km`],
    [12_345, "mi", "12,345 mi", `12${NBSP}345${NBSP}mi`],
    [1_234_567, "mi", "1,234,567 mi", `1${NBSP}234${NBSP}567${NBSP}mi`],
    [12_345.5, "km", "12,346 km", `12${NBSP}346${NBSP}km`],
    [12_345.49, "km", "12,345 km", `12${NBSP}345${NBSP}km`],
    [-0.4, "km", "0 km", `0${NBSP}km`],
  ] as const)("%d %s is %j / %j", (value, unit, english, french) => {
    expect(formatDistance(value, unit, "en-ca")).toBe(english);
    expect(formatDistance(value, unit, "en-us")).toBe(english);
    expect(formatDistance(value, unit, "fr-ca")).toBe(french);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])("rejects %d", (value) => {
    expect(() => formatDistance(value, "km", "en-ca")).toThrow(RangeError);
  });
});

describe("lengthUnitForCountry", () => {
  it("uses kilometres in Canada and miles in the US", () => {
    expect(lengthUnitForCountry("CA")).toBe("km");
    expect(lengthUnitForCountry("US")).toBe("mi");
  });
});
