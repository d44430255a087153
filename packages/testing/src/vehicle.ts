import type { Random } from "./random.ts";

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

type CatalogueModel = {
  make: string;
  model: string;
  trims: readonly string[];
  body: string;
  /** Base MSRP in cents. */
  msrp: number;
  fuel?: readonly string[];
};

export const CATALOGUE: readonly CatalogueModel[] = [
  { make: "Toyota", model: "RAV4", trims: ["LE", "XLE", "Limited"], body: "SUV", msrp: 3_450_000, fuel: ["Gasoline", "Hybrid"] },
  { make: "Toyota", model: "Corolla", trims: ["L", "LE", "SE"], body: "Sedan", msrp: 2_390_000 },
  { make: "Toyota", model: "Tacoma", trims: ["SR5", "TRD Sport", "TRD Off-Road"], body: "Pickup", msrp: 4_390_000 },
  { make: "Toyota", model: "Sienna", trims: ["LE", "XSE", "Limited"], body: "Minivan", msrp: 4_690_000, fuel: ["Hybrid"] },
  { make: "Honda", model: "Civic", trims: ["LX", "Sport", "Touring"], body: "Sedan", msrp: 2_810_000 },
  { make: "Honda", model: "CR-V", trims: ["LX", "EX-L", "Touring"], body: "SUV", msrp: 3_690_000, fuel: ["Gasoline", "Hybrid"] },
  { make: "Honda", model: "Pilot", trims: ["Sport", "EX-L", "Elite"], body: "SUV", msrp: 5_090_000 },
  { make: "Ford", model: "F-150", trims: ["XL", "XLT", "Lariat"], body: "Pickup", msrp: 5_290_000, fuel: ["Gasoline", "Diesel", "Hybrid"] },
  { make: "Ford", model: "Mustang", trims: ["EcoBoost", "GT", "Dark Horse"], body: "Coupe", msrp: 4_190_000 },
  { make: "Ford", model: "Escape", trims: ["Active", "ST-Line", "Platinum"], body: "SUV", msrp: 3_390_000 },
  { make: "Chevrolet", model: "Silverado 1500", trims: ["WT", "LT", "High Country"], body: "Pickup", msrp: 5_190_000, fuel: ["Gasoline", "Diesel"] },
  { make: "Chevrolet", model: "Equinox", trims: ["LS", "LT", "RS"], body: "SUV", msrp: 3_290_000 },
  { make: "Volkswagen", model: "Tiguan", trims: ["Trendline", "Comfortline", "Highline"], body: "SUV", msrp: 3_595_000 },
  { make: "Volkswagen", model: "Jetta", trims: ["Comfortline", "Highline", "GLI"], body: "Sedan", msrp: 2_795_000 },
  { make: "Volkswagen", model: "Golf GTI", trims: ["Base", "Autobahn"], body: "Hatchback", msrp: 3_795_000 },
  { make: "Volkswagen", model: "Atlas", trims: ["Comfortline", "Highline", "Execline"], body: "SUV", msrp: 5_095_000 },
  { make: "Volkswagen", model: "ID.4", trims: ["Pro", "Pro S"], body: "SUV", msrp: 5_295_000, fuel: ["Electric"] },
  { make: "Hyundai", model: "Ioniq 5", trims: ["Preferred", "Ultimate"], body: "SUV", msrp: 5_299_900, fuel: ["Electric"] },
  { make: "Hyundai", model: "Elantra", trims: ["Essential", "Preferred", "N Line"], body: "Sedan", msrp: 2_349_900 },
  { make: "Kia", model: "Sorento", trims: ["LX", "EX", "SX"], body: "SUV", msrp: 3_899_500, fuel: ["Gasoline", "Hybrid", "Plug-in Hybrid"] },
  { make: "Mazda", model: "MX-5", trims: ["GS", "GT"], body: "Convertible", msrp: 3_650_000 },
  { make: "Subaru", model: "Outback", trims: ["Convenience", "Touring", "Limited"], body: "Wagon", msrp: 3_829_500 },
  { make: "Ram", model: "ProMaster", trims: ["1500", "2500", "3500"], body: "Van", msrp: 5_495_000 },
];

