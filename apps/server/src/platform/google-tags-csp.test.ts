import { analyticsTagIds, hasTagIds, homeDealershipSchema, settingsRecordSchema } from "@showroom/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Config } from "../config.ts";
import { settingsRecord } from "../modules/platform/settings.ts";
import { client, createTestApp, type TestApp } from "../test/test-app.ts";
import { GOOGLE_TAG_SOURCES, pageContentSecurityPolicy } from "./security-headers.ts";

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? null;

describe("a page's Content-Security-Policy and the dealership's Google tags", () => {
  it("names no Google host for a dealership without tag ids", () => {
    const policy = pageContentSecurityPolicy("n", { stripe: true });
    expect(policy).not.toContain("google");
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-n' https://js.stripe.com");
  });

  it("lets Tag Manager and GA4 load, measure and send only with googleTags, beside the other sources", () => {
    const policy = pageContentSecurityPolicy("n", { stripe: true, googleTags: true });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-n' https://js.stripe.com https://*.googletagmanager.com");
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com");
    expect(directive(policy, "connect-src")).toBe(
      "connect-src 'self' https://api.stripe.com https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
    );
    // Only hosts: no keyword that would open inline or evaluated scripts.
    for (const sources of Object.values(GOOGLE_TAG_SOURCES)) for (const source of sources) expect(source).toMatch(/^https:\/\/\*\.[a-z.-]+$/);
    expect(policy).not.toContain("unsafe-eval");
    expect(directive(policy, "script-src")).not.toContain("unsafe-inline");
  });
});

describe("which demo dealerships have tag ids (what decides googleTags for their pages)", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const tagsOf = async (code: string) => {
    const api = client(testApp, code);
    const dealer = homeDealershipSchema.parse((await api.get("/api/quickshop/dealership/home-dealership/")).json());
    const settings = settingsRecordSchema.parse((await api.get("/api/settings/")).json());
    return { dealer, tags: analyticsTagIds(dealer, settings) };
  };

  it("boulevard-laval has its container and GA4 property, behind the cookie banner", async () => {
    const { dealer, tags } = await tagsOf("boulevard-laval");
    expect(tags).toEqual({ gtm: ["GTM-BLVD7Q2"], ga4: ["G-BLVD4LAVAL"] });
    expect(dealer.cookie_banner_enabled).toBe(true);
    expect(dealer.cookie_banner_with_analytics).toBe(true);
  });

  it("maple-auto has none, so its pages name no Google host", async () => {
    const { dealer, tags } = await tagsOf("maple-auto");
    expect(hasTagIds(tags)).toBe(false);
    expect(dealer.enable_default_google_analytics).toBe(false);
  });
});

describe("the manufacturer's tags", () => {
  it("come from the configuration into the settings record, and join every dealership's tag ids", () => {
    vi.stubEnv("MANUFACTURER_GTM_ID", "GTM-MAKER01");
    vi.stubEnv("MANUFACTURER_GA_ID", "G-MAKER0001");
    try {
      const settings = settingsRecord({ version: "test" } as Config);
      expect(settings.manufacturer_tagging.google).toMatchObject({ gtm_id: "GTM-MAKER01", ga_id: "G-MAKER0001" });
      const dealer = { dealer_ga_key: null, ga4_keys: [], enable_default_google_analytics: false };
      expect(analyticsTagIds(dealer, settings)).toEqual({ gtm: ["GTM-MAKER01"], ga4: ["G-MAKER0001"] });
    } finally {
      vi.unstubAllEnvs();
    }
    expect(settingsRecord({ version: "test" } as Config).manufacturer_tagging.google.gtm_id).toBeNull();
  });
});
