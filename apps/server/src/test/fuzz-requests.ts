import fc from "fast-check";
import { FEED_COLUMNS } from "@showroom/domain";
import { anyText, junk, malformed, validValue, type JsonSchema, type Vocabulary } from "./fuzz-values.ts";

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
export type Operation = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  parameters: Parameter[];
  body: { contentTypes: string[]; schema: JsonSchema; multipartSchema?: JsonSchema } | null;
};
export type FuzzRequest = {
  method: Operation["method"];
  url: string;
  contentType: string | null;
  payload: string | Buffer | null;
};
type Body = { contentType: string | null; payload: string | Buffer | null };

type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of the document, in its order. */
export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const content = operation.requestBody?.content ?? {};
      const contentTypes = Object.keys(content);
      return {
        method: method.toUpperCase() as Operation["method"],
        path,
        parameters: operation.parameters ?? [],
        body: contentTypes.length
          ? { contentTypes, schema: content[contentTypes[0]!]?.schema ?? {}, ...(content["multipart/form-data"]?.schema ? { multipartSchema: content["multipart/form-data"].schema } : {}) }
          : null,
      };
    }),
  );
}

/** Every property name the document mentions: keys for bodies whose shape is chosen at request time, and unknown keys. */
export function fieldNamesOf(doc: unknown): string[] {
  const names = new Set([
    "email",
    "first_name",
    "last_name",
    "phone",
    "postal_code",
    "vehicle",
    "order",
    "id",
    "code",
    "password",
    "detail",
  ]);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "properties" && value && typeof value === "object")
          Object.keys(value).forEach((name) => names.add(name));
        walk(value);
      }
    }
  };
  walk(doc);
  return [...names];
}

/** encodeURIComponent, except that a lone surrogate goes out as the bytes a careless client would send. */
function encode(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\ud800-\udfff]/g, "%ED%A0%80").replace(/[^%\w]/g, (c) => encodeURIComponent(c));
  }
}

const asText = (value: unknown) =>
  typeof value === "string"
    ? value
    : value === null
      ? ""
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);

/** One path segment: an id that exists or a value of the right form; malformed, hostile numbers and texts or broken escapes. */
function pathSegment(schema: JsonSchema, words: Vocabulary) {
  const known = words.knownIds.length ? fc.constantFrom(...words.knownIds.map(String)) : fc.constant("1");
  const good = fc.oneof(
    known,
    validValue(schema, words).map((v) => encode(asText(v))),
  );
  const hostile = fc.constantFrom(
    "2147483648",
    "2147483647",
    "99999999999999999999",
    "-1",
    "0",
    "1.5",
    "1e3",
    "0x1A",
    "%00",
    "a%00b",
    "%ZZ",
    "%E9",
    "%2F",
    "..",
    "%20",
    "x".repeat(3000),
  );
  return {
    good,
    bad: fc.oneof(
      hostile,
      anyText.map((v) => encode(v)),
    ),
  };
}

/** Name=value pairs; an array value repeats its parameter, an object goes as JSON text. */
function queryPairs(query: unknown): string[] {
  if (query === null || typeof query !== "object" || Array.isArray(query)) return [`q=${encode(asText(query))}`];
  return Object.entries(query).flatMap(([name, value]) =>
    [value].flat().map((v) => `${encode(name)}=${encode(asText(v))}`),
  );
}

/** The query: declared parameters with good values; malformed, one of them (or an unknown one) wrong, or broken escapes. */
function queryOf(parameters: Parameter[], words: Vocabulary) {
  const declared = parameters.filter((p) => p.in === "query");
  const schema: JsonSchema = {
    type: "object",
    properties: Object.fromEntries(declared.map((p) => [p.name, p.schema ?? {}])),
  };
  const broken = fc.constantFrom(["%ZZ=1"], ["a[b]=1"], ["=&&="], ["%00"], ["%"]);
  return {
    good: validValue(schema, words).map((q) => queryPairs(q).join("&")),
    bad: fc
      .oneof({ weight: 4, arbitrary: malformed(schema, words).map(queryPairs) }, { weight: 1, arbitrary: broken })
      .map((pairs) => pairs.join("&")),
  };
}

const INVALID_JSON = [
  "{",
  '{"a":',
  "[1,2",
  "{'a':1}",
  "nul",
  "\u0000",
  '{"a":"\u0000"',
  "   ",
  "",
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{}}}',
  "1e999999",
];

