/**
 * The record of what a staff user changed while acting for a customer: which fields a call sent and,
 * for harmless ones, their values. Secrets never enter it: passwords, one-time codes, tokens, card
 * data and national id numbers are named but shown as "[hidden]".
 */
const SECRET_KEY = /pass(word|code)?|secret|token|otp|cvv|cvc|card|(^|_)pan$|(^|_)(sin|ssn)$|security_code|iban|account_number|routing/i;
/** "code" alone (a one-time code) and *_code keys are secrets, except these well-known harmless ones. */
const HARMLESS_CODES = new Set(["postal_code", "zip_code", "model_code", "dealer_code", "province_code", "country_code", "currency_code", "language_code", "trim_code", "color_code", "option_code"]);

export const ACTIVITY_SUMMARY_MAX_LENGTH = 500;
const VALUE_MAX_LENGTH = 60;
const MAX_DEPTH = 3;

export function isSecretField(key: string): boolean {
  const k = key.toLowerCase();
  if (HARMLESS_CODES.has(k)) return false;
  if (k === "code" || k.endsWith("_code") || k.endsWith("code")) return true;
  return SECRET_KEY.test(k);
}

function shortValue(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > VALUE_MAX_LENGTH ? `${text.slice(0, VALUE_MAX_LENGTH - 1)}…` : text;
}

function entries(value: unknown, prefix: string, depth: number): [string, string][] {
  if (value === null || typeof value !== "object" || Array.isArray(value) || depth >= MAX_DEPTH) return [[prefix, shortValue(value)]];
  const out: [string, string][] = [];
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isSecretField(key)) out.push([path, "[hidden]"]);
    else out.push(...entries(inner, path, depth + 1));
  }
  return out;
}

/** Field paths a request body named (nested objects flattened with dots) and a one-line summary of at most 500 characters. */
export function summarizeChanges(body: unknown): { fields: string[]; summary: string } {
  if (body === null || body === undefined || typeof body !== "object" || Array.isArray(body)) return { fields: [], summary: "" };
  const pairs = entries(body, "", 0);
  const summary = pairs.map(([path, value]) => `${path}=${value}`).join("; ");
  return {
    fields: pairs.map(([path]) => path),
    summary: summary.length > ACTIVITY_SUMMARY_MAX_LENGTH ? `${summary.slice(0, ACTIVITY_SUMMARY_MAX_LENGTH - 1)}…` : summary,
  };
}

/** The deal a call's path names, if any (/api/order/12/..., /api/customer/order-steps/12/). */
export function orderIdInPath(path: string): number | null {
  const match = /^\/api\/(?:order|customer\/order-steps)\/(\d+)(?:\/|$)/.exec(path);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
