import {
  dollarsToCents,
  LISTED_STOCK_CODES,
  SEARCH_CONDITIONS,
  SEARCH_FEATURES,
  STOCK_STATUS_NAMES,
  stockTypeOf,
  type FacetValue,
  type SearchQuery,
  type StockStatusCode,
} from "@showroom/domain";
import { collation, sortedValues, type CountedFacets } from "./facets.ts";
import { MILEAGE_BUCKET, PAYMENT_BUCKET_CENTS, type Dimension } from "./search-sql.ts";

/** What the facet counts read of a listed vehicle (a row of the snapshot query). */
export type SearchSource = {
  id: number;
  inStockDate: string | null;
  arrivalDate: string | null;
  condition: string;
  isCertified: boolean;
  make: string | null;
  model: string | null;
  trim: string | null;
  bodyType: string | null;
  drivetrain: string | null;
  exteriorColorNormalized: string | null;
  interiorColor: string | null;
  fuelType: string | null;
  transmission: string | null;
  stockStatus: string | null;
  featureMask: number;
  year: number | null;
  odometer: number | null;
  priceCents: number | null;
  financePaymentCents: number | null;
  leasePaymentCents: number | null;
  searchText: string | null;
};

const TEXT_DIMENSIONS = ["make", "model", "trim", "bodyType", "drivetrain", "exteriorColor", "interiorColor", "fuelType", "transmission", "stockType"] as const;
type TextDimension = (typeof TEXT_DIMENSIONS)[number];
const SOURCE_OF: Record<TextDimension, keyof SearchSource> = {
  make: "make",
  model: "model",
  trim: "trim",
  bodyType: "bodyType",
  drivetrain: "drivetrain",
  exteriorColor: "exteriorColorNormalized",
  interiorColor: "interiorColor",
  fuelType: "fuelType",
  transmission: "transmission",
  stockType: "stockStatus",
};
const NONE = -1;

/** A column as dictionary codes (NONE for null), with each code's text and lower-case text. */
type Coded = { codes: Int32Array; values: string[]; lower: string[] };
/** A numeric column as dictionary codes (NONE for null): years, or the facet query's mileage and payment buckets. */
type CodedNumbers = { codes: Int32Array; values: number[] };
const CONDITION_VALUES = ["new", "used", "cpo"] as const;
/** The condition filter compares the raw text: "New", "Used", or anything else (counted as used, matched by neither). */
const RAW_NEW = 0;
const RAW_USED = 1;
const RAW_OTHER = 2;

/**
 * One dealership's listed vehicles, column by column, to count facets in memory: the same counts as the facet
 * query of repo.ts (checked by search-index.test.ts on random filter sets), in a few milliseconds for 100,000
 * vehicles instead of a scan grouped fifteen ways.
 */
export type SearchSnapshot = {
  size: number;
  ids: Int32Array;
  /** The order of stock statuses (stockStatusRank of tables.ts): in stock first. */
  statusRank: Uint8Array;
  /** ISO dates (they sort as text), or null. */
  inStockDate: (string | null)[];
  arrivalDate: (string | null)[];
  /** The same dates as days since 1970 (NaN for null), or undefined when one is not a plain date. */
  inStockDay: Float64Array | undefined;
  arrivalDay: Float64Array | undefined;
  text: Coded[];
  /** The condition facet's value: 0 new, 1 used, 2 certified used (CONDITION_VALUES). */
  conditionValue: Int32Array;
  conditionRaw: Uint8Array;
  certified: Uint8Array;
  featureMask: Int32Array;
  year: Float64Array;
  odometer: Float64Array;
  budget: Record<SearchQuery["paymentType"], Float64Array>;
  /** The facet query's groupings of the numeric dimensions, coded once so a count is an array increment. */
  yearCoded: CodedNumbers;
  mileageCoded: CodedNumbers;
  paymentCoded: Record<SearchQuery["paymentType"], CodedNumbers>;
  /** The counted dimensions, for each budget (the payment dimension follows it). */
  facetColumns: Record<SearchQuery["paymentType"], FacetColumn[]>;
  searchText: (string | null)[];
};

/** Dictionary codes of a column: each distinct value numbered in order of appearance, NONE where `valueAt` is absent. */
function dictionary<T>(length: number, valueAt: (i: number) => T | null): { codes: Int32Array; values: T[] } {
  const index = new Map<T, number>();
  const values: T[] = [];
  const codes = new Int32Array(length);
  for (let i = 0; i < length; i++) {
    const value = valueAt(i);
    if (value === null) {
      codes[i] = NONE;
      continue;
    }
    let code = index.get(value);
    if (code === undefined) {
      code = values.length;
      index.set(value, code);
      values.push(value);
    }
    codes[i] = code;
  }
  return { codes, values };
}

