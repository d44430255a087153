/**
 * The storefront's extras around the shell (spec 2.3, 2.5, 9): the chat providers a dealership may name, the welcome
 * modal's once-per-browser rule, and the A/B split of the vehicle-details trade-in presentation. No I/O: the browser
 * hands in what it stored and a random source.
 */

/** Spec 2.3: chat widget providers, loaded on demand (dealer info customer_messaging). */
export const CHAT_PROVIDERS = ["CONTACT_AT_ONCE", "LIVEPERSON", "GUBAGOO", "RAPID_RTC", "SYNERGY", "VCUS"] as const;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];

/**
 * The one origin each provider's loader script comes from (and talks to). A page's Content-Security-Policy allows
 * only the origin of its dealership's provider; the web's provider table builds its loader URL on it.
 */
export const CHAT_PROVIDER_ORIGINS: Record<ChatProvider, string> = {
  CONTACT_AT_ONCE: "https://dm.contactatonce.com",
  LIVEPERSON: "https://lptag.liveperson.net",
  GUBAGOO: "https://cdn.gubagoo.io",
  RAPID_RTC: "https://www.rapidrtc.com",
  SYNERGY: "https://chat.synergy-widgets.com",
  VCUS: "https://widget.vcus.io",
};

export function isChatProvider(value: string | null | undefined): value is ChatProvider {
  return typeof value === "string" && (CHAT_PROVIDERS as readonly string[]).includes(value);
}

/** The origin a page must allow for the dealership's chat; null without a (known) provider. */
export function chatProviderOrigin(provider: string | null | undefined): string | null {
  return isChatProvider(provider) ? CHAT_PROVIDER_ORIGINS[provider] : null;
}

/** Spec 9: the local-storage key of the was-visited flag, and its value. */
export const WAS_VISITED_KEY = "was-visited";
export const WAS_VISITED_VALUE = "1";

/** Routes that never show the welcome modal (the privacy policy is read as it is). */
const WELCOME_HIDDEN_ROUTES = ["privacy-policy"];

/**
 * Spec 2.5: the welcome modal shows once per browser when the dealership enables it, unless the route hides it, and
 * not while a sign-in link or the cookie consent is being asked (it waits for the consent's answer).
 */
export function shouldShowWelcome(input: {
  enabled: boolean;
  /** The was-visited flag as stored (null when absent). */
  visited: string | null;
  /** The route's first path segment after the prefixes ("search", "privacy-policy", ...). */
  route: string;
  signInEntry: boolean;
  consentPending: boolean;
}): boolean {
  if (!input.enabled || input.visited === WAS_VISITED_VALUE) return false;
  if (WELCOME_HIDDEN_ROUTES.includes(input.route)) return false;
  return !input.signInEntry && !input.consentPending;
}

/** Spec 3 vdp_modular_card_experience, and the two ways the trade-in card opens on the vehicle-details page. */
export const CARD_EXPERIENCE_SETTINGS = ["random", "modal", "slide-in"] as const;
export type CardExperienceSetting = (typeof CARD_EXPERIENCE_SETTINGS)[number];
export type CardExperience = Exclude<CardExperienceSetting, "random">;

/** The local-storage key of this browser's draw when the dealership splits 50/50. */
export const CARD_EXPERIENCE_KEY = "vdp-card-experience";

/**
 * Spec 2.5: "modal" and "slide-in" force the presentation; "random" draws one 50/50 for this browser once and keeps
 * it (`store` is what to keep, null when nothing needs keeping). `random` returns a number in [0, 1).
 */
export function cardExperienceFor(
  setting: CardExperienceSetting,
  stored: string | null,
  random: () => number,
): { experience: CardExperience; store: CardExperience | null } {
  if (setting !== "random") return { experience: setting, store: null };
  if (stored === "modal" || stored === "slide-in") return { experience: stored, store: null };
  const experience: CardExperience = random() < 0.5 ? "modal" : "slide-in";
  return { experience, store: experience };
}
