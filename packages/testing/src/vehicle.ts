import type { Random } from "./random.ts";

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

export const CATALOGUE = [
  { make: "Toyota", model: "RAV4", trims: ["LE", "XLE", "Limited"], body: "SUV", msrp: 3_450_000 },
  { make: "Toyota", model: "Corolla", trims: ["L", "LE", "SE"], body: "Sedan", msrp: 2_390_000 },
  { make: "Honda", model: "Civic", trims: ["LX", "Sport", "Touring"], body: "Sedan", msrp: 2_810_000 },
  { make: "Honda", model: "CR-V", trims: ["LX", "EX-L", "Touring"], body: "SUV", msrp: 3_690_000 },
  { make: "Ford", model: "F-150", trims: ["XL", "XLT", "Lariat"], body: "Pickup", msrp: 5_290_000 },
  { make: "Volkswagen", model: "Tiguan", trims: ["Trendline", "Comfortline", "Highline"], body: "SUV", msrp: 3_595_000 },
  { make: "Volkswagen", model: "Jetta", trims: ["Comfortline", "Highline", "GLI"], body: "Sedan", msrp: 2_795_000 },
  { make: "Hyundai", model: "Ioniq 5", trims: ["Preferred", "Ultimate"], body: "SUV", msrp: 5_299_900 },
] as const;

const COLOURS = [
  ["Midnight Black", "Black"], ["Super White", "White"], ["Celestial Silver", "Silver"],
  ["Magnetic Grey", "Grey"], ["Blueprint", "Blue"], ["Ruby Flare", "Red"],
] as const;

export function buildVin(random: Random): string {
  let vin = "";
  for (let i = 0; i < 17; i += 1) vin += random.pick([...VIN_CHARS]);
  return vin;
}

export type VehicleSpec = {
  uid: string;
  vin: string;
  stockNumber: string;
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
  images: string[];
};

/** A plausible vehicle; the price is in cents and never a placeholder amount. */
export function buildVehicle(random: Random, overrides: Partial<VehicleSpec> = {}): VehicleSpec {
  const model = random.pick(CATALOGUE);
  const isNew = random.chance(0.6);
  const year = isNew ? random.int(2025, 2027) : random.int(2016, 2024);
  const [exteriorColor, normalized] = random.pick(COLOURS);
  const depreciation = isNew ? 0 : (2026 - year) * 8 + random.int(0, 10);
  const msrp = model.msrp + random.int(0, 40) * 10_000;
  const price = isNew ? msrp - random.int(0, 20) * 10_000 : Math.round((msrp * (100 - Math.min(depreciation, 70))) / 10_000) * 100;
  const vin = buildVin(random);
  return {
    uid: `veh-${vin.toLowerCase()}`,
    vin,
    stockNumber: `S${random.int(10000, 99999)}`,
    year,
    make: model.make,
    model: model.model,
    trim: random.pick(model.trims),
    condition: isNew ? "New" : "Used",
    isCertified: !isNew && random.chance(0.4),
    stockStatus: isNew ? random.pick(["I", "I", "I", "T", "D"]) : random.pick(["I", "I", "R", "As-is"]),
    bodyType: model.body,
    exteriorColor,
    exteriorColorNormalized: normalized,
    interiorColor: random.pick(["Black", "Grey", "Beige"]),
    fuelType: model.model === "Ioniq 5" ? "Electric" : random.pick(["Gasoline", "Gasoline", "Hybrid"]),
    drivetrain: random.pick(["FWD", "AWD", "4WD"]),
    transmission: random.chance(0.9) ? "Automatic" : "Manual",
    odometer: isNew ? random.int(5, 80) : random.int(8_000, 160_000),
    msrpCents: msrp,
    priceCents: price,
    images: [],
    ...overrides,
  };
}