function coded(rows: SearchSource[], key: keyof SearchSource): Coded {
  const { codes, values } = dictionary(rows.length, (i) => rows[i]![key] as string | null);
  return { codes, values, lower: values.map((v) => v.toLowerCase()) };
}

/** Codes of `group(value)` for each value, NONE where the value or its group is null (NaN). */
function codedNumbers(column: Float64Array, group: (value: number) => number): CodedNumbers {
  return dictionary(column.length, (i) => {
    const value = group(column[i]!);
    return Number.isNaN(value) ? null : value;
  });
}

const numbers = (rows: SearchSource[], key: keyof SearchSource) => Float64Array.from(rows, (row) => (row[key] === null ? Number.NaN : Number(row[key])));

const STATUS_ORDER = ["I", "D", "T", "P", "V", "R"];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Days since 1970 of ISO dates (NaN for null), or undefined when one is not a plain date: then text order rules. */
function dayNumbers(dates: (string | null)[]): Float64Array | undefined {
  const days = new Float64Array(dates.length);
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i]!;
    if (date === null) days[i] = Number.NaN;
    else if (ISO_DATE.test(date)) days[i] = Date.parse(date) / 86_400_000;
    else return undefined;
  }
  return days;
}

export function searchSnapshot(rows: SearchSource[]): SearchSnapshot {
  const columns = snapshotColumns(rows);
  return { ...columns, facetColumns: { cash: facetColumns(columns, "cash"), finance: facetColumns(columns, "finance"), lease: facetColumns(columns, "lease") } };
}

function snapshotColumns(rows: SearchSource[]): Omit<SearchSnapshot, "facetColumns"> {
  const year = numbers(rows, "year");
  const odometer = numbers(rows, "odometer");
  const budget = { cash: numbers(rows, "priceCents"), finance: numbers(rows, "financePaymentCents"), lease: numbers(rows, "leasePaymentCents") };
  // As the facet query groups them: integer division, which truncates.
  const paymentBucket = (cents: number) => Math.trunc(cents / PAYMENT_BUCKET_CENTS);
  return {
    size: rows.length,
    ids: Int32Array.from(rows, (row) => row.id),
    statusRank: Uint8Array.from(rows, (row) => {
      const rank = STATUS_ORDER.indexOf(row.stockStatus ?? "");
      return rank === -1 ? STATUS_ORDER.length : rank;
    }),
    inStockDate: rows.map((row) => row.inStockDate),
    arrivalDate: rows.map((row) => row.arrivalDate),
    inStockDay: dayNumbers(rows.map((row) => row.inStockDate)),
    arrivalDay: dayNumbers(rows.map((row) => row.arrivalDate)),
    text: TEXT_DIMENSIONS.map((dimension) => coded(rows, SOURCE_OF[dimension])),
    conditionValue: Int32Array.from(rows, (row) => (row.condition === "New" ? 0 : row.isCertified ? 2 : 1)),
    conditionRaw: Uint8Array.from(rows, (row) => (row.condition === "New" ? RAW_NEW : row.condition === "Used" ? RAW_USED : RAW_OTHER)),
    certified: Uint8Array.from(rows, (row) => (row.isCertified ? 1 : 0)),
    featureMask: Int32Array.from(rows, (row) => row.featureMask),
    year,
    odometer,
    budget,
    yearCoded: codedNumbers(year, (value) => value),
    mileageCoded: codedNumbers(odometer, (value) => Math.trunc(value / MILEAGE_BUCKET)),
    paymentCoded: { cash: codedNumbers(budget.cash, paymentBucket), finance: codedNumbers(budget.finance, paymentBucket), lease: codedNumbers(budget.lease, paymentBucket) },
    searchText: rows.map((row) => row.searchText),
  };
}

/**
 * Which filters each vehicle fails: `failures[i]` is how many (a vehicle outside the text query counts as failing
 * two, so it is in no count), and `lastMiss[i]` the index in `dimensions` of the one it failed when it failed one.
 */
type Scan = { failures: Uint8Array; lastMiss: Uint8Array; dimensions: Dimension[] };

/**
 * A search's filters, worked out once for all its snapshots (the same conditions as search-sql.ts filterConditions).
 * Hot paths here avoid closures made per call: the server runs through tsx, whose keepNames names each one as it is made.
 */
