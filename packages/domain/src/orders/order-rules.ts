import type { ModuleName } from "../schemas/dealership.ts";

/** Order statuses and quote states (transactional spec 4). */
export const ORDER_STATUSES = [
  "initial", "pending", "completed", "refunded", "pre_authorized", "failed", "canceled", "appointment", "declined",
  "awaiting-customer", "awaiting-dealer", "hidden-awaiting-decision", "expired",
  "no_quote_created", "sent_to_customer", "viewed_by_customer", "reserved",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_OVERALL_STATUSES = ["Active", "Lost", "Sold"] as const;
export type OrderOverallStatus = (typeof ORDER_OVERALL_STATUSES)[number];

export const ORDER_TYPES = ["standard", "quote"] as const;
export const ORDER_KINDS = ["deposit", "aftermarket", "configure", "trade-in", "finance", "appointment"] as const;

export const DEPOSIT_STEP_STATUSES = ["initial", "pending", "completed", "refunded", "failed", "pre-authorized"] as const;
export type DepositStepStatus = (typeof DEPOSIT_STEP_STATUSES)[number];

/** Step keys and their groups (spec 4, "Step statuses"). */
export const STEP_KEYS = [
  "accessories", "protections", "trade-in", "appointment", "review", "credit-app", "deposit", "vw-deposit",
  "file-upload", "complete-order", "customize-order",
] as const;
export type StepKey = (typeof STEP_KEYS)[number];

export const COMPLETE_ORDER_STEPS = ["credit-app", "deposit", "vw-deposit", "file-upload", "appointment"] as const satisfies readonly StepKey[];
export const CUSTOMIZE_ORDER_STEPS = ["accessories", "protections", "trade-in"] as const satisfies readonly StepKey[];

export const STEP_STATUS_VALUES = [0, 1, 2, 3, 4] as const;
export type StepStatusValue = (typeof STEP_STATUS_VALUES)[number];
export type StepStatuses = Partial<Record<StepKey, StepStatusValue>>;

/** Progress groups of an order: each holds a numeric value per step key of its flow. */
export const PROGRESS_GROUPS = [
  "BUILD-AND-PRICE", "TRADE-IN", "TRADE-IN-2", "TRADE-IN-EXTERNAL", "TRADE-IN-BLACK-BOOK", "CREDIT-APP",
  "DEPOSIT", "DEPOSIT-VW", "APPOINTMENT", "FILE-UPLOAD",
] as const;
export type ProgressGroup = (typeof PROGRESS_GROUPS)[number];
export type OrderProgress = Record<ProgressGroup, Record<string, number>>;

export const emptyProgress = (): OrderProgress =>
  Object.fromEntries(PROGRESS_GROUPS.map((g) => [g, {}])) as unknown as OrderProgress;

/** The dealership module each step needs; steps without one are always there. */
const STEP_MODULE: Partial<Record<StepKey, ModuleName>> = {
  accessories: "accessories",
  protections: "protection_plans",
  "trade-in": "trade_in",
  appointment: "appointment",
  "credit-app": "credit_app",
  deposit: "deposit",
  "vw-deposit": "deposit",
  "file-upload": "file_upload",
};

/** Which steps a deal at this dealership has: its enabled modules, and one deposit step for its deposit system. */
export function availableSteps(settings: { enabled_modules: readonly ModuleName[]; deposit_system: "STANDARD" | "VW_DEPOSIT" }): StepKey[] {
  return STEP_KEYS.filter((key) => {
    if (key === "deposit" && settings.deposit_system !== "STANDARD") return false;
    if (key === "vw-deposit" && settings.deposit_system !== "VW_DEPOSIT") return false;
    const module = STEP_MODULE[key];
    return module === undefined || settings.enabled_modules.includes(module);
  });
}

export function stepSection(key: StepKey): "complete-order" | "customize-order" | "review" {
  if ((COMPLETE_ORDER_STEPS as readonly string[]).includes(key)) return "complete-order";
  if ((CUSTOMIZE_ORDER_STEPS as readonly string[]).includes(key)) return "customize-order";
  return "review";
}

/** Share of a deal's available steps that are done (completed or skipped), 0 to 100. */
export function stepProgressPercent(steps: readonly StepKey[], statuses: StepStatuses): number {
  const countable = steps.filter((s) => s !== "complete-order" && s !== "customize-order");
  if (countable.length === 0) return 0;
  const done = countable.filter((s) => statuses[s] === 1 || statuses[s] === 4).length;
  return Math.floor((done * 100) / countable.length);
}

export type DeletionRefusal = "order_delete_deposit_paid" | "order_delete_deposit_pre_authorized" | "order_delete_quote_pending";

/** A saved deal may not be deleted once money is held for it or a personalized quote is being prepared. */
export function orderDeletionRefusal(order: { deposit_status: DepositStepStatus; praq_pending: boolean }): DeletionRefusal | null {
  if (order.deposit_status === "completed") return "order_delete_deposit_paid";
  if (order.deposit_status === "pre-authorized") return "order_delete_deposit_pre_authorized";
  if (order.praq_pending) return "order_delete_quote_pending";
  return null;
}

/** Where a visitor arrived at the saved-vehicles page from; anything else is dropped. */
export const ORDER_SOURCES = ["vdp", "srp", "build-and-price", "email", "sms", "reentry", "dealer", "header"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const knownOrderSource = (value: string | null | undefined): OrderSource | null =>
  (ORDER_SOURCES as readonly string[]).includes(value ?? "") ? (value as OrderSource) : null;

export type SavedVehicleKey = {
  vin?: string | null;
  stock_number?: string | null;
  model_code?: string | null;
  year?: number | null;
  make?: string | null;
  model?: string | null;
  trim?: string | null;
};

const normalizeModelCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");
const normalizeText = (s: string) => s.trim().toUpperCase();
const present = (v: string | null | undefined): v is string => typeof v === "string" && v.trim() !== "";

/**
 * Spec 5: a saved vehicle matches by VIN, stock number, normalised model code, or year/make/model/trim.
 * The first key both records carry decides: two different VINs are two vehicles, even of one model code.
 */
export function savedVehicleMatches(saved: SavedVehicleKey, vehicle: SavedVehicleKey): boolean {
  if (present(saved.vin) && present(vehicle.vin)) return normalizeText(saved.vin) === normalizeText(vehicle.vin);
  if (present(saved.stock_number) && present(vehicle.stock_number)) {
    return normalizeText(saved.stock_number) === normalizeText(vehicle.stock_number);
  }
  if (present(saved.model_code) && present(vehicle.model_code)) {
    return normalizeModelCode(saved.model_code) === normalizeModelCode(vehicle.model_code);
  }
  return (
    saved.year != null &&
    saved.year === vehicle.year &&
    [saved.make, saved.model, saved.trim].every(present) &&
    normalizeText(saved.make!) === normalizeText(vehicle.make ?? "") &&
    normalizeText(saved.model!) === normalizeText(vehicle.model ?? "") &&
    normalizeText(saved.trim!) === normalizeText(vehicle.trim ?? "")
  );
}
