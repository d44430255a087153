import { quoteOptionInputSchema } from "@showroom/domain";
import { describe, expect, it } from "vitest";
import { checkOption, emptyOption, optionBinding, optionBody, optionValues, pricingErrors, typedDollars, typedRate, typedWholeNumber, type OptionValues } from "./option-form.ts";
import { quoteWire } from "./quote-fixtures.ts";

const values = (overrides: Partial<OptionValues> = {}): OptionValues => ({ ...emptyOption("finance"), ...overrides });

describe("an option's terms as typed", () => {
  it("reads dollars, whole numbers and rates the way each language types them", () => {
    expect(typedDollars("2,500.50", "en")).toBe("2500.50");
    expect(typedDollars("$ 2500", "en")).toBe("2500");
    expect(typedDollars("2 500,50 $", "fr")).toBe("2500.50");
    expect(typedDollars("2.500,50", "fr")).toBe("2500.50");
    expect(typedWholeNumber("20,000")).toBe(20000);
    expect(typedWholeNumber("20 000")).toBe(20000);
    expect(typedWholeNumber("")).toBeNull();
    expect(typedWholeNumber("sixty")).toBeNaN();
    expect(typedRate("4,99 %")).toBe("4.99");
    expect(typedRate(" ")).toBeNull();
  });

  it("sends money as the typed dollars, leaves empty amounts out of a new option and sends 0 for a saved one", () => {
    const typed = values({ term: "60", interest_rate: "4.99", down_payment: "2,500.50", rebates: [{ name: " Loyalty ", amount: "500" }] });
    expect(optionBody(typed, "create", "en")).toEqual({
      quote_name: null,
      payment_type: "finance",
      term: 60,
      interest_rate: "4.99",
      payment_frequency: null,
      distance_allowance: null,
      down_payment: "2500.50",
      rebates: [{ name: "Loyalty", amount: "500" }],
      custom_fees: [],
      custom_discounts: [],
    });
    expect(optionBody(typed, "update", "en")).toMatchObject({ trade_in_credit: "0", trade_in_owing: "0" });
    // The body is what the shared schema reads: its output is in cents.
    expect(quoteOptionInputSchema.parse(optionBody(typed, "create", "en")).down_payment).toBe(250050);
  });

  it("sends null for the terms a payment type does not use", () => {
    const cash = optionBody(values({ payment_type: "cash", term: "60", interest_rate: "3", payment_frequency: "monthly", distance_allowance: "20000" }), "create", "en");
    expect(cash).toMatchObject({ term: null, interest_rate: null, payment_frequency: null, distance_allowance: null });
    const lease = optionBody(values({ payment_type: "lease", distance_allowance: "20 000" }), "create", "fr");
    expect(lease["distance_allowance"]).toBe(20000);
  });

  it("reads a saved option back into the form (zero amounts empty, French decimals)", () => {
    const quote = quoteWire({ down_payment: "2500.50", trade_in_credit: "0.00", custom_fees: [{ name: "Admin", amount: "499.00", taxable: false }] });
    expect(optionValues(quote, "fr")).toMatchObject({
      quote_name: "Lowest payment",
      term: "60",
      interest_rate: "6,49",
      down_payment: "2500,50",
      trade_in_credit: "",
      payment_frequency: "biweekly",
      custom_fees: [{ name: "Admin", amount: "499", taxable: false }],
    });
  });
});

describe("an option checked in the browser with the shared schema", () => {
  it("names the rate field for a bad rate, in the page's language", () => {
    const bad = values({ interest_rate: "abc" });
    const en = checkOption(bad, "create", "en");
    expect(en.ok).toBe(false);
    if (!en.ok) expect(en.fields).toEqual({ interest_rate: "Enter an interest rate from 0 to 30, like 4.99." });
    const fr = checkOption(values({ interest_rate: "31" }), "create", "fr");
    if (!fr.ok) expect(fr.fields["interest_rate"]).toBe("Entrez un taux d’intérêt de 0 à 30, comme 4,99.");
    else expect.fail("a rate above 30 passed");
  });

  it("names a row's field, and a whole number where text was typed", () => {
    const checked = checkOption(values({ term: "sixty", rebates: [{ name: "Loyalty", amount: "lots" }], custom_fees: [{ name: "", amount: "10", taxable: true }] }), "create", "en");
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.fields).toEqual({
        term: "Enter a whole number.",
        "rebates.0.amount": "Enter an amount in dollars, like 450 or 450.50.",
        "custom_fees.0.name": "This field is required.",
      });
  });

  it("passes valid terms and gives back the body as typed", () => {
    const checked = checkOption(values({ down_payment: "1000" }), "create", "en");
    expect(checked).toEqual({ ok: true, data: expect.objectContaining({ down_payment: "1000" }) });
  });
});

describe("where the API's and the engine's messages go", () => {
  it("at the field they name, a row's at its list, the engine's names at the form's, others general", () => {
    const form = values({ rebates: [{ name: "A", amount: "1" }] });
    const binding = optionBinding(form);
    expect(binding.fieldOf?.("rebates.0.amount")).toBe("rebates.0.amount");
    expect(binding.fieldOf?.("rebates.0")).toBe("rebates");
    expect(binding.fieldOf?.("apr")).toBe("interest_rate");
    expect(binding.fieldOf?.("vehicle")).toBeNull();
    expect(pricingErrors({ term: ["Choose a term of 36 to 84 months.", "second"], vehicle: ["Sold."] }, form)).toEqual({
      fields: { term: "Choose a term of 36 to 84 months." },
      general: ["Sold."],
    });
  });
});