type Filters = {
  /** Allowed by conditionRaw * 2 + certified, when the condition is filtered. */
  condition: readonly number[] | null;
  /** Text dimensions and the values they allow (lower-case, but raw stock status codes). */
  oneOf: { dimension: TextDimension; wanted: readonly string[]; lower: boolean }[];
  featureMask: number;
  ranges: { dimension: "year" | "mileage" | "payment"; low: number; high: number }[];
  words: string[];
  /** The budget's column: the payment range filters it. */
  paymentType: SearchQuery["paymentType"];
};

const CONDITION_ALLOWED = { new: [1, 1, 0, 0, 0, 0], used: [0, 0, 1, 1, 0, 0], cpo: [0, 0, 0, 1, 0, 0] } as const;

function addOneOf(oneOf: Filters["oneOf"], dimension: TextDimension, wanted: readonly string[] | undefined) {
  if (wanted?.length) oneOf.push({ dimension, wanted: wanted.map((v) => v.toLowerCase()), lower: true });
}

function addRange(ranges: Filters["ranges"], dimension: Filters["ranges"][number]["dimension"], min: number | undefined, max: number | undefined) {
  if (min !== undefined || max !== undefined) ranges.push({ dimension, low: min ?? -Infinity, high: max ?? Infinity });
}

function centsOf(amount: string | undefined): number | undefined {
  return amount === undefined ? undefined : Number(dollarsToCents(amount));
}

function filtersOf(query: SearchQuery): Filters {
  const oneOf: Filters["oneOf"] = [];
  addOneOf(oneOf, "make", query.make ? [query.make] : undefined);
  addOneOf(oneOf, "model", query.model ? [query.model] : undefined);
  addOneOf(oneOf, "trim", query.trim ? [query.trim] : undefined);
  for (const dimension of ["bodyType", "drivetrain", "exteriorColor", "interiorColor", "fuelType", "transmission"] as const) addOneOf(oneOf, dimension, query[dimension]);
  if (query.stockType?.length) {
    const codes = (Object.entries(STOCK_STATUS_NAMES) as [StockStatusCode, string][])
      .filter(([code, type]) => query.stockType!.includes(type as never) && LISTED_STOCK_CODES.includes(code))
      .map(([code]) => code as string);
    oneOf.push({ dimension: "stockType", wanted: codes, lower: false });
  }
  const ranges: Filters["ranges"] = [];
  addRange(ranges, "year", query.minYear, query.maxYear);
  addRange(ranges, "mileage", query.minMileage, query.maxMileage);
  addRange(ranges, "payment", centsOf(query.minPayment), centsOf(query.maxPayment));
  return {
    condition: query.condition ? CONDITION_ALLOWED[query.condition] : null,
    oneOf,
    featureMask: (query.features ?? []).reduce((m, f) => m | (1 << SEARCH_FEATURES.indexOf(f)), 0),
    ranges,
    // The text query: every word (at most eight) within the vehicle's search text, as the LIKE of scopeCondition.
    words: (query.query ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8),
    paymentType: query.paymentType,
  };
}

function failAt(scanned: Scan, k: number, i: number) {
  scanned.failures[i]! += 1;
  scanned.lastMiss[i] = k;
}

/** A coded column's filter: a vehicle fails unless its code is allowed (null never is). */
function failUnlessAllowed(scanned: Scan, k: number, codes: Int32Array, allowed: Uint8Array) {
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code === NONE || allowed[code] === 0) failAt(scanned, k, i);
  }
}

/** A range filter: NaN (null) is neither >= nor <= anything, so it fails as SQL's null does. */
function failOutside(scanned: Scan, k: number, values: Float64Array, low: number, high: number) {
  for (let i = 0; i < values.length; i++) if (!(values[i]! >= low && values[i]! <= high)) failAt(scanned, k, i);
}

function containsEvery(text: string | null | undefined, words: string[]): boolean {
  if (text === null || text === undefined) return false;
  for (const word of words) if (!text.includes(word)) return false;
  return true;
}

