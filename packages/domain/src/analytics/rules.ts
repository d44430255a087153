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

export type ConsentSignal = "granted" | "denied";
/** Google Consent Mode v2 signals. */
export type ConsentSignals = {
  analytics_storage: ConsentSignal;
  ad_storage: ConsentSignal;
  ad_user_data: ConsentSignal;
  ad_personalization: ConsentSignal;
};

/** Spec 9: performance grants analytics storage, targeting the three advertising signals; no choice denies all. */
export function consentSignals(choice: { performance: boolean; targeting: boolean } | null): ConsentSignals {
  const of = (allowed: boolean | undefined): ConsentSignal => (allowed ? "granted" : "denied");
  return {
    analytics_storage: of(choice?.performance),
    ad_storage: of(choice?.targeting),
    ad_user_data: of(choice?.targeting),
    ad_personalization: of(choice?.targeting),
  };
}

/** Page views of the flows (spec 4 "Locale change") and the CRM-style events (transactional spec 4). */
export const FLOW_VIEW_EVENTS = ["accessories_view", "protection_plans_view", "trade_in_view", "credit_app_view", "deposit_view"] as const;
export const FINISH_EVENTS = ["initial_click", "trade_in_finish", "payment_calc_finish", "lead_form_finish", "appointment_finish", "credit_app_finish"] as const;
export const ANALYTICS_EVENTS = ["vehicle_view", ...FLOW_VIEW_EVENTS, ...FINISH_EVENTS] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/** The flow (spec 2.4 hash anchors) whose page view an event reports. */
export const FLOW_VIEW_EVENT = {
  accessories: "accessories_view",
  protection_plans: "protection_plans_view",
  trade_in: "trade_in_view",
  credit_app: "credit_app_view",
  deposit: "deposit_view",
} as const satisfies Record<string, (typeof FLOW_VIEW_EVENTS)[number]>;

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

/** Remembered keys are capped (oldest dropped), so the stored list cannot grow without end. */
export const ANALYTICS_SENT_LIMIT = 500;

/** Adds a key to the remembered ones; null when it was already there (the event is not sent again). */
export function rememberSent(sent: readonly string[], key: string): string[] | null {
  if (sent.includes(key)) return null;
  return [...sent, key].slice(-ANALYTICS_SENT_LIMIT);
}

export type DealType = "Finance" | "Lease" | "Cash";
const DEAL_TYPES: Record<string, DealType> = { finance: "Finance", lease: "Lease", cash: "Cash" };
/** Spec 4: the deal types reported are Finance, Lease and Cash; anything else reports none. */
export function dealTypeOf(paymentType: string | null | undefined): DealType | null {
  return (paymentType && DEAL_TYPES[paymentType.toLowerCase()]) || null;
}

/** What an event says about its vehicle: its condition, and CPO when (and only when) it is certified. */
export function vehicleAnalytics(vehicle: { id: number; is_new?: boolean; is_certified?: boolean; is_cpo?: boolean; year?: number; make?: string; model?: string }) {
  const certified = vehicle.is_certified === true || vehicle.is_cpo === true;
  return {
    vehicle_id: vehicle.id,
    vehicle_condition: vehicle.is_new ? "New" : "Used",
    ...(certified ? { vehicle_cpo: "CPO" as const } : {}),
    ...(vehicle.year !== undefined ? { vehicle_year: vehicle.year } : {}),
    ...(vehicle.make !== undefined ? { vehicle_make: vehicle.make } : {}),
    ...(vehicle.model !== undefined ? { vehicle_model: vehicle.model } : {}),
  };
}

/** Spec 4: lead form finish is sent only for the source registered when the form was shown. */
export function leadFormFinishAllowed(registeredSource: string | null, finishedSource: string): boolean {
  return registeredSource !== null && registeredSource !== "" && registeredSource === finishedSource;
}

/**
 * The domains whose people count as internal users (their visits are flagged, not counted as shoppers'): the
 * dealership's website domain (without "www."), plus any staff domains the platform names.
 */
export function internalDomains(website: string | null, extra: readonly string[] = []): string[] {
  const domains: string[] = [];
  if (website) {
    try {
      domains.push(new URL(website).hostname.toLowerCase().replace(/^www\./, ""));
    } catch {
      // Not an address: no domain from it.
    }
  }
  for (const domain of extra) if (domain.trim()) domains.push(domain.trim().toLowerCase().replace(/^@/, ""));
  return [...new Set(domains)];
}

/** Whether an email's domain is one of the internal domains or a subdomain of one ("sales.maple-auto.example"). */
export function isInternalEmail(email: string | null | undefined, domains: readonly string[]): boolean {
  const at = email?.lastIndexOf("@") ?? -1;
  if (!email || at < 1) return false;
  const domain = email.slice(at + 1).trim().toLowerCase();
  return domains.some((internal) => domain === internal || domain.endsWith(`.${internal}`));
}
