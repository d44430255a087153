import {
  analyticsDedupeKey,
  consentSignals,
  dealTypeOf,
  hasTagIds,
  internalDomains,
  isInternalEmail,
  rememberSent,
  vehicleAnalytics,
  type AnalyticsEvent,
  type AnalyticsTagIds,
} from "@showroom/domain";
import { allows, currentConsent, onConsentChange } from "./consent.ts";

/**
 * The storefront's analytics (spec 4 "Analytics events"), loaded by ./analytics.ts only for a dealership with tag
 * ids: a Google data layer for the dealership's and the manufacturer's tag ids (Tag Manager, GA4), with Google
 * Consent Mode v2. Consent defaults to denied; each choice is pushed as an update; no Google script is requested
 * before the shopper allows performance cookies (the loader is fetched then: ./tag-loader.ts). Events are sent once
 * per vehicle (or once overall), remembered in this browser only once analytics are allowed.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const ANALYTICS_SENT_KEY = "analytics-sent";
export const ANALYTICS_DEAL_ID_KEY = "analytics-deal-id";

/**
 * Who is on the page, for the internal-user rule: staff signed in here, and shoppers whose email is of the
 * dealership's website domain or of the signed-in staff's domain (or a subdomain of either).
 */
export type AnalyticsPeople = { staffSignedIn: boolean; staffEmail: string | null; customerEmail: string | null; website: string | null };
export type AnalyticsConfig = { tags: AnalyticsTagIds; people: AnalyticsPeople; dealerCode: string; language: string };
type Config = { tags: AnalyticsTagIds; internalUser: boolean; dealerCode: string; language: string };
let config: Config | null = null;

export function isInternalUser(people: AnalyticsPeople): boolean {
  if (people.staffSignedIn) return true;
  const staffDomain = people.staffEmail?.split("@")[1];
  return isInternalEmail(people.customerEmail, internalDomains(people.website, staffDomain ? [staffDomain] : []));
}
/** Until the shell configured this page (a page's effects run before the shell's), events wait here. */
let configured = false;
const pending: Array<() => void> = [];
/** Events of this page asked before analytics were allowed: sent if the shopper allows them on this page. */
const deferred: Array<() => void> = [];
const DEFERRED_LIMIT = 20;
let defaultsPushed = false;
let loaded = false;
let unsubscribe: (() => void) | null = null;
/** What the page said about each vehicle (its details page): later events of a flow carry it too (CPO included). */
const knownVehicles = new Map<number, TrackedVehicle>();

function dataLayer(): unknown[] {
  return (window.dataLayer ??= []);
}

/** Google's gtag: it queues its arguments object, as the tag expects consent and config commands. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  dataLayer().push(arguments);
}

function applyConsent(pushUpdate: boolean): void {
  if (!config) return;
  const choice = currentConsent();
  if (pushUpdate && choice) gtag("consent", "update", consentSignals(choice));
  if (allows(choice, "performance")) for (const send of deferred.splice(0)) send();
  if (!loaded && allows(choice, "performance")) {
    loaded = true;
    const tags = config.tags;
    void import("./tag-loader.ts").then((m) => m.loadGoogleTags(tags, gtag));
  }
}

/**
 * Called by the shell once the page is interactive: with tag ids, the data layer opens with every signal denied,
 * then the stored choice (if any) is pushed and each later choice too.
 */
export function configureAnalytics(settings: AnalyticsConfig): void {
  const input: Config = { tags: settings.tags, internalUser: isInternalUser(settings.people), dealerCode: settings.dealerCode, language: settings.language };
  config = hasTagIds(input.tags) ? input : null;
  configured = true;
  if (!config) {
    pending.length = 0;
    return;
  }
  if (!defaultsPushed) {
    defaultsPushed = true;
    gtag("consent", "default", { ...consentSignals(null), wait_for_update: 500 });
    dataLayer().push({ dealer_code: input.dealerCode, language: input.language, ...(input.internalUser ? { traffic_type: "internal" } : {}) });
    applyConsent(true);
  }
  unsubscribe ??= onConsentChange(() => applyConsent(true));
  for (const send of pending.splice(0)) send();
}

function readSent(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(ANALYTICS_SENT_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((key): key is string => typeof key === "string") : [];
  } catch {
    return [];
  }
}

/** Spec 4: a deal id generated once and kept in this browser (only once analytics are allowed). */
export function dealId(): string {
  let id = window.localStorage.getItem(ANALYTICS_DEAL_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    window.localStorage.setItem(ANALYTICS_DEAL_ID_KEY, id);
  }
  return id;
}

export type TrackedVehicle = { id: number; is_new?: boolean; is_certified?: boolean; is_cpo?: boolean; year?: number; make?: string; model?: string };
export type TrackDetails = { vehicle?: TrackedVehicle | null; paymentType?: string | null; extra?: Record<string, string | number | boolean> };

/** Sends an event to the data layer once per vehicle (or once overall); false when it was not sent. */
export function track(event: AnalyticsEvent, details: TrackDetails = {}): boolean {
  if (typeof window === "undefined") return false;
  if (details.vehicle) knownVehicles.set(details.vehicle.id, { ...knownVehicles.get(details.vehicle.id), ...details.vehicle });
  if (!configured) {
    pending.push(() => track(event, details));
    return false;
  }
  if (!config) return false;
  if (!allows(currentConsent(), "performance")) {
    if (deferred.length < DEFERRED_LIMIT) deferred.push(() => track(event, details));
    return false;
  }
  try {
    const sent = rememberSent(readSent(), analyticsDedupeKey(event, details.vehicle?.id));
    if (!sent) return false;
    window.localStorage.setItem(ANALYTICS_SENT_KEY, JSON.stringify(sent));
    const dealType = dealTypeOf(details.paymentType);
    const vehicle = details.vehicle ? { ...knownVehicles.get(details.vehicle.id), ...details.vehicle } : null;
    dataLayer().push({
      event,
      deal_id: dealId(),
      dealer_code: config.dealerCode,
      language: config.language,
      ...(config.internalUser ? { traffic_type: "internal" } : {}),
      ...(vehicle ? vehicleAnalytics(vehicle) : {}),
      ...(dealType ? { deal_type: dealType } : {}),
      ...details.extra,
    });
    return true;
  } catch {
    // Storage refused: nothing is sent that could not be remembered as sent.
    return false;
  }
}

/** Tests only: forgets this page's analytics state. */
export function resetAnalyticsForTests(): void {
  config = null;
  configured = false;
  pending.length = 0;
  deferred.length = 0;
  defaultsPushed = false;
  loaded = false;
  unsubscribe?.();
  unsubscribe = null;
  knownVehicles.clear();
}