/** Runs the filters column by column over a snapshot. */
function scan(snapshot: SearchSnapshot, filters: Filters): Scan {
  const { size } = snapshot;
  const { failures, lastMiss } = scratchOf(snapshot);
  failures.fill(0);
  const scanned: Scan = { failures, lastMiss, dimensions: [] };
  const { dimensions } = scanned;
  if (filters.condition) {
    const allowed = filters.condition;
    const { conditionRaw, certified } = snapshot;
    const k = dimensions.push("condition") - 1;
    for (let i = 0; i < size; i++) if (allowed[conditionRaw[i]! * 2 + certified[i]!] === 0) failAt(scanned, k, i);
  }
  for (const { dimension, wanted, lower } of filters.oneOf) {
    const column = snapshot.text[TEXT_DIMENSIONS.indexOf(dimension)]!;
    const values = lower ? column.lower : column.values;
    const allowed = new Uint8Array(values.length);
    for (let code = 0; code < values.length; code++) if (wanted.includes(values[code]!)) allowed[code] = 1;
    failUnlessAllowed(scanned, dimensions.push(dimension) - 1, column.codes, allowed);
  }
  if (filters.featureMask !== 0) {
    const mask = filters.featureMask;
    const { featureMask } = snapshot;
    const k = dimensions.push("features") - 1;
    for (let i = 0; i < size; i++) if ((featureMask[i]! & mask) !== mask) failAt(scanned, k, i);
  }
  for (const { dimension, low, high } of filters.ranges) {
    const values = dimension === "year" ? snapshot.year : dimension === "mileage" ? snapshot.odometer : snapshot.budget[filters.paymentType];
    failOutside(scanned, dimensions.push(dimension) - 1, values, low, high);
  }
  // The text query is no facet: a vehicle outside it is in no count.
  const { words } = filters;
  if (words.length > 0) {
    const { searchText } = snapshot;
    for (let i = 0; i < size; i++) {
      if (!containsEvery(searchText[i], words)) scanned.failures[i] = 2;
    }
  }
  return scanned;
}

/**
 * A scan is the same for the facet counts and the order of one search: kept per snapshot for the last query
 * object asked, so a search that needs both scans once.
 */
const lastScans = new WeakMap<SearchSnapshot, { query: SearchQuery; scan: Scan }>();
const filtersByQuery = new WeakMap<SearchQuery, Filters>();
function scanOf(snapshot: SearchSnapshot, query: SearchQuery): Scan {
  const kept = lastScans.get(snapshot);
  if (kept?.query === query) return kept.scan;
  const filters = filtersByQuery.get(query) ?? filtersOf(query);
  filtersByQuery.set(query, filters);
  const fresh = scan(snapshot, filters);
  lastScans.set(snapshot, { query, scan: fresh });
  return fresh;
}

/** A counted dimension: its codes and each code's value (of a numeric one, its bucket: only its range is shown). */
type FacetColumn = { dimension: Dimension; codes: Int32Array; labels: readonly string[] | readonly number[] };

/** The counted dimensions, in the order of a snapshot's facet columns, and each one's place in it. */
const COUNTED = ["condition", ...TEXT_DIMENSIONS, "year", "mileage", "payment"] as const;
type Counted = (typeof COUNTED)[number];
const PLACE = Object.fromEntries(COUNTED.map((dimension, i) => [dimension, i])) as Record<Counted, number>;

function facetColumns(snapshot: Omit<SearchSnapshot, "facetColumns">, paymentType: SearchQuery["paymentType"]): FacetColumn[] {
  const coded = (dimension: Counted): { codes: Int32Array; labels: readonly string[] | readonly number[] } => {
    switch (dimension) {
      case "condition":
        return { codes: snapshot.conditionValue, labels: CONDITION_VALUES };
      case "year":
        return { codes: snapshot.yearCoded.codes, labels: snapshot.yearCoded.values };
      case "mileage":
        return { codes: snapshot.mileageCoded.codes, labels: snapshot.mileageCoded.values };
      case "payment":
        return { codes: snapshot.paymentCoded[paymentType].codes, labels: snapshot.paymentCoded[paymentType].values };
      default: {
        const column = snapshot.text[TEXT_DIMENSIONS.indexOf(dimension)]!;
        return { codes: column.codes, labels: column.values };
      }
    }
  };
  return COUNTED.map((dimension) => ({ dimension, ...coded(dimension) }));
}

/**
 * A snapshot's working arrays, reused by every search over it: allocating them per search cost the allocator and the
 * collector more than the counting. A search uses them within one synchronous stretch (its scan, window and tallies
 * are read before anything else runs), and a scan is kept only until the next search's (lastScans).
 */
