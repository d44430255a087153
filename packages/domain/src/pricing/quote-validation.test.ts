import { describe, expect, it } from "vitest";
import { quote } from "./quote.ts";
import { dealInput, dollars, text } from "./test-deal-builders.ts";

const finance = (overrides: Parameters<typeof dealInput>[2] = {}, deal: Parameters<typeof dealInput>[1] = { price: 30_000, term: 60 }) =>
  quote(dealInput("finance", deal, { jurisdiction: "CA-ON", apr: "6.49", term_choices: [36, 48, 60, 72], ...overrides }));

const errorsOf = (result: ReturnType<typeof quote>) => (result.ok ? [] : result.errors);

describe("quote validation: typed field errors, never thrown", () => {
  it("rejects a negative down payment", () => {
    expect(errorsOf(finance({}, { price: 30_000, term: 60, down: -1 }))).toEqual([{ field: "down_payment", code: "negative" }]);
  });

  it("rejects a term that is not offered", () => {
    expect(errorsOf(finance({}, { price: 30_000, term: 84 }))).toEqual([
      { field: "term", code: "term_not_offered", params: { choices: "36,48,60,72" } },
    ]);
  });

  it("requires a term for finance and lease", () => {
    expect(errorsOf(finance({}, { price: 30_000 }))).toEqual([{ field: "term", code: "required" }]);
  });

  it("rejects a finance down payment that leaves less than the $1,000 minimum to finance", () => {
    // Total 33,900.00 (30,000 + 13 % HST): the most that can be put down is 32,900.00.
    expect(finance({}, { price: 30_000, term: 60, down: 32_900 }).ok).toBe(true);
    expect(errorsOf(finance({}, { price: 30_000, term: 60, down: 32_900.01 }))).toEqual([
      { field: "down_payment", code: "above_limit", params: { max: dollars(32_900) } },
    ]);
  });

  it("rejects a cash deposit above $70,000 or above the balance", () => {
    const cash = (down: number, price = 100_000) => quote(dealInput("cash", { price, down }, { jurisdiction: "CA-AB" }));
    expect(cash(70_000).ok).toBe(true);
    expect(errorsOf(cash(70_000.01))).toEqual([{ field: "down_payment", code: "above_limit", params: { max: dollars(70_000) } }]);
    expect(errorsOf(cash(10_000, 5_000))).toEqual([{ field: "down_payment", code: "above_limit", params: { max: dollars(5_250) } }]);
  });

  it("uses the dealership's own limits when given", () => {
    const limits = { cash: dollars(500), finance: dollars(5_000), lease: dollars(1_000) };
    expect(errorsOf(quote(dealInput("cash", { price: 1_000, down: 600 }, { jurisdiction: "CA-AB", down_payment_limits: limits })))).toEqual([
      { field: "down_payment", code: "above_limit", params: { max: dollars(500) } },
    ]);
  });

  it("rejects a lease down payment that leaves less than $1,000 of depreciation", () => {
    const lease = (down: number) =>
      quote(dealInput("lease", { price: 30_000, msrp: 30_000, down, term: 36 }, { jurisdiction: "CA-AB", residual_percent: "60", apr: "4.8" }));
    // Depreciation before the down payment: 30,000 − 18,000 = 12,000.
    expect(lease(11_000).ok).toBe(true);
    expect(errorsOf(lease(11_000.01))).toEqual([{ field: "down_payment", code: "above_limit", params: { max: dollars(11_000) } }]);
  });

  it("reports nothing to finance when the trade-in covers the deal", () => {
    expect(errorsOf(finance({}, { price: 30_000, term: 60, trade: 40_000 }))).toEqual([{ field: "down_payment", code: "nothing_to_finance" }]);
  });

  it("treats feed placeholders and amounts over the cap as a missing or invalid price", () => {
    expect(errorsOf(finance({}, { price: 0, term: 60 }))).toEqual([{ field: "price", code: "required" }]);
    expect(errorsOf(finance({}, { price: 999_999, term: 60 }))).toEqual([{ field: "price", code: "required" }]);
    expect(errorsOf(finance({}, { price: 1_000_000, term: 60 }))).toEqual([
      { field: "price", code: "above_price_cap", params: { max: 99_999_999 } },
    ]);
  });

  it("rejects a non-integer amount of cents and negative trade-in amounts", () => {
    const input = dealInput("finance", { price: 30_000, term: 60, owing: -5 }, { jurisdiction: "CA-ON", apr: "6.49" });
    input.settings.trade_in_credit = 10.5 as never;
    expect(errorsOf(quote(input))).toEqual([
      { field: "trade_in_credit", code: "not_an_integer" },
      { field: "trade_in_owing", code: "negative" },
    ]);
  });

  it("rejects missing or malformed rates", () => {
    expect(errorsOf(finance({ apr: "abc" }))).toEqual([{ field: "rate", code: "invalid_rate" }]);
    expect(errorsOf(finance({ apr: "-1" }))).toEqual([{ field: "rate", code: "invalid_rate" }]);
    const lease = quote(dealInput("lease", { price: 30_000, term: 36 }, { jurisdiction: "CA-ON", apr: "4.8" }));
    expect(errorsOf(lease)).toEqual([{ field: "residual_percent", code: "invalid_rate" }]);
  });

  it("rejects a frequency or distance allowance that is not offered", () => {
    const input = dealInput("lease", { price: 30_000, term: 36 }, {
      jurisdiction: "CA-ON",
      apr: "4.8",
      residual_percent: "55",
      payment_frequencies: ["monthly", "biweekly"],
      distance_allowance_choices: [16_000, 20_000],
    });
    input.settings.payment_frequency = "weekly";
    input.settings.distance_allowance = 24_000;
    expect(errorsOf(quote(input))).toEqual([
      { field: "payment_frequency", code: "frequency_not_offered" },
      { field: "distance_allowance", code: "distance_allowance_not_offered" },
    ]);
  });

  it("resolves the jurisdiction from the postal code, or names the field when it cannot", () => {
    const withPostal = (postal_code: string | undefined, date = "2025-10-01") => {
      const input = dealInput("cash", { price: 20_000 }, { date });
      if (postal_code !== undefined) input.settings.postal_code = postal_code;
      return quote(input);
    };
    const ok = withPostal("B3H 1A1");
    expect(ok.ok && ok.option.jurisdiction).toBe("CA-NS");
    expect(ok.ok && text(ok.option.sales_tax)).toBe("2800.00");
    expect(errorsOf(withPostal(undefined))).toEqual([{ field: "postal_code", code: "required" }]);
    expect(errorsOf(withPostal("ZZZ"))).toEqual([{ field: "postal_code", code: "invalid_postal_code" }]);
    expect(errorsOf(withPostal("82001"))).toEqual([
      { field: "postal_code", code: "jurisdiction_not_supported", params: { jurisdiction: "US-WY", date: "2025-10-01" } },
    ]);
    expect(errorsOf(withPostal("B3H 1A1", "01/10/2025"))).toEqual([{ field: "date", code: "invalid_date" }]);
  });

  it("reports a non-positive lease payment", () => {
    const result = quote(
      dealInput("lease", { price: 20_000, msrp: 40_000, term: 36 }, { jurisdiction: "CA-AB", residual_percent: "90", money_factor: "0" }),
    );
    expect(errorsOf(result)).toEqual([{ field: "down_payment", code: "payment_not_positive" }]);
  });

  it("reports a malformed incentive", () => {
    const result = finance({ incentives: [{ id: "x", name: "x", type: "percentage_discount", percent: "five" }] });
    expect(errorsOf(result)).toEqual([{ field: "incentives", code: "invalid_rate", params: { id: "x" } }]);
  });
});
