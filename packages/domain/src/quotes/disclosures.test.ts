import { describe, expect, it } from "vitest";
import { cents, type Cents } from "../money.ts";
import { type PaymentOption } from "../pricing/payment-option.ts";
import { type QuoteInput } from "../pricing/quote-input.ts";
import { customTaxRules } from "../pricing/tax-rules.ts";
import {
  capFee,
  dealInput,
  dollars,
  quoteOption,
  rebateIncentive,
  testFee,
  type DealShape,
} from "../pricing/test-deal-builders.ts";
import {
  DISCLOSURE_KEYS,
  DISCLOSURE_LABELS,
  disclosureText,
  quoteDisclosures,
  type DisclosureFigure,
  type DisclosureKey,
} from "./disclosures.ts";

const NBSP = "\u00a0";

function figure(figures: readonly DisclosureFigure[], key: DisclosureKey): DisclosureFigure {
  const found = figures.filter((item) => item.key === key);
  expect(found, `exactly one ${key}`).toHaveLength(1);
  return found[0]!;
}

const amountOf = (figures: readonly DisclosureFigure[], key: DisclosureKey): Cents | undefined =>
  figure(figures, key).amount;
const keysOf = (figures: readonly DisclosureFigure[]): DisclosureKey[] => figures.map((item) => item.key);
const primaryKeys = (figures: readonly DisclosureFigure[]): DisclosureKey[] =>
  figures.filter((item) => item.emphasis === "primary").map((item) => item.key);
/** Exact integer sums in the test, independent of the module's helpers. */
const sum = (...values: number[]): number => values.reduce((total, value) => total + value, 0);

const nyFinanceInput = (deal: DealShape, extra: Partial<QuoteInput> = {}): QuoteInput =>
  dealInput("finance", deal, {
    jurisdiction: "US-NY",
    local_tax_rate: "0.045",
    apr: "6.49",
    fees: [testFee("doc", 175)],
    payment_frequencies: ["weekly", "monthly"],
    ...extra,
  });

describe("quoteDisclosures: US finance (Regulation Z)", () => {
  const input = nyFinanceInput(
    { price: 35_000, down: 3_000, trade: 5_000, owing: 2_000, term: 60 },
    { incentives: [rebateIncentive("loyalty", 500, "post_tax")] },
  );
  input.settings = { ...input.settings, payment_frequency: "weekly" };
  const option = quoteOption(input);
  const finance = option.finance!;
  const { rule, figures } = quoteDisclosures(option);

  it("is the us_finance rule with the amount financed, finance charge and APR of the quote", () => {
    expect(option.jurisdiction).toBe("US-NY");
    expect(rule).toBe("us_finance");
    expect(figure(figures, "apr")).toEqual({ key: "apr", rate: "6.49", emphasis: "primary" });
    expect(figure(figures, "apr").rate).toBe(option.rate);
    expect(amountOf(figures, "amount_financed")).toBe(finance.amount_financed);
    expect(amountOf(figures, "total_of_payments")).toBe(finance.total_of_payments);
  });

  it("makes the APR and the finance charge, and nothing else, the most conspicuous", () => {
    expect(primaryKeys(figures).sort()).toEqual(["apr", "finance_charge"]);
  });

  it("discloses the schedule's finance charge, so total of payments = amount financed + finance charge", () => {
    const charge = amountOf(figures, "finance_charge")!;
    expect(charge).toBe(finance.schedule_interest);
    expect(sum(finance.amount_financed, charge)).toBe(finance.total_of_payments);
  });

  it("gives the contract's monthly schedule, not the weekly display amount, and it adds up to the total of payments", () => {
    expect(option.payment_frequency).toBe("weekly");
    expect(option.payment).not.toBe(option.monthly_payment);
    // This deal's last payment is adjusted, so the schedule has two lines.
    expect(finance.final_payment).not.toBe(option.monthly_payment);
    const schedule = figure(figures, "payment_schedule");
    expect(schedule).toEqual({
      key: "payment_schedule",
      amount: option.monthly_payment,
      count: 59,
      frequency: "monthly",
      emphasis: "normal",
    });
    expect(amountOf(figures, "final_payment")).toBe(finance.final_payment);
    expect(sum(schedule.amount! * schedule.count!, finance.final_payment)).toBe(finance.total_of_payments);
  });

  it("gives the down payment (cash, rebate, net trade-in) and the total sale price it is part of", () => {
    // $3,000 cash + $500 rebate + ($5,000 allowance − $2,000 owing).
    expect(amountOf(figures, "total_down_payment")).toBe(dollars(6_500));
    expect(amountOf(figures, "total_sale_price")).toBe(sum(finance.total_of_payments, dollars(6_500)));
    expect(amountOf(figures, "total_sale_price")).toBe(sum(option.total_purchase_price, finance.schedule_interest));
  });

  it("keeps negative equity in the amount financed, not in the down payment, and so in the total sale price", () => {
    const negative = quoteOption(nyFinanceInput({ price: 35_000, down: 2_000, trade: 5_000, owing: 8_000, term: 60 }));
    const result = quoteDisclosures(negative).figures;
    expect(amountOf(result, "total_down_payment")).toBe(dollars(2_000));
    expect(amountOf(result, "total_sale_price")).toBe(
      sum(negative.total_purchase_price, negative.finance!.schedule_interest, dollars(3_000)),
    );
  });

  it("shows a single schedule line when the last payment is not adjusted", () => {
    const even = quoteOption(dealInput("finance", { price: 12_000, term: 12 }, { jurisdiction: "US-NY", apr: "0" }));
    expect(even.finance!.final_payment).toBe(even.monthly_payment);
    const result = quoteDisclosures(even).figures;
    // $12,000 + 4 % New York state tax over 12 months at 0 %.
    expect(figure(result, "payment_schedule")).toMatchObject({ amount: dollars(1_040), count: 12 });
    expect(even.finance!.total_of_payments).toBe(dollars(12_480));
    expect(keysOf(result)).not.toContain("final_payment");
  });
});