type Scratch = { failures: Uint8Array; lastMiss: Uint8Array; rows: Int32Array; counts: Map<FacetColumn[], Int32Array[]>; features: Int32Array };
const scratches = new WeakMap<SearchSnapshot, Scratch>();
function scratchOf(snapshot: SearchSnapshot): Scratch {
  let scratch = scratches.get(snapshot);
  if (!scratch) {
    const { size } = snapshot;
    scratch = { failures: new Uint8Array(size), lastMiss: new Uint8Array(size), rows: new Int32Array(size), counts: new Map(), features: new Int32Array(SEARCH_FEATURES.length) };
    scratches.set(snapshot, scratch);
  }
  return scratch;
}

/**
 * The rows each count takes, in `rows`: [0, passed) fail no filter; [missStart[k], missStart[k + 1]) fail only the
 * filter at index k of the scan's dimensions.
 */
type CountedRows = { rows: Int32Array; passed: number; missStart: number[] };
function countedRows({ failures, lastMiss, dimensions }: Scan, rows: Int32Array): CountedRows {
  const missed = new Array<number>(dimensions.length).fill(0);
  let passed = 0;
  for (let i = 0; i < failures.length; i++) {
    if (failures[i] === 0) rows[passed++] = i;
    else if (failures[i] === 1) missed[lastMiss[i]!]! += 1;
  }
  const missStart = [passed];
  for (let k = 0; k < dimensions.length; k++) missStart.push(missStart[k]! + missed[k]!);
  if (dimensions.length > 0) {
    const filled = missStart.slice(0, dimensions.length);
    for (let i = 0; i < failures.length; i++) if (failures[i] === 1) rows[filled[lastMiss[i]!]!++] = i;
  }
  return { rows, passed, missStart };
}

/** Where the rows failing only this dimension's filter lie in `rows` ([from, to), empty when it has none). */
function ownMisses(scanned: Scan, counted: CountedRows, dimension: Dimension): { from: number; to: number } {
  const k = scanned.dimensions.indexOf(dimension);
  return k === -1 ? { from: 0, to: 0 } : { from: counted.missStart[k]!, to: counted.missStart[k + 1]! };
}

/** Counts by code + 1 (slot 0 is null), into `counts`, over the rows a dimension counts: those failing no filter, and those failing only its own. */
function tally(codes: Int32Array, counts: Int32Array, { rows, passed }: CountedRows, own: { from: number; to: number }): Int32Array {
  counts.fill(0);
  for (let j = 0; j < passed; j++) counts[codes[rows[j]!]! + 1]! += 1;
  for (let j = own.from; j < own.to; j++) counts[codes[rows[j]!]! + 1]! += 1;
  return counts;
}

/** Counts of each feature bit over the same rows, into `bits`. */
function tallyFeatures(featureMask: Int32Array, bits: Int32Array, { rows, passed }: CountedRows, own: { from: number; to: number }): Int32Array {
  bits.fill(0);
  for (let j = 0; j < passed; j++) addBits(bits, featureMask[rows[j]!]!);
  for (let j = own.from; j < own.to; j++) addBits(bits, featureMask[rows[j]!]!);
  return bits;
}

function addBits(bits: Int32Array, mask: number) {
  for (let bit = 0; mask !== 0; bit++, mask >>>= 1) if (mask & 1) bits[bit]! += 1;
}

/** One snapshot's counts for a query: how many vehicles match, and each counted dimension's tally (in COUNTED's order). */
type Tallies = { columns: FacetColumn[]; matched: number; counts: Int32Array[]; features: Int32Array };

function talliesOf(snapshot: SearchSnapshot, query: SearchQuery): Tallies {
  const scanned = scanOf(snapshot, query);
  const scratch = scratchOf(snapshot);
  const counted = countedRows(scanned, scratch.rows);
  const columns = snapshot.facetColumns[query.paymentType];
  let counts = scratch.counts.get(columns);
  if (!counts) scratch.counts.set(columns, (counts = columns.map((column) => new Int32Array(column.labels.length + 1))));
  for (let c = 0; c < columns.length; c++) tally(columns[c]!.codes, counts[c]!, counted, ownMisses(scanned, counted, columns[c]!.dimension));
  return { columns, matched: counted.passed, counts, features: tallyFeatures(snapshot.featureMask, scratch.features, counted, ownMisses(scanned, counted, "features")) };
}

/** A counted dimension's values (of a numeric one, its buckets) and its tally, by code + 1. */
function countsOf<T extends string | number>({ columns, counts }: Tallies, dimension: Counted): { labels: readonly T[]; tally: Int32Array } {
  return { labels: columns[PLACE[dimension]]!.labels as readonly T[], tally: counts[PLACE[dimension]]! };
}

