import { describe, expect, it } from "vitest";
import { type Discount, type Incentive } from "./deal-inputs.ts";
import { findLine, linesAreConsistent } from "./pricing-lines.ts";
import { capFee, dealInput, dollars, quoteOption, rebateIncentive, taxAmounts, testFee, text } from "./test-deal-builders.ts";

const onFinance = (extra: Parameters<typeof dealInput>[2] = {}) =>
  quoteOption(dealInput("finance", { price: 30_000, term: 60 }, { jurisdiction: "CA-ON", apr: "6.49", ...extra }));

describe("fees", () => {
  it("applies a fee only to the vehicle conditions and payment types it is for", () => {
    const usedOnly = testFee("used_cert", 500, { new: false });
    const leaseOnly = testFee("acquisition", 650, { cash: false, finance: false });
    expect(onFinance({ fees: [usedOnly, leaseOnly] }).fees).toEqual([]);
  });

  it("applies an optional fee only when the shopper selects it", () => {
    const delivery = testFee("delivery", 300, { include_by_default: false });
    expect(onFinance({ fees: [delivery] }).fees).toEqual([]);
    expect(onFinance({ fees: [delivery], selected_fee_ids: ["delivery"] }).fees.map((fee) => fee.id)).toEqual(["delivery"]);
  });

  it("taxes pretax fees and adds posttax fees after tax", () => {
    const option = onFinance({ fees: [testFee("freight", 1_000), testFee("licence", 100, { taxability: "posttax" })] });
    expect(text(option.sales_tax)).toBe("4030.00");
    expect(text(option.subtotal)).toBe("31100.00");
    expect(text(option.total_purchase_price)).toBe("35130.00");
  });
});

describe("discounts and incentives", () => {
  it("keeps an incentive only when its conflict is empty", () => {
    const incentives: Incentive[] = [
      { ...rebateIncentive("a", 1_000, "post_tax"), conflict: "" },
      { ...rebateIncentive("b", 2_000, "post_tax"), conflict: ["a"] },
      { ...rebateIncentive("c", 3_000, "post_tax"), conflict: null },
      { ...rebateIncentive("d", 4_000, "post_tax"), conflict: [] },
    ];
    expect(onFinance({ incentives }).incentives.map((incentive) => incentive.id)).toEqual(["a", "c", "d"]);
  });

  it("applies only the incentives the shopper chose, and only for their payment types", () => {
    const input = dealInput("finance", { price: 30_000, term: 60 }, {
      jurisdiction: "CA-ON",
      apr: "6.49",
      incentives: [rebateIncentive("a", 1_000, "post_tax"), rebateIncentive("b", 500, "post_tax"), { ...rebateIncentive("c", 700, "post_tax"), payment_types: ["lease"] }],
    });
    input.settings.incentives = ["b", "c"];
    expect(quoteOption(input).incentives.map((incentive) => [incentive.id, text(incentive.amount)])).toEqual([["b", "500.00"]]);
  });

  it("uses the jurisdiction's rebate default when a rebate does not say (Minnesota deducts rebates before tax)", () => {
    const rebate: Incentive = { id: "r", name: "r", type: "rebate", amount: dollars(1_000) };
    const mn = quoteOption(dealInput("cash", { price: 20_000 }, { jurisdiction: "US-MN", incentives: [rebate] }));
    const ca = quoteOption(dealInput("cash", { price: 20_000 }, { jurisdiction: "US-CA", incentives: [rebate] }));
    expect(text(mn.taxes[0]!.base)).toBe("19000.00");
    expect(text(ca.taxes[0]!.base)).toBe("20000.00");
  });

  it("takes pretax dealer discounts off the taxable price and posttax ones off the balance", () => {
    const discount = (id: string, taxability: "pretax" | "posttax"): Discount => {
      const { new: isNew, used, cpo, cash, finance, lease } = testFee(id, 0);
      return { id, name: id, amount: dollars(1_000), taxability, include_by_default: true, new: isNew, used, cpo, cash, finance, lease };
    };
    const pre = onFinance({ discounts: [discount("d", "pretax")] });
    const post = onFinance({ discounts: [discount("d", "posttax")] });
    expect(text(pre.sales_tax)).toBe("3770.00");
    expect(text(post.sales_tax)).toBe("3900.00");
    expect(text(pre.finance!.amount_financed)).toBe("32770.00");
    expect(text(post.finance!.amount_financed)).toBe("32900.00");
    expect(pre.discounts).toEqual([{ id: "d", name: "d", amount: dollars(1_000), taxability: "pretax" }]);
  });
});

