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
const CONDITION_VALUES = ["new", "used", "cpo"] as const;

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
  text: Coded[];
  /** 0 new, 1 used, 2 certified used (the condition facet's values); conditionRaw says "New", "Used" or other. */
  conditionValue: Uint8Array;
  conditionRaw: string[];
  certified: Uint8Array;
  featureMask: Int32Array;
  year: Float64Array;
  odometer: Float64Array;
  budget: Record<SearchQuery["paymentType"], Float64Array>;
  searchText: (string | null)[];
};

function coded(rows: SearchSource[], key: keyof SearchSource): Coded {
  const index = new Map<string, number>();
  const values: string[] = [];
  const codes = new Int32Array(rows.length);
  rows.forEach((row, i) => {
    const value = row[key] as string | null;
    if (value === null) {
      codes[i] = NONE;
      return;
    }
    let code = index.get(value);
    if (code === undefined) {
      code = values.length;
      index.set(value, code);
      values.push(value);
    }
    codes[i] = code;
  });
  return { codes, values, lower: values.map((v) => v.toLowerCase()) };
}

const numbers = (rows: SearchSource[], key: keyof SearchSource) => Float64Array.from(rows, (row) => (row[key] === null ? Number.NaN : Number(row[key])));

const STATUS_ORDER = ["I", "D", "T", "P", "V", "R"];

export function searchSnapshot(rows: SearchSource[]): SearchSnapshot {
  return {
    size: rows.length,
    ids: Int32Array.from(rows, (row) => row.id),
    statusRank: Uint8Array.from(rows, (row) => {
      const rank = STATUS_ORDER.indexOf(row.stockStatus ?? "");
      return rank === -1 ? STATUS_ORDER.length : rank;
    }),
    inStockDate: rows.map((row) => row.inStockDate),
    arrivalDate: rows.map((row) => row.arrivalDate),
    text: TEXT_DIMENSIONS.map((dimension) => coded(rows, SOURCE_OF[dimension])),
    conditionValue: Uint8Array.from(rows, (row) => (row.condition === "New" ? 0 : row.isCertified ? 2 : 1)),
    conditionRaw: rows.map((row) => row.condition),
    certified: Uint8Array.from(rows, (row) => (row.isCertified ? 1 : 0)),
    featureMask: Int32Array.from(rows, (row) => row.featureMask),
    year: numbers(rows, "year"),
    odometer: numbers(rows, "odometer"),
    budget: { cash: numbers(rows, "priceCents"), finance: numbers(rows, "financePaymentCents"), lease: numbers(rows, "leasePaymentCents") },
    searchText: rows.map((row) => row.searchText),
  };
}

type Test = (snapshot: SearchSnapshot, i: number) => boolean;

