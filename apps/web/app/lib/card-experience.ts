import { CARD_EXPERIENCE_KEY, cardExperienceFor, type CardExperience, type CardExperienceSetting } from "@showroom/domain";

/**
 * How this browser sees the vehicle-details cards (spec 2.5): the dealership's forced presentation, or under "random"
 * this browser's 50/50 draw, made once and kept in local storage (drawn again only if storage is refused).
 */
export function cardExperience(setting: CardExperienceSetting, random: () => number = Math.random): CardExperience {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(CARD_EXPERIENCE_KEY);
  } catch {
    // Storage unavailable (private mode): the draw holds for this page only.
  }
  const { experience, store } = cardExperienceFor(setting, stored, random);
  if (store) {
    try {
      window.localStorage.setItem(CARD_EXPERIENCE_KEY, store);
    } catch {
      // As above.
    }
  }
  return experience;
}
