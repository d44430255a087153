/**
 * Vehicle identification numbers (49 CFR 565; transactions reference section 4): 17 characters of letters and
 * digits without I, O and Q; position 9 is a check digit, position 10 the model year.
 */

export const VIN_LENGTH = 17;

const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
/** Part 565 Table VI: the model-year characters of one 30-year cycle, in order (no I, O, Q, U, Z or 0). */
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

/** Upper case, without spaces or hyphens (a VIN read off a card is often typed in groups). */
export const normalizeVin = (vin: string): string => vin.replace(/[\s-]/g, "").toUpperCase();

/** Why a VIN cannot be right, or null: its length, a character that no VIN holds, or a check digit that does not match. */
export type VinProblem = "length" | "characters" | "check_digit";

const valueOf = (character: string): number => (/\d/.test(character) ? Number(character) : (TRANSLITERATION[character] ?? -1));

/** The check digit (position 9) the other 16 characters call for: "0"–"9" or "X" for 10. */
export function vinCheckDigit(vin: string): string {
  const normalized = normalizeVin(vin);
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) sum += valueOf(normalized[i]!) * WEIGHTS[i]!;
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

export function vinProblem(vin: string): VinProblem | null {
  const normalized = normalizeVin(vin);
  if (normalized.length !== VIN_LENGTH) return "length";
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(normalized)) return "characters";
  return vinCheckDigit(normalized) === normalized[8] ? null : "check_digit";
}

/**
 * The model year position 10 encodes. The letters and digits repeat every 30 years; for light vehicles a letter
 * in position 7 means the 2010–2039 cycle and a digit the 1980–2009 one (565.15(c)). Null when the character
 * encodes no year.
 */
export function vinModelYear(vin: string): number | null {
  const normalized = normalizeVin(vin);
  const index = YEAR_CODES.indexOf(normalized[9] ?? "");
  if (index < 0 || normalized.length !== VIN_LENGTH) return null;
  const laterCycle = /[A-Z]/.test(normalized[6]!);
  return (laterCycle ? 2010 : 1980) + index;
}

/** What a valid VIN tells: its normalized form, the manufacturer identifier and the model year. */
export type DecodedVin = { vin: string; wmi: string; modelYear: number | null };

export function decodeVin(vin: string): { ok: true; value: DecodedVin } | { ok: false; problem: VinProblem } {
  const problem = vinProblem(vin);
  if (problem) return { ok: false, problem };
  const normalized = normalizeVin(vin);
  return { ok: true, value: { vin: normalized, wmi: normalized.slice(0, 3), modelYear: vinModelYear(normalized) } };
}
