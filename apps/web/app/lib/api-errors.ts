import { ApiRequestError } from "./api-client.ts";

/**
 * A DRF-style error body read for display: one message per field (nested objects give dotted paths such as
 * "base_consents_responses.disclosure_tokenization"), the messages that name no field, and the machine code.
 * A `code` that is a list of messages is the field named "code" (the re-entry code), not a machine code.
 */
export type ErrorMessages = { fields: Record<string, string>; general: string[]; code: string | null };

const firstMessage = (value: unknown): string | null => {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const found = value.find((v) => typeof v === "string");
    return typeof found === "string" ? found : null;
  }
  return null;
};

export function errorMessages(body: unknown): ErrorMessages {
  const result: ErrorMessages = { fields: {}, general: [], code: null };
  if (!body || typeof body !== "object" || Array.isArray(body)) return result;
  const visit = (value: unknown, path: string) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) visit(inner, path ? `${path}.${key}` : key);
      return;
    }
    const message = firstMessage(value);
    if (message) result.fields[path] = message;
  };
  for (const [key, value] of Object.entries(body)) {
    if (key === "code" && typeof value === "string") result.code = value;
    else if (key === "non_field_errors" || key === "detail") {
      const messages = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : [];
      result.general.push(...messages);
    } else visit(value, key);
  }
  return result;
}

/** The status and body of an API answer that was not a success, or null for anything else (network, expiry). */
export function httpFailure(error: unknown): { status: number; body: unknown } | null {
  return error instanceof ApiRequestError && error.failure.kind === "http" ? { status: error.failure.status, body: error.failure.body } : null;
}
