// The demo's vehicle catalogue, as data: what the generator draws from and what vehicle-rules.ts checks against.
/** Model years a model, a trim or a powertrain was sold in (first, last). */
export type Years = readonly [number, number];

export type CatalogueModel = {
  make: string;
  model: string;
  /** Model years it was sold in, within the demo's range. */
  years: Years;
  /** The start of its model codes (each trim adds its number and a variant). */
  code: string;
  trims: readonly string[];
  /** Trims sold only in some model years (the others in every year of the model). */
  trimYears?: Readonly<Record<string, Years>>;
  body: string;
  /** Base MSRP in cents. */
  msrp: number;
  /** Powertrains and the model years each was offered (gasoline throughout when absent). */
  fuel?: Readonly<Record<string, Years>>;
  drivetrains: readonly string[];
  /** Seats for a third row. */
  thirdRow?: boolean;
};

const ALWAYS: Years = [2015, 2027];

/**
 * The demo's makes and models, with the facts a dealer would check: the years each was sold (an Ioniq 5 is
 * 2022 on, an ID.4 2021 on), its powertrains by year, its drivetrains and its body. The rules in
 * vehicle-rules.ts check generated stock against this table.
 */
export const CATALOGUE: readonly CatalogueModel[] = [
  { make: "Toyota", model: "RAV4", years: ALWAYS, code: "ZSA4", trims: ["LE", "XLE", "Limited"], body: "SUV", msrp: 3_450_000, fuel: { Gasoline: ALWAYS, Hybrid: [2016, 2027] }, drivetrains: ["FWD", "AWD"] },
  { make: "Toyota", model: "Corolla", years: ALWAYS, code: "ZRE1", trims: ["L", "LE", "SE"], body: "Sedan", msrp: 2_390_000, drivetrains: ["FWD"] },
  { make: "Toyota", model: "Tacoma", years: ALWAYS, code: "GRN3", trims: ["SR5", "TRD Sport", "TRD Off-Road"], body: "Pickup", msrp: 4_390_000, drivetrains: ["4WD"] },
  { make: "Toyota", model: "Sienna", years: [2021, 2027], code: "AXL4", trims: ["LE", "XSE", "Limited"], body: "Minivan", msrp: 4_690_000, fuel: { Hybrid: [2021, 2027] }, drivetrains: ["FWD", "AWD"], thirdRow: true },
  { make: "Honda", model: "Civic", years: ALWAYS, code: "FE1", trims: ["LX", "Sport", "Touring"], body: "Sedan", msrp: 2_810_000, drivetrains: ["FWD"] },
  { make: "Honda", model: "CR-V", years: ALWAYS, code: "RS5", trims: ["LX", "EX-L", "Touring"], body: "SUV", msrp: 3_690_000, fuel: { Gasoline: ALWAYS, Hybrid: [2020, 2027] }, drivetrains: ["FWD", "AWD"] },
  { make: "Honda", model: "Pilot", years: ALWAYS, code: "YF7", trims: ["Sport", "EX-L", "Elite"], body: "SUV", msrp: 5_090_000, drivetrains: ["AWD"], thirdRow: true },
  {
    make: "Ford", model: "F-150", years: ALWAYS, code: "W1E", trims: ["XL", "XLT", "Lariat"], body: "Pickup", msrp: 5_290_000,
    fuel: { Gasoline: ALWAYS, Diesel: [2018, 2021], Hybrid: [2021, 2027] }, drivetrains: ["4WD"],
  },
  { make: "Ford", model: "Mustang", years: ALWAYS, code: "P8T", trims: ["EcoBoost", "GT", "Dark Horse"], trimYears: { "Dark Horse": [2024, 2027] }, body: "Coupe", msrp: 4_190_000, drivetrains: ["RWD"] },
  {
    make: "Ford", model: "Escape", years: ALWAYS, code: "U9G", trims: ["SE", "Titanium", "Active", "ST-Line", "Platinum"],
    trimYears: { SE: [2015, 2022], Titanium: [2015, 2022], Active: [2023, 2027], "ST-Line": [2023, 2027], Platinum: [2023, 2027] },
    body: "SUV", msrp: 3_390_000, drivetrains: ["FWD", "AWD"],
  },
  { make: "Chevrolet", model: "Silverado 1500", years: ALWAYS, code: "CK1", trims: ["WT", "LT", "High Country"], body: "Pickup", msrp: 5_190_000, fuel: { Gasoline: ALWAYS, Diesel: [2020, 2027] }, drivetrains: ["4WD"] },
  { make: "Chevrolet", model: "Equinox", years: ALWAYS, code: "1XX2", trims: ["LS", "LT", "RS"], trimYears: { RS: [2022, 2027] }, body: "SUV", msrp: 3_290_000, drivetrains: ["FWD", "AWD"] },
  { make: "Volkswagen", model: "Tiguan", years: ALWAYS, code: "BW2", trims: ["Trendline", "Comfortline", "Highline"], body: "SUV", msrp: 3_595_000, drivetrains: ["FWD", "AWD"] },
  { make: "Volkswagen", model: "Jetta", years: ALWAYS, code: "BU3", trims: ["Comfortline", "Highline", "GLI"], body: "Sedan", msrp: 2_795_000, drivetrains: ["FWD"] },
  { make: "Volkswagen", model: "Golf GTI", years: ALWAYS, code: "AU5", trims: ["Base", "Autobahn"], body: "Hatchback", msrp: 3_795_000, drivetrains: ["FWD"] },
  { make: "Volkswagen", model: "Atlas", years: [2018, 2027], code: "CA1", trims: ["Comfortline", "Highline", "Execline"], body: "SUV", msrp: 5_095_000, drivetrains: ["AWD"], thirdRow: true },
  { make: "Volkswagen", model: "ID.4", years: [2021, 2027], code: "E21", trims: ["Pro", "Pro S"], body: "SUV", msrp: 5_295_000, fuel: { Electric: [2021, 2027] }, drivetrains: ["RWD", "AWD"] },
  { make: "Hyundai", model: "Ioniq 5", years: [2022, 2027], code: "NE1", trims: ["Preferred", "Ultimate"], body: "SUV", msrp: 5_299_900, fuel: { Electric: [2022, 2027] }, drivetrains: ["RWD", "AWD"] },
  { make: "Hyundai", model: "Elantra", years: ALWAYS, code: "CN7", trims: ["Essential", "Preferred", "N Line"], trimYears: { "N Line": [2021, 2027] }, body: "Sedan", msrp: 2_349_900, drivetrains: ["FWD"] },
  {
    make: "Kia", model: "Sorento", years: ALWAYS, code: "MQ4", trims: ["LX", "EX", "SX"], body: "SUV", msrp: 3_899_500,
    fuel: { Gasoline: ALWAYS, Hybrid: [2021, 2027], "Plug-in Hybrid": [2022, 2027] }, drivetrains: ["AWD"], thirdRow: true,
  },
  { make: "Mazda", model: "MX-5", years: [2016, 2027], code: "ND5", trims: ["GS", "GT"], body: "Convertible", msrp: 3_650_000, drivetrains: ["RWD"] },
  { make: "Subaru", model: "Outback", years: ALWAYS, code: "BT5", trims: ["Convenience", "Touring", "Limited"], body: "Wagon", msrp: 3_829_500, drivetrains: ["AWD"] },
  { make: "Ram", model: "ProMaster", years: ALWAYS, code: "VF1", trims: ["1500", "2500", "3500"], body: "Van", msrp: 5_495_000, drivetrains: ["FWD"] },
];