/** A column's codes in the order the facets list their values (sortedValues's): kept per column of values. */
const collatedCodes = new WeakMap<readonly unknown[], Int32Array>();
function inCollationOrder(labels: readonly string[]): Int32Array {
  let order = collatedCodes.get(labels);
  if (!order) {
    order = Int32Array.from([...labels.keys()].sort((a, b) => collation.compare(labels[a]!, labels[b]!)));
    collatedCodes.set(labels, order);
  }
  return order;
}

/** A text dimension's values with their counts, as buildFacets lists them (sortedValues: selected ones even at zero). */
function textFacet(tallied: Tallies[], dimension: Counted, selected: readonly string[]): FacetValue[] {
  if (tallied.length !== 1) {
    const merged = new Map<string, number>();
    for (const tallies of tallied) {
      const { labels, tally } = countsOf<string>(tallies, dimension);
      for (let slot = 1; slot < tally.length; slot++) if (tally[slot]! > 0) merged.set(labels[slot - 1]!, (merged.get(labels[slot - 1]!) ?? 0) + tally[slot]!);
    }
    return sortedValues(merged, selected);
  }
  // One snapshot (one dealership's search): its values are sorted once, so a search only walks them.
  const { labels, tally } = countsOf<string>(tallied[0]!, dimension);
  const values: FacetValue[] = [];
  for (const code of inCollationOrder(labels)) if (tally[code + 1]! > 0) values.push({ value: labels[code]!, count: tally[code + 1]! });
  for (const value of selected) {
    if (values.some((v) => v.value === value)) continue;
    const at = values.findIndex((v) => collation.compare(v.value, value) > 0);
    values.splice(at === -1 ? values.length : at, 0, { value, count: 0 });
  }
  return values;
}

/** The lowest and highest bucket with a vehicle, times `step`; `past` adds one step to the highest (a bucket's end). */
function rangeFacet(tallied: Tallies[], dimension: Counted, step: number, past: boolean): { min: number | null; max: number | null } {
  let low = Infinity;
  let high = -Infinity;
  for (const tallies of tallied) {
    const { labels, tally } = countsOf<number>(tallies, dimension);
    for (let slot = 1; slot < tally.length; slot++) {
      if (tally[slot] === 0) continue;
      low = Math.min(low, labels[slot - 1]!);
      high = Math.max(high, labels[slot - 1]!);
    }
  }
  return low === Infinity ? { min: null, max: null } : { min: low * step, max: (high + (past ? 1 : 0)) * step };
}

/** Vehicles of a condition code (CONDITION_VALUES) over the tallies of a search's snapshots. */
function conditionCount(tallied: Tallies[], code: number): number {
  let count = 0;
  for (const tallies of tallied) count += countsOf(tallies, "condition").tally[code + 1]!;
  return count;
}

/**
 * The facets of a search over these snapshots, counted in memory: the same answer as buildFacets gives on the facet
 * query's rows (search-index.test.ts compares them on random filter sets).
 */
export function countedFacets(snapshots: SearchSnapshot[], query: SearchQuery): CountedFacets {
  const tallied = snapshots.map((snapshot) => talliesOf(snapshot, query));
  const conditionCounts = { new: conditionCount(tallied, 0), used: conditionCount(tallied, 1) + conditionCount(tallied, 2), cpo: conditionCount(tallied, 2) };
  const stockTypes = new Map<string, number>();
  for (const tallies of tallied) {
    const { labels: codes, tally } = countsOf<string>(tallies, "stockType");
    for (let slot = 1; slot < tally.length; slot++) {
      if (tally[slot] === 0) continue;
      const type = stockTypeOf(codes[slot - 1]!);
      stockTypes.set(type, (stockTypes.get(type) ?? 0) + tally[slot]!);
    }
  }
  const selectedFeatures: readonly string[] = query.features ?? [];
  const payment = rangeFacet(tallied, "payment", PAYMENT_BUCKET_CENTS, true);
  let count = 0;
  for (const tallies of tallied) count += tallies.matched;
  return {
    count,
    facets: {
      condition: SEARCH_CONDITIONS.filter((value) => conditionCounts[value] > 0 || value === query.condition).map((value) => ({ value, count: conditionCounts[value] })),
      make: textFacet(tallied, "make", query.make ? [query.make] : []),
      model: textFacet(tallied, "model", query.model ? [query.model] : []),
      trim: textFacet(tallied, "trim", query.trim ? [query.trim] : []),
      bodyType: textFacet(tallied, "bodyType", query.bodyType ?? []),
      drivetrain: textFacet(tallied, "drivetrain", query.drivetrain ?? []),
      exteriorColor: textFacet(tallied, "exteriorColor", query.exteriorColor ?? []),
      interiorColor: textFacet(tallied, "interiorColor", query.interiorColor ?? []),
      fuelType: textFacet(tallied, "fuelType", query.fuelType ?? []),
      transmission: textFacet(tallied, "transmission", query.transmission ?? []),
      stockType: sortedValues(stockTypes, query.stockType ?? []),
      features: SEARCH_FEATURES.flatMap((value, bit) => {
        let withFeature = 0;
        for (const tallies of tallied) withFeature += tallies.features[bit]!;
        return withFeature > 0 || selectedFeatures.includes(value) ? [{ value, count: withFeature }] : [];
      }),
      year: rangeFacet(tallied, "year", 1, false),
      mileage: rangeFacet(tallied, "mileage", MILEAGE_BUCKET, true),
      payment: { min: payment.min === null ? null : payment.min / 100, max: payment.max === null ? null : payment.max / 100 },
    },
  };
}

