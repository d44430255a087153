import { describe, expect, it } from "vitest";
import { decodeVin, normalizeVin, vinCheckDigit, vinModelYear, vinProblem } from "./vin.ts";

describe("VIN (49 CFR 565)", () => {
  it("accepts the reference's test VIN, whose check digit is X", () => {
    expect(vinCheckDigit("1M8GDM9AXKP042788")).toBe("X");
    expect(vinProblem("1M8GDM9AXKP042788")).toBeNull();
  });

  it("accepts real VINs with a digit as check digit", () => {
    // Made-up serial numbers; their check digits follow from the Part 565 weights.
    expect(vinProblem("2HGFC2F50KH542313")).toBeNull();
    expect(vinProblem("2T3P1RFV8MW149339")).toBeNull();
  });

  it("refuses a wrong check digit, a wrong length and the letters I, O and Q", () => {
    expect(vinProblem("1M8GDM9A1KP042788")).toBe("check_digit");
    expect(vinProblem("1M8GDM9AXKP04278")).toBe("length");
    expect(vinProblem("1M8GDM9AXKP0427888")).toBe("length");
    expect(vinProblem("1M8GDM9AXKP04278O")).toBe("characters");
    expect(vinProblem("IM8GDM9AXKP042788")).toBe("characters");
    expect(vinProblem("1M8GDM9AXKP04278Q")).toBe("characters");
  });

  it("reads lower case and groups typed with spaces or hyphens", () => {
    expect(normalizeVin(" 1m8gdm9a-xkp 042788 ")).toBe("1M8GDM9AXKP042788");
    expect(vinProblem("1m8gdm9axkp042788")).toBeNull();
  });

  it("decodes the model year from position 10, in the cycle position 7 selects", () => {
    // Position 7 is a digit (9): the 1980-2009 cycle, K = 1989.
    expect(vinModelYear("1M8GDM9AXKP042788")).toBe(1989);
    // Position 7 is a letter: the 2010-2039 cycle.
    expect(vinModelYear("2HGFC2F50KH542313")).toBe(2019);
    expect(vinModelYear("2T3P1RFV8MW149339")).toBe(2021);
    expect(decodeVin("2HGFC2F50KH542313")).toEqual({ ok: true, value: { vin: "2HGFC2F50KH542313", wmi: "2HG", modelYear: 2019 } });
    expect(decodeVin("2HGFC2F50KH54231")).toEqual({ ok: false, problem: "length" });
  });

  it("maps every year character of Table VI in order: P=2023, R=2024, S=2025, T=2026, V=2027, Y=2030, 1=2031", () => {
    const withYear = (code: string) => `2HGFC2F50${code}H542313`;
    expect(vinModelYear(withYear("A"))).toBe(2010);
    expect(vinModelYear(withYear("N"))).toBe(2022);
    expect(vinModelYear(withYear("P"))).toBe(2023);
    expect(vinModelYear(withYear("R"))).toBe(2024);
    expect(vinModelYear(withYear("S"))).toBe(2025);
    expect(vinModelYear(withYear("T"))).toBe(2026);
    expect(vinModelYear(withYear("V"))).toBe(2027);
    expect(vinModelYear(withYear("Y"))).toBe(2030);
    expect(vinModelYear(withYear("1"))).toBe(2031);
    expect(vinModelYear(withYear("U"))).toBeNull();
  });
});
