import type { Country } from "../constants.ts";

/** Field rules of spec section 5, as plain predicates so forms and schemas share them. */

const CANADIAN_POSTAL = /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/;
const US_ZIP = /^\d{5}(?:-?\d{4})?$/;

export const isCanadianPostalCode = (value: string) => CANADIAN_POSTAL.test(value.trim());
export const isUsZip = (value: string) => US_ZIP.test(value.trim());
export const isPostalCodeFor = (country: Country, value: string) =>
  country === "US" ? isUsZip(value) : isCanadianPostalCode(value);

/** "m5v-3l9" → "M5V 3L9"; ZIPs keep their digits (and a hyphen before the +4 part). */
export function normalizePostalCode(country: Country, value: string): string {
  const v = value.trim().toUpperCase();
  if (country === "US") {
    const digits = v.replace(/\D/g, "");
    return digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
  }
  const compact = v.replace(/[\s-]/g, "");
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

/** Area and exchange codes start with 2 to 9. Canada: optional brackets, space or hyphen. US: ddd-ddd-dddd. */
const CANADIAN_PHONE = /^(?:\([2-9]\d{2}\)|[2-9]\d{2})[ -]?[2-9]\d{2}[ -]?\d{4}$/;
const US_PHONE = /^[2-9]\d{2}-[2-9]\d{2}-\d{4}$/;

export const isPhoneFor = (country: Country, value: string) =>
  (country === "US" ? US_PHONE : CANADIAN_PHONE).test(value.trim());

/** The ten digits of a North American number, or null when it is not one. */
export function phoneDigits(value: string): string | null {
  const digits = value.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

export const PHONE_MASK: Record<Country, string> = { CA: "(###) ###-####", US: "###-###-####" };
export const POSTAL_MASK: Record<Country, string> = { CA: "A#A #A#", US: "#####" };

/**
 * Applies an input mask (# a digit, A a letter, anything else literal) to what a person typed,
 * dropping characters that do not fit; literals appear only once a later slot is filled.
 */
export function applyMask(value: string, mask: string): string {
  const chars = [...value].filter((c) => /[A-Za-z0-9]/.test(c));
  let out = "";
  let pendingLiterals = "";
  let i = 0;
  for (const slot of mask) {
    if (i >= chars.length) break;
    if (slot !== "#" && slot !== "A") {
      pendingLiterals += slot;
      continue;
    }
    // Skip typed characters that cannot fill this slot.
    while (i < chars.length && !(slot === "#" ? /\d/ : /[A-Za-z]/).test(chars[i]!)) i += 1;
    if (i >= chars.length) break;
    out += pendingLiterals + chars[i]!.toUpperCase();
    pendingLiterals = "";
    i += 1;
  }
  return out;
}

/** City: letters (accents included) in words separated by a space, hyphen, apostrophe, or a period and a space. */
export const isCity = (value: string) => /^\p{L}+(?:(?:[ '’-]|\. ?)\p{L}+)*\.?$/u.test(value);

/** Company: 2+ characters of letters, digits, space and ' ! . -; no outer spaces; a letter or digit somewhere. */
export const isCompany = (value: string) =>
  value.length >= 2 && /^[\p{L}\d '’!.-]+$/u.test(value) && value === value.trim() && /[\p{L}\d]/u.test(value);

/** Social insurance number: nine digits whose Luhn checksum is zero. */
export function isSin(value: string): boolean {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    let d = Number(digits[i]) * (i % 2 === 1 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Masks an email for display after a code was sent: "j***@e***.com". */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

/** Masks a phone to its last four digits: "(***) ***-0142". */
export const maskPhone = (digits: string) => `(***) ***-${digits.slice(-4)}`;

/** Masks a name to its initial: "Jeanne" → "J.". */
export const maskName = (name: string) => (name ? `${name.slice(0, 1)}.` : "");