describe("quoteDisclosures: US lease (Regulation M)", () => {
  const nyLease = (extra: Partial<QuoteInput> = {}) =>
    quoteOption(
      dealInput(
        "lease",
        { msrp: 40_000, price: 38_500, down: 2_000, trade: 3_000, owing: 1_000, term: 36 },
        {
          jurisdiction: "US-NY",
          local_tax_rate: "0.045",
          money_factor: "0.00125",
          residual_percent: "58",
          security_deposit: dollars(500),
          fees: [testFee("doc", 175), capFee("acquisition", 895)],
          ...extra,
        },
      ),
    );
  const miLease = quoteOption(
    dealInput(
      "lease",
      { msrp: 30_000, price: 29_000, down: 1_500, term: 24 },
      {
        jurisdiction: "US-MI",
        apr: "4.8",
        residual_percent: "60",
        fees: [testFee("title", 250)],
        security_deposit: dollars(300),
      },
    ),
  );

  it.each([
    ["New York (tax on all receipts upfront)", nyLease()],
    [
      "New York with negative equity",
      nyLease({
        settings: {
          down_payment: dollars(1_000),
          trade_in_credit: dollars(2_000),
          trade_in_owing: dollars(5_000),
          term: 36,
        },
      }),
    ],
    ["Michigan (tax per payment, cash down taxed at signing)", miLease],
  ])(
    "%s: never an APR or any rate, and the itemised amount due at signing sums exactly to the quote's",
    (_name, option) => {
      const { rule, figures } = quoteDisclosures(option);
      expect(rule).toBe("us_lease");
      expect(option.rate).not.toBeNull();
      expect(keysOf(figures)).not.toContain("apr");
      expect(figures.some((item) => item.rate !== undefined || /apr|rate/.test(item.key))).toBe(false);
      const lease = option.lease!;
      const items = figures.filter((item) => item.key.startsWith("due_at_signing_"));
      expect(keysOf(items)).toEqual([
        "due_at_signing_first_payment",
        "due_at_signing_down_payment",
        "due_at_signing_fees",
        "due_at_signing_taxes",
        "due_at_signing_security_deposit",
      ]);
      expect(amountOf(figures, "due_at_signing")).toBe(lease.due_at_signing);
      expect(sum(...items.map((item) => item.amount!))).toBe(lease.due_at_signing);
    },
  );

  it("itemises New York's due at signing from the option's own figures", () => {
    const option = nyLease();
    const lease = option.lease!;
    const { figures } = quoteDisclosures(option);
    expect(lease.upfront_tax).toBeGreaterThan(0);
    expect(amountOf(figures, "due_at_signing_first_payment")).toBe(option.monthly_payment);
    expect(amountOf(figures, "due_at_signing_down_payment")).toBe(dollars(2_000));
    expect(amountOf(figures, "due_at_signing_fees")).toBe(dollars(175));
    expect(amountOf(figures, "due_at_signing_taxes")).toBe(sum(lease.upfront_tax, lease.tax_due_at_signing));
    expect(amountOf(figures, "due_at_signing_security_deposit")).toBe(dollars(500));
  });

  it("leaves taxes out of the itemisation when the quote leaves them out", () => {
    const taxed = nyLease();
    const input = dealInput(
      "lease",
      { msrp: 40_000, price: 38_500, down: 2_000, term: 36 },
      {
        jurisdiction: "US-NY",
        local_tax_rate: "0.045",
        money_factor: "0.00125",
        residual_percent: "58",
        fees: [testFee("doc", 175)],
      },
    );
    const withoutTax = quoteOption({ ...input, settings: { ...input.settings, include_tax: false } });
    expect(taxed.include_tax).toBe(true);
    expect(withoutTax.include_tax).toBe(false);
    expect(withoutTax.lease!.upfront_tax).toBeGreaterThan(0);
    const { figures } = quoteDisclosures(withoutTax);
    expect(amountOf(figures, "due_at_signing_taxes")).toBe(0);
    expect(amountOf(figures, "due_at_signing")).toBe(withoutTax.lease!.due_at_signing);
    expect(sum(withoutTax.monthly_payment!, dollars(2_000), dollars(175))).toBe(withoutTax.lease!.due_at_signing);
  });

  it("gives the payments and their total, the total of payments and the payment calculation", () => {
    const option = nyLease();
    const lease = option.lease!;
    const { figures } = quoteDisclosures(option);
    expect(figure(figures, "payment_schedule")).toEqual({
      key: "payment_schedule",
      amount: option.monthly_payment,
      count: 36,
      frequency: "monthly",
      emphasis: "normal",
    });
    expect(amountOf(figures, "total_of_lease_payments")).toBe(option.monthly_payment! * 36);
    // 12 CFR 1013.4(e): due at signing less the refundable deposit, plus the 35 payments not made at signing.
    expect(amountOf(figures, "total_of_payments")).toBe(
      sum(lease.due_at_signing, -lease.security_deposit, option.monthly_payment! * 35),
    );
    expect(amountOf(figures, "total_of_payments")).toBe(lease.total_lease_cost);
    expect(amountOf(figures, "capitalized_cost")).toBe(lease.gross_cap_cost);
    expect(amountOf(figures, "capitalized_cost_reduction")).toBe(lease.cap_cost_reduction);
    expect(amountOf(figures, "net_trade_in")).toBe(dollars(2_000));
    expect(amountOf(figures, "adjusted_capitalized_cost")).toBe(lease.adjusted_cap_cost);
    expect(amountOf(figures, "residual_value")).toBe(option.residual_value);
    expect(amountOf(figures, "rent_charge")).toBe(lease.total_rent_charge);
    // Depreciation + rent charge = the base payments over the term.
    expect(sum(amountOf(figures, "depreciation")!, amountOf(figures, "rent_charge")!)).toBe(lease.base_payment * 36);
    expect(figure(figures, "term").months).toBe(36);
  });
});