const COLOURS = [
  ["Midnight Black Metallic", "Black"], ["Super White", "White"], ["Celestial Silver", "Silver"],
  ["Magnetic Grey", "Grey"], ["Blueprint", "Blue"], ["Ruby Flare Pearl", "Red"], ["Cypress Green", "Green"],
  ["Bronze Oxide", "Brown"], ["Sandstone Beige", "Beige"],
] as const;

const FEATURES = [
  "Panoramic sunroof", "Navigation system", "Heated front seats", "Leather seats", "Apple CarPlay",
  "Android Auto", "Backup camera", "Blind spot monitor", "Adaptive cruise control", "Remote start",
  "Third-row seating", "Tow package", "Heated steering wheel", "Power liftgate", "Keyless entry",
  "Wireless charging", "Lane keeping assist", "Premium audio", "LED headlights", "Dual-zone climate control",
];

const PACKAGES = [
  { name: "Technology Package", price: 250_000, items: ["Navigation system", "Premium audio", "Wireless charging"] },
  { name: "Winter Package", price: 120_000, items: ["Heated front seats", "Heated steering wheel", "Remote start"] },
  { name: "Towing Package", price: 95_000, items: ["Tow package", "Trailer brake controller"] },
  { name: "Safety Package", price: 180_000, items: ["Blind spot monitor", "Adaptive cruise control", "Lane keeping assist"] },
];

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
  const model = random.pick(catalogue.length ? catalogue : CATALOGUE);
  const isNew = random.chance(0.55);
  const year = isNew ? random.int(2025, 2027) : random.int(2015, 2024);
  const [exteriorColor, normalized] = random.pick(COLOURS);
  const depreciation = isNew ? 0 : (2026 - year) * 8 + random.int(0, 10);
  const msrp = model.msrp + random.int(0, 40) * 10_000;
  const price = isNew ? msrp - random.int(0, 20) * 10_000 : Math.round((msrp * (100 - Math.min(depreciation, 70))) / 10_000) * 100;
  const vin = buildVin(random);
  const features = FEATURES.filter(() => random.chance(0.35));
  const kilometres = isNew ? random.int(5, 80) : (2026 - year) * random.int(9_000, 22_000) + random.int(0, 9_999);
  const stockStatus = isNew
    ? random.pick(["I", "I", "I", "I", "I", "T", "T", "D", "V", "P", "R"])
    : random.pick(["I", "I", "I", "I", "I", "R", "As-is", "P", "S"]);
  const trim = random.pick(model.trims);
  return {
    uid: `veh-${vin.toLowerCase()}`,
    vin,
    stockNumber: `${isNew ? "N" : "U"}${random.int(10000, 99999)}`,
    modelCode: `${model.model.replace(/[^A-Z0-9]/gi, "").slice(0, 4).toUpperCase()}${random.int(10, 99)}`,
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
    fuelType: random.pick(model.fuel ?? ["Gasoline"]),
    drivetrain: model.body === "Pickup" ? "4WD" : random.pick(["FWD", "AWD", "AWD", "RWD"]),
    transmission: random.chance(0.92) ? "Automatic" : "Manual",
    odometer: options.unit === "mi" ? Math.round(kilometres / 1.609344) : kilometres,
    msrpCents: msrp,
    priceCents: price,
    freightCents: isNew ? random.pick([185_000, 199_500, 210_000]) : null,
    pdiCents: isNew ? random.pick([35_000, 49_900]) : null,
    dealerFeeCents: random.pick([49_900, 59_900, 69_900]),
    images: [],
    features,
    packages: isNew ? PACKAGES.filter(() => random.chance(0.3)).map((p) => ({ name: p.name, priceCents: p.price, items: p.items })) : [],
    description: `${year} ${model.make} ${model.model} ${trim} in ${exteriorColor}.`,
    inStockDate: stockStatus === "T" || stockStatus === "V" ? null : isoDate(random, 120, 1),
    arrivalDate: stockStatus === "T" ? isoDate(random, -5, -45) : null,
    ...overrides,
  };
}
