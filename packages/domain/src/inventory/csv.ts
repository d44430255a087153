/** A parsed CSV record and the 1-based physical line where it starts (the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvError {
  line: number;
  message: string;
}

/**
 * Records read before any error. `error` is set only for an unterminated quoted field,
 * which swallows the rest of the text; the records before it are still returned.
 */
export interface CsvParseResult {
  records: CsvRecord[];
  error: CsvError | null;
}

/**
 * RFC 4180 parser, comma-separated. Quoted fields may hold commas, doubled quotes and
 * line breaks (kept verbatim). Line breaks are CRLF, LF or a lone CR. A leading UTF-8 BOM
 * is stripped. Blank lines (including the trailing one) are skipped: they carry no record.
 * Lenient where spreadsheets are: a quote inside an unquoted field is literal, and text
 * after a closing quote is appended (`"ab"c` reads `abc`).
 */
export function parseCsv(text: string): CsvParseResult {
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let index = 0;
  const length = input.length;

  while (index < length) {
    const recordLine = line;
    const fields: string[] = [];
    let field = "";
    let quotedAnywhere = false;
    let ended = false;

    while (!ended) {
      if (index >= length) {
        fields.push(field);
        break;
      }
      const char = input[index];
      if (char === '"' && field === "" && !quotedAnywhere) {
        // Opening quote at the start of a field: read up to the closing quote.
        const quoteLine = line;
        index += 1;
        let closed = false;
        while (index < length) {
          const inner = input[index];
          if (inner === '"') {
            if (input[index + 1] === '"') {
              field += '"';
              index += 2;
              continue;
            }
            index += 1;
            closed = true;
            break;
          }
          if (inner === "\r" || inner === "\n") {
            const breakLength = inner === "\r" && input[index + 1] === "\n" ? 2 : 1;
            field += input.slice(index, index + breakLength);
            index += breakLength;
            line += 1;
            continue;
          }
          field += inner;
          index += 1;
        }
        if (!closed) {
          return {
            records,
            error: { line: quoteLine, message: `Unterminated quoted field starting on line ${quoteLine}` },
          };
        }
        quotedAnywhere = true;
        continue;
      }
      if (char === ",") {
        fields.push(field);
        field = "";
        quotedAnywhere = false;
        index += 1;
        continue;
      }
      if (char === "\r" || char === "\n") {
        index += char === "\r" && input[index + 1] === "\n" ? 2 : 1;
        line += 1;
        fields.push(field);
        ended = true;
        continue;
      }
      field += char;
      index += 1;
    }

    const blank = fields.length === 1 && fields[0] === "" && !quotedAnywhere;
    if (!blank) records.push({ line: recordLine, fields });
  }

  return { records, error: null };
}

const NEEDS_QUOTES = /^\uFEFF|[",\r\n]/;

/** Quotes a field only when it must be: it holds a comma, a quote or a line break, or starts with a BOM. */
export function serializeCsvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Records joined with CRLF, as RFC 4180 writes them, with a trailing line break.
 * A record made of one empty field is written as `""` so that it is not read back as a blank line.
 */
export function serializeCsv(records: readonly (readonly string[])[]): string {
  return records
    .map((fields) => (fields.length === 1 && fields[0] === "" ? '""' : fields.map(serializeCsvField).join(",")))
    .map((row) => `${row}\r\n`)
    .join("");
}
