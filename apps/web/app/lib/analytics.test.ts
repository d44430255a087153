// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_DEAL_ID_KEY, ANALYTICS_SENT_KEY, configureAnalytics, isInternalUser, resetAnalyticsForTests as resetCore, track, type AnalyticsPeople } from "./analytics-core.ts";
import * as analytics from "./analytics.ts";
import { resetConsentForTests, saveConsent } from "./consent.ts";

const TAGS = { gtm: ["GTM-TEST123"], ga4: ["G-TEST12345"] };
const people = (over: Partial<AnalyticsPeople> = {}): AnalyticsPeople => ({ staffSignedIn: false, staffEmail: null, customerEmail: null, website: "https://boulevard-laval.example", ...over });
const configure = (tags = TAGS, who = people()) => configureAnalytics({ tags, people: who, dealerCode: "boulevard-laval", language: "fr" });
/** The data layer as plain values (gtag pushes arguments objects). */
const layer = () => (window.dataLayer ?? []).map((entry) => (Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry));
const events = () => layer().filter((e): e is Record<string, unknown> => !Array.isArray(e) && typeof e === "object" && e !== null && "event" in e && !String((e as { event: string }).event).startsWith("gtm"));
const tagScripts = () => [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"));

beforeEach(() => {
  window.localStorage.clear();
  delete window.dataLayer;
  document.head.innerHTML = "";
  analytics.resetAnalyticsForTests();
  resetCore();
  resetConsentForTests();
});
afterEach(() => {
  analytics.resetAnalyticsForTests();
  resetCore();
});

async function flushImports() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("consent mode and the tag loader", () => {
  it("opens the data layer with every signal denied and loads nothing before consent", async () => {
    configure();
    expect(layer()[0]).toEqual(["consent", "default", { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", wait_for_update: 500 }]);
    await flushImports();
    expect(tagScripts()).toEqual([]);
  });

  it("a rejection pushes a denied update and still loads nothing", async () => {
    configure();
    saveConsent({ necessary: true, performance: false, targeting: false });
    await flushImports();
    expect(layer()).toContainEqual(["consent", "update", { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" }]);
    expect(tagScripts()).toEqual([]);
  });

  it("performance grants analytics storage only, then the tags load from Google's host", async () => {
    configure();
    saveConsent({ necessary: true, performance: true, targeting: false });
    await vi.waitFor(() => expect(tagScripts()).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123", "https://www.googletagmanager.com/gtag/js?id=G-TEST12345"]));
    expect(layer()).toContainEqual(["consent", "update", { analytics_storage: "granted", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" }]);
    expect(layer()).toContainEqual(["config", "G-TEST12345"]);
  });

  it("does nothing at all for a dealership without tag ids", async () => {
    configure({ gtm: [], ga4: [] });
    saveConsent({ necessary: true, performance: true, targeting: true });
    expect(track("vehicle_view", { vehicle: { id: 1 } })).toBe(false);
    await flushImports();
    expect(window.dataLayer).toBeUndefined();
    expect(tagScripts()).toEqual([]);
  });
});

describe("events", () => {
  it("are sent once per vehicle, remembered in this browser, with the deal id and the deal type", () => {
    saveConsent({ necessary: true, performance: true, targeting: false });
    configure();
    expect(track("vehicle_view", { vehicle: { id: 7, is_new: false, is_certified: true } })).toBe(true);
    expect(track("vehicle_view", { vehicle: { id: 7 } })).toBe(false);
    expect(track("vehicle_view", { vehicle: { id: 8, is_new: true } })).toBe(true);
    expect(track("payment_calc_finish", { vehicle: { id: 7 }, paymentType: "lease" })).toBe(true);
    const sent = events();
    expect(sent.map((e) => e.event)).toEqual(["vehicle_view", "vehicle_view", "payment_calc_finish"]);
    expect(sent[0]).toMatchObject({ vehicle_id: 7, vehicle_condition: "Used", vehicle_cpo: "CPO", dealer_code: "boulevard-laval" });
    expect(sent[1]).not.toHaveProperty("vehicle_cpo");
    // The vehicle's details follow it through its later events.
    expect(sent[2]).toMatchObject({ vehicle_id: 7, vehicle_cpo: "CPO", deal_type: "Lease" });
    const dealId = window.localStorage.getItem(ANALYTICS_DEAL_ID_KEY);
    expect(dealId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(sent.map((e) => e.deal_id))).toEqual(new Set([dealId]));
    expect(JSON.parse(window.localStorage.getItem(ANALYTICS_SENT_KEY)!)).toEqual(["vehicle_view:7", "vehicle_view:8", "payment_calc_finish:7"]);
  });

  it("wait for the shell's configuration, and for consent given on the same page; nothing is stored before", () => {
    expect(track("vehicle_view", { vehicle: { id: 3 } })).toBe(false);
    configure();
    expect(events()).toEqual([]);
    expect(window.localStorage.getItem(ANALYTICS_SENT_KEY)).toBeNull();
    expect(window.localStorage.getItem(ANALYTICS_DEAL_ID_KEY)).toBeNull();
    saveConsent({ necessary: true, performance: true, targeting: false });
    expect(events().map((e) => [e.event, e.vehicle_id])).toEqual([["vehicle_view", 3]]);
  });

  it("count staff signed in here, and shoppers of the website's or the staff's domain, as internal users", () => {
    expect(isInternalUser(people())).toBe(false);
    expect(isInternalUser(people({ staffSignedIn: true }))).toBe(true);
    expect(isInternalUser(people({ customerEmail: "sam@boulevard-laval.example" }))).toBe(true);
    expect(isInternalUser(people({ customerEmail: "sam@gmail.com" }))).toBe(false);
    expect(isInternalUser(people({ customerEmail: "sam@groupe-blvd.example", staffEmail: "rep@groupe-blvd.example" }))).toBe(true);
  });

  it("flag an internal user's traffic", () => {
    saveConsent({ necessary: true, performance: true, targeting: false });
    configure(TAGS, people({ staffSignedIn: true }));
    track("trade_in_view");
    expect(events()[0]).toMatchObject({ event: "trade_in_view", traffic_type: "internal" });
  });

});

describe("what features call (the first view's part)", () => {
  const configureStub = (tags = TAGS) => analytics.configureAnalytics({ tags, people: people(), dealerCode: "boulevard-laval", language: "fr" });
  const coreLoaded = () => vi.waitFor(() => expect(layer()[0]).toEqual(expect.arrayContaining(["consent", "default"])));

  it("keeps calls made before the shell configures the page, then hands them to the core it fetches", async () => {
    saveConsent({ necessary: true, performance: true, targeting: false });
    analytics.track("vehicle_view", { vehicle: { id: 11 } });
    configureStub();
    await coreLoaded();
    await vi.waitFor(() => expect(events().map((e) => e.vehicle_id)).toEqual([11]));
  });

  it("never fetches the core, nor fills a data layer, for a dealership without tag ids", async () => {
    saveConsent({ necessary: true, performance: true, targeting: true });
    analytics.track("vehicle_view", { vehicle: { id: 12 } });
    configureStub({ gtm: [], ga4: [] });
    analytics.track("vehicle_view", { vehicle: { id: 13 } });
    await flushImports();
    expect(window.dataLayer).toBeUndefined();
    expect(window.localStorage.getItem(ANALYTICS_SENT_KEY)).toBeNull();
  });

  it("log the CRM-style finish once per vehicle for the dealership, even without analytics consent", async () => {
    configureStub();
    const api = { post: vi.fn(async () => ({ status: "logged" })) };
    analytics.finish(api as never, "trade_in_finish", { vehicle: { id: 4 }, orderId: 12 });
    analytics.finish(api as never, "trade_in_finish", { vehicle: { id: 4 }, orderId: 12 });
    expect(api.post).toHaveBeenCalledExactlyOnceWith("/api/customer/user/log_crm_event/", { event: "trade_in_finish", order: 12, vehicle: 4 });
    await coreLoaded();
    expect(events()).toEqual([]);
  });

  it("report a lead form finish only for the source registered when it was shown", async () => {
    saveConsent({ necessary: true, performance: true, targeting: false });
    configureStub();
    await coreLoaded();
    expect(analytics.leadFormFinished(null, "save-deal")).toBe(false);
    analytics.leadFormShown("unlock-pricing");
    expect(analytics.leadFormFinished(null, "save-deal")).toBe(false);
    analytics.leadFormShown("save-deal");
    expect(analytics.leadFormFinished(null, "save-deal")).toBe(true);
    expect(analytics.leadFormFinished(null, "save-deal")).toBe(false);
    expect(events()).toEqual([expect.objectContaining({ event: "lead_form_finish", lead_source: "save-deal" })]);
  });
});