type Candidate = { s: number; i: number };
type Compare = (a: Candidate, b: Candidate) => number;

/** Numbers as PostgreSQL orders them: NaN is null, last unless `nullsFirst`. */
function byNumber(values: (c: Candidate) => number, direction: 1 | -1, nullsFirst: boolean): Compare {
  return (a, b) => {
    const x = values(a);
    const y = values(b);
    const xNull = Number.isNaN(x);
    const yNull = Number.isNaN(y);
    if (xNull || yNull) return xNull === yNull ? 0 : (xNull ? 1 : -1) * (nullsFirst ? -1 : 1);
    return (x - y) * direction;
  };
}
function byText(values: (c: Candidate) => string | null, direction: 1 | -1, nullsFirst: boolean): Compare {
  return (a, b) => {
    const x = values(a);
    const y = values(b);
    if (x === null || y === null) return x === y ? 0 : (x === null ? 1 : -1) * (nullsFirst ? -1 : 1);
    return (x < y ? -1 : x > y ? 1 : 0) * direction;
  };
}
const inOrder =
  (...compares: Compare[]): Compare =>
  (a, b) => {
    for (const compare of compares) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };

/** The order of search-sql.ts orderBy, key by key (PostgreSQL: ascending puts nulls last, descending first). */
function comparator(snapshots: SearchSnapshot[], query: SearchQuery, distanceOf: (s: number) => number): Compare {
  const of = (key: "year" | "odometer") => (c: Candidate) => snapshots[c.s]![key][c.i]!;
  const budget = (c: Candidate) => snapshots[c.s]!.budget[query.paymentType][c.i]!;
  const rank = byNumber((c) => snapshots[c.s]!.statusRank[c.i]!, 1, false);
  const id = byNumber((c) => snapshots[c.s]!.ids[c.i]!, 1, false);
  switch (query.sort) {
    case "price":
      return inOrder(byNumber(budget, 1, false), id);
    case "-price":
      return inOrder(byNumber(budget, -1, false), id);
    case "year":
      return inOrder(byNumber(of("year"), 1, false), id);
    case "-year":
      return inOrder(byNumber(of("year"), -1, true), id);
    case "mileage":
      return inOrder(byNumber(of("odometer"), 1, false), id);
    case "-mileage":
      return inOrder(byNumber(of("odometer"), -1, true), id);
    case "availability":
      return inOrder(rank, byText((c) => snapshots[c.s]!.arrivalDate[c.i]!, 1, true), id);
    case "distance":
      return inOrder(byNumber((c) => distanceOf(c.s), 1, false), rank, id);
    case "recommended":
      return inOrder(rank, byText((c) => snapshots[c.s]!.inStockDate[c.i]!, -1, false), id);
  }
}

/** Above any day number: a leading key (a status rank) weighs more than any date. */
const RANK_WEIGHT = 1e7;

/**
 * A number per vehicle that orders as the sort's leading keys do: a smaller key always sorts first, equal keys are
 * left to the comparator. Sorting a snapshot's order on it leaves the comparator few ties to break.
 */
