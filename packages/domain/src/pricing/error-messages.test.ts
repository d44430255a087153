import { describe, expect, it } from "vitest";
import { PRICING_ERROR_CODES } from "./field-errors.ts";
import { pricingErrorMessage } from "./error-messages.ts";

describe("pricingErrorMessage", () => {
  it("names the limit in the shopper's language and currency format", () => {
    const error = { field: "down_payment", code: "above_limit", params: { max: 3_290_000 } } as const;
    expect(pricingErrorMessage(error, "en-ca", "cad")).toBe("The down payment can be at most $32,900.00 for this vehicle.");
    expect(pricingErrorMessage(error, "fr-ca", "cad")).toBe("La mise de fonds peut être d'au plus 32\u00a0900,00\u00a0$ pour ce véhicule.");
  });

  it("lists the terms offered", () => {
    const error = { field: "term", code: "term_not_offered", params: { choices: "36,48,60" } } as const;
    expect(pricingErrorMessage(error, "en-us", "usd")).toBe("Choose a term the dealership offers: 36, 48, 60 months.");
  });

  it("has a message in both languages for every code", () => {
    for (const code of PRICING_ERROR_CODES) {
      const en = pricingErrorMessage({ field: "x", code }, "en-ca", "cad");
      const fr = pricingErrorMessage({ field: "x", code }, "fr-ca", "cad");
      expect(en.length).toBeGreaterThan(5);
      expect(fr).not.toBe(en);
    }
  });
});