describe("quoteDisclosures: Ontario", () => {
  const fees = [testFee("freight_pdi", 2_000), testFee("omvic_fee", 22)];
  const finance = quoteOption(
    dealInput("finance", { price: 38_500, down: 3_000, term: 72 }, { jurisdiction: "CA-ON", apr: "6.49", fees }),
  );

  it("finance: APR, term, cash price and cost of borrowing, each as prominent as the payment", () => {
    const { rule, figures } = quoteDisclosures(finance);
    expect(rule).toBe("ontario_credit");
    for (const key of ["apr", "term", "cash_price", "cost_of_borrowing", "payment_schedule"] as const) {
      expect(figure(figures, key).emphasis, key).toBe("primary");
    }
    expect(figure(figures, "apr").rate).toBe("6.49");
    expect(figure(figures, "term").months).toBe(72);
    expect(amountOf(figures, "cash_price")).toBe(finance.total_purchase_price);
    expect(amountOf(figures, "cost_of_borrowing")).toBe(finance.finance!.schedule_interest);
    expect(sum(finance.finance!.amount_financed, amountOf(figures, "cost_of_borrowing")!)).toBe(
      finance.finance!.total_of_payments,
    );
    expect(amountOf(figures, "amount_financed")).toBe(finance.finance!.amount_financed);
  });

  it("lease: APR, term, cash value and implicit finance charge as prominent as the payment; capitalized amount and residual", () => {
    const shape = { msrp: 40_000, price: 38_500, down: 3_000, trade: 2_000, owing: 4_000, term: 36 };
    const leaseFees = [capFee("freight_pdi", 2_000), capFee("omvic_fee", 22), testFee("registration", 120)];
    const lease = quoteOption(
      dealInput("lease", shape, {
        jurisdiction: "CA-ON",
        money_factor: "0.0015",
        residual_percent: "58",
        fees: leaseFees,
      }),
    );
    const cash = quoteOption(dealInput("cash", { ...shape, down: 0 }, { jurisdiction: "CA-ON", fees: leaseFees }));
    const { rule, figures } = quoteDisclosures(lease);
    expect(rule).toBe("ontario_credit");
    expect(primaryKeys(figures).sort()).toEqual([
      "apr",
      "cash_value",
      "implicit_finance_charge",
      "payment_schedule",
      "term",
    ]);
    expect(figure(figures, "apr").rate).toBe(lease.rate);
    // Before taxes, the vehicle, its fees: a cash sale's subtotal of the same deal (negative equity excluded).
    expect(amountOf(figures, "cash_value")).toBe(cash.subtotal);
    expect(amountOf(figures, "cash_value")).toBe(dollars(40_642));
    expect(amountOf(figures, "capitalized_amount")).toBe(lease.lease!.adjusted_cap_cost);
    expect(amountOf(figures, "implicit_finance_charge")).toBe(lease.lease!.total_rent_charge);
    expect(amountOf(figures, "residual_value")).toBe(dollars(23_200));
    expect(amountOf(figures, "due_at_signing")).toBe(lease.lease!.due_at_signing);
  });
});

