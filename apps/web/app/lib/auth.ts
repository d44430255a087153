/**
 * What the storefront asks a shopper to sign in for (the presets of the sign-in/sign-up modal, spec 2.4),
 * and how that ends (spec 4, "Sign-up outcomes"). Shared by the shell, which opens the modal, and the
 * features that ask for it.
 */
export const AUTH_PRESETS = [
  "add-customer",
  "book-appointment",
  "save-deal",
  "unlock-pricing",
  "unlock-savings",
  "unlock-pricing-and-savings",
  "unlock-file-upload",
  "submit-trade-in",
  "submit-ico-trade-in",
  "submit-book-value-trade-in",
  "personal-quote-request",
] as const;
export type AuthPreset = (typeof AUTH_PRESETS)[number];

/** Presets whose step the shopper may skip without signing in. */
export const SKIPPABLE_PRESETS: readonly AuthPreset[] = ["submit-book-value-trade-in"];

/**
 * new: an account was created and signed in; existing: the email was known, the shopper proved it with a
 * re-entry code; authenticated: signed in with "I already have an account"; cancelled; skipped.
 */
export type AuthOutcome = "new" | "existing" | "authenticated" | "cancelled" | "skipped";

export const isSignedIn = (outcome: AuthOutcome) => outcome === "new" || outcome === "existing" || outcome === "authenticated";

export type SignInOptions = { vehicle?: number; mode?: "sign-up" | "sign-in" };
