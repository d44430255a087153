import { CATALOGUE, type Years } from "./vehicle-catalogue.ts";

/** One vehicle of the demo's trade-in valuation catalogue: what it sold for new, by year, make, model, trim and style. */
export type TradeInCatalogueRow = { year: number; make: string; model: string; trim: string; style: string; msrpCents: number };

const within = (year: number, [first, last]: Years) => year >= first && year <= last;
/** What a powertrain adds to the base price (cents); the base is the gasoline one, or the only one offered. */
const FUEL_PREMIUM: Record<string, number> = { Gasoline: 0, Hybrid: 300_000, Diesel: 400_000, "Plug-in Hybrid": 800_000, Electric: 0 };
/** Each trim above the first adds 8 % and each model year before 2026 takes 2 % off (prices rise over time). */
const TRIM_STEP_BP = 800;
const YEARLY_PRICE_CHANGE_BP = 200;
const PRICE_YEAR = 2026;
const ALL_WHEEL_PREMIUM = 200_000;

/**
 * The demo's valuation catalogue, drawn from the same makes and models as its inventory (2015 to 2027): a style is
 * the body, the drivetrain and, where there is a choice, the powertrain ("SUV AWD Hybrid").
 */
export function tradeInCatalogue(): TradeInCatalogueRow[] {
  const rows: TradeInCatalogueRow[] = [];
  for (const model of CATALOGUE) {
    for (let year = model.years[0]; year <= model.years[1]; year++) {
      const fuels = Object.entries(model.fuel ?? { Gasoline: model.years }).filter(([, years]) => within(year, years));
      model.trims.forEach((trim, index) => {
        const trimYears = model.trimYears?.[trim];
        if (trimYears && !within(year, trimYears)) return;
        const yearBp = 10_000 - YEARLY_PRICE_CHANGE_BP * (PRICE_YEAR - year);
        const trimPrice = Math.round((model.msrp * (10_000 + TRIM_STEP_BP * index)) / 10_000);
        for (const drivetrain of model.drivetrains) {
          for (const [fuel] of fuels) {
            const extras = (drivetrain === "AWD" && model.drivetrains.length > 1 ? ALL_WHEEL_PREMIUM : 0) + (FUEL_PREMIUM[fuel] ?? 0);
            const style = [model.body, drivetrain, fuels.length > 1 || fuel !== "Gasoline" ? fuel : null].filter(Boolean).join(" ");
            rows.push({ year, make: model.make, model: model.model, trim, style, msrpCents: Math.round(((trimPrice + extras) * yearBp) / 10_000) });
          }
        }
      });
    }
  }
  return rows;
}
