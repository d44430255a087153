import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, serializeCsv, serializeCsvField } from "./csv.ts";

describe("parseCsv", () => {
  it("reads plain records with their line numbers", () => {
    expect(parseCsv("a,b\n1,2\n3,4\n")).toEqual({
      records: [
        { line: 1, fields: ["a", "b"] },
        { line: 2, fields: ["1", "2"] },
        { line: 3, fields: ["3", "4"] },
      ],
      error: null,
    });
  });

  it("reads quoted fields with commas and doubled quotes", () => {
    const { records } = parseCsv('name,note\n"Smith, J.","He said ""hi"""\n');
    expect(records[1]?.fields).toEqual(["Smith, J.", 'He said "hi"']);
  });

  it("keeps line breaks inside quotes and counts them for the next record's line", () => {
    const { records } = parseCsv('a,b\n"line one\nline two\nline three",x\nnext,y\n');
    expect(records).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["line one\nline two\nline three", "x"] },
      { line: 5, fields: ["next", "y"] },
    ]);
  });

  it("accepts CRLF and keeps a CRLF inside quotes verbatim", () => {
    const { records } = parseCsv('a,b\r\n"x\r\ny",2\r\nz,3\r\n');
    expect(records).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x\r\ny", "2"] },
      { line: 4, fields: ["z", "3"] },
    ]);
  });

  it("treats a lone CR as a line break", () => {
    expect(parseCsv("a\rb\r").records).toEqual([
      { line: 1, fields: ["a"] },
      { line: 2, fields: ["b"] },
    ]);
  });

  it("strips a UTF-8 BOM", () => {
    expect(parseCsv("\uFEFFVIN,Year\n").records[0]?.fields).toEqual(["VIN", "Year"]);
  });

  it("ignores the trailing line break and blank lines, but not their line numbers", () => {
    expect(parseCsv("a\n\nb\n\n").records).toEqual([
      { line: 1, fields: ["a"] },
      { line: 3, fields: ["b"] },
    ]);
    expect(parseCsv("a\nb").records).toHaveLength(2);
  });

  it("keeps empty fields and a quoted empty record", () => {
    expect(parseCsv(",,\n").records[0]?.fields).toEqual(["", "", ""]);
    expect(parseCsv('""\n').records).toEqual([{ line: 1, fields: [""] }]);
  });

  it("reads an empty text as no records", () => {
    expect(parseCsv("")).toEqual({ records: [], error: null });
  });

  it("reports an unterminated quote with the line it starts on, keeping earlier records", () => {
    const result = parseCsv('a,b\n1,2\n3,"open\nstill open\n');
    expect(result.records).toHaveLength(2);
    expect(result.error).toEqual({ line: 3, message: "Unterminated quoted field starting on line 3" });
  });

  it("is lenient with stray quotes like spreadsheets are", () => {
    expect(parseCsv('ab"c,"de"f\n').records[0]?.fields).toEqual(['ab"c', "def"]);
  });
});

describe("serializeCsv", () => {
  it("quotes only when needed", () => {
    expect(serializeCsvField("plain")).toBe("plain");
    expect(serializeCsvField('a "b", c')).toBe('"a ""b"", c"');
    expect(serializeCsvField("x\ny")).toBe('"x\ny"');
  });

  it("round-trips any table of strings", () => {
    const table = fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 1, maxLength: 5 }), { maxLength: 8 });
    fc.assert(
      fc.property(table, (records) => {
        // A record of one empty field is written as "" and read back as such.
        const parsed = parseCsv(serializeCsv(records));
        expect(parsed.error).toBeNull();
        expect(parsed.records.map((record) => record.fields)).toEqual(records);
      }),
    );
  });
});