/** Cells of a dealer feed that read well, by column label; any cell may be hostile text instead. */
const FEED_CELLS: Record<string, fc.Arbitrary<string>> = {
  VIN: fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/),
  Year: fc.constantFrom("2019", "2024", "1980", "2031", "20x4"),
  Make: fc.constantFrom("Ford", "Toyota", ""),
  Model: fc.constantFrom("F-150", "RAV4", ""),
  Condition: fc.constantFrom("New", "Used", "Certified", "Demo"),
  Price: fc.constantFrom("25999", "$25,999.00", "-1", "1000000", "12.345"),
  Odometer: fc.constantFrom("0", "45,210", "99999999"),
};
const REQUIRED_LABELS = ["VIN", "Year", "Make", "Model", "Condition"];

/** A CSV feed with the required columns and some others; rows of good, bad or hostile cells. */
const csvFeed = fc
  .shuffledSubarray(
    Object.values(FEED_COLUMNS)
      .map((c) => c.label)
      .filter((label) => !REQUIRED_LABELS.includes(label)),
  )
  .chain((others) => {
    const header = [...REQUIRED_LABELS, ...others];
    const cell = (label: string) =>
      fc.oneof(
        { weight: 5, arbitrary: FEED_CELLS[label] ?? fc.string({ maxLength: 12 }) },
        { weight: 1, arbitrary: anyText },
      );
    return fc.array(fc.tuple(...header.map(cell)), { maxLength: 4 }).map((rows) => [header, ...rows]);
  })
  .map((rows) => rows.map((cells) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\n"));

/** A real 2 × 2 JPEG, so a well-formed upload reaches as deep as a good one does. */
const TINY_JPEG = Buffer.from(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAA/9k=",
  "base64",
);

/** Bytes a file part may carry: pictures cut short or lying about their type, text, nothing, noise. */
const FILE_BYTES = [
  TINY_JPEG,
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x7f, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff, 0x08, 0x06]),
  Buffer.from("%PDF-1.7\n%%EOF"),
  Buffer.from("GIF89a\u0001\u0000\u0001\u0000"),
  Buffer.from("just text"),
  Buffer.alloc(0),
];

/**
 * multipart/form-data bodies for calls that take an upload: fields (named in the document, or not) and file parts
 * with hostile bytes and names, in order or not, too many of them, cut short, or under the wrong boundary.
 */
function multipartOf(schema: JsonSchema | undefined, words: Vocabulary): fc.Arbitrary<Body> {
  const names = fc.oneof(fc.constantFrom(...Object.keys(schema?.properties ?? {}), "file", "angle"), fc.constantFrom(...words.fieldNames), anyText);
  const header = (name: string, filename: string | null, type: string | null) =>
    `Content-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"${filename === null ? "" : `; filename="${filename.replace(/["\r\n]/g, "")}"`}\r\n${type ? `Content-Type: ${type}\r\n` : ""}`;
  const field = fc.tuple(names, fc.oneof(anyText, fc.constantFrom("front", "vin", "seat_interior", "drivers_licence", "other"))).map(([name, value]) => Buffer.from(`${header(name, null, null)}\r\n${value}`));
  const file = fc
    .tuple(names, fc.oneof(fc.constantFrom("photo.jpg", "../../etc/passwd", "a.png", ""), anyText), fc.constantFrom("image/jpeg", "image/png", "application/pdf", "text/plain", null), fc.constantFrom(...FILE_BYTES), fc.nat({ max: 3 }))
    .map(([name, filename, type, bytes, repeat]) => Buffer.concat([Buffer.from(`${header(name, filename, type)}\r\n`), ...Array.from({ length: repeat + 1 }, () => bytes)]));
  return fc
    .tuple(fc.array(fc.oneof(field, file), { maxLength: 9 }), fc.constantFrom("ok", "cut", "wrong-boundary", "no-boundary", "no-end"))
    .map(([parts, shape]) => {
      const boundary = "fuzzBoundary7MA4YWxkTrZu0gW";
      let payload = Buffer.concat([...parts.flatMap((part) => [Buffer.from(`--${boundary}\r\n`), part, Buffer.from("\r\n")]), Buffer.from(shape === "no-end" ? "" : `--${boundary}--\r\n`)]);
      if (shape === "cut") payload = payload.subarray(0, Math.floor(payload.length / 2));
      const contentType = shape === "no-boundary" ? "multipart/form-data" : `multipart/form-data; boundary=${shape === "wrong-boundary" ? "other" : boundary}`;
      return { contentType, payload };
    });
}

