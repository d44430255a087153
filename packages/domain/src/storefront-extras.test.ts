import { describe, expect, it } from "vitest";
import { cardExperienceFor, chatProviderOrigin, CHAT_PROVIDERS, shouldShowWelcome } from "./storefront-extras.ts";
import { dealerInfoSchema } from "./schemas/dealership.ts";

describe("the vehicle-details trade-in presentation (A/B split)", () => {
  const never = () => {
    throw new Error("no draw expected");
  };

  it("is forced by the settings modal and slide-in, without a draw or anything kept", () => {
    expect(cardExperienceFor("modal", "slide-in", never)).toEqual({ experience: "modal", store: null });
    expect(cardExperienceFor("slide-in", null, never)).toEqual({ experience: "slide-in", store: null });
  });

  it("draws once under random: below one half is the modal, from one half the slide-in, and the draw is kept", () => {
    expect(cardExperienceFor("random", null, () => 0)).toEqual({ experience: "modal", store: "modal" });
    expect(cardExperienceFor("random", null, () => 0.4999)).toEqual({ experience: "modal", store: "modal" });
    expect(cardExperienceFor("random", null, () => 0.5)).toEqual({ experience: "slide-in", store: "slide-in" });
    expect(cardExperienceFor("random", null, () => 0.99)).toEqual({ experience: "slide-in", store: "slide-in" });
  });

  it("keeps a browser's earlier draw and draws again over a value it does not know", () => {
    expect(cardExperienceFor("random", "slide-in", never)).toEqual({ experience: "slide-in", store: null });
    expect(cardExperienceFor("random", "modal", never)).toEqual({ experience: "modal", store: null });
    expect(cardExperienceFor("random", "sideways", () => 0.7)).toEqual({ experience: "slide-in", store: "slide-in" });
  });

  it("splits a seeded sequence of browsers about evenly", () => {
    let seed = 42;
    const lcg = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const draws = Array.from({ length: 2000 }, () => cardExperienceFor("random", null, lcg).experience);
    const modal = draws.filter((d) => d === "modal").length;
    expect(modal).toBeGreaterThan(900);
    expect(modal).toBeLessThan(1100);
  });
});

describe("the welcome modal", () => {
  const base = { enabled: true, visited: null, route: "search", signInEntry: false, consentPending: false };

  it("shows on a first visit when the dealership enables it", () => {
    expect(shouldShowWelcome(base)).toBe(true);
    expect(shouldShowWelcome({ ...base, enabled: false })).toBe(false);
  });

  it("shows once per browser: the was-visited flag '1' hides it", () => {
    expect(shouldShowWelcome({ ...base, visited: "1" })).toBe(false);
    expect(shouldShowWelcome({ ...base, visited: "0" })).toBe(true);
  });

  it("waits while a sign-in link or the cookie consent is asked, and never shows on the privacy policy", () => {
    expect(shouldShowWelcome({ ...base, signInEntry: true })).toBe(false);
    expect(shouldShowWelcome({ ...base, consentPending: true })).toBe(false);
    expect(shouldShowWelcome({ ...base, route: "privacy-policy" })).toBe(false);
  });
});

describe("chat providers", () => {
  it("names one https origin per provider of spec 2.3, and none for an unknown provider", () => {
    expect(CHAT_PROVIDERS).toHaveLength(6);
    for (const provider of CHAT_PROVIDERS) expect(chatProviderOrigin(provider)).toMatch(/^https:\/\/[a-z0-9.-]+$/);
    expect(chatProviderOrigin("ACME_CHAT")).toBeNull();
    expect(chatProviderOrigin(null)).toBeNull();
  });

  it("are what the dealer info's customer_messaging accepts", () => {
    const messaging = dealerInfoSchema.shape.customer_messaging;
    expect(messaging.safeParse("VCUS").success).toBe(true);
    expect(messaging.safeParse("ACME_CHAT").success).toBe(false);
    expect(messaging.safeParse(null).success).toBe(true);
  });
});
