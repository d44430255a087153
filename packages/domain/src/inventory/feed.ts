import type { Cents } from "../money.ts";
import { parseCsv, type CsvRecord } from "./csv.ts";
import { FEED_COLUMNS, mapHeader, type ColumnMap, type FeedColumn } from "./feed-columns.ts";
import {
  parseAmount,
  parseFeedDate,
  parseOdometer,
  parsePhotoUrls,
  parseVin,
  parseYear,
  splitList,
  type Parsed,
} from "./feed-values.ts";
import {
  foldText,
  normalizeBodyType,
  normalizeColour,
  normalizeDrivetrain,
  normalizeFuelType,
  normalizeTransmission,
  parseStockStatus,
  parseYesNo,
  type BodyType,
  type Drivetrain,
  type FuelType,
  type NormalizedColour,
  type StockStatusCode,
  type TransmissionType,
} from "./normalize.ts";

/** One accepted row of a dealer feed. Amounts are null when absent or a placeholder. */
export interface FeedVehicle {
  line: number;
  vin: string;
  stockNumber: string;
  condition: "New" | "Used";
  isCertified: boolean;
  year: number;
  make: string;
  model: string;
  trim: string;
  modelCode: string | null;
  bodyType: BodyType;
  exteriorColor: string;
  exteriorColorNormalized: NormalizedColour;
  interiorColor: string;
  odometer: number;
  priceCents: Cents | null;
  msrpCents: Cents | null;
  freightCents: Cents | null;
  pdiCents: Cents | null;
  dealerFeeCents: Cents | null;
  images: string[];
  inStockDate: string | null;
  stockStatus: StockStatusCode;
  drivetrain: Drivetrain | "";
  transmission: TransmissionType | "";
  fuelType: FuelType | "";
  features: string[];
  description: string;
}

/** A row left out. `field` is the column header as the feed wrote it, "" for the row as a whole. */
export interface FeedRejection {
  line: number;
  vin: string | null;
  reason: string;
  field: string;
}

/** Something fixed up in an accepted row (or about the header, line 1) that the dealer should know. */
export interface FeedWarning {
  line: number;
  message: string;
}

export interface InventoryFeedResult {
  rows: FeedVehicle[];
  rejected: FeedRejection[];
  /** When not empty, no row was read: the header itself must be fixed. */
  headerErrors: string[];
  warnings: FeedWarning[];
}

class RowRejected extends Error {
  constructor(
    readonly column: FeedColumn | null,
    reason: string,
  ) {
    super(reason);
  }
}

function conditionOf(raw: string): { condition: "New" | "Used"; certified: boolean } | null {
  const text = foldText(raw).replace(/[\s_-]+/g, "");
  if (["new", "n", "neuf"].includes(text)) return { condition: "New", certified: false };
  if (["used", "u", "preowned", "usage", "occasion"].includes(text)) return { condition: "Used", certified: false };
  if (["certified", "cpo", "certifiedpreowned", "certifie"].includes(text)) return { condition: "Used", certified: true };
  return null;
}

function readRow(
  record: CsvRecord,
  columns: ColumnMap,
  now: Date,
  seenVins: Map<string, number>,
  warn: (message: string) => void,
): FeedVehicle {
  const cell = (column: FeedColumn): string => {
    const position = columns[column];
    return position ? (record.fields[position.index] ?? "") : "";
  };
  const text = (column: FeedColumn): string => cell(column).trim();
  const need = <T>(column: FeedColumn, parsed: Parsed<T>): T => {
    if (!parsed.ok) throw new RowRejected(column, parsed.reason);
    return parsed.value;
  };
  const amount = (column: FeedColumn) => need(column, parseAmount(cell(column), FEED_COLUMNS[column].label));

  const vin = need("vin", parseVin(cell("vin")));
  const firstLine = seenVins.get(vin);
  if (firstLine !== undefined) throw new RowRejected("vin", `Duplicate VIN in feed, first seen on line ${firstLine}`);
  seenVins.set(vin, record.line);

  const year = need("year", parseYear(cell("year"), now));
  const make = text("make");
  if (make === "") throw new RowRejected("make", "Make must not be empty");
  const model = text("model");
  if (model === "") throw new RowRejected("model", "Model must not be empty");
  const condition = conditionOf(cell("condition"));
  if (!condition) throw new RowRejected("condition", "Condition must be New, Used or Certified");
  const certifiedFlag = parseYesNo(cell("certified"));
  if (certifiedFlag === null) throw new RowRejected("certified", "Certified must be Y/N, Yes/No, True/False or 1/0");
  let isCertified = condition.certified || certifiedFlag;
  if (isCertified && condition.condition === "New") {
    warn("A new vehicle cannot be certified pre-owned; the certified flag was ignored");
    isCertified = false;
  }
  const odometer = need("odometer", parseOdometer(cell("odometer")));
  const priceCents = amount("price");
  const msrpCents = amount("msrp");
  const freightCents = amount("freight");
  const pdiCents = amount("pdi");
  const dealerFeeCents = amount("dealerFee");

  const statusText = text("stockStatus");
  const stockStatus = statusText === "" ? "I" : parseStockStatus(statusText);
  if (!stockStatus) throw new RowRejected("stockStatus", "Stock status must be one of I, D, P, S, T, U, V, R or As-is");

  const photos = parsePhotoUrls(cell("photos"));
  if (photos.dropped > 0) {
    warn(`Dropped ${photos.dropped} photo ${photos.dropped === 1 ? "URL that is" : "URLs that are"} not an http(s) address`);
  }
  const dateText = text("inStockDate");
  const inStockDate = parseFeedDate(dateText);
  if (dateText !== "" && inStockDate === null) {
    warn(`In-stock date "${dateText}" is not YYYY-MM-DD or MM/DD/YYYY; it was left empty`);
  }

  const exteriorColor = text("exteriorColor");
  return {
    line: record.line,
    vin,
    stockNumber: text("stockNumber") || vin.slice(-8),
    condition: condition.condition,
    isCertified,
    year,
    make,
    model,
    trim: text("trim"),
    modelCode: text("modelCode") || null,
    bodyType: normalizeBodyType(cell("bodyType")),
    exteriorColor,
    exteriorColorNormalized: normalizeColour(exteriorColor),
    interiorColor: text("interiorColor"),
    odometer,
    priceCents,
    msrpCents,
    freightCents,
    pdiCents,
    dealerFeeCents,
    images: photos.urls,
    inStockDate,
    stockStatus,
    drivetrain: normalizeDrivetrain(cell("drivetrain")),
    transmission: normalizeTransmission(cell("transmission")),
    fuelType: normalizeFuelType(cell("fuelType")),
    features: splitList(cell("features")),
    description: text("description"),
  };
}