describe("payment settings", () => {
  it("shows every frequency as a monthly-equivalent amount and quotes the chosen one", () => {
    const input = dealInput("finance", { price: 30_000, term: 60 }, { jurisdiction: "CA-ON", apr: "0" });
    input.settings.payment_frequency = "biweekly";
    const option = quoteOption(input);
    expect(text(option.monthly_payment)).toBe("565.00");
    expect(text(option.payment)).toBe("260.13");
    expect(option.payment_repr).toBe("260.13");
    expect(option.payment_frequency_choices.map((choice) => [choice.frequency, text(choice.payment)])).toEqual([
      ["weekly", "130.03"],
      ["biweekly", "260.13"],
      ["semimonthly", "282.50"],
      ["monthly", "565.00"],
    ]);
  });

  it("excludes taxes from the totals and payment when include_tax is false, but still lists them", () => {
    const input = dealInput("finance", { price: 30_000, term: 60 }, { jurisdiction: "CA-ON", apr: "0" });
    input.settings.include_tax = false;
    const option = quoteOption(input);
    expect(text(option.total_purchase_price)).toBe("30000.00");
    expect(text(option.monthly_payment)).toBe("500.00");
    expect(text(option.sales_tax)).toBe("3900.00");
    expect(option.include_tax).toBe(false);
    expect(option.pricing_stack.every(linesAreConsistent)).toBe(true);
  });
});

describe("lease tax models", () => {
  const lease = (jurisdiction: string, deal: Parameters<typeof dealInput>[1], extra: Parameters<typeof dealInput>[2] = {}) =>
    quoteOption(dealInput("lease", deal, { jurisdiction, residual_percent: "55", money_factor: "0.0025", ...extra }));

  it("Texas: the lessor pays tax on its price and passes it on in the cap cost; payments are not taxed", () => {
    const option = lease("US-TX", { price: 40_000, msrp: 40_000, term: 36 });
    expect(taxAmounts(option.taxes)).toEqual({ state: "2500.00" });
    expect(option.taxes[0]!.timing).toBe("capitalized");
    expect(text(option.lease!.gross_cap_cost)).toBe("42500.00");
    expect(option.lease!.payment_tax).toBe(0);
  });

  it("Michigan: no trade-in credit on a lease, so positive equity is taxed at signing like cash", () => {
    const option = lease("US-MI", { price: 40_000, msrp: 40_000, trade: 5_000, owing: 1_000, term: 36 });
    expect(text(option.lease!.cap_cost_reduction)).toBe("4000.00");
    expect(taxAmounts(option.taxes.filter((tax) => tax.timing === "at_signing"))).toEqual({ state: "240.00" });
    expect(option.trade_in_tax_credit).toBe(0);
  });

  it("pays non-capitalized fees at signing with their tax, or capitalizes that tax when tax_in_cap", () => {
    const plain = lease("CA-ON", { price: 40_000, term: 36 }, { fees: [testFee("admin", 500)] });
    expect(taxAmounts(plain.taxes.filter((tax) => tax.timing === "at_signing"))).toEqual({ hst: "65.00" });
    expect(plain.lease!.due_at_signing).toBe(plain.monthly_payment! + dollars(565));
    const inCap = lease("CA-ON", { price: 40_000, term: 36 }, { fees: [testFee("admin", 500, { tax_in_cap: true })] });
    expect(taxAmounts(inCap.taxes.filter((tax) => tax.timing === "capitalized"))).toEqual({ hst: "65.00" });
    expect(text(inCap.lease!.gross_cap_cost)).toBe("40065.00");
  });

  it("Pennsylvania: the lease-only tax is added to each payment", () => {
    const option = lease("US-PA", { price: 30_000, msrp: 30_000, term: 36 }, { fees: [capFee("acq", 0)] });
    expect(option.taxes.filter((tax) => tax.timing === "per_payment").map((tax) => tax.id)).toEqual(["state", "lease_tax"]);
  });

  it("New York with the dealer's local rate reproduces L-US-NY-UPFRONT from the tax table", () => {
    const option = lease(
      "US-NY",
      { price: 34_500, msrp: 36_000, down: 2_000, term: 36 },
      { fees: [capFee("acq", 695)], residual_percent: "56", money_factor: "0.0021", local_tax_rate: "0.04875" },
    );
    expect(text(option.lease!.upfront_tax)).toBe("1692.35");
  });

  it("adds a security deposit to the amount due at signing without reducing the cap cost", () => {
    const without = lease("CA-AB", { price: 30_000, term: 36 });
    const withDeposit = lease("CA-AB", { price: 30_000, term: 36 }, { security_deposit: dollars(500) });
    expect(withDeposit.lease!.adjusted_cap_cost).toBe(without.lease!.adjusted_cap_cost);
    expect(withDeposit.lease!.due_at_signing - without.lease!.due_at_signing).toBe(dollars(500));
    expect(findLine(withDeposit.pricing_stack, "pricing.line.security_deposit")?.amount).toBe(dollars(500));
  });
});
