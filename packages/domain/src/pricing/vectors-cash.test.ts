import { describe, expect, it } from "vitest";
import { type Fee, type Incentive } from "./deal-inputs.ts";
import { luxuryTax } from "./federal-charges.ts";
import { linesAreConsistent } from "./pricing-lines.ts";
import { dealInput, dollars, quoteOption, rebateIncentive, taxAmounts, testFee, text, type DealShape } from "./test-deal-builders.ts";

interface CashVector {
  id: string;
  jurisdiction: string;
  localRate?: string;
  deal: DealShape;
  fees?: Fee[];
  incentives?: Incentive[];
  base: string;
  taxes: Record<string, string>;
  total: string;
  due: string;
}

/**
 * Pricing reference 4.4. US combined rates are the state rate of the tax table plus the local
 * add-on the dealer configures: IL Northbrook 8.25 % = 6.25 % state + 2 % local; FL Volusia =
 * 6 % state + 0.5 % county surtax on the first $5,000.
 */
const VECTORS: CashVector[] = [
  {
    id: "C-PUB-QC-TRADE",
    jurisdiction: "CA-QC",
    deal: { price: 20_000, trade: 5_000 },
    base: "15000.00",
    taxes: { gst: "750.00", qst: "1496.25" },
    total: "22246.25",
    due: "17246.25",
  },
  {
    id: "C-PUB-QC-REBATE",
    jurisdiction: "CA-QC",
    deal: { price: 20_000 },
    incentives: [rebateIncentive("manufacturer_rebate", 500, "post_tax")],
    base: "20000.00",
    taxes: { gst: "1000.00", qst: "1995.00" },
    total: "22995.00",
    due: "22495.00",
  },
  {
    id: "C-PUB-TX",
    jurisdiction: "US-TX",
    deal: { price: 29_500, trade: 5_400 },
    base: "24100.00",
    taxes: { state: "1506.25" },
    total: "31006.25",
    due: "25606.25",
  },
  {
    id: "C-PUB-FL",
    jurisdiction: "US-FL",
    localRate: "0.005",
    deal: { price: 10_000 },
    base: "10000.00",
    taxes: { state: "600.00", local: "25.00" },
    total: "10625.00",
    due: "10625.00",
  },
  {
    id: "C-PUB-IL",
    jurisdiction: "US-IL",
    localRate: "0.02",
    deal: { price: 80_000, trade: 40_000 },
    base: "40000.00",
    taxes: { state: "2500.00", local: "800.00" },
    total: "83300.00",
    due: "43300.00",
  },
  {
    id: "C-ON-1",
    jurisdiction: "CA-ON",
    deal: { price: 31_000 },
    fees: [
      testFee("freight_pdi", 1_995),
      testFee("omvic_fee", 22),
      testFee("dealer_admin", 399, { is_dealer_admin: true }),
      testFee("licensing", 59, { taxability: "posttax" }),
    ],
    base: "33416.00",
    taxes: { hst: "4344.08" },
    total: "37819.08",
    due: "37819.08",
  },
  {
    id: "C-AB-1",
    jurisdiction: "CA-AB",
    deal: { price: 40_000 },
    fees: [testFee("freight_pdi", 2_000), testFee("ac_excise_tax", 100, { fee_type: "ac_levy" }), testFee("amvic_levy", 10)],
    base: "42110.00",
    taxes: { gst: "2105.50" },
    total: "44215.50",
    due: "44215.50",
  },
  {
    id: "C-BC-1",
    jurisdiction: "CA-BC",
    deal: { price: 60_000 },
    base: "60000.00",
    taxes: { gst: "3000.00", pst: "6000.00" },
    total: "69000.00",
    due: "69000.00",
  },
  {
    id: "C-US-CA",
    jurisdiction: "US-CA",
    deal: { price: 35_000, trade: 10_000 },
    fees: [testFee("doc_fee", 85)],
    base: "35085.00",
    taxes: { state: "2543.66" },
    total: "37628.66",
    due: "27628.66",
  },
  {
    id: "C-US-MI",
    jurisdiction: "US-MI",
    deal: { price: 40_000, trade: 15_000 },
    base: "29000.00",
    taxes: { state: "1740.00" },
    total: "41740.00",
    due: "26740.00",
  },
];

describe("pricing reference 4.4: cash deals", () => {
  it.each(VECTORS.map((vector) => [vector.id, vector] as const))("%s", (_id, vector) => {
    const option = quoteOption(
      dealInput("cash", vector.deal, {
        jurisdiction: vector.jurisdiction,
        fees: vector.fees ?? [],
        incentives: vector.incentives ?? [],
        ...(vector.localRate ? { local_tax_rate: vector.localRate } : {}),
      }),
    );
    expect(text(option.taxes[0]!.base)).toBe(vector.base);
    expect(taxAmounts(option.taxes)).toEqual(vector.taxes);
    expect(text(option.total_purchase_price)).toBe(vector.total);
    expect(text(option.cash?.balance_due)).toBe(vector.due);
    expect(text(option.payment)).toBe(vector.due);
    expect(option.pricing_stack[0]!.amount).toBe(option.cash?.balance_due);
    expect(option.pricing_stack.every(linesAreConsistent)).toBe(true);
  });

  it("C-PUB-QC-TRADE: the QST is payable to the SAAQ at registration", () => {
    const option = quoteOption(dealInput("cash", { price: 20_000, trade: 5_000 }, { jurisdiction: "CA-QC" }));
    expect(text(option.tax_payable_at_registration)).toBe("1496.25");
  });

  it("C-ON-1: the dealer admin fee before and after its HST", () => {
    const option = quoteOption(
      dealInput("cash", { price: 31_000 }, { jurisdiction: "CA-ON", fees: [testFee("admin", 399, { is_dealer_admin: true })] }),
    );
    expect([text(option.dealer_admin_fee_pretax), text(option.dealer_admin_fee_posttax)]).toEqual(["399.00", "450.87"]);
  });

  it("C-US-MI: the trade-in credit is capped at $11,000 in 2025", () => {
    const option = quoteOption(dealInput("cash", { price: 40_000, trade: 15_000 }, { jurisdiction: "US-MI" }));
    expect(text(option.trade_in_tax_credit)).toBe("11000.00");
  });
});

describe("pricing reference 4.2: federal luxury tax", () => {
  it("C-SPEC-LUX", () => {
    expect(text(luxuryTax(dollars(140_000)))).toBe("8000.00");
  });
});