export const COLOURS = [
  ["Midnight Black Metallic", "Black"], ["Super White", "White"], ["Celestial Silver", "Silver"],
  ["Magnetic Grey", "Grey"], ["Blueprint", "Blue"], ["Ruby Flare Pearl", "Red"], ["Cypress Green", "Green"],
  ["Bronze Oxide", "Brown"], ["Sandstone Beige", "Beige"],
] as const;

export const FEATURES = [
  "Panoramic sunroof", "Navigation system", "Heated front seats", "Leather seats", "Apple CarPlay",
  "Android Auto", "Backup camera", "Blind spot monitor", "Adaptive cruise control", "Remote start",
  "Third-row seating", "Tow package", "Heated steering wheel", "Power liftgate", "Keyless entry",
  "Wireless charging", "Lane keeping assist", "Premium audio", "LED headlights", "Dual-zone climate control",
];

/** Packages; the towing one only where a model tows (vehicle-rules.ts). */
export const PACKAGES = [
  { name: "Technology Package", price: 250_000, items: ["Navigation system", "Premium audio", "Wireless charging"] },
  { name: "Winter Package", price: 120_000, items: ["Heated front seats", "Heated steering wheel", "Remote start"] },
  { name: "Towing Package", price: 95_000, items: ["Tow package", "Trailer brake controller"] },
  { name: "Safety Package", price: 180_000, items: ["Blind spot monitor", "Adaptive cruise control", "Lane keeping assist"] },
];
