import { describe, expect, it } from "vitest";
import { type Fee, type Incentive } from "./deal-inputs.ts";
import { linesAreConsistent } from "./pricing-lines.ts";
import {
  dealInput,
  percentOffIncentive,
  quoteOption,
  rateReductionIncentive,
  rebateIncentive,
  taxAmounts,
  testFee,
  text,
  type DealShape,
} from "./test-deal-builders.ts";

interface FinanceVector {
  id: string;
  jurisdiction: string;
  deal: DealShape;
  fees?: Fee[];
  incentives?: Incentive[];
  apr: string;
  base: string;
  taxes: Record<string, string>;
  total: string;
  financed: string;
  monthly: string;
  last: string;
  interest: string;
}

const nonTaxable = { taxability: "posttax" } as const;

/** Pricing reference 4.3 (finance with Canadian taxes) and 4.7 (incentives, Ontario). */
const VECTORS: FinanceVector[] = [
  {
    id: "F-ON-1",
    jurisdiction: "CA-ON",
    deal: { price: 35_000, down: 5_000, term: 72 },
    fees: [testFee("freight_pdi", 2_100), testFee("omvic_fee", 22), testFee("dealer_admin", 499), testFee("licensing", 59, nonTaxable)],
    apr: "6.49",
    base: "37621.00",
    taxes: { hst: "4890.73" },
    total: "42570.73",
    financed: "37570.73",
    monthly: "631.38",
    last: "631.63",
    interest: "7888.88",
  },
  {
    id: "F-ON-2",
    jurisdiction: "CA-ON",
    deal: { price: 42_000, trade: 12_000, owing: 8_500, term: 84 },
    fees: [testFee("freight_pdi", 2_200), testFee("omvic_fee", 22)],
    apr: "4.99",
    base: "32222.00",
    taxes: { hst: "4188.86" },
    total: "48410.86",
    financed: "44910.86",
    monthly: "634.56",
    last: "634.05",
    interest: "8391.67",
  },
  {
    id: "F-ON-3",
    jurisdiction: "CA-ON",
    deal: { price: 32_000, trade: 5_000, owing: 7_500, term: 48 },
    fees: [testFee("freight_pdi", 1_800)],
    apr: "0",
    base: "28800.00",
    taxes: { hst: "3744.00" },
    total: "37544.00",
    financed: "40044.00",
    monthly: "834.25",
    last: "834.25",
    interest: "0.00",
  },
  {
    id: "F-QC-1",
    jurisdiction: "CA-QC",
    deal: { price: 28_500, trade: 6_000, down: 2_000, term: 60 },
    fees: [testFee("freight_prep", 1_950)],
    apr: "6.49",
    base: "24450.00",
    taxes: { gst: "1222.50", qst: "2438.89" },
    total: "34111.39",
    financed: "26111.39",
    monthly: "510.78",
    last: "510.57",
    interest: "4535.20",
  },
  {
    id: "F-AB-1",
    jurisdiction: "CA-AB",
    deal: { price: 45_000, down: 10_000, term: 48 },
    fees: [testFee("freight_pdi", 2_300), testFee("amvic_levy", 10)],
    apr: "4.99",
    base: "47310.00",
    taxes: { gst: "2365.50" },
    total: "49675.50",
    financed: "39675.50",
    monthly: "913.52",
    last: "913.48",
    interest: "4173.42",
  },
  {
    id: "F-BC-1",
    jurisdiction: "CA-BC",
    deal: { price: 53_500, trade: 10_000, term: 72 },
    fees: [testFee("freight_pdi", 1_900)],
    apr: "6.49",
    base: "45400.00",
    taxes: { gst: "2270.00", pst: "3632.00" },
    total: "61302.00",
    financed: "51302.00",
    monthly: "862.14",
    last: "862.07",
    interest: "10772.01",
  },
  {
    id: "F-BC-2",
    jurisdiction: "CA-BC",
    deal: { price: 38_000, down: 4_000, term: 60 },
    fees: [testFee("freight_pdi", 1_850)],
    apr: "4.99",
    base: "39850.00",
    taxes: { gst: "1992.50", pst: "2789.50" },
    total: "44632.00",
    financed: "40632.00",
    monthly: "766.59",
    last: "766.58",
    interest: "5363.39",
  },
  {
    id: "F-NS-1",
    jurisdiction: "CA-NS",
    deal: { price: 29_000, trade: 7_000, term: 84 },
    fees: [testFee("freight_pdi", 1_900)],
    apr: "6.49",
    base: "23900.00",
    taxes: { hst: "3346.00" },
    total: "34246.00",
    financed: "27246.00",
    monthly: "404.46",
    last: "404.07",
    interest: "6728.25",
  },
  {
    id: "F-SK-1",
    jurisdiction: "CA-SK",
    deal: { price: 30_000, trade: 8_000, term: 60 },
    fees: [testFee("freight_pdi", 1_700)],
    incentives: [rebateIncentive("oem_rebate", 1_500, "post_tax")],
    apr: "4.99",
    base: "23700.00",
    taxes: { gst: "1185.00", pst: "1422.00" },
    total: "34307.00",
    financed: "24807.00",
    monthly: "468.03",
    last: "467.70",
    interest: "3274.47",
  },
  {
    id: "F-MB-1",
    jurisdiction: "CA-MB",
    deal: { price: 33_000, trade: 9_000, term: 48 },
    fees: [testFee("freight_pdi", 1_800), testFee("ppsa", 30, { ...nonTaxable, fee_type: "ppsa" })],
    apr: "6.49",
    base: "25800.00",
    taxes: { gst: "1290.00", rst: "1806.00" },
    total: "37926.00",
    financed: "28926.00",
    monthly: "685.85",
    last: "685.62",
    interest: "3994.57",
  },
  {
    id: "I-1",
    jurisdiction: "CA-ON",
    deal: { price: 40_000, term: 60 },
    fees: [testFee("freight_pdi", 2_000)],
    incentives: [percentOffIncentive("discount", "5")],
    apr: "6.49",
    base: "40000.00",
    taxes: { hst: "5200.00" },
    total: "45200.00",
    financed: "45200.00",
    monthly: "884.18",
    last: "884.11",
    interest: "7850.73",
  },
  {
    id: "I-2",
    jurisdiction: "CA-ON",
    deal: { price: 40_000, term: 60 },
    fees: [testFee("freight_pdi", 2_000)],
    incentives: [percentOffIncentive("discount", "5"), rateReductionIncentive("subvented", "1.99")],
    apr: "6.49",
    base: "40000.00",
    taxes: { hst: "5200.00" },
    total: "45200.00",
    financed: "45200.00",
    monthly: "792.06",
    last: "791.90",
    interest: "2323.44",
  },
  {
    id: "I-3a",
    jurisdiction: "CA-ON",
    deal: { price: 40_000, term: 60 },
    fees: [testFee("freight_pdi", 2_000)],
    incentives: [rebateIncentive("dealer_cash", 1_500, "pre_tax")],
    apr: "6.49",
    base: "40500.00",
    taxes: { hst: "5265.00" },
    total: "45765.00",
    financed: "45765.00",
    monthly: "895.23",
    last: "895.31",
    interest: "7948.88",
  },
  {
    id: "I-3b",
    jurisdiction: "CA-ON",
    deal: { price: 40_000, term: 60 },
    fees: [testFee("freight_pdi", 2_000)],
    incentives: [rebateIncentive("consumer_rebate", 1_500, "post_tax")],
    apr: "6.49",
    base: "42000.00",
    taxes: { hst: "5460.00" },
    total: "47460.00",
    financed: "45960.00",
    monthly: "899.04",
    last: "899.36",
    interest: "7982.72",
  },
];

