import { describe, expect, it } from "vitest";
import { type Fee, type Incentive } from "./deal-inputs.ts";
import { excessDistanceCharge } from "./excess-distance.ts";
import { upfrontLeaseTax } from "./lease-structure.ts";
import { linesAreConsistent } from "./pricing-lines.ts";
import { customTaxRules, taxRulesOn } from "./tax-rules.ts";
import { type TaxRules } from "./tax-types.ts";
import { capFee, dealInput, dollars, quoteOption, rebateIncentive, taxAmounts, text, VECTOR_DATE, type DealShape } from "./test-deal-builders.ts";

interface LeaseVector {
  id: string;
  jurisdiction: string | TaxRules;
  deal: DealShape;
  fees?: Fee[];
  incentives?: Incentive[];
  residualPercent: string;
  rate: { money_factor: string } | { apr: string };
  expected: {
    gross: string;
    reduction: string;
    adjusted: string;
    residual: string;
    moneyFactor: string;
    depreciation: string;
    rent: string;
    base: string;
    paymentTax: Record<string, string>;
    monthly: string;
    signingTax: Record<string, string>;
  };
}

const noTax = customTaxRules({ components: [] });
const salesTax = (rate: string, extra: Partial<TaxRules> = {}) =>
  customTaxRules({ country: "US", components: [{ id: "sales_tax", label_key: "pricing.line.sales_tax", rate }], ...extra });

