import { describe, expect, it } from "vitest";
import { centsToDecimalString, dollarsToCents as dollars, type Cents } from "../money.ts";
import { type PaymentFrequency } from "../constants.ts";
import { financePayment } from "./amortization.ts";
import { multiplyCentsByInteger } from "./cents-math.ts";
import {
  equalAnnualOutlayPayment,
  monthlyEquivalentPayment,
  scheduleForPeriodicAmount,
  truePeriodicPayment,
} from "./pay-frequency.ts";

const text = (amount: Cents) => centsToDecimalString(amount);

interface FrequencyVector {
  id: string;
  principal: string;
  apr: string;
  months: number;
  monthly: string;
  factor: Record<"weekly" | "biweekly" | "semimonthly", string>;
  biweekly1226: string;
  weekly1252: string;
  trueAmortization: Record<"weekly" | "biweekly" | "semimonthly", [string, number]>;
  /** Table P: factor amount × n, and the final payment that would clear the loan. */
  shortfall: Record<"weekly" | "biweekly", [string, string]>;
}

/** Pricing reference 4.6 and table P. */
const VECTORS: FrequencyVector[] = [
  {
    id: "P-1",
    principal: "30000.00",
    apr: "0",
    months: 60,
    monthly: "500.00",
    factor: { weekly: "115.07", biweekly: "230.20", semimonthly: "250.00" },
    biweekly1226: "230.77",
    weekly1252: "115.38",
    trueAmortization: { weekly: ["115.38", 260], biweekly: ["230.77", 130], semimonthly: ["250.00", 120] },
    shortfall: { weekly: ["29918.20", "196.87"], biweekly: ["29926.00", "304.20"] },
  },
  {
    id: "P-2",
    principal: "37570.73",
    apr: "6.49",
    months: 72,
    monthly: "631.38",
    factor: { weekly: "145.31", biweekly: "290.69", semimonthly: "315.69" },
    biweekly1226: "291.41",
    weekly1252: "145.70",
    trueAmortization: { weekly: ["145.46", 312], biweekly: ["291.06", 156], semimonthly: ["315.34", 144] },
    shortfall: { weekly: ["45336.72", "201.21"], biweekly: ["45347.64", "361.46"] },
  },
  {
    id: "P-3",
    principal: "26111.39",
    apr: "6.49",
    months: 60,
    monthly: "510.78",
    factor: { weekly: "117.56", biweekly: "235.17", semimonthly: "255.39" },
    biweekly1226: "235.74",
    weekly1252: "117.87",
    trueAmortization: { weekly: ["117.66", 260], biweekly: ["235.45", 130], semimonthly: ["255.10", 120] },
    shortfall: { weekly: ["30565.60", "149.80"], biweekly: ["30572.10", "278.69"] },
  },
  {
    id: "P-4",
    principal: "40000.00",
    apr: "4.99",
    months: 72,
    monthly: "644.01",
    factor: { weekly: "148.22", biweekly: "296.51", semimonthly: "322.01" },
    biweekly1226: "297.24",
    weekly1252: "148.62",
    trueAmortization: { weekly: ["148.41", 312], biweekly: ["296.95", 156], semimonthly: ["321.72", 144] },
    shortfall: { weekly: ["46244.64", "219.01"], biweekly: ["46255.56", "376.74"] },
  },
];

describe("pricing reference 4.6: weekly, biweekly and semi-monthly", () => {
  it.each(VECTORS.map((vector) => [vector.id, vector] as const))("%s", (_id, vector) => {
    const principal = dollars(vector.principal);
    const loan = { principal, aprPercent: vector.apr, months: vector.months };
    const monthly = financePayment(loan);
    expect(text(monthly)).toBe(vector.monthly);
    expect(text(monthlyEquivalentPayment(monthly, "monthly"))).toBe(vector.monthly);
    for (const frequency of ["weekly", "biweekly", "semimonthly"] as const) {
      expect(text(monthlyEquivalentPayment(monthly, frequency))).toBe(vector.factor[frequency]);
      const [payment, periods] = vector.trueAmortization[frequency];
      const periodic = truePeriodicPayment({ ...loan, frequency });
      expect([text(periodic.payment), periodic.periods]).toEqual([payment, periods]);
    }
    expect(text(equalAnnualOutlayPayment(monthly, "biweekly"))).toBe(vector.biweekly1226);
    expect(text(equalAnnualOutlayPayment(monthly, "weekly"))).toBe(vector.weekly1252);
    for (const frequency of ["weekly", "biweekly"] as const satisfies PaymentFrequency[]) {
      const factorAmount = monthlyEquivalentPayment(monthly, frequency);
      const schedule = scheduleForPeriodicAmount({ ...loan, frequency, payment: factorAmount });
      const [collected, finalPayment] = vector.shortfall[frequency];
      expect(text(multiplyCentsByInteger(factorAmount, schedule.rows.length))).toBe(collected);
      expect(text(schedule.finalPayment)).toBe(finalPayment);
    }
  });
});