describe("pricing reference 4.3 and 4.7: finance deals", () => {
  it.each(VECTORS.map((vector) => [vector.id, vector] as const))("%s", (_id, vector) => {
    const option = quoteOption(
      dealInput("finance", vector.deal, {
        jurisdiction: vector.jurisdiction,
        apr: vector.apr,
        fees: vector.fees ?? [],
        incentives: vector.incentives ?? [],
      }),
    );
    expect(text(option.taxes[0]!.base)).toBe(vector.base);
    expect(taxAmounts(option.taxes)).toEqual(vector.taxes);
    expect(text(option.total_purchase_price)).toBe(vector.total);
    expect(text(option.finance?.amount_financed)).toBe(vector.financed);
    expect(text(option.monthly_payment)).toBe(vector.monthly);
    expect(text(option.payment)).toBe(vector.monthly);
    expect(text(option.finance?.final_payment)).toBe(vector.last);
    expect(text(option.finance?.schedule_interest)).toBe(vector.interest);
    expect(option.pricing_stack[0]!.amount).toBe(option.finance?.amount_financed);
    expect(option.pricing_stack.every(linesAreConsistent)).toBe(true);
  });

  it("F-BC-1 picks the 8 % PST band from the price before the trade-in", () => {
    const option = quoteOption(
      dealInput("finance", { price: 53_500, trade: 10_000, term: 72 }, { jurisdiction: "CA-BC", apr: "6.49", fees: [testFee("f", 1_900)] }),
    );
    expect(option.taxes.find((tax) => tax.id === "pst")?.rate).toBe("0.08");
  });

  it("I-1 vs I-2: the rate reduction saves $92.12 a month and $5,527.20 over the term", () => {
    const [i1, i2] = [VECTORS[10]!, VECTORS[11]!].map((vector) =>
      quoteOption(
        dealInput("finance", vector.deal, { jurisdiction: "CA-ON", apr: "6.49", fees: vector.fees!, incentives: vector.incentives! }),
      ),
    );
    expect(i1!.monthly_payment! - i2!.monthly_payment!).toBe(9_212);
    expect(i1!.finance!.finance_charge - i2!.finance!.finance_charge).toBe(552_720);
    expect(i2!.rate).toBe("1.99");
  });
});
