import { describe, expect, it } from "vitest";
import { type PlanTaxFlag } from "../add-ons/types.ts";
import { type DealAddOn } from "./deal-inputs.ts";
import { type PaymentOption } from "./payment-option.ts";
import { findLine, linesAreConsistent } from "./pricing-lines.ts";
import { quote } from "./quote.ts";
import { dealInput, dollars, quoteOption, taxAmounts, text } from "./test-deal-builders.ts";

/** Worked examples of deals with accessories and protection plans; every figure is checked by hand in the comments. */

const accessory = (id: number, amount: number): DealAddOn => ({
  kind: "accessory",
  id,
  name: `Accessory ${id}`,
  name_fr: `Accessoire ${id}`,
  amount: dollars(amount),
  taxed_by: "all",
});

const plan = (id: number, amount: number, flags: PlanTaxFlag[]): DealAddOn => ({
  kind: "protection",
  id,
  name: `Plan ${id}`,
  name_fr: `Plan ${id} (fr)`,
  amount: dollars(amount),
  taxed_by: flags,
});

const taxBases = (option: PaymentOption): Record<string, string | null> =>
  Object.fromEntries(option.taxes.map((tax) => [tax.id, text(tax.base)]));

const addOnPayments = (option: PaymentOption) => option.add_on_prices.map((price) => [price.id, text(price.amount), text(price.payment)]);

describe("add-ons on a cash deal", () => {
  it("A-ON-CASH: accessory and HST-flagged plan are both in the HST base", () => {
    // 30,000.00 + 1,000.00 + 2,000.00 = 33,000.00; HST 13 % = 4,290.00; total 37,290.00.
    const option = quoteOption(
      dealInput("cash", { price: 30_000 }, { jurisdiction: "CA-ON", add_ons: [accessory(1, 1_000), plan(2, 2_000, ["hst"])] }),
    );
    expect(taxBases(option)).toEqual({ hst: "33000.00" });
    expect(taxAmounts(option.taxes)).toEqual({ hst: "4290.00" });
    expect(text(option.subtotal)).toBe("33000.00");
    expect(text(option.total_purchase_price)).toBe("37290.00");
    expect(text(option.cash?.balance_due)).toBe("37290.00");
    // Cash has no periodic payment: an item adds its charge (and tax) to the balance, not to a payment.
    expect(addOnPayments(option)).toEqual([
      [1, "1000.00", null],
      [2, "2000.00", null],
    ]);
  });

  it("A-ON-CASH-UNTAXED-PLAN: a plan without the HST flag stays out of the HST base", () => {
    // HST 13 % on 30,000.00 + 1,000.00 = 4,030.00; total 31,000.00 + 2,000.00 + 4,030.00 = 37,030.00.
    const option = quoteOption(
      dealInput("cash", { price: 30_000 }, { jurisdiction: "CA-ON", add_ons: [accessory(1, 1_000), plan(2, 2_000, ["pst"])] }),
    );
    expect(taxAmounts(option.taxes)).toEqual({ hst: "4030.00" });
    expect(text(option.total_purchase_price)).toBe("37030.00");
  });

  it("A-AB-CASH: a plan flagged PST only bears no tax in Alberta (GST only)", () => {
    // GST 5 % on 40,000.00 = 2,000.00; the 2,500.00 plan is untaxed; total 44,500.00.
    const option = quoteOption(dealInput("cash", { price: 40_000 }, { jurisdiction: "CA-AB", add_ons: [plan(7, 2_500, ["pst"])] }));
    expect(taxBases(option)).toEqual({ gst: "40000.00" });
    expect(taxAmounts(option.taxes)).toEqual({ gst: "2000.00" });
    expect(text(option.total_purchase_price)).toBe("44500.00");
  });

  it("A-BC-BAND: accessories count toward the BC PST band, plans do not", () => {
    // 54,000.00 + accessory 1,500.00 = 55,500.00 ≥ 55,000.00: the 8 % band; PST 4,440.00, GST 2,775.00.
    const withAccessory = quoteOption(dealInput("cash", { price: 54_000 }, { jurisdiction: "CA-BC", add_ons: [accessory(1, 1_500)] }));
    expect(taxAmounts(withAccessory.taxes)).toEqual({ gst: "2775.00", pst: "4440.00" });
    // The same amount as a PST-flagged plan: band picked on 54,000.00 (7 %), applied to 55,500.00 = 3,885.00;
    // GST on the vehicle only, 5 % × 54,000.00 = 2,700.00.
    const withPlan = quoteOption(dealInput("cash", { price: 54_000 }, { jurisdiction: "CA-BC", add_ons: [plan(2, 1_500, ["pst"])] }));
    expect(taxAmounts(withPlan.taxes)).toEqual({ gst: "2700.00", pst: "3885.00" });
    expect(taxBases(withPlan)).toEqual({ gst: "54000.00", pst: "55500.00" });
  });

  it("A-ON-NO-TAX-INCLUDED: include_tax false lists the taxes but leaves them out of the totals", () => {
    const input = dealInput("cash", { price: 30_000 }, { jurisdiction: "CA-ON", add_ons: [accessory(1, 1_000), plan(2, 2_000, ["hst"])] });
    const option = quoteOption({ ...input, settings: { ...input.settings, include_tax: false } });
    expect(taxAmounts(option.taxes)).toEqual({ hst: "4290.00" });
    expect(text(option.total_purchase_price)).toBe("33000.00");
  });

  it("A-TRADE-EXCEEDS: a trade credit larger than the base leaves each component's base at zero or above", () => {
    // QC: vehicle 5,000.00, trade 6,000.00, plan 2,000.00 flagged QST: GST base max(5,000 − 6,000, 0) = 0;
    // QST base max(5,000 + 2,000 − 6,000, 0) = 1,000.00 → 99.75.
    const option = quoteOption(
      dealInput("cash", { price: 5_000, trade: 6_000 }, { jurisdiction: "CA-QC", add_ons: [plan(3, 2_000, ["qst"])] }),
    );
    expect(taxBases(option)).toEqual({ gst: "0.00", qst: "1000.00" });
    expect(taxAmounts(option.taxes)).toEqual({ gst: "0.00", qst: "99.75" });
  });
});

