// @vitest-environment happy-dom
import { CARD_EXPERIENCE_KEY } from "@showroom/domain";
import { afterEach, describe, expect, it } from "vitest";
import { cardExperience } from "./card-experience.ts";

afterEach(() => window.localStorage.clear());

describe("this browser's trade-in presentation", () => {
  it("draws once under random and keeps the draw in local storage", () => {
    expect(cardExperience("random", () => 0.8)).toBe("slide-in");
    expect(window.localStorage.getItem(CARD_EXPERIENCE_KEY)).toBe("slide-in");
    // Later pages keep it, whatever a new draw would say.
    expect(cardExperience("random", () => 0.1)).toBe("slide-in");
  });

  it("follows a forced setting without drawing or keeping anything", () => {
    window.localStorage.setItem(CARD_EXPERIENCE_KEY, "slide-in");
    expect(cardExperience("modal", () => 0.9)).toBe("modal");
    window.localStorage.clear();
    expect(cardExperience("slide-in", () => 0.1)).toBe("slide-in");
    expect(window.localStorage.getItem(CARD_EXPERIENCE_KEY)).toBeNull();
  });
});