/** PostgreSQL text cannot hold U+0000, so a cell with one can be neither stored nor looked up. */
const hasNul = (cell: string) => cell.includes("\u0000");

/**
 * Reads a dealer inventory feed (CSV with a header row). Each row is accepted whole or
 * rejected with the first problem found, so one bad cell never hides the rest of the feed.
 * `now` sets the newest acceptable model year (its UTC year plus two).
 *
 * A VIN counts as seen on the first row that carries it, even when that row is rejected
 * for another reason: two rows for one vehicle are ambiguous either way.
 */
export function parseInventoryFeed(csvText: string, now: Date): InventoryFeedResult {
  const { records, error } = parseCsv(csvText);
  const [header, ...body] = records;
  if (!header) {
    const headerErrors = [error ? error.message : "The feed is empty: no header row"];
    return { rows: [], rejected: [], headerErrors, warnings: [] };
  }
  const nulHeader = header.fields.findIndex(hasNul);
  if (nulHeader >= 0) {
    return { rows: [], rejected: [], headerErrors: [`Column ${nulHeader + 1} of the header contains a NUL character (\\u0000)`], warnings: [] };
  }
  const { columns, errors, ignored } = mapHeader(header.fields);
  if (errors.length > 0) return { rows: [], rejected: [], headerErrors: errors, warnings: [] };

  const result: InventoryFeedResult = { rows: [], rejected: [], headerErrors: [], warnings: [] };
  if (ignored.length > 0) {
    result.warnings.push({ line: header.line, message: `Ignored unknown columns: ${ignored.join(", ")}` });
  }
  const seenVins = new Map<string, number>();
  const width = header.fields.length;
  const columnAt = new Map(Object.entries(columns).map(([column, { index }]) => [index, column as FeedColumn]));

  for (const record of body) {
    const rawVin = columns.vin ? (record.fields[columns.vin.index] ?? "").trim().toUpperCase() : "";
    const vin = rawVin === "" || hasNul(rawVin) ? null : rawVin;
    if (record.fields.length !== width) {
      const reason = `Row has ${record.fields.length} fields but the header has ${width}`;
      result.rejected.push({ line: record.line, vin, reason, field: "" });
      continue;
    }
    const nulCell = record.fields.findIndex(hasNul);
    if (nulCell >= 0) {
      const column = columnAt.get(nulCell);
      const field = (header.fields[nulCell] ?? "").trim();
      const reason = `${column ? FEED_COLUMNS[column].label : field} contains a NUL character (\\u0000)`;
      result.rejected.push({ line: record.line, vin, reason, field });
      continue;
    }
    const warnings: FeedWarning[] = [];
    try {
      const row = readRow(record, columns, now, seenVins, (message) => warnings.push({ line: record.line, message }));
      result.rows.push(row);
      result.warnings.push(...warnings);
    } catch (caught) {
      if (!(caught instanceof RowRejected)) throw caught;
      const field = caught.column ? (columns[caught.column]?.header ?? FEED_COLUMNS[caught.column].label) : "";
      result.rejected.push({ line: record.line, vin, reason: caught.message, field });
    }
  }
  if (error) result.rejected.push({ line: error.line, vin: null, reason: error.message, field: "" });
  return result;
}
