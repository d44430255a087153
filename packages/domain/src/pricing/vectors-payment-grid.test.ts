import { describe, expect, it } from "vitest";
import { financeSummary } from "./amortization.ts";
import { centsToDecimalString, dollarsToCents as dollars, type Cents } from "../money.ts";

const text = (amount: Cents) => centsToDecimalString(amount);

/** Pricing reference 4.1: $40,000, no taxes or fees; ids G-{apr}-{term} as the reference cites them (P-4). */
const GRID = [
  ["G-0-36", "0", 36, "1111.11", "1111.15", "0.00", "-0.04"],
  ["G-0-48", "0", 48, "833.33", "833.49", "0.00", "-0.16"],
  ["G-0-60", "0", 60, "666.67", "666.47", "0.00", "0.20"],
  ["G-0-72", "0", 72, "555.56", "555.24", "0.00", "0.32"],
  ["G-0-84", "0", 84, "476.19", "476.23", "0.00", "-0.04"],
  ["G-4.99-36", "4.99", 36, "1198.66", "1198.51", "3151.61", "3151.76"],
  ["G-4.99-48", "4.99", 48, "920.99", "921.02", "4207.55", "4207.52"],
  ["G-4.99-60", "4.99", 60, "754.67", "754.39", "5279.92", "5280.20"],
  ["G-4.99-72", "4.99", 72, "644.01", "644.19", "6368.90", "6368.72"],
  ["G-4.99-84", "4.99", 84, "565.17", "565.02", "7474.13", "7474.28"],
  ["G-6.49-36", "6.49", 36, "1225.78", "1225.70", "4128.00", "4128.08"],
  ["G-6.49-48", "6.49", 48, "948.41", "948.55", "5523.82", "5523.68"],
  ["G-6.49-60", "6.49", 60, "782.46", "782.39", "6947.53", "6947.60"],
  ["G-6.49-72", "6.49", 72, "672.21", "671.93", "8398.84", "8399.12"],
  ["G-6.49-84", "6.49", 84, "593.78", "594.23", "9877.97", "9877.52"],
] as const;

describe("pricing reference 4.1: payment grid", () => {
  it.each(GRID)("%s", (_id, apr, months, payment, last, scheduleInterest, nominal) => {
    const summary = financeSummary({ principal: dollars(40_000), aprPercent: apr, months });
    expect(text(summary.payment)).toBe(payment);
    expect(text(summary.finalPayment)).toBe(last);
    expect(text(summary.scheduleInterest)).toBe(scheduleInterest);
    expect(text(summary.nominalFinanceCharge)).toBe(nominal);
    expect(summary.schedule.rows.at(-1)?.balance).toBe(0);
  });
});

describe("pricing reference 4.2: published loan examples", () => {
  it("F-PUB-1", () => {
    const summary = financeSummary({ principal: dollars(20_000), aprPercent: "4", months: 60 });
    expect(text(summary.payment)).toBe("368.33");
    expect(text(summary.nominalFinanceCharge)).toBe("2099.80");
    expect(text(summary.finalPayment)).toBe("368.38");
    expect(text(summary.scheduleInterest)).toBe("2099.85");
    const rows = summary.schedule.rows;
    expect(rows.slice(0, 3).map((row) => [text(row.interest), text(row.principal), text(row.balance)])).toEqual([
      ["66.67", "301.66", "19698.34"],
      ["65.66", "302.67", "19395.67"],
      ["64.65", "303.68", "19091.99"],
    ]);
    expect([text(rows[58]!.interest), text(rows[58]!.principal), text(rows[58]!.balance)]).toEqual(["2.44", "365.89", "367.16"]);
    expect([text(rows[59]!.interest), text(rows[59]!.principal), text(rows[59]!.balance)]).toEqual(["1.22", "367.16", "0.00"]);
  });

  it("F-PUB-2", () => {
    expect(text(financeSummary({ principal: dollars(24_000), aprPercent: "8.00", months: 60 }).payment)).toBe("486.63");
  });
});
