import { useSyncExternalStore } from "react";

/**
 * What the shopper chose about cookies (spec 9: categories necessary, targeting and performance), kept in this
 * browser under one local-storage key. Features read it from here (they do not import one another), and nothing
 * that measures or tracks the visitor loads before the choice that allows it.
 */
export const COOKIE_CONSENT_KEY = "cookie-consent";
export type ConsentCategory = "necessary" | "performance" | "targeting";
export type ConsentChoice = { necessary: true; performance: boolean; targeting: boolean };

export const DENIED: ConsentChoice = { necessary: true, performance: false, targeting: false };

const listeners = new Set<() => void>();

export function storedConsent(): ConsentChoice | null {
  try {
    const raw = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ConsentChoice>;
    return { necessary: true, performance: value.performance === true, targeting: value.targeting === true };
  } catch {
    return null;
  }
}

/** Keeps the choice and tells whoever listens (analytics, chat) in this page. */
export function saveConsent(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(choice));
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  current = choice;
  for (const listener of listeners) listener();
}

let current: ConsentChoice | null | undefined;
function snapshot(): ConsentChoice | null {
  if (current === undefined) current = storedConsent();
  return current;
}

export function onConsentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shopper's choice, null until they made one (and always null on the server). */
export function useConsent(): ConsentChoice | null {
  return useSyncExternalStore(onConsentChange, snapshot, () => null);
}

/** Whether a category is allowed: necessary always; the others only once chosen. */
export function allows(choice: ConsentChoice | null, category: ConsentCategory): boolean {
  return category === "necessary" || (choice?.[category] ?? false);
}

/** The choice in force in this page (a choice kept only in memory when storage was refused included), null if none. */
export function currentConsent(): ConsentChoice | null {
  return typeof window === "undefined" ? null : snapshot();
}

const preferenceListeners = new Set<() => void>();

/**
 * Asks for the cookie preferences to open (a feature that needs a category the shopper has not allowed, such as the
 * chat and targeting). The shell listens and opens the consent modal; nothing happens when nobody listens.
 */
export function requestConsentPreferences(): void {
  for (const listener of preferenceListeners) listener();
}

export function onConsentPreferencesRequest(listener: () => void): () => void {
  preferenceListeners.add(listener);
  return () => preferenceListeners.delete(listener);
}

/** Tests only: the page forgets the choice it read (the stored one is read again). */
export function resetConsentForTests(): void {
  current = undefined;
}
