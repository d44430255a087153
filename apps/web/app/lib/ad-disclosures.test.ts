import { describe, expect, it } from "vitest";
import { loadCatalogue, translator } from "../i18n/index.ts";
import { adDisclosureText } from "./ad-disclosures.ts";

const terms = (jurisdiction: string) => ({
  jurisdiction,
  all_in_price: "32117.00",
  finance: { term: 60, rate: "5.99", down_payment: "0.00", cost_of_borrowing: "5123.40", total_of_payments: "37240.40" },
  lease: { term: 36, rate: "3.49", down_payment: "0.00", due_at_signing: "1234.56", security_deposit: "0.00", distance_allowance: 20000 },
});

describe("the disclosure line of an advertised payment", () => {
  it("reads the jurisdiction's terms in the shopper's language", async () => {
    const en = translator(await loadCatalogue("en"));
    const fr = translator(await loadCatalogue("fr"));
    expect(adDisclosureText(en, { type: "finance", terms: terms("CA-ON"), locale: "en-ca", currency: "cad", lengthUnit: "km" })).toBe(
      "60-month term · $0.00 down · 5.99% APR · cost of borrowing $5,123.40 · all-in price $32,117.00 plus HST and licensing",
    );
    expect(adDisclosureText(fr, { type: "lease", terms: terms("CA-QC"), locale: "fr-ca", currency: "cad", lengthUnit: "km" })).toBe(
      "Location de 36 mois · 1\u00a0234,56\u00a0$ exigibles à la signature · taux de location de 3,49\u00a0% · 20\u00a0000\u00a0km par année inclus · " +
        "mise de fonds de 0,00\u00a0$ · aucun dépôt de garantie · prix tout inclus de 32\u00a0117,00\u00a0$, plus TPS et TVQ",
    );
    expect(adDisclosureText(en, { type: "lease", terms: terms("US-NY"), locale: "en-us", currency: "usd", lengthUnit: "mi" })).toBe(
      "36-month lease · $1,234.56 due at signing · no security deposit",
    );
  });

  it("is empty without terms, or where the payment needs none", async () => {
    const en = translator(await loadCatalogue("en"));
    expect(adDisclosureText(en, { type: "finance", terms: null, locale: "en-ca", currency: "cad", lengthUnit: "km" })).toBe("");
    expect(adDisclosureText(en, { type: "cash", terms: terms("US-NY"), locale: "en-us", currency: "usd", lengthUnit: "mi" })).toBe("");
  });
});
