import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  isPoorContrast,
  lightestShade,
  parseHexColor,
  readableTextColor,
  relativeLuminance,
  toHexColor,
} from "./contrast.ts";

const hexColor = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => toHexColor({ r, g, b }));

describe("parseHexColor", () => {
  it.each([
    ["#000000", { r: 0, g: 0, b: 0 }],
    ["#ffffff", { r: 255, g: 255, b: 255 }],
    ["#FFFFFF", { r: 255, g: 255, b: 255 }],
    ["#abc", { r: 0xaa, g: 0xbb, b: 0xcc }],
    ["#ABC", { r: 0xaa, g: 0xbb, b: 0xcc }],
    ["#1a2B3c", { r: 0x1a, g: 0x2b, b: 0x3c }],
  ])("parses %j", (hex, expected) => {
    expect(parseHexColor(hex)).toEqual(expected);
  });

  it.each(["", "#", "abc", "aabbcc", "#ab", "#abcd", "#aabbc", "#aabbccdd", "#ggg", "#12345g", " #abc", "rgb(0,0,0)"])(
    "rejects %j",
    (hex) => {
      expect(() => parseHexColor(hex)).toThrow(RangeError);
    },
  );

  it("round-trips through toHexColor", () => {
    fc.assert(
      fc.property(hexColor, (hex) => {
        expect(toHexColor(parseHexColor(hex))).toBe(hex);
      }),
    );
  });
});

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for identical colours", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#fff", "#000")).toBeCloseTo(21, 10);
    expect(contrastRatio("#777777", "#777")).toBe(1);
  });

  it("matches published WCAG values", () => {
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    expect(relativeLuminance("#000000")).toBe(0);
    // #767676 on white is the classic "just passes 4.5:1" grey.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ff0000", "#ffffff")).toBeCloseTo(4.0, 2);
  });

  it("is symmetric and between 1 and 21", () => {
    fc.assert(
      fc.property(hexColor, hexColor, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21 + 1e-9);
        expect(contrastRatio(b, a)).toBe(ratio);
      }),
    );
  });

  it("rejects invalid colours", () => {
    expect(() => contrastRatio("#fff", "white")).toThrow(RangeError);
  });
});

describe("isPoorContrast", () => {
  it("flags ratios below 3", () => {
    expect(isPoorContrast("#ffffff", "#ffffff")).toBe(true);
    expect(isPoorContrast("#ffff00", "#ffffff")).toBe(true);
    // #949494 on white is about 3.03:1, #959595 about 2.99:1.
    expect(isPoorContrast("#949494", "#ffffff")).toBe(false);
    expect(isPoorContrast("#959595", "#ffffff")).toBe(true);
    expect(isPoorContrast("#000000", "#ffffff")).toBe(false);
  });
});

describe("readableTextColor", () => {
  it.each([
    ["#ffffff", "#000000"],
    ["#ffff00", "#000000"],
    ["#000000", "#ffffff"],
    ["#003366", "#ffffff"],
    ["#cc0000", "#ffffff"],
    ["#777", "#000000"],
  ] as const)("uses %s text on %s", (background, expected) => {
    expect(readableTextColor(background)).toBe(expected);
  });

  it("always reaches at least 4.5:1", () => {
    fc.assert(
      fc.property(hexColor, (background) => {
        expect(contrastRatio(background, readableTextColor(background))).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});

describe("lightestShade", () => {
  it.each([
    ["#000000", "#f2f2f2"],
    ["#ffffff", "#f2f2f2"],
    ["#808080", "#f2f2f2"],
    ["#ff0000", "#ffe6e6"],
    ["#0000ff", "#e6e6ff"],
    ["#00f", "#e6e6ff"],
    ["#003366", "#e6f2ff"],
  ])("%s becomes %s", (hex, expected) => {
    expect(lightestShade(hex)).toBe(expected);
  });

  it("is always a valid, very light colour", () => {
    fc.assert(
      fc.property(hexColor, (hex) => {
        const shade = lightestShade(hex);
        expect(shade).toMatch(/^#[0-9a-f]{6}$/);
        expect(relativeLuminance(shade)).toBeGreaterThan(0.75);
      }),
    );
  });

  it("rejects invalid colours", () => {
    expect(() => lightestShade("red")).toThrow(RangeError);
  });
});