/** A well-formed upload: each field of the multipart schema with a value it accepts, the file a real JPEG. */
function goodMultipartOf(schema: JsonSchema, words: Vocabulary): fc.Arbitrary<Body> {
  const fields = Object.entries(schema.properties ?? {}).filter(([, property]) => property.format !== "binary");
  return fc.tuple(...fields.map(([, property]) => validValue(property, words))).map((values) => {
    const boundary = "fuzzBoundaryGood0gW";
    const parts = fields.map(([name], i) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(values[i])}\r\n`);
    const payload = Buffer.concat([
      Buffer.from(parts.join("")),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      TINY_JPEG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload };
  });
}

/** The body: JSON the schema accepts (or a CSV feed); malformed, one place wrong, junk, invalid JSON or the wrong media type. */
function bodyOf(operation: Operation, words: Vocabulary): { good: fc.Arbitrary<Body>; bad: fc.Arbitrary<Body> } {
  const json = (arbitrary: fc.Arbitrary<unknown>) =>
    arbitrary.map((value) => ({ contentType: "application/json", payload: JSON.stringify(value) ?? "null" }));
  const text = (contentType: string | null, payload: fc.Arbitrary<string>) =>
    payload.map((p) => ({ contentType, payload: p }));
  const deep = fc.integer({ min: 50, max: 3000 }).map((n) => "[".repeat(n) + "]".repeat(n));
  const schema = operation.body?.schema;
  const csv = operation.body?.contentTypes.includes("text/csv") ?? false;
  const multipartSchema = operation.body?.multipartSchema;
  const good: fc.Arbitrary<Body> = csv
    ? text("text/csv", csvFeed)
    : schema
      ? multipartSchema
        ? fc.oneof(json(validValue(schema, words)), goodMultipartOf(multipartSchema, words))
        : json(validValue(schema, words))
      : fc.constant({ contentType: null, payload: null });
  const bad = fc.oneof(
    {
      weight: 6,
      arbitrary: csv
        ? text("text/csv", fc.oneof(csvFeed, anyText))
        : json(malformed(schema ?? { type: "object" }, words)),
    },
    { weight: 2, arbitrary: json(junk(words)) },
    { weight: 2, arbitrary: text("application/json", fc.oneof(fc.constantFrom(...INVALID_JSON), deep)) },
    { weight: 1, arbitrary: text("text/plain", anyText) },
    { weight: 1, arbitrary: text("application/x-www-form-urlencoded", fc.constant("a=1&b=%00")) },
    { weight: 1, arbitrary: text("application/xml", fc.constant("<a>\u0000</a>")) },
    { weight: 1, arbitrary: text("application/json; charset=latin1", fc.constant("{}")) },
    { weight: 1, arbitrary: text(null, fc.constant('{"a":1}')) },
    ...(operation.body?.contentTypes.includes("multipart/form-data")
      ? [{ weight: 6, arbitrary: multipartOf(operation.body.multipartSchema, words) }]
      : []),
  );
  return { good, bad };
}

/**
 * Requests to one operation where one part is malformed (a path segment, the query or the body) and the
 * others are well-formed, so each fault reaches as deep into the handler as it can; now and then all are good.
 */
export function requestsFor(operation: Operation, words: Vocabulary): fc.Arbitrary<FuzzRequest> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const segments = names.map((name) =>
    pathSegment(operation.parameters.find((p) => p.in === "path" && p.name === name)?.schema ?? {}, words),
  );
  const query = queryOf(operation.parameters, words);
  const body = operation.method === "GET" ? null : bodyOf(operation, words);
  const targets = [
    { weight: 1, arbitrary: fc.constant("none") },
    { weight: 2, arbitrary: fc.constant("query") },
    ...(names.length ? [{ weight: 2, arbitrary: fc.nat({ max: names.length - 1 }).map((i) => `path:${i}`) }] : []),
    ...(body ? [{ weight: operation.body ? 5 : 1, arbitrary: fc.constant("body") }] : []),
  ];
  return fc.oneof(...targets).chain((target) => {
    const path = fc.tuple(...segments.map((s, i) => (target === `path:${i}` ? s.bad : s.good)));
    const sent: fc.Arbitrary<Body> = body
      ? target === "body"
        ? body.bad
        : body.good
      : fc.constant({ contentType: null, payload: null });
    return fc
      .tuple(path, target === "query" ? query.bad : query.good, sent)
      .map(([values, q, { contentType, payload }]) => {
        let url = operation.path;
        names.forEach((name, i) => (url = url.replace(`{${name}}`, values[i]!)));
        return { method: operation.method, url: q ? `${url}?${q}` : url, contentType, payload };
      });
  });
}
