import { shouldShowWelcome, WAS_VISITED_KEY, WAS_VISITED_VALUE } from "@showroom/domain";
import { useEffect } from "react";
import { onConsentChange, storedConsent } from "../../lib/consent.ts";

function visitedFlag(): string | null {
  try {
    return window.localStorage.getItem(WAS_VISITED_KEY);
  } catch {
    return WAS_VISITED_VALUE; // Storage refused: "once per browser" cannot be kept, so never.
  }
}

/**
 * Spec 2.5: the welcome modal once per browser (the was-visited flag '1' in local storage), when the dealership enables
 * it and the route does not hide it. While the cookie choice is still to be made it waits, and shows once it is.
 */
export function useWelcomeOnce(input: {
  enabled: boolean;
  route: string;
  signInEntry: boolean;
  /** Whether this page asks the cookie choice (the shell's rule for its banner); the welcome then waits for the answer. */
  consentAsked(): boolean;
  open(): void;
}) {
  const { enabled, route, signInEntry, consentAsked, open } = input;
  useEffect(() => {
    if (!enabled) return;
    const attempt = () => {
      const consentPending = storedConsent() === null && consentAsked();
      const show = shouldShowWelcome({ enabled, visited: visitedFlag(), route, signInEntry, consentPending });
      if (!show) return consentPending;
      try {
        window.localStorage.setItem(WAS_VISITED_KEY, WAS_VISITED_VALUE);
      } catch {
        // Nothing to keep it in.
      }
      open();
      return false;
    };
    if (!attempt()) return;
    const stop = onConsentChange(() => {
      if (!attempt()) stop();
    });
    return stop;
  }, []); // Once, on the page the visit starts on.
}
