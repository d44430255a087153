import { describe, expect, it } from "vitest";
import { needsMonthlyLabel } from "./line-periods.ts";

const line = (key: string) => ({ label_key: `pricing.line.${key}` });

describe("monthly lines beside a payment shown at another frequency", () => {
  it("labels the lease payment and the first payment, not their parts, and nothing when the payment is monthly", () => {
    expect(needsMonthlyLabel(line("lease_payment"), null, "biweekly")).toBe(true);
    expect(needsMonthlyLabel(line("first_payment"), line("due_at_signing"), "weekly")).toBe(true);
    expect(needsMonthlyLabel(line("depreciation"), line("base_payment"), "biweekly")).toBe(false);
    expect(needsMonthlyLabel(line("due_at_signing"), null, "biweekly")).toBe(false);
    expect(needsMonthlyLabel(line("lease_payment"), null, "monthly")).toBe(false);
    expect(needsMonthlyLabel(line("lease_payment"), null, null)).toBe(false);
    expect(needsMonthlyLabel(line("total_of_payments"), null, "biweekly")).toBe(false);
  });
});