function leadingKeys(snapshot: SearchSnapshot, query: SearchQuery): Float64Array {
  const { size, statusRank } = snapshot;
  const keys = new Float64Array(size);
  const fill = (value: (i: number) => number) => {
    for (let i = 0; i < size; i++) keys[i] = value(i);
  };
  // Nulls as orderBy puts them: last (+Infinity) or first (-Infinity).
  const orNull = (value: number, whenNull: number) => (Number.isNaN(value) ? whenNull : value);
  const budget = snapshot.budget[query.paymentType];
  /** Status rank, then a date (null first or last); the rank alone when a date is not plain. */
  const rankThenDate = (days: Float64Array | undefined, direction: 1 | -1, nullsFirst: boolean) => {
    if (!days) return fill((i) => statusRank[i]!);
    // Day numbers lie within ±1e6 (years 0 to 4700), so the date part stays inside 0 .. RANK_WEIGHT.
    const nullDay = nullsFirst ? 0 : RANK_WEIGHT - 1;
    fill((i) => statusRank[i]! * RANK_WEIGHT + (Number.isNaN(days[i]!) ? nullDay : RANK_WEIGHT / 2 + direction * days[i]!));
  };
  switch (query.sort) {
    case "price":
      return fill((i) => orNull(budget[i]!, Infinity)), keys;
    case "-price":
      return fill((i) => orNull(-budget[i]!, Infinity)), keys;
    case "year":
      return fill((i) => orNull(snapshot.year[i]!, Infinity)), keys;
    case "-year":
      return fill((i) => orNull(-snapshot.year[i]!, -Infinity)), keys;
    case "mileage":
      return fill((i) => orNull(snapshot.odometer[i]!, Infinity)), keys;
    case "-mileage":
      return fill((i) => orNull(-snapshot.odometer[i]!, -Infinity)), keys;
    case "availability":
      return rankThenDate(snapshot.arrivalDay, 1, true), keys;
    case "distance":
      // One distance per dealership: within one, the status and the id decide.
      return keys;
    case "recommended":
      return rankThenDate(snapshot.inStockDay, -1, false), keys;
  }
}

/**
 * A snapshot's vehicles in a sort's order, kept per snapshot: it depends on the snapshot, the sort and the budget
 * alone (the distance, one per dealership, leaves the order within one to the status and the id), so a search
 * walks it and stops at its window. Sorted on the leading keys, the full comparison breaking their ties.
 */
const keptOrders = new WeakMap<SearchSnapshot, Map<string, Int32Array>>();
function orderOf(snapshot: SearchSnapshot, query: SearchQuery): Int32Array {
  const name = `${query.sort}:${query.paymentType}`;
  let kept = keptOrders.get(snapshot);
  if (!kept) keptOrders.set(snapshot, (kept = new Map()));
  let order = kept.get(name);
  if (!order) {
    const keys = leadingKeys(snapshot, query);
    const compare = comparator([snapshot], query, () => 0);
    const a = { s: 0, i: 0 };
    const b = { s: 0, i: 0 };
    // Equal leading keys (and two infinite ones, whose difference is NaN) are left to the comparator.
    const sorted = Array.from({ length: snapshot.size }, (_, i) => i).sort((x, y) => keys[x]! - keys[y]! || ((a.i = x), (b.i = y), compare(a, b)));
    order = Int32Array.from(sorted);
    kept.set(name, order);
  }
  return order;
}

/**
 * The ids of the first `limit` vehicles of a search in its order (repo.searchIds's answer): each snapshot's matches
 * in its kept order, merged by the full comparison. `distanceOf` gives each snapshot's dealership distance, as orderBy rounds it.
 */
export function orderedIds(snapshots: SearchSnapshot[], query: SearchQuery, distanceOf: (s: number) => number, limit: number): number[] {
  const firsts = snapshots.map((snapshot) => {
    const { failures } = scanOf(snapshot, query);
    const first: number[] = [];
    for (const i of orderOf(snapshot, query)) {
      if (first.length === limit) break;
      if (failures[i] === 0) first.push(i);
    }
    return first;
  });
  if (snapshots.length === 1) return firsts[0]!.map((i) => snapshots[0]!.ids[i]!);
  const compare = comparator(snapshots, query, distanceOf);
  const heads = firsts.map(() => 0);
  const a = { s: 0, i: 0 };
  const b = { s: 0, i: 0 };
  const ids: number[] = [];
  while (ids.length < limit) {
    let best = -1;
    for (let s = 0; s < firsts.length; s++) {
      if (heads[s]! === firsts[s]!.length) continue;
      a.s = s;
      a.i = firsts[s]![heads[s]!]!;
      if (best !== -1) {
        b.s = best;
        b.i = firsts[best]![heads[best]!]!;
      }
      if (best === -1 || compare(a, b) < 0) best = s;
    }
    if (best === -1) break;
    ids.push(snapshots[best]!.ids[firsts[best]![heads[best]!++]!]!);
  }
  return ids;
}
