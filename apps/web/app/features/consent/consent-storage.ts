/** What the shopper chose about cookies, kept in this browser. */
export const COOKIE_CONSENT_KEY = "cookie-consent";
export type ConsentChoice = { necessary: true; performance: boolean; targeting: boolean };

export function storedConsent(): ConsentChoice | null {
  try {
    const raw = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return raw ? (JSON.parse(raw) as ConsentChoice) : null;
  } catch {
    return null;
  }
}