describe("add-ons on a finance deal", () => {
  const qcFinance = (frequency: "monthly" | "biweekly", addOns: DealAddOn[]) => {
    const input = dealInput("finance", { price: 25_000, trade: 5_000, term: 60 }, { jurisdiction: "CA-QC", apr: "0", add_ons: addOns });
    return quoteOption({ ...input, settings: { ...input.settings, payment_frequency: frequency } });
  };

  it("A-QC-FIN: a plan flagged QST only is in the QST base, not the GST base", () => {
    // GST base 25,000 − 5,000 = 20,000.00 → 1,000.00. QST base 25,000 + 1,500 − 5,000 = 21,500.00 →
    // 9.975 % = 2,144.625 → 2,144.63. Total 26,500 + 1,000 + 2,144.63 = 29,644.63; financed − trade 5,000 =
    // 24,644.63; at 0 % over 60: 410.7438 → 410.74.
    const option = qcFinance("monthly", [plan(9, 1_500, ["qst"])]);
    expect(taxBases(option)).toEqual({ gst: "20000.00", qst: "21500.00" });
    expect(taxAmounts(option.taxes)).toEqual({ gst: "1000.00", qst: "2144.63" });
    expect(text(option.total_purchase_price)).toBe("29644.63");
    expect(text(option.finance?.amount_financed)).toBe("24644.63");
    expect(text(option.payment)).toBe("410.74");
    // Without the plan: 20,000 + 1,000 + QST 1,995.00 = 22,995.00 / 60 = 383.25; the plan adds 27.49.
    expect(addOnPayments(option)).toEqual([[9, "1500.00", "27.49"]]);
  });

  it("A-QC-FIN-BIWEEKLY: the contribution is in the option's own frequency", () => {
    // 410.74 / 2.172 = 189.107 → 189.11; without the plan 383.25 / 2.172 = 176.450 → 176.45; adds 12.66.
    const option = qcFinance("biweekly", [plan(9, 1_500, ["qst"])]);
    expect(text(option.payment)).toBe("189.11");
    expect(addOnPayments(option)).toEqual([[9, "1500.00", "12.66"]]);
  });

  it("A-ON-FIN: each item's contribution is the payment less the payment without it", () => {
    // ON, 0 %, 48 months, 20,000.00 vehicle, accessory 960.00, plan 1,200.00 [hst]:
    // (20,000 + 960 + 1,200) × 1.13 = 25,040.80 / 48 = 521.6833 → 521.68.
    // Without the accessory: 21,200 × 1.13 = 23,956.00 / 48 = 499.0833 → 499.08 (adds 22.60).
    // Without the plan: 20,960 × 1.13 = 23,684.80 / 48 = 493.4333 → 493.43 (adds 28.25).
    const option = quoteOption(
      dealInput("finance", { price: 20_000, term: 48 }, { jurisdiction: "CA-ON", apr: "0", add_ons: [accessory(4, 960), plan(5, 1_200, ["hst"])] }),
    );
    expect(text(option.payment)).toBe("521.68");
    expect(addOnPayments(option)).toEqual([
      [4, "960.00", "22.60"],
      [5, "1200.00", "28.25"],
    ]);
  });

  it("A-FIN-LIMIT: an item without which nothing would be left to finance accounts for the whole payment", () => {
    // 10,000 vehicle + 2,000 plan, AB (GST on the vehicle only: 500.00) = 12,500.00; 11,000 down leaves 1,500.00
    // financed, 0 % over 12 = 125.00. Without the plan the balance, 10,500.00, is below the down payment.
    const option = quoteOption(
      dealInput("finance", { price: 10_000, down: 11_000, term: 12 }, { jurisdiction: "CA-AB", apr: "0", add_ons: [plan(1, 2_000, [])] }),
    );
    expect(text(option.payment)).toBe("125.00");
    expect(addOnPayments(option)).toEqual([[1, "2000.00", "125.00"]]);
  });
});

