/**
 * A loader's large list sent to the browser as one JSON string rather than as objects. React Router encodes
 * loader data value by value (turbo-stream), which for the search page's 50 cards was about a tenth of the
 * page's server CPU (8.5 % of a profile under load, 3.8 % after); one JSON string is a single value, and JSON.parse reads it back faster
 * than the browser decodes the values one by one. The type keeps what the text holds.
 */
export type JsonText<T> = string & { readonly __jsonOf: T };

export const toJsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

export const fromJsonText = <T>(text: JsonText<T>): T => JSON.parse(text) as T;
