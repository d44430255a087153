import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { activeIncentives, lowersRate, programApr } from "./adjustments.ts";
import { type Incentive } from "./deal-inputs.ts";
import { ratioFromDecimal } from "./exact-ratio.ts";
import { type RateProgram } from "./rate-programs.ts";
import { capFee, dealInput, quoteOption, rateReductionIncentive, testFee } from "./test-deal-builders.ts";
import { quoteVehicle, type DealerPricingSetup, type PricedVehicle } from "./vehicle-quote.ts";

/** Issue item 5: a rate reduction lowers the program's rate, never raises it. */

const leaseRateIncentive = (id: string, money_factor: string): Incentive => ({ id, name: id, type: "rate_reduction", money_factor });

describe("lowersRate", () => {
  const program = ratioFromDecimal("0.94");
  it("passes a rate reduction only when its rate is below the program's", () => {
    expect(lowersRate(rateReductionIncentive("low", "0"), "finance", program)).toBe(true);
    expect(lowersRate(rateReductionIncentive("high", "5.99"), "finance", program)).toBe(false);
    expect(lowersRate(rateReductionIncentive("same", "0.94"), "finance", program)).toBe(false);
  });

  it("compares a lease incentive's money factor as an APR (MF × 2400)", () => {
    const lease = programApr("lease", { money_factor: "0.0021" }); // 5.04 %
    expect(lowersRate(leaseRateIncentive("mf", "0.002"), "lease", lease)).toBe(true); // 4.80 %
    expect(lowersRate(leaseRateIncentive("mf", "0.0025"), "lease", lease)).toBe(false); // 6.00 %
    expect(lowersRate(rateReductionIncentive("apr", "4.99"), "lease", lease)).toBe(true);
    expect(lowersRate(rateReductionIncentive("apr", "5.04"), "lease", lease)).toBe(false);
  });

  it("never passes a rate reduction without a rate to lower (cash), and always passes other incentives", () => {
    expect(programApr("cash", { apr: "6.49" })).toBeNull();
    expect(lowersRate(rateReductionIncentive("low", "0"), "cash", null)).toBe(false);
    expect(lowersRate({ id: "r", name: "r", type: "rebate", amount: cents(50_000) }, "cash", null)).toBe(true);
    expect(lowersRate({ id: "p", name: "p", type: "percentage_discount", percent: "5" }, "finance", ratioFromDecimal("0"))).toBe(true);
  });

  it("leaves out of the active incentives a rate reduction that would not lower the rate", () => {
    const incentives = [rateReductionIncentive("high", "5.99"), rateReductionIncentive("low", "0.49"), { id: "r", name: "r", type: "rebate" as const, amount: cents(1_000) }];
    expect(activeIncentives(incentives, { paymentType: "finance", programApr: ratioFromDecimal("0.94") }).map((i) => i.id)).toEqual(["low", "r"]);
    expect(activeIncentives(incentives, { paymentType: "cash", programApr: null }).map((i) => i.id)).toEqual(["r"]);
  });
});

describe("quote with a rate reduction", () => {
  const financeDeal = (apr: string, incentives: Incentive[]) =>
    quoteOption(dealInput("finance", { price: 40_000, term: 60 }, { jurisdiction: "CA-ON", apr, fees: [testFee("freight_pdi", 2_000)], incentives }));

  it("prices a 0.94 % program with a 5.99 % incentive at 0.94 %, and does not list the incentive", () => {
    const withIncentive = financeDeal("0.94", [rateReductionIncentive("subvented", "5.99")]);
    const without = financeDeal("0.94", []);
    expect(withIncentive.rate).toBe("0.94");
    expect(withIncentive.monthly_payment).toBe(without.monthly_payment);
    expect(withIncentive.incentives).toEqual([]);
  });

  it("prices at the incentive's rate when it is lower", () => {
    const option = financeDeal("6.49", [rateReductionIncentive("subvented", "1.99")]);
    expect(option.rate).toBe("1.99");
    expect(option.monthly_payment!).toBeLessThan(financeDeal("6.49", []).monthly_payment!);
    expect(option.incentives).toMatchObject([{ id: "subvented", rate: "1.99" }]);
  });

  it("takes the lowest of several rate reductions that lower the rate, and lists only those", () => {
    const option = financeDeal("3.99", [rateReductionIncentive("above", "5.99"), rateReductionIncentive("a", "2.99"), rateReductionIncentive("b", "1.49")]);
    expect(option.rate).toBe("1.49");
    expect(option.incentives.map((i) => [i.id, i.rate])).toEqual([["a", null], ["b", "1.49"]]);
  });

  it("never raises a lease's money factor", () => {
    const lease = (incentives: Incentive[]) =>
      quoteOption(dealInput("lease", { price: 34_500, msrp: 36_000, down: 2_000, term: 36 }, {
        jurisdiction: "CA-ON", money_factor: "0.0021", residual_percent: "56", fees: [capFee("acq", 695)], incentives,
      }));
    const base = lease([]);
    const higher = lease([leaseRateIncentive("mf-high", "0.0030"), rateReductionIncentive("apr-high", "7.5")]);
    expect(higher.lease!.money_factor).toBe("0.0021");
    expect(higher.monthly_payment).toBe(base.monthly_payment);
    expect(higher.incentives).toEqual([]);
    const lower = lease([leaseRateIncentive("mf-low", "0.001")]);
    expect(lower.lease!.money_factor).toBe("0.001");
    expect(lower.monthly_payment!).toBeLessThan(base.monthly_payment!);
  });
});

describe("quoteVehicle offers a rate reduction only where it lowers the program's rate", () => {
  const program: RateProgram = {
    id: "subvented", name: "Subvented", country: "CA", vehicle: {},
    finance: [{ term: 60, apr: "0.94" }],
    lease: [{ term: 36, distanceAllowance: 20000, moneyFactor: "0.0002", residualPercent: "58" }],
  };
  const setup: DealerPricingSetup = {
    country: "CA",
    regionCode: "ON",
    settings: {
      payment_types: ["cash", "finance", "lease"], finance_terms: [60], lease_terms: [36], default_finance_term: 60, default_lease_term: 36,
      payment_frequencies: ["monthly"], default_payment_frequency: "monthly", distance_allowances: [20000], default_distance_allowance: 20000,
      include_sales_tax: true, down_payment_limits: { cash: "70000.00", finance: "1000.00", lease: "1000.00" }, uses_credit_score: false,
    },
    fees: [],
    discounts: [],
    incentives: [rateReductionIncentive("rate-599", "5.99"), rateReductionIncentive("rate-049", "0.49")],
    ratePrograms: [program],
  };
  const vehicle: PricedVehicle = { price: cents(3_000_000), msrp: cents(3_100_000), condition: "new", year: 2026, make: "Mazda", model: "CX-5" };
  const offered = (type: "cash" | "finance" | "lease") => {
    const result = quoteVehicle(setup, vehicle, type, {}, { date: "2026-03-01", fallback: true });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return { ids: result.quote.offeredIncentives.map((i) => i.id), rate: result.quote.option.rate };
  };

  it("offers finance only the 0.49 % reduction of a 0.94 % program", () => {
    expect(offered("finance")).toEqual({ ids: ["rate-049"], rate: "0.49" });
  });

  it("offers neither on a 0.48 % lease (MF 0.0002) nor on cash", () => {
    expect(offered("lease")).toEqual({ ids: [], rate: "0.48" });
    expect(offered("cash").ids).toEqual([]);
  });
});
