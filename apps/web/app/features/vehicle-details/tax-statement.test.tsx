import type { PaymentOptionWire } from "@showroom/domain";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { vehicle } from "../../testing/fixtures.ts";
import { taxNoteKey } from "./payment-labels.ts";
import { PriceBlock } from "./price-block.tsx";

/** Issue item 10: one statement on taxes, true for the dealership's include_tax and the payment shown. */

type Tax = PaymentOptionWire["taxes"][number];
const tax = (id: string, amount: string, timing: Tax["timing"]): Tax => ({ id, label_key: `pricing.line.${id}`, rate: "0.04", base: "1000.00", amount, collected_by: "dealer", timing });
const option = (payment_type: PaymentOptionWire["payment_type"], include_tax: boolean, taxes: Tax[]) => ({ payment_type, include_tax, taxes });
const say = (key: ReturnType<typeof taxNoteKey>) => [catalogues.en[key], catalogues.fr[key]];

describe("the calculator's statement on taxes", () => {
  it("says taxes are extra whenever the dealership leaves them out, whatever the payment type", () => {
    for (const type of ["cash", "finance", "lease"] as const) {
      expect(say(taxNoteKey(option(type, false, [tax("hst", "4253.08", type === "lease" ? "per_payment" : "sale")])))).toEqual(["Plus taxes", "Taxes en sus"]);
    }
  });

  it("says taxes are included in a cash total, a loan and a lease taxed per payment (or in its capitalized cost)", () => {
    expect(say(taxNoteKey(option("cash", true, [tax("state", "1262.80", "sale"), tax("local", "1499.58", "sale")])))).toEqual(["Taxes included", "Taxes incluses"]);
    expect(taxNoteKey(option("finance", true, [tax("hst", "4253.08", "sale")]))).toBe("calculator.taxes_included");
    expect(taxNoteKey(option("lease", true, [tax("hst", "70.02", "per_payment"), tax("hst", "390.00", "at_signing")]))).toBe("calculator.taxes_included");
    expect(taxNoteKey(option("lease", true, [tax("state", "1972.50", "capitalized")]))).toBe("calculator.taxes_included");
  });

  it("says a New York lease's taxes are paid upfront at signing, not in the payment", () => {
    const newYork = option("lease", true, [tax("state", "688.68", "upfront"), tax("local", "817.81", "upfront")]);
    expect(say(taxNoteKey(newYork))).toEqual(["Taxes paid upfront at signing, not in the payment", "Taxes payées d’avance à la signature, en sus du paiement"]);
  });
});

describe("the price block's statement on taxes", () => {
  const render = (taxNote: boolean, language: "en" | "fr") =>
    renderToStaticMarkup(
      <I18nContext.Provider value={{ locale: language === "fr" ? "fr-ca" : "en-ca", t: translator(catalogues[language]) }}>
        <PriceBlock vehicle={vehicle()} settings={{ show_savings_detail: true, show_savings_details_expanded_by_default: false }} currency="cad" locale={language === "fr" ? "fr-ca" : "en-ca"} locked={false} taxNote={taxNote} />
      </I18nContext.Provider>,
    );

  it("leaves the statement to the calculator when one is on the page, in both languages", () => {
    for (const language of ["en", "fr"] as const) {
      const html = render(false, language);
      expect(html).not.toContain('data-testid="price-tax-note"');
      expect(html).not.toContain(catalogues[language]["details.taxes_extra"]);
    }
  });

  it("says taxes and licensing are extra to its price when no calculator is shown", () => {
    expect(render(true, "en")).toContain("Taxes and licensing are extra.");
    expect(render(true, "fr")).toContain("Taxes et immatriculation en sus.");
  });
});
