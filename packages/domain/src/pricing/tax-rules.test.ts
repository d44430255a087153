import { describe, expect, it } from "vitest";
import { cents, centsToDecimalString, dollarsToCents as dollars, type Cents } from "../money.ts";
import { CANADIAN_PROVINCES } from "../constants.ts";
import { jurisdictionFromPostalCode, jurisdictionFromPostalOrZip, jurisdictionFromZip } from "./postal-jurisdiction.ts";
import { regulatoryFeeOn } from "./regulatory-fees.ts";
import { computeTaxLines, SUPPORTED_JURISDICTIONS, taxRulesOn, tradeInTaxCredit } from "./tax-rules.ts";
import { michiganTradeInCredit } from "./us-tax-data.ts";

const text = (amount: Cents) => centsToDecimalString(amount);

const rateOf = (jurisdiction: string, date: string) =>
  Object.fromEntries((taxRulesOn(jurisdiction, date)?.components ?? []).map((component) => [component.id, component.rate]));

describe("effective-dated tax rules", () => {
  it("covers all 13 provinces and territories", () => {
    for (const { code } of CANADIAN_PROVINCES) expect(taxRulesOn(`CA-${code}`, "2026-01-15"), code).not.toBeNull();
  });

  it.each([
    ["CA-NS", "2025-03-31", { hst: "0.15" }],
    ["CA-NS", "2025-04-01", { hst: "0.14" }],
    ["CA-ON", "2026-06-30", { hst: "0.13" }],
    ["CA-QC", "2026-06-30", { gst: "0.05", qst: "0.09975" }],
    ["CA-MB", "2026-06-30", { gst: "0.05", rst: "0.07" }],
    ["CA-SK", "2026-06-30", { gst: "0.05", pst: "0.06" }],
    ["CA-NB", "2026-06-30", { hst: "0.15" }],
    ["CA-YT", "2026-06-30", { gst: "0.05" }],
    ["US-TX", "2026-06-30", { state: "0.0625" }],
    ["US-PA", "2026-06-30", { state: "0.06", lease_tax: "0.03" }],
  ])("%s on %s", (jurisdiction, date, rates) => {
    expect(rateOf(jurisdiction, date)).toEqual(rates);
  });

  it("has no rules before the table's coverage, for unknown jurisdictions or malformed dates", () => {
    expect(taxRulesOn("CA-ON", "2019-01-01")).toBeNull();
    expect(taxRulesOn("US-WY", "2026-01-01")).toBeNull();
    expect(taxRulesOn("CA-ON", "2026-13-45")).toBeNull();
    expect(taxRulesOn("CA-ON", "yesterday")).toBeNull();
  });

  it("adds the dealer's local rate only where the jurisdiction has a local add-on", () => {
    expect(taxRulesOn("US-NY", "2026-01-01", { localRate: "0.04875" })?.components.map((c) => c.rate)).toEqual(["0.04", "0.04875"]);
    expect(taxRulesOn("US-TX", "2026-01-01", { localRate: "0.02" })?.components).toHaveLength(1);
    expect(taxRulesOn("US-FL", "2026-01-01", { localRate: "0.01" })?.components[1]?.baseCap).toBe(dollars(5_000));
  });

  it("lists every jurisdiction the reference discusses", () => {
    for (const state of ["NY", "CA", "TX", "FL", "IL", "MI", "MN", "PA", "OH", "GA"]) expect(SUPPORTED_JURISDICTIONS).toContain(`US-${state}`);
    expect(SUPPORTED_JURISDICTIONS.filter((id) => id.startsWith("CA-"))).toHaveLength(13);
  });
});

describe("trade-in tax credit", () => {
  it("follows Michigan's cap by year, unlimited from 2029", () => {
    expect(michiganTradeInCredit(2019)).toEqual({ kind: "capped", cap: dollars(5_000) });
    expect(michiganTradeInCredit(2025)).toEqual({ kind: "capped", cap: dollars(11_000) });
    expect(michiganTradeInCredit(2026)).toEqual({ kind: "capped", cap: dollars(12_000) });
    expect(michiganTradeInCredit(2029)).toEqual({ kind: "full" });
    expect(taxRulesOn("US-MI", "2026-03-01")?.tradeInCredit).toEqual({ kind: "capped", cap: dollars(12_000) });
    expect(taxRulesOn("US-MI", "2026-03-01")?.leaseTradeInCredit).toEqual({ kind: "none" });
  });

  it("caps Illinois at $10,000 in 2020–2021 and not from 2022", () => {
    expect(taxRulesOn("US-IL", "2021-06-01")?.tradeInCredit).toEqual({ kind: "capped", cap: dollars(10_000) });
    expect(taxRulesOn("US-IL", "2022-01-01")?.tradeInCredit).toEqual({ kind: "full" });
  });

  it("gives California no credit", () => {
    expect(tradeInTaxCredit(taxRulesOn("US-CA", "2026-01-01")!.tradeInCredit, dollars(10_000), true)).toBe(0);
  });

  it("applies a new-vehicles-only credit to new vehicles only", () => {
    const rule = { kind: "full", newVehiclesOnly: true } as const;
    expect(tradeInTaxCredit(rule, dollars(5_000), true)).toBe(dollars(5_000));
    expect(tradeInTaxCredit(rule, dollars(5_000), false)).toBe(0);
  });
});

