import { type PaymentType } from "../constants.ts";
import { divideRoundHalfAwayFromZero, toDecimal } from "../decimal.ts";
import { type Cents } from "../money.ts";
import { type PlanPriceEntry, type ProtectionPlan } from "./types.ts";

export type PlanQuery = {
  payment_type: PaymentType;
  vehicle_id: number;
  term: number | null;
  /** coverage the shopper chose; default: the term */
  duration?: number;
  /** total distance the deal covers */
  distance: number;
  deductible_amount?: Cents;
};

export type PlanMatch =
  | { ok: true; entry: PlanPriceEntry }
  | { ok: false; reason: "payment_type_not_supported" | "no_price_fits" | "several_prices_fit" };

/** The entries a plan prices this vehicle with: its own when the plan has any for it, else the generic ones. */
function candidateEntries(plan: ProtectionPlan, query: PlanQuery): PlanPriceEntry[] {
  const ofType = plan.prices_set.filter((entry) => entry.payment_type === query.payment_type);
  const own = ofType.filter((entry) => entry.vehicle_id === query.vehicle_id);
  return own.length > 0 ? own : ofType.filter((entry) => entry.vehicle_id === null);
}

function fits(plan: ProtectionPlan, entry: PlanPriceEntry, query: PlanQuery): boolean {
  const forced = query.payment_type === "lease" && (plan.force_match_lease_term || entry.force_match_lease_term);
  const duration = forced ? query.term : (query.duration ?? query.term);
  const { from, to } = entry.km_range;
  return (
    (duration === null || entry.duration === duration) &&
    from <= query.distance &&
    (to === null || query.distance < to) &&
    (query.deductible_amount === undefined || entry.deductible_amount === query.deductible_amount)
  );
}

/**
 * Spec: a protection plan matches only when the payment type is supported and exactly one price
 * set fits the duration and the distance; on a lease with force_match_lease_term the duration must
 * equal the term. Two fitting entries are refused rather than guessed between.
 */
export function matchPlanPrice(plan: ProtectionPlan, query: PlanQuery): PlanMatch {
  if (!plan.payment_type.includes(query.payment_type)) return { ok: false, reason: "payment_type_not_supported" };
  const fitting = candidateEntries(plan, query).filter((entry) => fits(plan, entry, query));
  if (fitting.length === 0) return { ok: false, reason: "no_price_fits" };
  if (fitting.length > 1) return { ok: false, reason: "several_prices_fit" };
  return { ok: true, entry: fitting[0]! };
}

/**
 * The plan's price for a deal: the matching entry's, else its fallback price when it uses one and
 * no entry fits (never when several fit: that is a catalogue conflict, not a missing price).
 */
export function planPrice(plan: ProtectionPlan, query: PlanQuery): Cents | null {
  const match = matchPlanPrice(plan, query);
  if (match.ok) return match.entry.price;
  if (match.reason === "no_price_fits" && plan.use_fallback_prices) return plan.fallback_price;
  return null;
}

/**
 * A selected plan stays on a deal after a switch of payment type when the type is one of the
 * plan's and, given the deal's new query, it still has a price there (see `planPrice`).
 */
function staysValid(plan: ProtectionPlan, paymentType: PaymentType, query?: Omit<PlanQuery, "payment_type">): boolean {
  if (!plan.payment_type.includes(paymentType)) return false;
  return query === undefined || planPrice(plan, { ...query, payment_type: paymentType }) !== null;
}

export function plansValidFor<P extends ProtectionPlan>(
  plans: readonly P[],
  paymentType: PaymentType,
  query?: Omit<PlanQuery, "payment_type">,
): P[] {
  return plans.filter((plan) => staysValid(plan, paymentType, query));
}

/** The selected plans a switch to `paymentType` must remove. */
export function plansInvalidFor<P extends ProtectionPlan>(
  plans: readonly P[],
  paymentType: PaymentType,
  query?: Omit<PlanQuery, "payment_type">,
): P[] {
  return plans.filter((plan) => !staysValid(plan, paymentType, query));
}

/** The distance a deal covers: annual distance × months / 12, rounded half-up to a whole unit. */
export function planDistance(annualDistance: number, months: number): number {
  const annual = toDecimal(annualDistance);
  if (!annual || !Number.isSafeInteger(months)) throw new RangeError(`Not a distance and a term: ${annualDistance}, ${months}`);
  const scale = 10n ** BigInt(annual.scale);
  return Number(divideRoundHalfAwayFromZero(annual.unscaled * BigInt(months), 12n * scale));
}