/** The active filters as tests of one vehicle (the same conditions as search-sql.ts filterConditions). */
function filterTests(snapshot: SearchSnapshot, query: SearchQuery): Partial<Record<Dimension, Test>> {
  const tests: Partial<Record<Dimension, Test>> = {};
  if (query.condition === "new") tests.condition = (s, i) => s.conditionRaw[i] === "New";
  if (query.condition === "used") tests.condition = (s, i) => s.conditionRaw[i] === "Used";
  if (query.condition === "cpo") tests.condition = (s, i) => s.conditionRaw[i] === "Used" && s.certified[i] === 1;
  const oneOf = (dimension: TextDimension, wanted: string[] | undefined, compare: (column: Coded, code: number) => string) => {
    if (!wanted?.length) return;
    const column = snapshot.text[TEXT_DIMENSIONS.indexOf(dimension)]!;
    const allowed = new Uint8Array(column.values.length);
    column.values.forEach((_, code) => (allowed[code] = wanted.includes(compare(column, code)) ? 1 : 0));
    tests[dimension] = (_s, i) => {
      const code = column.codes[i]!;
      return code !== NONE && allowed[code] === 1;
    };
  };
  const lower = (values: string[] | undefined) => values?.map((v) => v.toLowerCase());
  const byLower = (column: Coded, code: number) => column.lower[code]!;
  oneOf("make", lower(query.make ? [query.make] : undefined), byLower);
  oneOf("model", lower(query.model ? [query.model] : undefined), byLower);
  oneOf("trim", lower(query.trim ? [query.trim] : undefined), byLower);
  for (const dimension of ["bodyType", "drivetrain", "exteriorColor", "interiorColor", "fuelType", "transmission"] as const) oneOf(dimension, lower(query[dimension]), byLower);
  if (query.stockType?.length) {
    const codes = (Object.entries(STOCK_STATUS_NAMES) as [StockStatusCode, string][])
      .filter(([code, type]) => query.stockType!.includes(type as never) && LISTED_STOCK_CODES.includes(code))
      .map(([code]) => code);
    if (codes.length === 0) tests.stockType = () => false;
    else oneOf("stockType", codes, (column, code) => column.values[code]!);
  }
  if (query.features?.length) {
    const mask = query.features.reduce((m, f) => m | (1 << SEARCH_FEATURES.indexOf(f)), 0);
    tests.features = (s, i) => (s.featureMask[i]! & mask) === mask;
  }
  const range = (values: (s: SearchSnapshot) => Float64Array, min: number | undefined, max: number | undefined): Test | undefined => {
    if (min === undefined && max === undefined) return undefined;
    return (s, i) => {
      const value = values(s)[i]!;
      return !Number.isNaN(value) && (min === undefined || value >= min) && (max === undefined || value <= max);
    };
  };
  const cents = (amount: string | undefined) => (amount === undefined ? undefined : Number(dollarsToCents(amount)));
  const year = range((s) => s.year, query.minYear, query.maxYear);
  if (year) tests.year = year;
  const mileage = range((s) => s.odometer, query.minMileage, query.maxMileage);
  if (mileage) tests.mileage = mileage;
  const payment = range((s) => s.budget[query.paymentType], cents(query.minPayment), cents(query.maxPayment));
  if (payment) tests.payment = payment;
  return tests;
}

