import { describe, expect, it } from "vitest";
import { ANALYTICS_SENT_LIMIT, consentSignals, dealTypeOf, internalDomains, isInternalEmail, rememberSent, vehicleAnalytics } from "./events.ts";
import { analyticsDedupeKey, analyticsTagIds, cookieConsentAsked, hasTagIds, leadFormFinishAllowed } from "./rules.ts";

const dealer = { dealer_ga_key: null as string | null, ga4_keys: [] as string[], enable_default_google_analytics: false };
const platform = {
  analytics: { google_tag_manager_id: "GTM-PLAT01", ga4_id: "G-PLATFORM1" },
  manufacturer_tagging: { google: { ga_id: null as string | null, gtm_id: null as string | null } },
};

describe("analyticsTagIds", () => {
  it("takes the dealership's GTM container and GA4 ids, upper-cased and once each", () => {
    const ids = analyticsTagIds({ ...dealer, dealer_ga_key: "gtm-abc123", ga4_keys: ["G-DEALER1", " g-dealer1 ", "G-OTHER22"] }, platform);
    expect(ids).toEqual({ gtm: ["GTM-ABC123"], ga4: ["G-DEALER1", "G-OTHER22"] });
  });

  it("adds the manufacturer's ids, and the platform's only when the dealership enables them", () => {
    const withMaker = { ...platform, manufacturer_tagging: { google: { ga_id: "G-MAKER123", gtm_id: "GTM-MAKER1" } } };
    expect(analyticsTagIds(dealer, withMaker)).toEqual({ gtm: ["GTM-MAKER1"], ga4: ["G-MAKER123"] });
    expect(analyticsTagIds({ ...dealer, enable_default_google_analytics: true }, platform)).toEqual({ gtm: ["GTM-PLAT01"], ga4: ["G-PLATFORM1"] });
    expect(analyticsTagIds({ ...dealer, enable_default_google_analytics: true }, null)).toEqual({ gtm: [], ga4: [] });
  });

  it("drops ids of any other shape, so nothing but an id reaches a script address", () => {
    const ids = analyticsTagIds({ ...dealer, dealer_ga_key: "UA-12345-1", ga4_keys: ["G-1\"><script>", "GTM-AB", "G-"] }, platform);
    expect(ids).toEqual({ gtm: [], ga4: [] });
    expect(hasTagIds(ids)).toBe(false);
    expect(hasTagIds({ gtm: [], ga4: ["G-DEALER1"] })).toBe(true);
  });
});

describe("cookieConsentAsked (spec 2.5)", () => {
  const base = { bannerEnabled: true, bannerWithAnalytics: false, hasAnalyticsIds: false, consentStored: false, route: "search" };
  it("asks once when the banner is enabled and nothing is stored", () => {
    expect(cookieConsentAsked(base)).toBe(true);
    expect(cookieConsentAsked({ ...base, consentStored: true })).toBe(false);
    expect(cookieConsentAsked({ ...base, bannerEnabled: false })).toBe(false);
  });
  it("with analytics ids, only when the banner with analytics is allowed", () => {
    expect(cookieConsentAsked({ ...base, hasAnalyticsIds: true })).toBe(false);
    expect(cookieConsentAsked({ ...base, hasAnalyticsIds: true, bannerWithAnalytics: true })).toBe(true);
  });
  it("never on the privacy-policy page", () => {
    expect(cookieConsentAsked({ ...base, route: "privacy-policy" })).toBe(false);
    expect(cookieConsentAsked({ ...base, route: "privacy-policy/" })).toBe(false);
    expect(cookieConsentAsked({ ...base, route: "privacy-policy-old" })).toBe(true);
  });
});