/** Pricing reference 4.5 (and the published leases of 4.2). */
const VECTORS: LeaseVector[] = [
  {
    id: "L-PUB-QC",
    jurisdiction: "CA-QC",
    deal: { msrp: 20_000, price: 20_000, trade: 5_000, term: 48 },
    residualPercent: "40",
    rate: { money_factor: "0" },
    expected: {
      gross: "20000.00", reduction: "5000.00", adjusted: "15000.00", residual: "8000.00", moneyFactor: "0",
      depreciation: "145.83", rent: "0.00", base: "145.83", paymentTax: { gst: "7.29", qst: "14.55" }, monthly: "167.67", signingTax: {},
    },
  },
  {
    id: "L-PUB-EDM",
    jurisdiction: noTax,
    deal: { msrp: 23_000, price: 21_000, down: 1_700, term: 36 },
    fees: [capFee("capitalized_fees", 1_200)],
    incentives: [rebateIncentive("rebate", 500, "post_tax")],
    residualPercent: "57",
    rate: { money_factor: "0.00125" },
    expected: {
      gross: "22200.00", reduction: "2200.00", adjusted: "20000.00", residual: "13110.00", moneyFactor: "0.00125",
      depreciation: "191.39", rent: "41.39", base: "232.78", paymentTax: {}, monthly: "232.78", signingTax: {},
    },
  },
  {
    id: "L-PUB-BMW",
    jurisdiction: salesTax("0.07"),
    deal: { msrp: 50_000, price: 47_500, term: 36 },
    fees: [capFee("capitalized_fees", 625)],
    residualPercent: "60",
    rate: { money_factor: "0.00245" },
    expected: {
      gross: "48125.00", reduction: "0.00", adjusted: "48125.00", residual: "30000.00", moneyFactor: "0.00245",
      depreciation: "503.47", rent: "191.41", base: "694.88", paymentTax: { sales_tax: "48.64" }, monthly: "743.52", signingTax: {},
    },
  },
  {
    id: "L-ON-36",
    jurisdiction: "CA-ON",
    deal: { msrp: 40_000, price: 38_500, down: 3_000, term: 36 },
    fees: [capFee("freight_pdi", 2_000), capFee("acquisition", 650), capFee("omvic_fee", 22)],
    residualPercent: "58",
    rate: { apr: "4.8" },
    expected: {
      gross: "41172.00", reduction: "3000.00", adjusted: "38172.00", residual: "23200.00", moneyFactor: "0.002",
      depreciation: "415.89", rent: "122.74", base: "538.63", paymentTax: { hst: "70.02" }, monthly: "608.65", signingTax: { hst: "390.00" },
    },
  },
  {
    id: "L-ON-24",
    jurisdiction: "CA-ON",
    deal: { msrp: 50_000, price: 48_000, term: 24 },
    fees: [capFee("acquisition", 650)],
    residualPercent: "65",
    rate: { money_factor: "0.00125" },
    expected: {
      gross: "48650.00", reduction: "0.00", adjusted: "48650.00", residual: "32500.00", moneyFactor: "0.00125",
      depreciation: "672.92", rent: "101.44", base: "774.35", paymentTax: { hst: "100.67" }, monthly: "875.02", signingTax: {},
    },
  },
  {
    id: "L-ON-48-NEG",
    jurisdiction: "CA-ON",
    deal: { msrp: 38_000, price: 36_900, trade: 6_000, owing: 9_000, term: 48 },
    fees: [capFee("freight_pdi", 1_900)],
    residualPercent: "42",
    rate: { money_factor: "0.0027" },
    expected: {
      gross: "41800.00", reduction: "0.00", adjusted: "41800.00", residual: "15960.00", moneyFactor: "0.0027",
      depreciation: "538.33", rent: "155.95", base: "694.29", paymentTax: { hst: "90.26" }, monthly: "784.55", signingTax: {},
    },
  },
  {
    id: "L-QC-48",
    jurisdiction: "CA-QC",
    deal: { msrp: 35_000, price: 33_900, trade: 4_000, term: 48 },
    fees: [capFee("freight_prep", 2_100)],
    residualPercent: "45",
    rate: { apr: "5.49" },
    expected: {
      gross: "36000.00", reduction: "4000.00", adjusted: "32000.00", residual: "15750.00", moneyFactor: "0.0022875",
      depreciation: "338.54", rent: "109.23", base: "447.77", paymentTax: { gst: "22.39", qst: "44.67" }, monthly: "514.83", signingTax: {},
    },
  },
  {
    id: "L-QC-36",
    jurisdiction: "CA-QC",
    deal: { msrp: 42_000, price: 40_500, down: 2_500, term: 36 },
    fees: [capFee("freight_prep", 1_995), capFee("acquisition", 595)],
    residualPercent: "57",
    rate: { apr: "3.99" },
    expected: {
      gross: "43090.00", reduction: "2500.00", adjusted: "40590.00", residual: "23940.00", moneyFactor: "0.0016625",
      depreciation: "462.50", rent: "107.28", base: "569.78", paymentTax: { gst: "28.49", qst: "56.84" }, monthly: "655.11",
      signingTax: { gst: "125.00", qst: "249.38" },
    },
  },
  {
    id: "L-AB-36",
    jurisdiction: "CA-AB",
    deal: { msrp: 45_000, price: 43_500, down: 2_500, term: 36 },
    fees: [capFee("freight_pdi", 2_300), capFee("acquisition", 795)],
    residualPercent: "55",
    rate: { money_factor: "0.0025" },
    expected: {
      gross: "46595.00", reduction: "2500.00", adjusted: "44095.00", residual: "24750.00", moneyFactor: "0.0025",
      depreciation: "537.36", rent: "172.11", base: "709.47", paymentTax: { gst: "35.47" }, monthly: "744.94", signingTax: { gst: "125.00" },
    },
  },
  {
    id: "L-US-CA",
    jurisdiction: "US-CA",
    deal: { msrp: 36_000, price: 34_500, down: 2_000, term: 36 },
    fees: [capFee("acquisition", 695)],
    residualPercent: "56",
    rate: { money_factor: "0.0021" },
    expected: {
      gross: "35195.00", reduction: "2000.00", adjusted: "33195.00", residual: "20160.00", moneyFactor: "0.0021",
      depreciation: "362.08", rent: "112.05", base: "474.13", paymentTax: { state: "34.37" }, monthly: "508.50", signingTax: { state: "145.00" },
    },
  },
  {
    id: "L-US-NY-UPFRONT",
    jurisdiction: salesTax("0.08875", { leaseTaxModel: "upfront_total_payments" }),
    deal: { msrp: 36_000, price: 34_500, down: 2_000, term: 36 },
    fees: [capFee("acquisition", 695)],
    residualPercent: "56",
    rate: { money_factor: "0.0021" },
    expected: {
      gross: "35195.00", reduction: "2000.00", adjusted: "33195.00", residual: "20160.00", moneyFactor: "0.0021",
      depreciation: "362.08", rent: "112.05", base: "474.13", paymentTax: {}, monthly: "474.13", signingTax: {},
    },
  },
];