/** The text query: every word (at most eight) within the vehicle's search text, as the LIKE of scopeCondition. */
function textTest(query: SearchQuery): Test | null {
  const words = (query.query ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return null;
  return (s, i) => {
    const text = s.searchText[i];
    return text !== null && text !== undefined && words.every((word) => text.includes(word));
  };
}

/** Counts of one dimension's values: by dictionary code (text dimensions, per snapshot) or by number, plus nulls. */
type NumberTally = { byValue: Map<number, number>; nulls: number };
const numberTally = (): NumberTally => ({ byValue: new Map(), nulls: 0 });
const addNumber = (tally: NumberTally, value: number) => {
  if (Number.isNaN(value)) tally.nulls += 1;
  else tally.byValue.set(value, (tally.byValue.get(value) ?? 0) + 1);
};

/** One snapshot's counts for one "miss" (none, or one dimension's filter failed). */
type Counts = { condition: Int32Array; text: Int32Array[]; features: Int32Array; noFeatures: number; year: NumberTally; mileage: NumberTally; payment: NumberTally };
const emptyCounts = (snapshot: SearchSnapshot): Counts => ({
  condition: new Int32Array(CONDITION_VALUES.length),
  text: snapshot.text.map((column) => new Int32Array(column.values.length + 1)),
  features: new Int32Array(SEARCH_FEATURES.length),
  noFeatures: 0,
  year: numberTally(),
  mileage: numberTally(),
  payment: numberTally(),
});

/** Adds row i's value of one dimension (or of every dimension) to the counts. */
function countRow(snapshot: SearchSnapshot, counts: Counts, i: number, only: Dimension | null, budget: Float64Array) {
  if (only === null || only === "condition") counts.condition[snapshot.conditionValue[i]!]! += 1;
  TEXT_DIMENSIONS.forEach((dimension, d) => {
    if (only === null || only === dimension) counts.text[d]![snapshot.text[d]!.codes[i]! + 1]! += 1;
  });
  if (only === null || only === "features") {
    const mask = snapshot.featureMask[i]!;
    if (mask === 0) counts.noFeatures += 1;
    for (let bit = 0; bit < SEARCH_FEATURES.length; bit++) if (mask & (1 << bit)) counts.features[bit]! += 1;
  }
  if (only === null || only === "year") addNumber(counts.year, snapshot.year[i]!);
  if (only === null || only === "mileage") addNumber(counts.mileage, Math.trunc(snapshot.odometer[i]! / MILEAGE_BUCKET));
  if (only === null || only === "payment") addNumber(counts.payment, Math.trunc(budget[i]! / PAYMENT_BUCKET_CENTS));
}

/** The counts as the facet query's rows; `dimension` limits them to that one (the rows that missed it). */
function rowsOf(snapshot: SearchSnapshot, counts: Counts, miss: Dimension | "", rows: FacetRow[]) {
  const push = (dimension: Dimension, value: string | null, count: number) => {
    if (count > 0 && (miss === "" || miss === dimension)) rows.push({ dimension, miss, value, count });
  };
  counts.condition.forEach((count, v) => push("condition", CONDITION_VALUES[v]!, count));
  TEXT_DIMENSIONS.forEach((dimension, d) => counts.text[d]!.forEach((count, code) => push(dimension, code === 0 ? null : snapshot.text[d]!.values[code - 1]!, count)));
  // The query counts the mask a byte at a time; a feature's count is the same whichever way it is split.
  counts.features.forEach((count, bit) => push("features", String(1 << bit), count));
  push("features", "0", counts.noFeatures);
  for (const dimension of ["year", "mileage", "payment"] as const) {
    const tally = counts[dimension];
    for (const [value, count] of tally.byValue) push(dimension, String(value), count);
    push(dimension, null, tally.nulls);
  }
}

/**
 * The facet rows of these snapshots for a query, as repo.facetCounts answers them: per dimension, the vehicles
 * that fail no filter (miss "") and those that fail only that dimension's (miss = the dimension).
 */
export function countFacets(snapshots: SearchSnapshot[], query: SearchQuery): FacetRow[] {
  const text = textTest(query);
  const rows: FacetRow[] = [];
  for (const snapshot of snapshots) {
    const tests = Object.entries(filterTests(snapshot, query)) as [Dimension, Test][];
    const budget = snapshot.budget[query.paymentType];
    const passing = emptyCounts(snapshot);
    const missing = new Map<Dimension, Counts>(tests.map(([dimension]) => [dimension, emptyCounts(snapshot)]));
    for (let i = 0; i < snapshot.size; i++) {
      if (text && !text(snapshot, i)) continue;
      let miss: Dimension | null = null;
      let misses = 0;
      for (const [dimension, test] of tests) {
        if (test(snapshot, i)) continue;
        miss = dimension;
        if (++misses > 1) break;
      }
      if (misses === 0) countRow(snapshot, passing, i, null, budget);
      else if (misses === 1) countRow(snapshot, missing.get(miss!)!, i, miss, budget);
    }
    rowsOf(snapshot, passing, "", rows);
    for (const [dimension, counts] of missing) rowsOf(snapshot, counts, dimension, rows);
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

/**
 * The ids of the first `limit` vehicles of a search in its order (repo.searchIds's answer), kept in a bounded heap
 * rather than sorting every match. `distanceOf` gives each snapshot's dealership distance, as orderBy rounds it.
 */
export function orderedIds(snapshots: SearchSnapshot[], query: SearchQuery, distanceOf: (s: number) => number, limit: number): number[] {
  const compare = comparator(snapshots, query, distanceOf);
  const text = textTest(query);
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
  snapshots.forEach((snapshot, s) => {
    const tests = Object.values(filterTests(snapshot, query));
    for (let i = 0; i < snapshot.size; i++) {
      if (text && !text(snapshot, i)) continue;
      if (!tests.every((test) => test(snapshot, i))) continue;
      const candidate = { s, i };
      if (heap.length < limit) {
        heap.push(candidate);
        up(heap.length - 1);
      } else if (limit > 0 && compare(candidate, heap[0]!) < 0) {
        heap[0] = candidate;
        down(0);
      }
    }
  });
  return heap.sort(compare).map((c) => snapshots[c.s]!.ids[c.i]!);
}