describe("BC PST bands", () => {
  const bc = taxRulesOn("CA-BC", "2026-01-01")!;
  it.each([
    ["54999.99", "0.07"],
    ["55000.00", "0.08"],
    ["55999.99", "0.08"],
    ["56000.00", "0.09"],
    ["57000.00", "0.10"],
    ["124999.99", "0.10"],
    ["125000.00", "0.15"],
    ["150000.00", "0.20"],
  ])("a pre-trade price of %s is taxed at %s on the whole base", (price, rate) => {
    const lines = computeTaxLines({ rules: bc, paymentType: "cash", taxableBase: dollars(10_000), bandBase: dollars(price) });
    expect(lines.find((line) => line.id === "pst")?.rate).toBe(rate);
  });

  it("rounds each component separately on the same base", () => {
    const qc = taxRulesOn("CA-QC", "2026-01-01")!;
    const lines = computeTaxLines({ rules: qc, paymentType: "cash", taxableBase: cents(14_583) });
    expect(lines.map((line) => text(line.amount))).toEqual(["7.29", "14.55"]);
  });
});

describe("jurisdiction from a postal code or ZIP", () => {
  it.each([
    ["M5V 3L9", "CA-ON"],
    ["h2x-1y4", "CA-QC"],
    ["V6B1A1", "CA-BC"],
    ["A1C 5M2", "CA-NL"],
    ["B3H 1A1", "CA-NS"],
    ["C1A 1A1", "CA-PE"],
    ["E1C 1A1", "CA-NB"],
    ["R3C 1A1", "CA-MB"],
    ["S4P 1A1", "CA-SK"],
    ["T2P 1A1", "CA-AB"],
    ["Y1A 1A1", "CA-YT"],
    ["X1A 2P5", "CA-NT"],
    ["X0E 0N0", "CA-NT"],
    ["X0A 0H0", "CA-NU"],
    ["X0C 0A0", "CA-NU"],
  ])("%s → %s", (code, jurisdiction) => {
    expect(jurisdictionFromPostalCode(code)?.jurisdiction).toBe(jurisdiction);
  });

  it.each([
    ["10001", "US-NY"],
    ["14202", "US-NY"],
    ["90210", "US-CA"],
    ["73301", "US-TX"],
    ["75201", "US-TX"],
    ["33101-1234", "US-FL"],
    ["60601", "US-IL"],
    ["48226", "US-MI"],
    ["55401", "US-MN"],
    ["19103", "US-PA"],
    ["43215", "US-OH"],
    ["30301", "US-GA"],
    ["20500", "US-DC"],
    ["99501", "US-AK"],
  ])("ZIP %s → %s", (zip, jurisdiction) => {
    expect(jurisdictionFromZip(zip)?.jurisdiction).toBe(jurisdiction);
  });

  it("rejects malformed codes and unassigned prefixes", () => {
    for (const code of ["", "M5V", "12345-67", "D1A 1A1", "ABCDE", "00601"]) expect(jurisdictionFromPostalOrZip(code)).toBeNull();
    expect(jurisdictionFromPostalOrZip("10001", "CA")).toBeNull();
  });
});

describe("regulator fees", () => {
  it("OMVIC: $12.50 from 2024-04-01, $22.00 from 2025-09-01; AMVIC $10 from 2024-04-01", () => {
    expect(text(regulatoryFeeOn("CA-ON", "2025-08-31")!.amount)).toBe("12.50");
    expect(text(regulatoryFeeOn("CA-ON", "2025-09-01")!.amount)).toBe("22.00");
    expect(text(regulatoryFeeOn("CA-ON", "2024-03-31")!.amount)).toBe("10.00");
    expect(text(regulatoryFeeOn("CA-AB", "2024-04-01")!.amount)).toBe("10.00");
    expect(regulatoryFeeOn("CA-QC", "2025-09-01")).toBeNull();
  });
});
