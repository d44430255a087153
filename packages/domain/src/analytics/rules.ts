import type { AnalyticsEvent } from "./events.ts";

/**
 * The storefront's analytics rules (spec 4 "Analytics events", spec 2.5 start-up, spec 9 cookie consent): which tag
 * ids a page carries, which Google Consent Mode v2 signals a cookie choice grants, how events are named and kept
 * from being sent twice, the deal types and the lead-form source rule. No I/O: the browser side is
 * apps/web/app/lib/analytics.ts.
 */

/** Google Tag Manager containers and GA4 measurement ids a page loads (never anything else). */
export type AnalyticsTagIds = { gtm: string[]; ga4: string[] };

const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
const GA4_ID = /^G-[A-Z0-9]{4,16}$/;

type DealerAnalytics = { dealer_ga_key: string | null; ga4_keys: readonly string[]; enable_default_google_analytics: boolean };
type PlatformAnalytics = {
  analytics: { google_tag_manager_id: string | null; ga4_id: string | null };
  manufacturer_tagging: { google: { ga_id: string | null; gtm_id: string | null } };
};

/**
 * The dealership's own ids (dealer_ga_key, a GTM container or a GA4 id, and ga4_keys), the manufacturer's
 * (manufacturer_tagging.google), and the platform's default ones when the dealership enables them
 * (enable_default_google_analytics). Ids of any other shape (old UA- properties, typos, markup) are dropped, so an id
 * can never carry more than an id into a script address.
 */
export function analyticsTagIds(dealer: DealerAnalytics, platform: PlatformAnalytics | null): AnalyticsTagIds {
  const candidates = [
    dealer.dealer_ga_key,
    ...dealer.ga4_keys,
    platform?.manufacturer_tagging.google.gtm_id ?? null,
    platform?.manufacturer_tagging.google.ga_id ?? null,
    ...(dealer.enable_default_google_analytics && platform ? [platform.analytics.google_tag_manager_id, platform.analytics.ga4_id] : []),
  ]
    .map((id) => id?.trim().toUpperCase() ?? "")
    .filter(Boolean);
  const unique = [...new Set(candidates)];
  return { gtm: unique.filter((id) => GTM_ID.test(id)), ga4: unique.filter((id) => GA4_ID.test(id)) };
}

export const hasTagIds = (ids: AnalyticsTagIds) => ids.gtm.length + ids.ga4.length > 0;

/**
 * Spec 2.5: the cookie choice is asked once, when there is none stored, the banner is enabled and (there are no
 * analytics ids, or the dealership allows the banner with analytics); never on the privacy-policy page.
 */
export function cookieConsentAsked(input: {
  bannerEnabled: boolean;
  bannerWithAnalytics: boolean;
  hasAnalyticsIds: boolean;
  consentStored: boolean;
  route: string;
}): boolean {
  if (!input.bannerEnabled || input.consentStored) return false;
  if (input.route.split("/")[0] === "privacy-policy") return false;
  return !input.hasAnalyticsIds || input.bannerWithAnalytics;
}

/** Events that are about the visit, not a vehicle: sent once overall. */
const VEHICLE_INDEPENDENT: ReadonlySet<AnalyticsEvent> = new Set(["lead_form_finish"]);

/**
 * The key under which a sent event is remembered: once per vehicle, or once overall for vehicle-independent events
 * (and for a vehicle event sent without a vehicle).
 */
export function analyticsDedupeKey(event: AnalyticsEvent, vehicleId: number | string | null | undefined): string {
  if (VEHICLE_INDEPENDENT.has(event) || vehicleId === null || vehicleId === undefined || vehicleId === "") return event;
  return `${event}:${vehicleId}`;
}

/** Spec 4: lead form finish is sent only for the source registered when the form was shown. */
export function leadFormFinishAllowed(registeredSource: string | null, finishedSource: string): boolean {
  return registeredSource !== null && registeredSource !== "" && registeredSource === finishedSource;
}

