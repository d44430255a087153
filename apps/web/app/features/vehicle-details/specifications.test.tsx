import type { Vehicle } from "@showroom/domain";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { colourLabel, Specifications } from "./specifications.tsx";

const vehicle = {
  is_cpo: false,
  is_new: true,
  odometer: 12,
  body_type: "SUV",
  exterior_color: "Super White",
  exterior_color_normalized: "White",
  interior_color: "Black",
  drivetrain: "AWD",
  transmission: "Automatic",
  fuel_type: "Hybrid",
  vin: "2T3RWRFV8RW000001",
  stock_number: "M1001",
  model_code: null,
  packages: [{ name: "Winter Package", price: "1200.00", items: ["Heated front seats", "Remote start"] }],
  features: ["Heated steering wheel", "Backup camera"],
} as unknown as Vehicle;

function render(language: "en" | "fr") {
  const locale = language === "fr" ? "fr-ca" : "en-ca";
  const t = translator(catalogues[language]);
  return renderToStaticMarkup(
    <I18nContext.Provider value={{ locale, t }}>
      <Specifications vehicle={vehicle} unit="km" locale={locale} />
    </I18nContext.Provider>,
  );
}

describe("vehicle specifications", () => {
  it("are all French on a French page: colours, drivetrain, packages and equipment", () => {
    const html = render("fr");
    for (const text of ["Blanc (Super White)", "Noir", "Traction intégrale", "Groupe Hiver", "Sièges avant chauffants · Démarreur à distance", "Volant chauffant", "Caméra de recul"]) {
      expect(html).toContain(text);
    }
    for (const english of ["Winter Package", "Heated", "All-wheel", "Backup camera"]) expect(html).not.toContain(english);
  });

  it("keep the maker's names in English", () => {
    const html = render("en");
    for (const text of ["Super White", "All-wheel drive", "Winter Package", "Heated front seats"]) expect(html).toContain(text);
  });

  it("name a colour by the closed list in French, the maker's name beside it only when it says more", () => {
    const t = translator(catalogues.fr);
    expect(colourLabel(t, "fr", "Black", "Black")).toBe("Noir");
    expect(colourLabel(t, "fr", "Ruby Flare Pearl", "Red")).toBe("Rouge (Ruby Flare Pearl)");
    expect(colourLabel(t, "en", "Ruby Flare Pearl", "Red")).toBe("Ruby Flare Pearl");
  });
});