describe("quoteDisclosures: Quebec", () => {
  const finance = quoteOption(
    dealInput(
      "finance",
      { price: 30_000, down: 2_000, term: 60 },
      { jurisdiction: "CA-QC", apr: "5.99", fees: [testFee("prep", 495)] },
    ),
  );

  it("finance: the total price beside the payment, and every credit term", () => {
    const { rule, figures } = quoteDisclosures(finance);
    expect(rule).toBe("quebec");
    expect(figures[0]).toEqual({ key: "total_price", amount: finance.total_purchase_price, emphasis: "primary" });
    expect(keysOf(figures)).toEqual(
      expect.arrayContaining([
        "payment_schedule",
        "credit_rate",
        "term",
        "net_capital",
        "credit_charges",
        "total_obligation",
      ]),
    );
    expect(figure(figures, "credit_rate").rate).toBe("5.99");
    expect(figure(figures, "term").months).toBe(60);
    expect(amountOf(figures, "net_capital")).toBe(finance.finance!.amount_financed);
    expect(amountOf(figures, "credit_charges")).toBe(finance.finance!.schedule_interest);
    expect(amountOf(figures, "total_obligation")).toBe(finance.finance!.total_of_payments);
    expect(sum(amountOf(figures, "net_capital")!, amountOf(figures, "credit_charges")!)).toBe(
      amountOf(figures, "total_obligation"),
    );
    // Quebec's own vocabulary, not the Ontario/US terms.
    expect(keysOf(figures)).not.toContain("apr");
  });

  it("lease: the retail value, payments, term, down payment, deposit and distance allowance", () => {
    const shape = { msrp: 32_000, price: 31_000, down: 1_000, term: 48 };
    const input = dealInput("lease", shape, {
      jurisdiction: "CA-QC",
      apr: "4.99",
      residual_percent: "50",
      security_deposit: dollars(400),
      fees: [capFee("freight", 1_800), testFee("rdprm", 60)],
    });
    input.settings = { ...input.settings, distance_allowance: 20_000 };
    const option = quoteOption(input);
    const cash = quoteOption(
      dealInput(
        "cash",
        { ...shape, down: 0 },
        { jurisdiction: "CA-QC", fees: [capFee("freight", 1_800), testFee("rdprm", 60)] },
      ),
    );
    const { rule, figures } = quoteDisclosures(option);
    expect(rule).toBe("quebec");
    expect(figures[0]).toEqual({ key: "retail_value", amount: cash.subtotal, emphasis: "primary" });
    expect(cash.subtotal).toBe(dollars(32_860));
    expect(figure(figures, "payment_schedule")).toMatchObject({ amount: option.monthly_payment, count: 48 });
    expect(amountOf(figures, "due_at_signing")).toBe(option.lease!.due_at_signing);
    expect(amountOf(figures, "down_payment")).toBe(dollars(1_000));
    expect(amountOf(figures, "security_deposit")).toBe(dollars(400));
    expect(figure(figures, "distance_allowance").distance).toBe(20_000);
    expect(figure(figures, "implicit_credit_rate").rate).toBe(option.rate);
    expect(amountOf(figures, "implicit_credit_charges")).toBe(option.lease!.total_rent_charge);
    expect(keysOf(figures)).not.toContain("apr");
  });
});

