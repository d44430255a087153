/** The columns a dealer feed may carry, their labels for messages and their header aliases. */
export const FEED_COLUMNS = {
  vin: { label: "VIN", aliases: ["vin", "vehiclevin", "serialnumber"] },
  stockNumber: { label: "Stock number", aliases: ["stock", "stocknumber", "stock#", "stockno", "stocknum"] },
  condition: { label: "Condition", aliases: ["type", "new/used", "newused", "condition", "vehiclecondition"] },
  certified: { label: "Certified", aliases: ["certified", "iscertified", "cpo"] },
  year: { label: "Year", aliases: ["year", "modelyear"] },
  make: { label: "Make", aliases: ["make", "manufacturer"] },
  model: { label: "Model", aliases: ["model"] },
  trim: { label: "Trim", aliases: ["trim", "series"] },
  modelCode: { label: "Model code", aliases: ["modelcode", "modelnumber", "modelno"] },
  bodyType: { label: "Body type", aliases: ["body", "bodystyle", "bodytype"] },
  exteriorColor: {
    label: "Exterior colour",
    aliases: ["exteriorcolor", "exteriorcolour", "extcolor", "extcolour", "color", "colour"],
  },
  interiorColor: { label: "Interior colour", aliases: ["interiorcolor", "interiorcolour", "intcolor", "intcolour"] },
  odometer: { label: "Odometer", aliases: ["odometer", "miles", "mileage", "km", "kms", "kilometres", "kilometers"] },
  price: { label: "Price", aliases: ["price", "sellingprice", "internetprice"] },
  msrp: { label: "MSRP", aliases: ["msrp"] },
  photos: { label: "Photos", aliases: ["photos", "photourls", "imageurls", "imagelist", "images"] },
  inStockDate: { label: "In-stock date", aliases: ["instockdate", "dateinstock"] },
  stockStatus: { label: "Stock status", aliases: ["status", "stockstatus"] },
  drivetrain: { label: "Drivetrain", aliases: ["drivetrain", "drive", "drivetype"] },
  transmission: { label: "Transmission", aliases: ["transmission"] },
  fuelType: { label: "Fuel type", aliases: ["fuel", "fueltype"] },
  features: { label: "Features", aliases: ["features", "options"] },
  freight: { label: "Freight", aliases: ["freight"] },
  pdi: { label: "PDI", aliases: ["pdi"] },
  dealerFee: { label: "Dealer fee", aliases: ["dealerfee"] },
  description: { label: "Description", aliases: ["description", "comments"] },
} as const satisfies Record<string, { label: string; aliases: readonly string[] }>;

export type FeedColumn = keyof typeof FEED_COLUMNS;

export const REQUIRED_FEED_COLUMNS = ["vin", "year", "make", "model", "condition"] as const satisfies readonly FeedColumn[];

/** Case-insensitive, ignoring spaces, underscores and hyphens: "Stock #" reads "stock#". */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[\s_-]+/g, "");
}

const COLUMN_BY_ALIAS = new Map<string, FeedColumn>(
  (Object.entries(FEED_COLUMNS) as [FeedColumn, { aliases: readonly string[] }][]).flatMap(([column, { aliases }]) =>
    aliases.map((alias) => [alias, column] as const),
  ),
);

/** Where each known column sits in a row, and the header text as the feed wrote it. */
export type ColumnMap = Partial<Record<FeedColumn, { index: number; header: string }>>;

export interface HeaderResult {
  columns: ColumnMap;
  errors: string[];
  ignored: string[];
}

export function mapHeader(headers: readonly string[]): HeaderResult {
  const columns: ColumnMap = {};
  const errors: string[] = [];
  const ignored: string[] = [];
  headers.forEach((raw, index) => {
    const header = raw.trim();
    if (header === "") return;
    const column = COLUMN_BY_ALIAS.get(headerKey(header));
    if (!column) {
      ignored.push(header);
      return;
    }
    const previous = columns[column];
    if (previous) {
      // Two candidates (say "Price" and "Internet Price") would be a silent guess: ask the dealer.
      errors.push(`Columns "${previous.header}" and "${header}" are both read as ${FEED_COLUMNS[column].label}; keep only one`);
      return;
    }
    columns[column] = { index, header };
  });
  for (const column of REQUIRED_FEED_COLUMNS) {
    if (!columns[column]) errors.push(`Missing required column: ${FEED_COLUMNS[column].label}`);
  }
  return { columns, errors, ignored };
}
