import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divideRoundHalfAwayFromZero, groupThousands, numberToDecimal, parseDecimal, rescale } from "./decimal.ts";

describe("parseDecimal", () => {
  it.each([
    ["0", 0n, 0],
    ["-12.345", -12_345n, 3],
    ["+1.50", 150n, 2],
    [".5", 5n, 1],
    ["7.", 7n, 0],
  ] as const)("reads %j exactly", (text, unscaled, scale) => {
    expect(parseDecimal(text)).toEqual({ unscaled, scale });
  });

  it.each(["", ".", "-", "1e5", "1,000", " 1", "1 ", "--1", "0x1", "١"])("rejects %j", (text) => {
    expect(parseDecimal(text)).toBeNull();
  });
});

describe("numberToDecimal", () => {
  it("uses the shortest round-trip representation", () => {
    expect(numberToDecimal(0.1)).toEqual({ unscaled: 1n, scale: 1 });
    expect(numberToDecimal(1e21)).toEqual({ unscaled: 10n ** 21n, scale: 0 });
    expect(numberToDecimal(-1.5e-7)).toEqual({ unscaled: -15n, scale: 8 });
    expect(numberToDecimal(Number.NaN)).toBeNull();
    expect(numberToDecimal(Number.NEGATIVE_INFINITY)).toBeNull();
  });

  it("agrees with the number for every finite double", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const decimal = numberToDecimal(value);
        expect(decimal).not.toBeNull();
        if (decimal) expect(Number(`${decimal.unscaled}e-${decimal.scale}`)).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe("rounding", () => {
  it.each([
    [5n, 10n, 1n],
    [-5n, 10n, -1n],
    [4n, 10n, 0n],
    [-4n, 10n, 0n],
    [15n, 10n, 2n],
    [25n, -10n, -3n],
  ])("%d / %d rounds half away from zero to %d", (numerator, denominator, expected) => {
    expect(divideRoundHalfAwayFromZero(numerator, denominator)).toBe(expected);
  });

  it("rejects division by zero", () => {
    expect(() => divideRoundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });

  it("rescales up exactly and down with rounding", () => {
    expect(rescale({ unscaled: 12n, scale: 0 }, 2)).toBe(1_200n);
    expect(rescale({ unscaled: 1_234_995n, scale: 3 }, 2)).toBe(123_500n);
  });
});

describe("groupThousands", () => {
  it.each([
    ["0", "0"],
    ["999", "999"],
    ["1000", "1,000"],
    ["1234567", "1,234,567"],
  ])("groups %j as %j", (digits, expected) => {
    expect(groupThousands(digits, ",")).toBe(expected);
  });
});
