import type { Random } from "./random.ts";
import { CATALOGUE, COLOURS, FEATURES, PACKAGES } from "./vehicle-catalogue.ts";
import { catalogueModel, DEMO_YEAR, featureFits, fuelsSoldIn, packageFits, saleYears, trimsSoldIn } from "./vehicle-rules.ts";

export { CATALOGUE } from "./vehicle-catalogue.ts";

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

export function buildVin(random: Random): string {
  let vin = "";
  for (let i = 0; i < 17; i += 1) vin += random.pick([...VIN_CHARS]);
  return vin;
}

export type VehicleSpec = {
  uid: string;
  vin: string;
  stockNumber: string;
  modelCode: string | null;
  year: number;
  make: string;
  model: string;
  trim: string;
  condition: "New" | "Used";
  isCertified: boolean;
  stockStatus: string;
  bodyType: string;
  exteriorColor: string;
  exteriorColorNormalized: string;
  interiorColor: string;
  fuelType: string;
  drivetrain: string;
  transmission: string;
  odometer: number;
  msrpCents: number | null;
  priceCents: number | null;
  freightCents: number | null;
  pdiCents: number | null;
  dealerFeeCents: number | null;
  images: string[];
  features: string[];
  packages: { name: string; priceCents: number | null; items: string[] }[];
  description: string;
  inStockDate: string | null;
  arrivalDate: string | null;
};

function isoDate(random: Random, fromDaysAgo: number, toDaysAgo: number, today = Date.UTC(2026, 10, 21)): string {
  const days = random.int(toDaysAgo, fromDaysAgo);
  return new Date(today - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A plausible vehicle; prices are in cents and never a placeholder amount. `makes` narrows the
 * catalogue (a brand dealership), `unit` says whether the odometer counts kilometres or miles.
 */
export function buildVehicle(
  random: Random,
  overrides: Partial<VehicleSpec> = {},
  options: { makes?: readonly string[]; unit?: "km" | "mi" } = {},
): VehicleSpec {
  const catalogue = options.makes ? CATALOGUE.filter((m) => options.makes!.includes(m.make)) : CATALOGUE;
  // A vehicle named by the caller (a factory order of a catalogue trim) keeps its own model's facts.
  const named = overrides.make && overrides.model ? catalogueModel(overrides.make, overrides.model) : null;
  const model = named ?? random.pick(catalogue.length ? catalogue : CATALOGUE);
  const isNew = overrides.condition ? overrides.condition === "New" : random.chance(0.55);
  const [firstYear, lastYear] = saleYears(model, isNew);
  const year = overrides.year ?? random.int(firstYear, lastYear);
  const [exteriorColor, normalized] = random.pick(COLOURS);
  const depreciation = isNew ? 0 : (DEMO_YEAR - year) * 8 + random.int(0, 10);
  const msrp = model.msrp + random.int(0, 40) * 10_000;
  const price = isNew ? msrp - random.int(0, 20) * 10_000 : Math.round((msrp * (100 - Math.min(depreciation, 70))) / 10_000) * 100;
  const vin = buildVin(random);
  const features = FEATURES.filter((feature) => featureFits(model, feature) && random.chance(0.35));
  const age = Math.max(1, DEMO_YEAR - year);
  const kilometres = isNew ? random.int(5, 80) : age * random.int(9_000, 22_000) + random.int(0, 4_999);
  const stockStatus = isNew
    ? random.pick(["I", "I", "I", "I", "I", "T", "T", "D", "V", "P", "R"])
    : random.pick(["I", "I", "I", "I", "I", "R", "As-is", "P", "S"]);
  const trims = trimsSoldIn(model, year);
  const trim = random.pick(trims.length ? trims : model.trims);
  return {
    uid: `veh-${vin.toLowerCase()}`,
    vin,
    stockNumber: `${isNew ? "N" : "U"}${random.int(10000, 99999)}`,
    modelCode: `${model.code}${model.trims.indexOf(trim) + 1}${random.int(10, 99)}`,
    year,
    make: model.make,
    model: model.model,
    trim,
    condition: isNew ? "New" : "Used",
    isCertified: !isNew && year >= 2020 && random.chance(0.45),
    stockStatus,
    bodyType: model.body,
    exteriorColor,
    exteriorColorNormalized: normalized,
    interiorColor: random.pick(["Black", "Grey", "Beige", "Brown"]),
    fuelType: random.pick(fuelsSoldIn(model, year)),
    drivetrain: random.pick(model.drivetrains),
    transmission: random.chance(0.92) ? "Automatic" : "Manual",
    odometer: options.unit === "mi" ? Math.round(kilometres / 1.609344) : kilometres,
    msrpCents: msrp,
    priceCents: price,
    freightCents: isNew ? random.pick([185_000, 199_500, 210_000]) : null,
    pdiCents: isNew ? random.pick([35_000, 49_900]) : null,
    dealerFeeCents: random.pick([49_900, 59_900, 69_900]),
    images: [],
    features,
    packages: isNew
      ? PACKAGES.filter((p) => packageFits(model, p.name) && random.chance(0.3)).map((p) => ({ name: p.name, priceCents: p.price, items: p.items }))
      : [],
    description: `${year} ${model.make} ${model.model} ${trim} in ${exteriorColor}.`,
    inStockDate: stockStatus === "T" || stockStatus === "V" ? null : isoDate(random, 120, 1),
    arrivalDate: stockStatus === "T" ? isoDate(random, -5, -45) : null,
    ...overrides,
  };
}
