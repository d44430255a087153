import { type Country } from "../constants.ts";
import { type JurisdictionId } from "./tax-types.ts";
import { stateForZipPrefix } from "./us-zip-prefixes.ts";

/** First letter of a Canadian postal code → province or territory (Canada Post). */
export const POSTAL_LETTER_PROVINCE: Readonly<Record<string, string>> = {
  A: "NL",
  B: "NS",
  C: "PE",
  E: "NB",
  G: "QC",
  H: "QC",
  J: "QC",
  K: "ON",
  L: "ON",
  M: "ON",
  N: "ON",
  P: "ON",
  R: "MB",
  S: "SK",
  T: "AB",
  V: "BC",
  X: "NT",
  Y: "YT",
};

/**
 * "X" is shared by the Northwest Territories and Nunavut. The forward sortation areas X0A, X0B
 * and X0C are Nunavut; every other X area (X0E, X0G, X1A) is the Northwest Territories. Both
 * charge GST only, so a wrong guess would not change the tax.
 */
export const NUNAVUT_FSAS: readonly string[] = ["X0A", "X0B", "X0C"];

const CANADIAN_POSTAL_CODE = /^([A-Z]\d[A-Z])[ -]?(\d[A-Z]\d)$/;
const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;

export interface JurisdictionMatch {
  country: Country;
  /** Province, territory or state code: "ON", "NU", "NY". */
  region: string;
  jurisdiction: JurisdictionId;
}

/** Province or territory of a Canadian postal code ("A1A 1A1", "a1a-1a1"), or null if malformed. */
export function jurisdictionFromPostalCode(postalCode: string): JurisdictionMatch | null {
  const match = CANADIAN_POSTAL_CODE.exec(postalCode.trim().toUpperCase());
  if (!match) return null;
  const fsa = match[1]!;
  const letter = fsa[0]!;
  const region = letter === "X" && NUNAVUT_FSAS.includes(fsa) ? "NU" : POSTAL_LETTER_PROVINCE[letter];
  return region ? { country: "CA", region, jurisdiction: `CA-${region}` } : null;
}

/** State of a US ZIP (5 digits, optionally ZIP+4) from its 3-digit prefix, or null. */
export function jurisdictionFromZip(zip: string): JurisdictionMatch | null {
  const match = US_ZIP.exec(zip.trim());
  if (!match) return null;
  const region = stateForZipPrefix(Number(match[1]!.slice(0, 3)));
  return region ? { country: "US", region, jurisdiction: `US-${region}` } : null;
}

/** A Canadian postal code or a US ZIP, whichever the text is (optionally restricted to one country). */
export function jurisdictionFromPostalOrZip(code: string, country?: Country): JurisdictionMatch | null {
  if (country === "CA") return jurisdictionFromPostalCode(code);
  if (country === "US") return jurisdictionFromZip(code);
  return jurisdictionFromPostalCode(code) ?? jurisdictionFromZip(code);
}
