import { isCanadianPostalCode } from "../customers/field-rules.ts";

/**
 * Canada Post's forward sortation areas start with a letter that names the province or territory (X is shared by
 * the Northwest Territories and Nunavut). Used for "Invalid location, please try again" and postal_code_province.
 */
const PROVINCES_BY_FIRST_LETTER: Record<string, readonly string[]> = {
  A: ["NL"],
  B: ["NS"],
  C: ["PE"],
  E: ["NB"],
  G: ["QC"],
  H: ["QC"],
  J: ["QC"],
  K: ["ON"],
  L: ["ON"],
  M: ["ON"],
  N: ["ON"],
  P: ["ON"],
  R: ["MB"],
  S: ["SK"],
  T: ["AB"],
  V: ["BC"],
  X: ["NT", "NU"],
  Y: ["YT"],
};

/** The provinces a postal code can belong to (one, or NT and NU); empty when it is not a Canadian postal code. */
export function provincesOfPostalCode(postalCode: string): readonly string[] {
  const code = postalCode.trim().toUpperCase();
  if (!isCanadianPostalCode(code)) return [];
  return PROVINCES_BY_FIRST_LETTER[code[0]!] ?? [];
}

/** The province of a postal code, or null when it is not one or could be either of two. */
export function provinceOfPostalCode(postalCode: string): string | null {
  const provinces = provincesOfPostalCode(postalCode);
  return provinces.length === 1 ? provinces[0]! : null;
}

export const postalCodeMatchesProvince = (postalCode: string, province: string) => provincesOfPostalCode(postalCode).includes(province.toUpperCase());
