import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addCents,
  cents,
  centsToDecimalString,
  dollarsToCents,
  isPlaceholderAmount,
  multiplyCentsByRate,
  PLACEHOLDER_AMOUNTS,
  PRICE_CAP_CENTS,
  type Cents,
} from "./money.ts";

const safeCents = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map((n) => n as Cents);

describe("cents", () => {
  it("accepts safe integers, including negatives and zero", () => {
    expect(cents(0)).toBe(0);
    expect(cents(-150)).toBe(-150);
    expect(cents(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("normalises negative zero", () => {
    expect(Object.is(cents(-0), 0)).toBe(true);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, -1e20])("rejects %s", (value) => {
    expect(() => cents(value)).toThrow(RangeError);
  });
});

describe("dollarsToCents", () => {
  it.each([
    ["0", 0],
    ["1", 100],
    ["1234.5", 123_450],
    ["1234.56", 123_456],
    ["-12.345", -1_235],
    ["12.344", 1_234],
    ["0.005", 1],
    ["-0.005", -1],
    ["0.0049999", 0],
    ["-0.0049999", 0],
    ["1234.995", 123_500],
    ["-1234.995", -123_500],
    ["999999.99", 99_999_999],
    [".5", 50],
    ["+3.", 300],
    ["007.10", 710],
  ] as const)("parses %j as %d cents", (input, expected) => {
    expect(dollarsToCents(input)).toBe(expected);
  });

  it("reads amounts of at most two decimals as the exact decimal path does", () => {
    // The integer fast path and the BigInt path must agree, up to the largest thirteen-digit amount.
    for (const input of ["0", "0.0", "-0.00", "12.", "12.3", "12.30", "-12.05", "9999999999999.99", "-9999999999999.99", "0000000000001.01"]) {
      const [whole = "", fraction = ""] = input.replace("-", "").split(".");
      const exact = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
      expect(dollarsToCents(input)).toBe(Number(input.startsWith("-") ? -exact : exact));
    }
    expect(Object.is(dollarsToCents("-0.00"), 0)).toBe(true);
  });

  it("never returns negative zero", () => {
    expect(Object.is(dollarsToCents("-0.001"), 0)).toBe(true);
    expect(Object.is(dollarsToCents(-0), 0)).toBe(true);
  });

  it.each([
    [0, 0],
    [1234.56, 123_456],
    [-1234.56, -123_456],
    // 1.005 is stored as 1.00499999999999989..., but its shortest decimal form is "1.005".
    [1.005, 101],
    [0.1, 10],
    [1e-7, 0],
    [-1.5e-7, 0],
  ])("parses the number %d via its decimal string", (input, expected) => {
    expect(dollarsToCents(input)).toBe(expected);
  });

  it("reads large numbers written with an exponent", () => {
    expect(dollarsToCents(1e13)).toBe(1e15);
    expect(dollarsToCents(12345678.9)).toBe(1_234_567_890);
  });

  it.each(["", " ", "1,234.56", "12 345", "1e3", "$5", "5$", "abc", ".", "-", "1.2.3", "0x10", "Infinity", "NaN", " 1"])(
    "rejects the string %j",
    (input) => {
      expect(() => dollarsToCents(input)).toThrow(RangeError);
    },
  );

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21])("rejects the number %d", (input) => {
    expect(() => dollarsToCents(input)).toThrow(RangeError);
  });

  it("rejects amounts whose cents are not safe integers", () => {
    expect(() => dollarsToCents("90071992547409.92")).toThrow(RangeError);
    expect(dollarsToCents("90071992547409.91")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("rejects non-string, non-number input at runtime", () => {
    expect(() => dollarsToCents(null as unknown as string)).toThrow(RangeError);
    expect(() => dollarsToCents({} as unknown as string)).toThrow(RangeError);
  });
});

describe("centsToDecimalString", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [-5, "-0.05"],
    [-100, "-1.00"],
    [123_456, "1234.56"],
    [-123_456, "-1234.56"],
    [PRICE_CAP_CENTS, "999999.99"],
    [Number.MAX_SAFE_INTEGER, "90071992547409.91"],
    [Number.MIN_SAFE_INTEGER, "-90071992547409.91"],
  ])("formats %d as %j", (input, expected) => {
    expect(centsToDecimalString(input as Cents)).toBe(expected);
  });

  it("round-trips through dollarsToCents for every safe integer", () => {
    fc.assert(
      fc.property(safeCents, (c) => {
        expect(dollarsToCents(centsToDecimalString(c))).toBe(c);
      }),
    );
  });
});

describe("addCents", () => {
  it("adds any number of amounts", () => {
    expect(addCents()).toBe(0);
    expect(addCents(cents(100))).toBe(100);
    expect(addCents(cents(100), cents(-250), cents(1))).toBe(-149);
  });

  it("throws instead of losing precision on overflow", () => {
    expect(() => addCents(cents(Number.MAX_SAFE_INTEGER), cents(1))).toThrow(RangeError);
  });

  it("matches bigint addition", () => {
    const moderate = fc.integer({ min: -1e12, max: 1e12 }).map((n) => n as Cents);
    fc.assert(
      fc.property(fc.array(moderate, { maxLength: 20 }), (values) => {
        const expected = values.reduce((sum, value) => sum + BigInt(value), 0n);
        expect(BigInt(addCents(...values))).toBe(expected);
      }),
    );
  });
});

describe("multiplyCentsByRate", () => {
  it.each([
    [10_000, "0.13", 1_300],
    [999, "0.13", 130], // 129.87
    [50, "0.05", 3], // 2.5 rounds away from zero
    [-50, "0.05", -3],
    [30, "0.05", 2], // 1.5
    [1, "0.5", 1],
    [-1, "0.5", -1],
    [1, "0.49", 0],
    [12_345, "1", 12_345],
    [12_345, "0", 0],
    [12_345, "-0.1", -1_235], // 1234.5
    [PRICE_CAP_CENTS, "0.14975", 14_975_000], // 14974999.85025
    [1_000_001, "0.14975", 149_750], // 149750.14975
  ] as const)("%d × %s = %d", (amount, rate, expected) => {
    expect(multiplyCentsByRate(cents(amount), rate)).toBe(expected);
  });

  it.each(["", "13%", "abc", "1e-2", "0,13"])("rejects the rate %j", (rate) => {
    expect(() => multiplyCentsByRate(cents(100), rate)).toThrow(RangeError);
  });

  it("rejects a number passed as the rate at runtime", () => {
    expect(() => multiplyCentsByRate(cents(100), 0.13 as unknown as string)).toThrow(RangeError);
  });
});

describe("placeholder amounts", () => {
  it("lists the feed placeholders", () => {
    expect(PLACEHOLDER_AMOUNTS).toEqual([null, "", 0, 999_998, 999_999]);
  });

  it.each([null, undefined, "", "  ", 0, -0, "0", "0.00", "-0", 999_998, 999_999, "999998", "999999", "999999.00", " 999999 "])(
    "treats %j as a placeholder",
    (value) => {
      expect(isPlaceholderAmount(value)).toBe(true);
    },
  );

  it.each([1, "1", 0.01, "0.01", 999_997, 999_999.99, "999999.99", -999_999, "-999999", "abc", Number.NaN, true, {}, []])(
    "treats %j as a real value",
    (value) => {
      expect(isPlaceholderAmount(value)).toBe(false);
    },
  );

  it("agrees with every listed placeholder", () => {
    for (const amount of PLACEHOLDER_AMOUNTS) expect(isPlaceholderAmount(amount)).toBe(true);
  });
});

describe("PRICE_CAP_CENTS", () => {
  it("is 999,999.99 dollars", () => {
    expect(PRICE_CAP_CENTS).toBe(dollarsToCents("999999.99"));
    expect(isPlaceholderAmount(centsToDecimalString(PRICE_CAP_CENTS))).toBe(false);
  });
});
