import type { Locale, VdpSettings } from "@showroom/domain";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { vehicle } from "../../testing/fixtures.ts";
import { PriceBlock } from "./price-block.tsx";

const shown: VdpSettings = { show_savings_detail: true, show_savings_details_expanded_by_default: true };

function render(props: Partial<Parameters<typeof PriceBlock>[0]> & { locale?: Locale } = {}) {
  const locale = props.locale ?? "en-ca";
  const t = translator(catalogues[locale === "fr-ca" ? "fr" : "en"]);
  return renderToStaticMarkup(
    <I18nContext.Provider value={{ locale, t }}>
      <PriceBlock vehicle={vehicle()} settings={shown} currency="cad" locale={locale} locked={false} taxNote={false} {...props} />
    </I18nContext.Provider>,
  );
}

/** A 2018 used car priced $17,430 against its original $46,900 MSRP: the "You save $29,470.00". */
const used2018 = vehicle({
  year: 2018, vehicle_condition: "Used", is_new: false, is_used: true, msrp: "46900.00", dealer_price: "17430.00", listing_price: "17430.00", odometer: 98_000,
});

describe("the price block's savings", () => {
  it("shows a new vehicle's saving against its MSRP, with the dealer discount", () => {
    const html = render();
    expect(html).toContain('data-testid="savings"');
    expect(html).toContain("You save $1,500.00");
    expect(html).toContain("Dealer discount");
  });

  it("shows no saving, dealer discount or MSRP for a used or certified vehicle, in English and French", () => {
    for (const v of [used2018, { ...used2018, is_certified: true, is_cpo: true }]) {
      for (const locale of ["en-ca", "fr-ca"] as const) {
        const html = render({ vehicle: v, locale });
        expect(html).not.toContain('data-testid="savings"');
        expect(html).not.toMatch(/You save|Vous économisez|Dealer discount|Rabais de la concession|MSRP|PDSF/);
        expect(html).toContain(locale === "en-ca" ? "$17,430.00" : "17\u00a0430,00\u00a0$");
      }
    }
  });

  it("shows no saving where the settings turn savings detail off", () => {
    expect(render({ settings: { ...shown, show_savings_detail: false } })).not.toContain('data-testid="savings"');
  });
});
