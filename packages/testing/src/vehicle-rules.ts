import { CATALOGUE, PACKAGES, type CatalogueModel, type Years } from "./vehicle-catalogue.ts";

/** The demo's today (2026-11-21): next year's models are on sale, this year's are the newest used ones. */
export const DEMO_YEAR = 2026;
const KM_PER_MILE = 1.609344;

const within = (years: Years, year: number) => year >= years[0] && year <= years[1];

export const catalogueModel = (make: string, model: string) => CATALOGUE.find((m) => m.make === make && m.model === model) ?? null;

export const trimsSoldIn = (model: CatalogueModel, year: number) => model.trims.filter((trim) => within(model.trimYears?.[trim] ?? model.years, year));

export const fuelsSoldIn = (model: CatalogueModel, year: number) =>
  model.fuel ? Object.entries(model.fuel).flatMap(([fuel, years]) => (within(years, year) ? [fuel] : [])) : ["Gasoline"];

/** Equipment a body (or model) can have: no third row in a two-row vehicle, no towing kit on a sedan, no liftgate on a coupe. */
export function featureFits(model: CatalogueModel, feature: string): boolean {
  switch (feature) {
    case "Third-row seating":
      return model.thirdRow === true;
    case "Tow package":
    case "Trailer brake controller":
      return ["Pickup", "SUV", "Van"].includes(model.body);
    case "Power liftgate":
      return ["SUV", "Minivan", "Wagon"].includes(model.body);
    case "Panoramic sunroof":
      return !["Pickup", "Van", "Convertible"].includes(model.body);
    default:
      return true;
  }
}

export const packageFits = (model: CatalogueModel, name: string) =>
  (PACKAGES.find((p) => p.name === name)?.items ?? []).every((item) => featureFits(model, item));

/** Model years a new or a used vehicle of this model can carry in the demo (new: this year and the next two; used: older). */
export function saleYears(model: CatalogueModel, isNew: boolean): Years {
  const [first, last] = isNew ? [DEMO_YEAR - 1, DEMO_YEAR + 1] : [DEMO_YEAR - 11, DEMO_YEAR - 1];
  return [Math.max(first, model.years[0]), Math.min(last, model.years[1])];
}

export type VehicleFacts = {
  year: number;
  make: string;
  model: string;
  trim: string;
  condition: "New" | "Used";
  bodyType: string;
  fuelType: string;
  drivetrain: string;
  modelCode: string | null;
  odometer: number;
  msrpCents: number | null;
  priceCents: number | null;
  features: readonly string[];
  packages: readonly { name: string }[];
};

/** What a dealer would find wrong with a vehicle of the demo stock; nothing for a believable one. */
export function implausibilities(vehicle: VehicleFacts, unit: "km" | "mi"): string[] {
  const model = catalogueModel(vehicle.make, vehicle.model);
  if (!model) return [`${vehicle.make} ${vehicle.model} is not in the catalogue`];
  const isNew = vehicle.condition === "New";
  const found: string[] = [];
  const say = (ok: boolean, problem: string) => void (ok || found.push(problem));
  say(within(model.years, vehicle.year) && within(saleYears(model, isNew), vehicle.year), `${vehicle.year} ${model.model} was not sold${isNew ? " new" : ""} that year`);
  say(trimsSoldIn(model, vehicle.year).includes(vehicle.trim), `no ${vehicle.year} ${model.model} ${vehicle.trim}`);
  say(fuelsSoldIn(model, vehicle.year).includes(vehicle.fuelType), `no ${vehicle.fuelType} ${vehicle.year} ${model.model}`);
  say(model.drivetrains.includes(vehicle.drivetrain), `no ${vehicle.drivetrain} ${model.model}`);
  say(vehicle.bodyType === model.body, `a ${model.model} is not a ${vehicle.bodyType}`);
  say(vehicle.modelCode === null || vehicle.modelCode.startsWith(model.code), `model code ${vehicle.modelCode} is not a ${model.model}'s`);
  for (const feature of vehicle.features) say(featureFits(model, feature), `${feature} on a ${model.model}`);
  for (const p of vehicle.packages) say(packageFits(model, p.name), `${p.name} on a ${model.model}`);
  const km = unit === "mi" ? vehicle.odometer * KM_PER_MILE : vehicle.odometer;
  const age = Math.max(1, DEMO_YEAR - vehicle.year);
  if (isNew) say(km <= 150, `a new vehicle with ${vehicle.odometer} ${unit}`);
  else say(km >= age * 5_000 && km <= age * 25_000 + 5_000, `${vehicle.odometer} ${unit} on a ${vehicle.year}`);
  const { msrpCents: msrp, priceCents: price } = vehicle;
  if (msrp !== null && price !== null) {
    say(msrp >= model.msrp * 0.7 && msrp <= model.msrp * 1.6, `an MSRP of ${msrp / 100} for a ${model.model}`);
    say(price <= msrp, `a price above the MSRP`);
    if (!isNew) say(price >= msrp * 0.2 && price <= msrp * 0.95, `a ${vehicle.year} priced ${price / 100} against ${msrp / 100} new`);
  }
  return found;
}
