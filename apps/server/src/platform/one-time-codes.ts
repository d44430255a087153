import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/**
 * Limits of security.md shared by every one-time code (customer re-entry by email, staff second factor
 * by SMS): 6 digits from a secure generator, kept only as an HMAC, valid 10 minutes, dead after 5
 * wrong tries; 100 failures in a row lock sign-in for the account (for customers, for CODE_LOCK_MS).
 */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_FAILED_SIGN_INS = 100;
/** How long a customer's sign-in by code stays paused after MAX_FAILED_SIGN_INS wrong codes. */
export const CODE_LOCK_MS = 60 * 60_000;
/** Codes one account may be sent in a window (429 past it). */
export const CODE_REQUESTS_PER_ACCOUNT = 5;
export const CODE_REQUEST_WINDOW_MS = 15 * 60_000;

export const newOneTimeCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** A bearer secret for links and cookies: 256 random bits, URL-safe. */
export const newSecretToken = () => randomBytes(32).toString("base64url");

/** Lookup hash of a high-entropy token (a reset link, a remembered device): it cannot be guessed, so no key is needed. */
export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

/** Keyed hash of a low-entropy secret (a 6-digit code): useless without the server secret. */
export const hmacHex = (secret: string, ...parts: (string | number)[]) => createHmac("sha256", secret).update(parts.join(":")).digest("hex");

/** Constant-time comparison of two hashes. */
export function sameHash(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Where one kind of one-time code is kept: both calls are single atomic updates. */
export type OneTimeCodeStore = {
  /** Takes one of the code's tries; false when none is left. */
  claimCodeAttempt(id: number, maxAttempts: number): Promise<boolean>;
  /** Marks the code used; false when another request used it first. */
  useCode(id: number, at: Date): Promise<boolean>;
};

/**
 * A guess at a stored code (customers' sign-in codes, staff's second-factor codes). A try is claimed before the
 * comparison, so parallel guesses cannot exceed MAX_CODE_ATTEMPTS; a right code works once. "spent": the code had no
 * try left, so the guess was not even compared (and counts as no failure of the account's).
 */
export async function claimOneTimeCode(
  store: OneTimeCodeStore,
  code: { id: number; codeHash: string },
  guessHash: string,
  at: Date,
): Promise<"accepted" | "wrong" | "spent"> {
  if (!(await store.claimCodeAttempt(code.id, MAX_CODE_ATTEMPTS))) return "spent";
  return sameHash(code.codeHash, guessHash) && (await store.useCode(code.id, at)) ? "accepted" : "wrong";
}
