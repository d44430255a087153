import { MAX_ROW_ID } from "../schemas/ids.ts";
import { COMPARE_MAX, COMPARE_MIN } from "./compare-picks.ts";

export type CompareIdsOutcome = { ok: true; ids: number[] } | { ok: false; reason: "invalid" | "too_few" | "too_many" };

/**
 * The vehicles of a comparison address: `ids` as a comma list ("12,7,31"), with `first` (vccvdp: the
 * details page's vehicle) put first. Repeats count once. Anything that is not a vehicle id is refused as
 * a whole (a link typed wrong is said so, never shown half).
 */
export function parseCompareIds(raw: string | null | undefined, first?: string | null): CompareIdsOutcome {
  const parts = [first ?? "", ...(raw ?? "").split(",")].map((part) => part.trim()).filter((part) => part !== "");
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,10}$/.test(part) || Number(part) < 1 || Number(part) > MAX_ROW_ID) return { ok: false, reason: "invalid" };
    const id = Number(part);
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length < COMPARE_MIN) return { ok: false, reason: "too_few" };
  if (ids.length > COMPARE_MAX) return { ok: false, reason: "too_many" };
  return { ok: true, ids };
}

/** The payment a compared vehicle's details page opens on: the dealership's default type for its condition, priced at its defaults. */
export type ComparedPayment = {
  payment_type: "cash" | "finance" | "lease";
  /** Dollars: the payment at its frequency, or a cash deal's balance due. */
  amount: string;
  payment_frequency: "weekly" | "biweekly" | "semimonthly" | "monthly" | null;
  term: number | null;
  rate: string | null;
};

/** What the comparison reads of each vehicle (the vehicle call's fields, plus its payment). */
export type ComparedVehicleFacts = {
  year: number;
  make: string;
  model: string;
  marketing_trim: string;
  trim_fr: string;
  is_new: boolean;
  is_cpo: boolean;
  is_certified: boolean;
  msrp: string | null;
  dealer_price: string | null;
  body_type: string;
  drivetrain: string;
  transmission: string;
  fuel_type: string;
  odometer: number;
  exterior_color: string;
  interior_color: string;
  stock_number: string;
  vin: string;
  available: boolean;
  payment: ComparedPayment | null;
};

/** The rows of a comparison, in the order shown. */
export const COMPARISON_ROWS = [
  "price",
  "msrp",
  "payment",
  "condition",
  "year",
  "make",
  "model",
  "trim",
  "body_type",
  "drivetrain",
  "transmission",
  "fuel_type",
  "odometer",
  "exterior_color",
  "interior_color",
  "stock_number",
  "vin",
] as const;
export type ComparisonRowKey = (typeof COMPARISON_ROWS)[number];

/** Rows that only exist where prices are shown. */
const PRICE_ROWS: readonly ComparisonRowKey[] = ["price", "msrp", "payment"];

/** The value a row compares for one vehicle (null: the vehicle has none); the page formats it. */
export function comparedValue(vehicle: ComparedVehicleFacts, key: ComparisonRowKey, language: "en" | "fr" = "en"): string | number | null {
  const text = (value: string) => (value.trim() === "" ? null : value.trim());
  switch (key) {
    case "price":
      return vehicle.dealer_price;
    case "msrp":
      // Only a new vehicle's MSRP is today's reference (as the details page shows it).
      return vehicle.is_new ? vehicle.msrp : null;
    case "payment": {
      const p = vehicle.payment;
      return p ? [p.payment_type, p.amount, p.payment_frequency ?? "", p.term ?? "", p.rate ?? ""].join("|") : null;
    }
    case "condition":
      return vehicle.is_cpo || vehicle.is_certified ? "cpo" : vehicle.is_new ? "new" : "used";
    case "year":
      return vehicle.year;
    case "make":
      return text(vehicle.make);
    case "model":
      return text(vehicle.model);
    case "trim":
      return text(language === "fr" ? vehicle.trim_fr || vehicle.marketing_trim : vehicle.marketing_trim);
    case "odometer":
      return vehicle.odometer;
    default:
      return text(vehicle[key]);
  }
}

/** Two values read the same to a shopper: text without regard to case and spacing (amounts come as the API's two-decimal strings). */
function sameValue(a: string | number | null, b: string | number | null): boolean {
  if (a === null || b === null) return a === b;
  const norm = (v: string | number) => String(v).trim().replace(/\s+/g, " ").toLowerCase();
  return norm(a) === norm(b);
}

export type ComparisonRow = { key: ComparisonRowKey; values: (string | number | null)[]; differs: boolean };

/**
 * The rows a comparison shows: every row some vehicle has a value for (price rows only where prices are
 * shown), each saying whether the vehicles differ on it. With `onlyDifferences`, the rows where they
 * all agree are left out (the shopper's "highlight differences" view).
 */
export function comparisonRows(
  vehicles: readonly ComparedVehicleFacts[],
  options: { pricesShown: boolean; onlyDifferences?: boolean; language?: "en" | "fr" },
): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  for (const key of COMPARISON_ROWS) {
    if (!options.pricesShown && PRICE_ROWS.includes(key)) continue;
    const values = vehicles.map((vehicle) => comparedValue(vehicle, key, options.language));
    if (values.every((value) => value === null)) continue;
    const differs = values.some((value) => !sameValue(value, values[0] ?? null));
    if (options.onlyDifferences && !differs) continue;
    rows.push({ key, values, differs });
  }
  return rows;
}
