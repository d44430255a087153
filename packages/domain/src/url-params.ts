type Scalar = string | number | boolean;

function isSafeScalar(value: unknown): value is Scalar {
  // NaN and Infinity would reach the server as the literal words "NaN" and "Infinity".
  return typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}

/**
 * Query string without the leading "?". Objects, functions and the like are
 * rejected rather than stringified into "[object Object]".
 */
export function buildUrlParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined) continue;
      if (!isSafeScalar(item)) throw new TypeError(`Unsafe URL parameter value for ${key}`);
      search.append(key, String(item));
    }
  }
  return search.toString();
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** Single pass, so a value that itself looks like "{{ x }}" is never expanded again. */
export function fillTemplate(
  template: string,
  values: Record<string, string | number | null | undefined>,
  fallback = "",
): string {
  // Most messages have no placeholder: a page's hundreds of them skip the regular expression.
  if (!template.includes("{{")) return template;
  return template.replace(PLACEHOLDER, (_placeholder, name: string) => {
    // Own properties only: "{{ constructor }}" must not reach Object.prototype.
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === null || value === undefined ? fallback : String(value);
  });
}
