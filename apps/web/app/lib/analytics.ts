import { analyticsDedupeKey, leadFormFinishAllowed, type AnalyticsEvent } from "@showroom/domain";
import type * as AnalyticsCore from "./analytics-core.ts";
import type { AnalyticsConfig, TrackDetails } from "./analytics-core.ts";
import type { ApiClient } from "./api-client.ts";

/**
 * What features call to report the shopper's journey (spec 4 "Analytics events"; transactional spec 4 "CRM events").
 * This part is on every page's first view and stays small: the data layer, consent signals and tag loading
 * (./analytics-core.ts) are fetched only for a dealership with tag ids, and calls made before are kept until then.
 * Features never see the data layer, and never import one another for it.
 */

type Core = typeof AnalyticsCore;
let core: Core | null = null;
/** unknown: the shell has not said yet; off: no tag ids (calls are dropped); loading/on: the core is (being) fetched. */
let state: "unknown" | "off" | "loading" | "on" = "unknown";
let latest: AnalyticsConfig | null = null;
const queued: Array<(core: Core) => void> = [];
const QUEUE_LIMIT = 50;
let leadSource: string | null = null;
const crmLogged = new Set<string>();

function withCore(call: (core: Core) => void): void {
  if (typeof window === "undefined" || state === "off") return;
  if (core) call(core);
  else if (queued.length < QUEUE_LIMIT) queued.push(call);
}

/** Called by the shell once the page is interactive, and again when who is signed in changes. */
export function configureAnalytics(input: AnalyticsConfig): void {
  latest = input;
  if (input.tags.gtm.length + input.tags.ga4.length === 0) {
    if (state === "unknown") {
      state = "off";
      queued.length = 0;
    }
    core?.configureAnalytics(input);
    return;
  }
  if (core) return core.configureAnalytics(input);
  if (state === "loading") return;
  state = "loading";
  void import("./analytics-core.ts").then((loaded) => {
    core = loaded;
    state = "on";
    if (latest) loaded.configureAnalytics(latest);
    for (const call of queued.splice(0)) call(loaded);
  });
}

export type { TrackDetails, TrackedVehicle } from "./analytics-core.ts";

/** An event for the data layer, sent once per vehicle (or once overall) when analytics are allowed. */
export function track(event: AnalyticsEvent, details: TrackDetails = {}): void {
  withCore((c) => void c.track(event, details));
}

function logCrm(api: Pick<ApiClient, "post"> | null, key: string, body: { event: string; order?: number; vehicle?: number }): void {
  if (!api || crmLogged.has(key)) return;
  crmLogged.add(key);
  void api.post("/api/customer/user/log_crm_event/", body).catch(() => undefined);
}

type FinishEvent = "initial_click" | "trade_in_finish" | "payment_calc_finish" | "appointment_finish" | "credit_app_finish";

/**
 * A CRM-style event (transactional spec 4): logged for the dealership's CRM (first party, once per vehicle in this
 * page) and sent to the data layer when analytics are allowed.
 */
export function finish(api: Pick<ApiClient, "post"> | null, event: FinishEvent, details: TrackDetails & { orderId?: number | null } = {}): void {
  const vehicle = details.vehicle?.id;
  logCrm(api, analyticsDedupeKey(event, vehicle), { event, ...(details.orderId ? { order: details.orderId } : {}), ...(vehicle ? { vehicle } : {}) });
  track(event, details);
}

/** The lead form (sign-up) was shown for this source (its preset): only a finish from the same source is reported. */
export function leadFormShown(source: string): void {
  leadSource = source;
}

/** Spec 4: lead form finish is reported only when its source matches the one registered when the form was shown. */
export function leadFormFinished(api: Pick<ApiClient, "post"> | null, source: string, details: TrackDetails = {}): boolean {
  if (!leadFormFinishAllowed(leadSource, source)) return false;
  leadSource = null;
  const vehicle = details.vehicle?.id;
  logCrm(api, analyticsDedupeKey("lead_form_finish", vehicle), { event: "lead_form_finish", ...(vehicle ? { vehicle } : {}) });
  track("lead_form_finish", { ...details, extra: { ...details.extra, lead_source: source } });
  return true;
}

/** Tests only: forgets this page's analytics state (the core's too, once loaded). */
export function resetAnalyticsForTests(): void {
  core?.resetAnalyticsForTests();
  core = null;
  state = "unknown";
  latest = null;
  queued.length = 0;
  leadSource = null;
  crmLogged.clear();
}