describe("quoteDisclosures: other provinces, cash, and what it refuses", () => {
  it("Alberta finance: APR, term, cost of borrowing and total under canada_credit", () => {
    const option = quoteOption(
      dealInput("finance", { price: 25_000, term: 48 }, { jurisdiction: "CA-AB", apr: "7.25" }),
    );
    const { rule, figures } = quoteDisclosures(option);
    expect(rule).toBe("canada_credit");
    expect(figure(figures, "apr").rate).toBe("7.25");
    expect(figure(figures, "term").months).toBe(48);
    expect(amountOf(figures, "cost_of_borrowing")).toBe(option.finance!.schedule_interest);
    expect(amountOf(figures, "total_of_payments")).toBe(option.finance!.total_of_payments);
    expect(primaryKeys(figures)).toEqual([]);
  });

  it.each(["CA-ON", "CA-QC", "US-NY"])("cash in %s: the total price only", (jurisdiction) => {
    const option = quoteOption(
      dealInput(
        "cash",
        { price: 20_000, down: 1_000 },
        { jurisdiction, local_tax_rate: "0.045", fees: [testFee("doc", 300)] },
      ),
    );
    expect(quoteDisclosures(option)).toEqual({
      rule: "cash",
      figures: [{ key: "total_price", amount: option.total_purchase_price, emphasis: "primary" }],
    });
    expect(option.total_purchase_price).toBeGreaterThan(dollars(20_300));
  });

  it("refuses a credit option whose jurisdiction has no rule rather than guessing one", () => {
    const option = quoteOption(
      dealInput("finance", { price: 20_000, term: 36 }, { jurisdiction: customTaxRules({ components: [] }), apr: "5" }),
    );
    expect(() => quoteDisclosures(option)).toThrow(RangeError);
  });

  it("is pure: the same figures each time, and the option is left as it was", () => {
    const option = quoteOption(nyFinanceInput({ price: 35_000, down: 3_000, term: 60 }));
    const before = structuredClone(option);
    expect(quoteDisclosures(option)).toEqual(quoteDisclosures(option));
    expect(option).toEqual(before);
  });
});

describe("DISCLOSURE_LABELS", () => {
  it("labels every key, and only the keys, in English and French", () => {
    expect(Object.keys(DISCLOSURE_LABELS).sort()).toEqual([...DISCLOSURE_KEYS].sort());
    for (const key of DISCLOSURE_KEYS) {
      const { en, fr } = DISCLOSURE_LABELS[key];
      expect(en.trim(), key).not.toBe("");
      expect(fr.trim(), key).not.toBe("");
      expect(fr, key).not.toBe(en);
      expect(fr, `${key}: typographic apostrophe`).not.toContain("'");
    }
  });

  it("uses the Canadian legal terms", () => {
    expect(DISCLOSURE_LABELS.apr.fr).toBe("Taux annuel du coût d’emprunt (TAC)");
    expect(DISCLOSURE_LABELS.cost_of_borrowing.fr).toBe("Coût d’emprunt");
    expect(DISCLOSURE_LABELS.total_obligation.fr).toBe("Obligation totale");
    expect(DISCLOSURE_LABELS.credit_rate.fr).toBe("Taux de crédit");
    expect(DISCLOSURE_LABELS.credit_charges.fr).toBe("Frais de crédit");
  });
});