describe("consentSignals (Consent Mode v2)", () => {
  it("denies everything by default", () => {
    expect(consentSignals(null)).toEqual({ analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" });
  });
  it("performance grants analytics storage only; targeting the advertising signals only", () => {
    expect(consentSignals({ performance: true, targeting: false })).toEqual({ analytics_storage: "granted", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" });
    expect(consentSignals({ performance: false, targeting: true })).toEqual({ analytics_storage: "denied", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" });
  });
});

describe("events sent once", () => {
  it("per vehicle, or once overall for vehicle-independent events", () => {
    expect(analyticsDedupeKey("vehicle_view", 12)).toBe("vehicle_view:12");
    expect(analyticsDedupeKey("vehicle_view", 13)).not.toBe(analyticsDedupeKey("vehicle_view", 12));
    expect(analyticsDedupeKey("lead_form_finish", 12)).toBe("lead_form_finish");
    expect(analyticsDedupeKey("trade_in_view", null)).toBe("trade_in_view");
  });
  it("remembers a key once and refuses it the second time, keeping the newest keys", () => {
    const first = rememberSent([], "vehicle_view:1");
    expect(first).toEqual(["vehicle_view:1"]);
    expect(rememberSent(first!, "vehicle_view:1")).toBeNull();
    const full = Array.from({ length: ANALYTICS_SENT_LIMIT }, (_, i) => `k${i}`);
    const next = rememberSent(full, "new")!;
    expect(next).toHaveLength(ANALYTICS_SENT_LIMIT);
    expect(next[0]).toBe("k1");
    expect(next.at(-1)).toBe("new");
  });
});

describe("deal types and vehicles", () => {
  it("reports Finance, Lease and Cash", () => {
    expect(dealTypeOf("finance")).toBe("Finance");
    expect(dealTypeOf("lease")).toBe("Lease");
    expect(dealTypeOf("cash")).toBe("Cash");
    expect(dealTypeOf("Lease")).toBe("Lease");
    expect(dealTypeOf("balloon")).toBeNull();
    expect(dealTypeOf(null)).toBeNull();
  });
  it("reports CPO only when the vehicle is certified", () => {
    expect(vehicleAnalytics({ id: 4, is_new: false, is_certified: true })).toEqual({ vehicle_id: 4, vehicle_condition: "Used", vehicle_cpo: "CPO" });
    expect(vehicleAnalytics({ id: 5, is_new: true, is_certified: false })).not.toHaveProperty("vehicle_cpo");
    expect(vehicleAnalytics({ id: 6, is_new: false })).toEqual({ vehicle_id: 6, vehicle_condition: "Used" });
  });
});

describe("leadFormFinishAllowed", () => {
  it("only for the source registered when the form was shown", () => {
    expect(leadFormFinishAllowed("save-deal", "save-deal")).toBe(true);
    expect(leadFormFinishAllowed("save-deal", "unlock-pricing")).toBe(false);
    expect(leadFormFinishAllowed(null, "save-deal")).toBe(false);
    expect(leadFormFinishAllowed("", "")).toBe(false);
  });
});

describe("internal users", () => {
  const domains = internalDomains("https://www.maple-auto.example/en", ["@maple-group.example"]);
  it("takes the website's domain and the named staff domains", () => {
    expect(domains).toEqual(["maple-auto.example", "maple-group.example"]);
    expect(internalDomains("not a url")).toEqual([]);
    expect(internalDomains(null)).toEqual([]);
  });
  it("matches an email of those domains or their subdomains, never a look-alike", () => {
    expect(isInternalEmail("sam@maple-auto.example", domains)).toBe(true);
    expect(isInternalEmail("Sam@Sales.Maple-Auto.example", domains)).toBe(true);
    expect(isInternalEmail("sam@notmaple-auto.example", domains)).toBe(false);
    expect(isInternalEmail("sam@maple-auto.example.evil.test", domains)).toBe(false);
    expect(isInternalEmail("sam@gmail.com", domains)).toBe(false);
    expect(isInternalEmail(null, domains)).toBe(false);
    expect(isInternalEmail("@maple-auto.example", domains)).toBe(false);
  });
});