describe("add-ons on a lease", () => {
  it("A-ON-LEASE: add-ons are capitalized and taxed through the payment", () => {
    // Gross cap 38,000 + 600 + 1,800 = 40,400.00; residual 55 % × 40,000 = 22,000.00.
    // Depreciation 18,400 / 36 = 511.11; rent (40,400 + 22,000) × 0.0015 = 93.60; base 604.71;
    // HST 13 % = 78.6123 → 78.61; monthly 683.32.
    // Without the plan: gross 38,600; 16,600 / 36 = 461.111 + 60,600 × 0.0015 = 90.90 → base 552.01,
    // HST 71.76, monthly 623.77 (adds 59.55). Without the accessory: gross 39,800; 17,800 / 36 = 494.444 +
    // 92.70 → base 587.14, HST 76.33, monthly 663.47 (adds 19.85).
    const option = quoteOption(
      dealInput(
        "lease",
        { msrp: 40_000, price: 38_000, term: 36 },
        {
          jurisdiction: "CA-ON",
          residual_percent: "55",
          money_factor: "0.0015",
          add_ons: [accessory(11, 600), plan(12, 1_800, ["pst"])],
        },
      ),
    );
    expect(text(option.lease?.gross_cap_cost)).toBe("40400.00");
    expect(text(option.subtotal)).toBe("40400.00");
    expect(text(option.lease?.base_payment)).toBe("604.71");
    // The plan's flags do not split a lease payment: HST applies to all of it.
    expect(taxAmounts(option.taxes)).toEqual({ hst: "78.61" });
    expect(text(option.payment)).toBe("683.32");
    expect(addOnPayments(option)).toEqual([
      [11, "600.00", "19.85"],
      [12, "1800.00", "59.55"],
    ]);
    const grossCap = findLine(option.pricing_stack, "pricing.line.gross_cap_cost")!;
    expect(grossCap.children!.map((line) => [line.label_key, text(line.amount)])).toEqual([
      ["pricing.line.selling_price", "38000.00"],
      ["pricing.line.accessories", "600.00"],
      ["pricing.line.protection_plans", "1800.00"],
    ]);
  });

  it("A-NY-LEASE: on the upfront model the add-on raises the receipts taxed at inception", () => {
    // Gross cap 30,000 + 1,200 = 31,200.00; residual 15,000.00; MF 0: base 16,200 / 36 = 450.00;
    // tax 4 % × 450.00 × 36 = 648.00. Without it: 15,000 / 36 = 416.67 (adds 33.33).
    const option = quoteOption(
      dealInput(
        "lease",
        { msrp: 30_000, price: 30_000, term: 36 },
        { jurisdiction: "US-NY", residual_percent: "50", money_factor: "0", add_ons: [accessory(1, 1_200)] },
      ),
    );
    expect(text(option.lease?.upfront_tax)).toBe("648.00");
    expect(addOnPayments(option)).toEqual([[1, "1200.00", "33.33"]]);
  });

  it("A-TX-LEASE: on the lessor-paid model every add-on is in the lessor's taxed purchase", () => {
    // 6.25 % × (30,000 + 1,000 + 1,000) = 2,000.00 capitalized; gross cap 34,000.00.
    const option = quoteOption(
      dealInput(
        "lease",
        { msrp: 30_000, price: 30_000, term: 36 },
        { jurisdiction: "US-TX", residual_percent: "50", money_factor: "0", add_ons: [accessory(1, 1_000), plan(2, 1_000, ["pst"])] },
      ),
    );
    expect(option.taxes.map((tax) => [tax.timing, text(tax.base), text(tax.amount)])).toEqual([["capitalized", "32000.00", "2000.00"]]);
    expect(text(option.lease?.gross_cap_cost)).toBe("34000.00");
  });
});

