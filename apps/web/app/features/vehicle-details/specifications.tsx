import { formatDistance, languageOf, normalizeColour, vehicleTerm, type LengthUnit, type Locale, type Vehicle } from "@showroom/domain";
import { codeLabel, useI18n, type Translate } from "../../i18n/index.ts";

/**
 * A colour in the shopper's language: the closed list's name, with the maker's own name beside it when it
 * says more ("Blanc (Super White)"); in English the maker's name alone.
 */
export function colourLabel(t: Translate, language: "en" | "fr", feedName: string, normalized: string): string {
  if (language === "en" || feedName.trim() === "") return feedName;
  const label = codeLabel(t, "colour", normalized);
  return feedName.trim().toLowerCase() === normalized.toLowerCase() ? label : `${label} (${feedName})`;
}

export function Specifications(props: { vehicle: Vehicle; unit: LengthUnit; locale: Locale }) {
  const { t } = useI18n();
  const v = props.vehicle;
  const language = languageOf(props.locale);
  const term = (text: string) => vehicleTerm(text, language);
  const rows: [string, string][] = [
    [t("details.condition"), v.is_cpo ? t("condition.cpo") : t(v.is_new ? "condition.new" : "condition.used")],
    [t("search.odometer"), formatDistance(v.odometer, props.unit, props.locale)],
    [t("filters.bodyType"), codeLabel(t, "body", v.body_type)],
    [t("filters.exteriorColor"), colourLabel(t, language, v.exterior_color, v.exterior_color_normalized)],
    [t("filters.interiorColor"), colourLabel(t, language, v.interior_color, normalizeColour(v.interior_color))],
    [t("filters.drivetrain"), codeLabel(t, "drivetrain", v.drivetrain)],
    [t("filters.transmission"), codeLabel(t, "transmission", v.transmission)],
    [t("filters.fuelType"), codeLabel(t, "fuel", v.fuel_type)],
    [t("details.vin"), v.vin],
    [t("details.stock_number"), v.stock_number],
  ];
  if (v.model_code) rows.push([t("details.model_code"), v.model_code]);
  return (
    <section aria-labelledby="specs-heading">
      <h2 id="specs-heading" className="text-xl font-semibold">{t("details.specifications")}</h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 tablet-up:grid-cols-2" data-testid="specifications">
        {rows.filter(([, value]) => value).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-black/10 py-2">
            <dt className="opacity-75">{label}</dt>
            <dd className="text-right font-semibold break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {v.packages.length > 0 && (
        <>
          <h3 className="mt-6 text-lg font-semibold">{t("details.packages")}</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {v.packages.map((p) => (
              <li key={p.name} className="rounded-md border border-black/10 p-3">
                <p className="font-semibold">{term(p.name)}</p>
                <p className="text-sm opacity-80">{p.items.map(term).join(" · ")}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      {v.features.length > 0 && (
        <>
          <h3 className="mt-6 text-lg font-semibold">{t("filters.features")}</h3>
          <ul className="mt-2 grid grid-cols-1 gap-1 tablet-up:grid-cols-2">
            {v.features.map((f) => <li key={f}>✓ {term(f)}</li>)}
          </ul>
        </>
      )}
    </section>
  );
}
