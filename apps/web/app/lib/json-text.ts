/**
 * A loader's large list sent to the browser as one JSON string rather than as objects. React Router encodes
 * loader data value by value (turbo-stream), which for the search page's 50 cards was about a tenth of the
 * page's server CPU (8.5 % of a profile under load, 3.8 % after); one JSON string is a single value, and JSON.parse reads it back faster
 * than the browser decodes the values one by one. The type keeps what the text holds.
 */
export type JsonText<T> = string & { readonly __jsonOf: T };

/**
 * On the server the page reads back the text its own loader just wrote (2.5 % of a search page's CPU): it gets the
 * value that was written instead. Each is read once, and only the latest few are kept in case a render never reads one.
 */
const written = new Map<string, unknown>();
const WRITTEN_KEPT = 32;

export function toJsonText<T>(value: T): JsonText<T> {
  const text = JSON.stringify(value) as JsonText<T>;
  written.set(text, value);
  if (written.size > WRITTEN_KEPT) written.delete(written.keys().next().value!);
  return text;
}

/** The value of `text`: the one written in this process if it is still kept (then no longer), else the text parsed. */
export function fromJsonText<T>(text: JsonText<T>): T {
  if (written.has(text)) {
    const value = written.get(text) as T;
    written.delete(text);
    return value;
  }
  return JSON.parse(text) as T;
}
