/**
 * What the storefront's analytics send (spec 4 "Analytics events", spec 9): Consent Mode signals, event names, deal
 * types, what an event says about its vehicle, and who is an internal user. Used by the data layer the browser fetches
 * for a dealership with tag ids (apps/web/app/lib/analytics-core.ts), not by every page's first view.
 */

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