const leaseQuote = (vector: LeaseVector) =>
  quoteOption(
    dealInput("lease", vector.deal, {
      jurisdiction: vector.jurisdiction,
      residual_percent: vector.residualPercent,
      ...vector.rate,
      fees: vector.fees ?? [],
      incentives: vector.incentives ?? [],
    }),
  );

const byId = (id: string) => leaseQuote(VECTORS.find((vector) => vector.id === id)!);

describe("pricing reference 4.5: leases", () => {
  it.each(VECTORS.map((vector) => [vector.id, vector] as const))("%s", (_id, vector) => {
    const option = leaseQuote(vector);
    const lease = option.lease!;
    const { expected } = vector;
    expect(text(lease.gross_cap_cost)).toBe(expected.gross);
    expect(text(lease.cap_cost_reduction)).toBe(expected.reduction);
    expect(text(lease.adjusted_cap_cost)).toBe(expected.adjusted);
    expect(text(option.residual_value)).toBe(expected.residual);
    expect(lease.money_factor).toBe(expected.moneyFactor);
    expect(text(lease.depreciation)).toBe(expected.depreciation);
    expect(text(lease.rent_charge)).toBe(expected.rent);
    expect(text(lease.base_payment)).toBe(expected.base);
    expect(taxAmounts(option.taxes.filter((tax) => tax.timing === "per_payment"))).toEqual(expected.paymentTax);
    expect(text(option.monthly_payment)).toBe(expected.monthly);
    expect(taxAmounts(option.taxes.filter((tax) => tax.timing === "at_signing"))).toEqual(expected.signingTax);
    expect(option.pricing_stack.every(linesAreConsistent)).toBe(true);
  });

  it("L-ON-36: due at signing, total cost and total rent charge", () => {
    const lease = byId("L-ON-36").lease!;
    expect(text(lease.due_at_signing)).toBe("3998.65");
    expect(text(lease.total_lease_cost)).toBe("25301.40");
    expect(text(lease.total_rent_charge)).toBe("4418.68");
  });

  it.each([
    ["L-QC-36", "3529.49"],
    ["L-AB-36", "3369.94"],
    ["L-US-CA", "2653.50"],
  ])("%s: due at signing", (id, due) => {
    expect(text(byId(id).lease!.due_at_signing)).toBe(due);
  });

  it("L-US-NY-UPFRONT: tax on all receipts (payments + cash down) at inception", () => {
    const lease = byId("L-US-NY-UPFRONT").lease!;
    expect(text(lease.upfront_tax)).toBe("1692.35");
    expect(lease.tax_model).toBe("upfront_total_payments");
  });

  it("L-ON-48-NEG: $3,000 of negative equity is capitalized", () => {
    const stack = byId("L-ON-48-NEG").pricing_stack[0]!;
    const gross = stack.children![0]!;
    expect(gross.children!.find((line) => line.label_key === "pricing.line.negative_equity")?.amount).toBe(dollars(3_000));
  });

  it("L-PUB-NY", () => {
    const lines = upfrontLeaseTax({
      rules: salesTax("0.07", { leaseTaxModel: "upfront_total_payments" }),
      basePayment: dollars(350),
      term: 48,
      otherReceipts: dollars(500),
    });
    expect(text(lines[0]!.base)).toBe("17300.00");
    expect(text(lines[0]!.amount)).toBe("1211.00");
  });

  it("L-EXCESS-KM", () => {
    const result = excessDistanceCharge({
      allowancePerYear: 20_000,
      termMonths: 36,
      distanceDriven: 68_500,
      ratePerUnit: "0.16",
      rules: taxRulesOn("CA-ON", VECTOR_DATE)!,
    });
    expect(result.excessDistance).toBe(8_500);
    expect(text(result.charge)).toBe("1360.00");
    expect(taxAmounts(result.taxes)).toEqual({ hst: "176.80" });
    expect(text(result.total)).toBe("1536.80");
  });
});
