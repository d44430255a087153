import fc from "fast-check";

/** The part of JSON Schema (as @fastify/swagger writes it for OpenAPI 3.0) that request schemas use. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  maximum?: number;
  nullable?: boolean;
};

/** What the generators draw names and ids from: every field name of the document, and ids of rows that exist. */
export type Vocabulary = { fieldNames: string[]; knownIds: number[] };

/** Texts that broke or could break a server: NUL bytes, int4 overflow, exponent forms, injections, bidi and astral characters. */
const HOSTILE_TEXTS = [
  "\u0000",
  "a\u0000b",
  "%00",
  "",
  " ",
  "\t\n",
  "\u202e\u200b\ufeff",
  "𝔘ñí©ødé ✓ 漢字",
  "\ud800",
  "' OR 1=1 --",
  '"; DROP TABLE orders; --',
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "2147483648",
  "-2147483649",
  "-1",
  "0",
  "1e999",
  "1e21",
  "NaN",
  "Infinity",
  "null",
  "true",
  "[]",
  "{}",
  "2026-13-45",
  "0000-00-00",
  "0x1F",
  "9".repeat(40),
];
const HOSTILE_NUMBERS = [
  2147483648, 2147483647, -2147483649, 9007199254740991, 9007199254740993, 1e21, 1e308, -1e308, -1, 0, 0.5, 1.5e-300,
];
const BIG_TEXTS = ["x".repeat(10_001), "é".repeat(3000), "1".repeat(400), "\u0000".repeat(64)];

export const anyText = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXTS),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.constantFrom(...BIG_TEXTS),
);

/** A value of any JSON type, chosen to be wrong. */
export function junk({ fieldNames }: Vocabulary): fc.Arbitrary<unknown> {
  const field = fc.constantFrom(...fieldNames);
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      anyText,
      fc.constantFrom(...HOSTILE_NUMBERS),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(field, tie("value"), { maxKeys: 4 }),
    ),
  })).value;
}

/** A value the schema accepts, as far as JSON Schema tells (so the handler runs); row ids are often ones that exist. */
export function validValue(schema: JsonSchema, words: Vocabulary, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const value = validValueOfType(schema, words, depth);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
    : value;
}

function validValueOfType(schema: JsonSchema, words: Vocabulary, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, words, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringFor(schema);
    case "integer":
      return integerFor(schema, words);
    case "number":
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(validValue(schema.items ?? {}, words, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case "object": {
      // No properties declared: a shape chosen at request time (sign-up fields), so any known names with text.
      if (!schema.properties)
        return fc.dictionary(fc.constantFrom(...words.fieldNames), fc.string({ maxLength: 30 }), { maxKeys: 8 });
      const properties = Object.entries(schema.properties);
      const record = Object.fromEntries(properties.map(([name, s]) => [name, validValue(s, words, depth + 1)]));
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      return junk(words);
  }
}

function integerFor(schema: JsonSchema, words: Vocabulary): fc.Arbitrary<number> {
  const min = Math.max(
    (schema.minimum ?? -1_000_000) + (schema.exclusiveMinimum === true ? 1 : 0),
    Number.MIN_SAFE_INTEGER,
  );
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  const range = fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
  // A row id (1 to the int4 maximum): mostly one of a row that exists, so the handler gets past its lookup.
  const isRowId = min >= 1 && max === 2_147_483_647 && words.knownIds.length > 0;
  return isRowId
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...words.knownIds) }, { weight: 1, arbitrary: range })
    : range;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain text will do.
    }
  }
  return fc.string({ unit: "grapheme", maxLength: Math.min(schema.maxLength ?? 40, 40) });
}

/** Every place in a JSON value: the keys leading to it, from the root. */
function placesIn(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [path];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value);
  return [path, ...entries.flatMap(([key, item]) => placesIn(item, [...path, key]))];
}

type Mutation = "replace" | "remove" | "add";

/** The value with one place changed: junk instead, taken out, or an unknown key with a NUL byte added beside it. */
function mutate(value: unknown, how: Mutation, pick: number, replacement: unknown, extraKey: string): unknown {
  const places = placesIn(value).filter((p) => p.length > 0);
  if (places.length === 0)
    return how === "add" && value && typeof value === "object" ? { ...value, [extraKey]: "\u0000" } : replacement;
  const path = places[pick % places.length]!;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (how === "replace") parent[last] = replacement;
  else if (how === "remove" && Array.isArray(parent)) parent.splice(Number(last), 1);
  else if (how === "remove") delete parent[last];
  else if (!Array.isArray(parent)) parent[extraKey] = "\u0000";
  return copy;
}

/** A value the schema accepts with one place gone wrong, or nothing like it at all. */
export function malformed(schema: JsonSchema, words: Vocabulary): fc.Arbitrary<unknown> {
  const changed = fc
    .tuple(
      validValue(schema, words),
      fc.constantFrom<Mutation>("replace", "replace", "remove", "add"),
      fc.nat(),
      junk(words),
      fc.constantFrom(...words.fieldNames),
    )
    .map(([value, how, pick, replacement, extraKey]) => mutate(value, how, pick, replacement, extraKey));
  return fc.oneof({ weight: 5, arbitrary: changed }, { weight: 1, arbitrary: junk(words) });
}
