import { dollarsToCents, LISTED_STOCK_CODES, SEARCH_FEATURES, STOCK_STATUS_NAMES, type SearchQuery, type StockStatusCode } from "@showroom/domain";
import { MILEAGE_BUCKET, PAYMENT_BUCKET_CENTS, type Dimension, type FacetRow } from "./search-sql.ts";

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

function filtersOf(query: SearchQuery): Filters {
  const oneOf: Filters["oneOf"] = [];
  const lowerOneOf = (dimension: TextDimension, wanted: readonly string[] | undefined) => {
    if (wanted?.length) oneOf.push({ dimension, wanted: wanted.map((v) => v.toLowerCase()), lower: true });
  };
  lowerOneOf("make", query.make ? [query.make] : undefined);
  lowerOneOf("model", query.model ? [query.model] : undefined);
  lowerOneOf("trim", query.trim ? [query.trim] : undefined);
  for (const dimension of ["bodyType", "drivetrain", "exteriorColor", "interiorColor", "fuelType", "transmission"] as const) lowerOneOf(dimension, query[dimension]);
  if (query.stockType?.length) {
    const codes = (Object.entries(STOCK_STATUS_NAMES) as [StockStatusCode, string][])
      .filter(([code, type]) => query.stockType!.includes(type as never) && LISTED_STOCK_CODES.includes(code))
      .map(([code]) => code as string);
    oneOf.push({ dimension: "stockType", wanted: codes, lower: false });
  }
  const ranges: Filters["ranges"] = [];
  const range = (dimension: Filters["ranges"][number]["dimension"], min: number | undefined, max: number | undefined) => {
    if (min !== undefined || max !== undefined) ranges.push({ dimension, low: min ?? -Infinity, high: max ?? Infinity });
  };
  const cents = (amount: string | undefined) => (amount === undefined ? undefined : Number(dollarsToCents(amount)));
  range("year", query.minYear, query.maxYear);
  range("mileage", query.minMileage, query.maxMileage);
  range("payment", cents(query.minPayment), cents(query.maxPayment));
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
  const scanned: Scan = { failures: new Uint8Array(size), lastMiss: new Uint8Array(size), dimensions: [] };
  const { dimensions } = scanned;
  if (filters.condition) {
    const allowed = filters.condition;
    const { conditionRaw, certified } = snapshot;
    const k = dimensions.push("condition") - 1;
    for (let i = 0; i < size; i++) if (allowed[conditionRaw[i]! * 2 + certified[i]!] === 0) failAt(scanned, k, i);
  }
  for (const { dimension, wanted, lower } of filters.oneOf) {
    const column = snapshot.text[TEXT_DIMENSIONS.indexOf(dimension)]!;
    const allowed = Uint8Array.from(lower ? column.lower : column.values, (value) => (wanted.includes(value) ? 1 : 0));
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

/** A counted dimension: its codes and the facet row value of each code; a numeric one shows only its range. */
type FacetColumn = { dimension: Dimension; codes: Int32Array; labels: readonly string[] | readonly number[]; numeric: boolean };

function facetColumns(snapshot: Omit<SearchSnapshot, "facetColumns">, paymentType: SearchQuery["paymentType"]): FacetColumn[] {
  const numeric = (dimension: Dimension, { codes, values }: CodedNumbers): FacetColumn => ({ dimension, codes, labels: values, numeric: true });
  return [
    { dimension: "condition", codes: snapshot.conditionValue, labels: CONDITION_VALUES, numeric: false },
    ...TEXT_DIMENSIONS.map((dimension, d): FacetColumn => ({ dimension, codes: snapshot.text[d]!.codes, labels: snapshot.text[d]!.values, numeric: false })),
    numeric("year", snapshot.yearCoded),
    numeric("mileage", snapshot.mileageCoded),
    numeric("payment", snapshot.paymentCoded[paymentType]),
  ];
}

/**
 * The rows each count takes: `passing` fail no filter; `missedOnly[k]` fail only the filter at index k of the
 * scan's dimensions.
 */
function countedRows({ failures, lastMiss, dimensions }: Scan): { passing: Int32Array; missedOnly: Int32Array[] } {
  const passing = new Int32Array(failures.length);
  let passed = 0;
  const missed = new Int32Array(dimensions.length);
  for (let i = 0; i < failures.length; i++) {
    if (failures[i] === 0) passing[passed++] = i;
    else if (failures[i] === 1) missed[lastMiss[i]!]! += 1;
  }
  const missedOnly = Array.from(missed, (n) => new Int32Array(n));
  if (dimensions.length > 0) {
    const filled = new Int32Array(dimensions.length);
    for (let i = 0; i < failures.length; i++) {
      if (failures[i] !== 1) continue;
      const k = lastMiss[i]!;
      missedOnly[k]![filled[k]!++] = i;
    }
  }
  return { passing: passing.subarray(0, passed), missedOnly };
}

/** Counts by code + 1 (slot 0 is null) over some rows. */
function tally(column: FacetColumn, rows: Int32Array): Int32Array {
  const counts = new Int32Array(column.labels.length + 1);
  const { codes } = column;
  for (let j = 0; j < rows.length; j++) counts[codes[rows[j]!]! + 1]! += 1;
  return counts;
}

/** Counts of each feature bit, and of vehicles with none, over some rows. */
function tallyFeatures(featureMask: Int32Array, rows: Int32Array): { bits: Int32Array; none: number } {
  const bits = new Int32Array(SEARCH_FEATURES.length);
  let none = 0;
  for (let j = 0; j < rows.length; j++) {
    let mask = featureMask[rows[j]!]!;
    if (mask === 0) none += 1;
    for (let bit = 0; mask !== 0; bit++, mask >>>= 1) if (mask & 1) bits[bit]! += 1;
  }
  return { bits, none };
}

/**
 * The counts as the facet query's rows (nulls included, zeros left out). Of a numeric dimension, only the rows of its
 * lowest and highest value: buildFacets reads nothing else of them, and a wide price spread has thousands of buckets.
 */
function pushCounts(rows: FacetRow[], column: FacetColumn, miss: Dimension | "", counts: Int32Array) {
  const { dimension, labels } = column;
  if (counts[0]! > 0) rows.push({ dimension, miss, value: null, count: counts[0]! });
  if (!column.numeric) {
    for (let slot = 1; slot < counts.length; slot++) if (counts[slot]! > 0) rows.push({ dimension, miss, value: String(labels[slot - 1]), count: counts[slot]! });
    return;
  }
  let lowest = 0;
  let highest = 0;
  for (let slot = 1; slot < counts.length; slot++) {
    if (counts[slot] === 0) continue;
    if (lowest === 0 || labels[slot - 1]! < labels[lowest - 1]!) lowest = slot;
    if (highest === 0 || labels[slot - 1]! > labels[highest - 1]!) highest = slot;
  }
  for (const slot of lowest === highest ? [lowest] : [lowest, highest]) {
    if (slot > 0) rows.push({ dimension, miss, value: String(labels[slot - 1]), count: counts[slot]! });
  }
}
function pushFeatures(rows: FacetRow[], miss: Dimension | "", { bits, none }: { bits: Int32Array; none: number }) {
  // The query counts the mask a byte at a time; a feature's count is the same whichever way it is split.
  bits.forEach((count, bit) => {
    if (count > 0) rows.push({ dimension: "features", miss, value: String(1 << bit), count });
  });
  if (none > 0) rows.push({ dimension: "features", miss, value: "0", count: none });
}

/**
 * The facet rows of these snapshots for a query, as repo.facetCounts answers them: per dimension, the vehicles
 * that fail no filter (miss "") and those that fail only that dimension's (miss = the dimension).
 */
export function countFacets(snapshots: SearchSnapshot[], query: SearchQuery): FacetRow[] {
  const rows: FacetRow[] = [];
  for (const snapshot of snapshots) {
    const scanned = scanOf(snapshot, query);
    const { passing, missedOnly } = countedRows(scanned);
    const columns = snapshot.facetColumns[query.paymentType];
    for (const column of columns) pushCounts(rows, column, "", tally(column, passing));
    pushFeatures(rows, "", tallyFeatures(snapshot.featureMask, passing));
    for (let k = 0; k < scanned.dimensions.length; k++) {
      const dimension = scanned.dimensions[k]!;
      if (dimension === "features") pushFeatures(rows, dimension, tallyFeatures(snapshot.featureMask, missedOnly[k]!));
      else {
        const column = columns.find((c) => c.dimension === dimension)!;
        pushCounts(rows, column, dimension, tally(column, missedOnly[k]!));
      }
    }
  }
  return rows;
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
 * left to the comparator. Most vehicles of a large search lose to the worst kept on this number alone.
 */
function leadingKeys(snapshot: SearchSnapshot, query: SearchQuery, distance: number): Float64Array {
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
      return keys.fill(distance);
    case "recommended":
      return rankThenDate(snapshot.inStockDay, -1, false), keys;
  }
}

/** Leading keys depend on the snapshot, the sort and the budget alone, but for the distance: kept per snapshot. */
const keptKeys = new WeakMap<SearchSnapshot, Map<string, Float64Array>>();
function leadingKeysOf(snapshot: SearchSnapshot, query: SearchQuery, distance: number): Float64Array {
  if (query.sort === "distance") return leadingKeys(snapshot, query, distance);
  const name = `${query.sort}:${query.paymentType}`;
  const kept = keptKeys.get(snapshot) ?? new Map<string, Float64Array>();
  keptKeys.set(snapshot, kept);
  const keys = kept.get(name) ?? leadingKeys(snapshot, query, distance);
  kept.set(name, keys);
  return keys;
}

/**
 * The ids of the first `limit` vehicles of a search in its order (repo.searchIds's answer), kept in a bounded heap
 * rather than sorting every match. `distanceOf` gives each snapshot's dealership distance, as orderBy rounds it.
 */
export function orderedIds(snapshots: SearchSnapshot[], query: SearchQuery, distanceOf: (s: number) => number, limit: number): number[] {
  const compare = comparator(snapshots, query, distanceOf);
  // A max-heap on the order: its top is the worst kept candidate.
  const heap: Candidate[] = [];
  const down = (from: number) => {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let worst = at;
      if (left < heap.length && compare(heap[left]!, heap[worst]!) > 0) worst = left;
      if (right < heap.length && compare(heap[right]!, heap[worst]!) > 0) worst = right;
      if (worst === at) return;
      [heap[at], heap[worst]] = [heap[worst]!, heap[at]!];
      at = worst;
    }
  };
  const up = (from: number) => {
    let at = from;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (compare(heap[at]!, heap[parent]!) <= 0) return;
      [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
      at = parent;
    }
  };
  const keys = snapshots.map((snapshot, s) => leadingKeysOf(snapshot, query, distanceOf(s)));
  snapshots.forEach((snapshot, s) => {
    const { failures } = scanOf(snapshot, query);
    const own = keys[s]!;
    // Compared against the worst kept before a candidate is made, so a vehicle that does not make it costs nothing.
    const probe = { s, i: 0 };
    for (let i = 0; i < snapshot.size; i++) {
      if (failures[i] !== 0) continue;
      if (heap.length < limit) {
        heap.push({ s, i });
        up(heap.length - 1);
        continue;
      }
      if (limit === 0) break;
      const worst = heap[0]!;
      const worstKey = keys[worst.s]![worst.i]!;
      if (own[i]! > worstKey) continue;
      probe.i = i;
      if (own[i]! < worstKey || compare(probe, worst) < 0) {
        heap[0] = { s, i };
        down(0);
      }
    }
  });
  return heap.sort(compare).map((c) => snapshots[c.s]!.ids[c.i]!);
}