describe("add-ons in the pricing stack and validation", () => {
  it("A-STACK: one group per kind, one line per item, every subtotal the exact sum of its lines", () => {
    const option = quoteOption(
      dealInput("finance", { price: 30_000, down: 2_000, trade: 3_000, term: 60 }, {
        jurisdiction: "CA-QC",
        apr: "6.49",
        add_ons: [accessory(1, 1_000), accessory(2, 333.33), plan(3, 2_000, ["gst"])],
      }),
    );
    expect(option.pricing_stack.every(linesAreConsistent)).toBe(true);
    const total = findLine(option.pricing_stack, "pricing.line.total_purchase_price")!;
    expect(total.amount).toBe(option.total_purchase_price);
    expect(total.children!.map((line) => line.label_key)).toEqual([
      "pricing.line.selling_price",
      "pricing.line.accessories",
      "pricing.line.protection_plans",
      "pricing.line.fees",
      "pricing.line.taxes",
    ]);
    const accessories = findLine(option.pricing_stack, "pricing.line.accessories")!;
    expect(text(accessories.amount)).toBe("1333.33");
    expect(accessories.children).toEqual([
      { label_key: "pricing.line.add_on", amount: dollars(1_000), params: { id: 1, name: "Accessory 1", name_fr: "Accessoire 1" } },
      { label_key: "pricing.line.add_on", amount: dollars(333.33), params: { id: 2, name: "Accessory 2", name_fr: "Accessoire 2" } },
    ]);
    expect(option.add_on_prices.every((price) => price.payment !== null && price.payment > 0)).toBe(true);
  });

  it("a deal without add-ons (or with none) prices exactly as before, with no add-on group", () => {
    const input = dealInput("finance", { price: 30_000, term: 60 }, { jurisdiction: "CA-ON", apr: "4.99" });
    const without = quoteOption(input);
    expect(quoteOption({ ...input, add_ons: [] })).toEqual(without);
    expect(without.add_on_prices).toEqual([]);
    expect(findLine(without.pricing_stack, "pricing.line.accessories")).toBeUndefined();
  });

  it("refuses an add-on amount that is negative, not whole cents or above the price cap, on field add_ons", () => {
    const refusal = (amount: number) => {
      const result = quote(dealInput("cash", { price: 30_000 }, { jurisdiction: "CA-ON", add_ons: [{ ...accessory(1, 0), amount: amount as never }] }));
      return result.ok ? null : result.errors;
    };
    expect(refusal(-1)).toEqual([{ field: "add_ons", code: "negative" }]);
    expect(refusal(10.5)).toEqual([{ field: "add_ons", code: "not_an_integer" }]);
    expect(refusal(100_000_000)).toEqual([{ field: "add_ons", code: "above_price_cap", params: { max: 99_999_999 } }]);
  });

  it("add-ons raise the most a cash deposit can be (capped at the balance)", () => {
    // Cash limit 70,000.00; a 60,000.00 vehicle in AB with a 15,000.00 accessory: balance 78,750.00, so 70,000.00 down is accepted.
    const input = dealInput("cash", { price: 60_000, down: 70_000 }, { jurisdiction: "CA-AB" });
    expect(quote(input).ok).toBe(false);
    expect(quote({ ...input, add_ons: [accessory(1, 15_000)] }).ok).toBe(true);
  });
});
