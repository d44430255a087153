import { STEP_KEYS, STEP_STATUS_VALUES, type Campaign, type StepStatuses } from "@showroom/domain";
import { CAMPAIGN_KEY, CAMPAIGN_PARAMS } from "./campaign-capture.ts";

/** Step statuses the shopper reached before any deal existed; the new deal takes them (spec 4). */
export const STEP_STATUSES_KEY = "order-step-statuses";

function storage(kind: "local" | "session"): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function readObject(kind: "local" | "session", key: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(storage(kind)?.getItem(key) ?? "null");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The kept campaign, its fields checked one by one (the API checks the whole again). */
export function storedCampaign(): Campaign {
  const kept = readObject("session", CAMPAIGN_KEY);
  const campaign: Campaign = {};
  for (const key of [...CAMPAIGN_PARAMS, "entry_point", "referrer"] as const) {
    const value = kept[key];
    if (typeof value === "string" && value.trim()) campaign[key] = value.slice(0, key === "referrer" ? 2000 : 200);
  }
  return campaign;
}

/** The kept step statuses: known steps with a status of 0 to 4 only. */
export function storedStepStatuses(): StepStatuses {
  const kept = readObject("local", STEP_STATUSES_KEY);
  const statuses: StepStatuses = {};
  for (const key of STEP_KEYS) {
    const value = kept[key];
    if ((STEP_STATUS_VALUES as readonly unknown[]).includes(value)) statuses[key] = value as StepStatuses[typeof key];
  }
  return statuses;
}

export const clearStepStatuses = () => storage("local")?.removeItem(STEP_STATUSES_KEY);