describe("disclosureText", () => {
  const schedule: DisclosureFigure = {
    key: "payment_schedule",
    amount: cents(63_138),
    count: 59,
    frequency: "monthly",
    emphasis: "normal",
  };

  it("formats rates, money, months and schedules in English", () => {
    expect(disclosureText({ key: "apr", rate: "6.49", emphasis: "primary" }, "en", "usd")).toBe(
      "Annual percentage rate (APR): 6.49%",
    );
    expect(disclosureText({ key: "amount_financed", amount: cents(3_456_789), emphasis: "normal" }, "en", "usd")).toBe(
      "Amount financed: $34,567.89",
    );
    expect(disclosureText({ key: "term", months: 60, emphasis: "primary" }, "en", "cad")).toBe("Term: 60 months");
    expect(disclosureText(schedule, "en", "usd")).toBe("Payment schedule: 59 monthly payments of $631.38");
    expect(disclosureText({ ...schedule, count: 1, frequency: "weekly" }, "en", "cad")).toBe(
      "Payment schedule: 1 weekly payment of $631.38",
    );
  });

  it("formats them the French way, with no-break spaces before the colon, the % and the $", () => {
    expect(disclosureText({ key: "apr", rate: "6.49", emphasis: "primary" }, "fr", "cad")).toBe(
      `Taux annuel du coût d’emprunt (TAC)${NBSP}: 6,49${NBSP}%`,
    );
    expect(disclosureText({ key: "cost_of_borrowing", amount: cents(712_345), emphasis: "primary" }, "fr", "cad")).toBe(
      `Coût d’emprunt${NBSP}: 7${NBSP}123,45${NBSP}$`,
    );
    expect(disclosureText({ key: "term", months: 60, emphasis: "primary" }, "fr", "cad")).toBe(
      `Durée${NBSP}: 60${NBSP}mois`,
    );
    expect(disclosureText(schedule, "fr", "cad")).toBe(
      `Calendrier des paiements${NBSP}: 59 paiements mensuels de 631,38${NBSP}$`,
    );
    expect(disclosureText({ key: "distance_allowance", distance: 20_000, emphasis: "normal" }, "fr", "cad")).toBe(
      `Kilométrage annuel alloué${NBSP}: 20${NBSP}000${NBSP}km`,
    );
  });

  it("renders every figure of every rule in both languages", () => {
    const options: PaymentOption[] = [
      quoteOption(nyFinanceInput({ price: 35_000, down: 3_000, term: 60 })),
      quoteOption(
        dealInput(
          "lease",
          { msrp: 30_000, price: 29_000, term: 24 },
          { jurisdiction: "US-MI", apr: "4.8", residual_percent: "60" },
        ),
      ),
      quoteOption(
        dealInput(
          "lease",
          { msrp: 30_000, price: 29_000, term: 24 },
          { jurisdiction: "CA-QC", apr: "4.8", residual_percent: "60" },
        ),
      ),
      quoteOption(dealInput("finance", { price: 25_000, term: 48 }, { jurisdiction: "CA-BC", apr: "7.25" })),
    ];
    for (const option of options) {
      const currency = option.jurisdiction.startsWith("US") ? "usd" : "cad";
      for (const item of quoteDisclosures(option).figures) {
        expect(disclosureText(item, "en", currency)).toMatch(
          new RegExp(`^${DISCLOSURE_LABELS[item.key].en.replace(/[()]/g, "\\$&")}: \\S`),
        );
        expect(disclosureText(item, "fr", currency).startsWith(`${DISCLOSURE_LABELS[item.key].fr}${NBSP}: `)).toBe(
          true,
        );
      }
    }
  });
});
