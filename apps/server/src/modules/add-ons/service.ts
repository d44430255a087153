import {
  accessoryCharge,
  type AccessoryConfigurationRequest,
  centsToDecimalString,
  configureAccessories,
  matchPlanPrice,
  planDistance,
  type Accessory,
  type AddOnSelection,
  type AccessoryWire,
  type Cents,
  type DealAddOn,
  type PaymentType,
  type PlanPriceEntry,
  type PlanPriceEntryWire,
  type PlanUnmatchedReason,
  type ProtectionPlan,
  type ProtectionPlanWire,
  type VehicleCondition,
} from "@showroom/domain";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { accessories, accessoryQuestions, planFallbackPriceLog, protectionPlans } from "./tables.ts";

const CATALOGUE_TTL_MS = 10_000;

/** What the add-on rules read of a vehicle. */
export type AddOnVehicle = { id: number; make: string; bodyType: string | null; condition: VehicleCondition };

/** The deal a plan is priced for. */
export type PlanDeal = { paymentType: PaymentType; term: number | null; distanceAllowance: number | null };

export type UnavailableProtection = { id: number; reason: PlanUnmatchedReason | "not_for_vehicle" };

/** The add-ons of a deal as the engine prices them, with what the payment option reports about each. */
export type ResolvedAddOns = {
  addOns: DealAddOn[];
  installed: Set<number>;
  priceEntries: Map<number, number | null>;
  unavailable: UnavailableProtection[];
  /** Accessories asked for that are not offered (any more) for the vehicle: withdrawn ones always, unknown ones by a lenient resolve. */
  unavailableAccessories: number[];
  /** The selection actually priced (plans that do not fit are left out). */
  selection: AddOnSelection;
};

export type AddOnFailure = { field: "accessories" | "install_accessories_ids" | "protections"; ids: number[] };

const money = (amount: Cents | null) => (amount === null ? null : centsToDecimalString(amount));

export function fitsVehicle(accessory: Accessory, vehicle: AddOnVehicle): boolean {
  const make = vehicle.make.toLowerCase();
  const body = vehicle.bodyType?.toLowerCase() ?? null;
  return (
    (accessory.makes.length === 0 || accessory.makes.some((m) => m.toLowerCase() === make)) &&
    (accessory.vehicle_types.length === 0 || (body !== null && accessory.vehicle_types.some((t) => t.toLowerCase() === body)))
  );
}

/** The ids of the accessories of this list that cannot be fitted with this one (incompatibility is symmetric, by sku). */
function incompatibleIds(accessory: Accessory, all: readonly Accessory[]): number[] {
  return all
    .filter((other) => other.id !== accessory.id && (accessory.incompatible_skus.includes(other.sku) || other.incompatible_skus.includes(accessory.sku)))
    .map((other) => other.id);
}

export function accessoryToWire(accessory: Accessory, fitting: readonly Accessory[]): AccessoryWire {
  const { makes: _makes, incompatible_skus: _skus, ...rest } = accessory;
  return {
    ...rest,
    price: centsToDecimalString(accessory.price),
    price_including_installation: money(accessory.price_including_installation),
    price_recurring: money(accessory.price_recurring),
    installation_charge_override: money(accessory.installation_charge_override),
    installation_labour_rate: money(accessory.installation_labour_rate),
    installed_price: centsToDecimalString(accessoryCharge({ ...accessory, pre_installed: false }, true)),
    incompatible_with: incompatibleIds(accessory, fitting),
  };
}

function entryToWire(entry: PlanPriceEntry, queriedDuration: number | null): PlanPriceEntryWire {
  return {
    ...entry,
    price: centsToDecimalString(entry.price),
    price_recurring: money(entry.price_recurring),
    deductible_amount: centsToDecimalString(entry.deductible_amount),
    queried_duration: queriedDuration,
  };
}

export function planToWire(plan: ProtectionPlan, match: { entry: PlanPriceEntry | null; reason: PlanUnmatchedReason | null; queriedDuration: number | null } | null): ProtectionPlanWire {
  return {
    ...plan,
    prices_set: plan.prices_set.map((e) => entryToWire(e, null)),
    fallback_price: money(plan.fallback_price),
    matched_price: match?.entry ? entryToWire(match.entry, match.queriedDuration) : null,
    unmatched_reason: match?.reason ?? null,
  };
}

export function addOnsService(db: Db, now: () => number = Date.now) {
  const cache = new Map<number, { at: number; accessories: Accessory[]; plans: ProtectionPlan[] }>();

  async function catalogueOf(dealershipId: number) {
    const hit = cache.get(dealershipId);
    if (hit && now() - hit.at < CATALOGUE_TTL_MS) return hit;
    const [accessoryRows, planRows] = await Promise.all([
      db.select().from(accessories).where(eq(accessories.dealershipId, dealershipId)).orderBy(asc(accessories.id)),
      db.select().from(protectionPlans).where(and(eq(protectionPlans.dealershipId, dealershipId), eq(protectionPlans.active, true))).orderBy(asc(protectionPlans.id)),
    ]);
    const entry = {
      at: now(),
      accessories: accessoryRows.map((r) => ({ ...r.record, id: r.id, sku: r.sku, active: r.active })),
      plans: planRows.map((r) => ({ ...r.record, id: r.id, product_code: r.productCode, category: r.category })),
    };
    cache.set(dealershipId, entry);
    return entry;
  }

  /** The accessories that fit this vehicle (inactive ones too: a deal may hold one that was withdrawn since). */
  async function accessoriesFor(dealership: DealershipRow, vehicle: AddOnVehicle): Promise<Accessory[]> {
    return (await catalogueOf(dealership.id)).accessories.filter((a) => fitsVehicle(a, vehicle));
  }

  /** The plans of the dealership's enabled categories offered for this vehicle's condition. */
  async function plansFor(dealership: DealershipRow, vehicle: AddOnVehicle): Promise<ProtectionPlan[]> {
    const enabled = new Set(dealership.profile.enabled_protection_plan_categories);
    return (await catalogueOf(dealership.id)).plans.filter((p) => enabled.has(p.category) && p.vehicle_condition.includes(vehicle.condition));
  }

  /**
   * The plan's price for a deal: the one entry that fits (spec section 5), its fallback price, or why none.
   * The coverage lasts the deal's term; a cash deal has none, so it takes the dealership's default finance
   * term (a cash buyer is offered the coverage a financed buyer gets by default). The distance covered is
   * the yearly distance (the lease's allowance, else the dealership's default) over that coverage.
   */
  function priceFor(dealership: DealershipRow, plan: ProtectionPlan, vehicle: AddOnVehicle, deal: PlanDeal) {
    const annual = deal.distanceAllowance ?? dealership.paymentSettings.default_distance_allowance;
    const months = deal.term ?? dealership.paymentSettings.default_finance_term;
    const match = matchPlanPrice(plan, {
      payment_type: deal.paymentType,
      vehicle_id: vehicle.id,
      term: deal.term,
      duration: months,
      distance: planDistance(annual, months),
    });
    if (match.ok) return { entry: match.entry, reason: null, queriedDuration: deal.term };
    if (match.reason !== "payment_type_not_supported" && plan.use_fallback_prices && plan.fallback_price !== null) {
      const fallback: PlanPriceEntry = {
        id: 0,
        protection_plan_id: plan.id,
        vehicle_id: vehicle.id,
        payment_type: deal.paymentType,
        price: plan.fallback_price,
        price_recurring: null,
        duration: deal.term ?? 0,
        km_range: { from: 0, to: null },
        deductible_amount: 0 as Cents,
        deductible_label: "",
        deductible_type: "none",
        rate: null,
        source: "fallback",
        force_match_lease_term: plan.force_match_lease_term,
        name_en: plan.name,
        name_fr: plan.name_fr,
        custom_duration_en: plan.custom_duration_en,
        custom_duration_fr: plan.custom_duration_fr,
      };
      return { entry: fallback, reason: null, queriedDuration: deal.term };
    }
    return { entry: null, reason: match.reason, queriedDuration: deal.term };
  }

  return {
    accessoriesFor,
    plansFor,
    priceFor,
    invalidate: (dealershipId: number) => cache.delete(dealershipId),

    async questions(dealershipId: number) {
      const rows = await db.select().from(accessoryQuestions).where(eq(accessoryQuestions.dealershipId, dealershipId)).orderBy(asc(accessoryQuestions.position), asc(accessoryQuestions.id));
      return rows.map((r) => ({ id: r.id, question: r.question, question_fr: r.questionFr, answer: r.answer, answer_fr: r.answerFr }));
    },

    /** Adds or removes one accessory of a selection, or checks a selection (spec section 7, configure). */
    async configure(dealership: DealershipRow, vehicle: AddOnVehicle, request: AccessoryConfigurationRequest) {
      const fitting = (await accessoriesFor(dealership, vehicle)).filter((a) => a.active);
      return configureAccessories(fitting, request);
    },

    async logFallbackPrice(dealership: DealershipRow, input: { planId: number; vehicleId: number; paymentType: PaymentType; priceCents: number }) {
      const plan = (await catalogueOf(dealership.id)).plans.find((p) => p.id === input.planId);
      if (!plan) return false;
      await db.insert(planFallbackPriceLog).values({ dealershipId: dealership.id, planId: plan.id, vehicleId: input.vehicleId, paymentType: input.paymentType, priceCents: input.priceCents, loggedAt: new Date(now()) });
      return true;
    },

    /**
     * The add-ons a saved deal may hold: accessories of this dealership that fit the vehicle and each other,
     * plans offered for it. Plans the deal's payment type does not take are dropped (the shopper is told by
     * the storefront), never refused, so a payment-type switch always saves.
     */
    async checkDeal(
      dealership: DealershipRow,
      vehicle: AddOnVehicle,
      paymentType: PaymentType | null,
      selection: { accessory_ids: number[]; protection_ids: number[] },
    ): Promise<{ ok: true; protection_ids: number[] } | { ok: false; field: "accessory_ids" | "protection_ids" }> {
      const fitting = (await accessoriesFor(dealership, vehicle)).filter((a) => a.active);
      const checked = configureAccessories(fitting, { selected: [...new Set(selection.accessory_ids)], force: false });
      if (!checked.ok) return { ok: false, field: "accessory_ids" };
      const offered = await plansFor(dealership, vehicle);
      const plans = [...new Set(selection.protection_ids)].map((id) => offered.find((p) => p.id === id));
      if (plans.some((p) => !p)) return { ok: false, field: "protection_ids" };
      return { ok: true, protection_ids: plans.filter((p) => !paymentType || p!.payment_type.includes(paymentType)).map((p) => p!.id) };
    },

    /**
     * The add-ons of a deal as the engine prices them. An id that is not this dealership's, does not fit the
     * vehicle or was withdrawn is refused (the field named); a plan that does not fit this payment type, term
     * or distance is left out and reported, so a payment-type switch drops it with a notice instead of failing.
     */
    async resolve(
      dealership: DealershipRow,
      vehicle: AddOnVehicle,
      deal: PlanDeal,
      selection: AddOnSelection,
      /** Leave out (and report) add-ons this vehicle is not offered instead of refusing them: a first quote with fallback values. */
      lenient = false,
    ): Promise<{ ok: true; value: ResolvedAddOns } | { ok: false; failure: AddOnFailure }> {
      const fitting = await accessoriesFor(dealership, vehicle);
      const active = fitting.filter((a) => a.active);
      const byId = new Map(active.map((a) => [a.id, a]));
      let accessoryIds = [...new Set(selection.accessories)];
      // Withdrawn since the shopper chose it (this vehicle's, now inactive): it leaves the deal, reported, whatever the call.
      const withdrawn = new Set(fitting.filter((a) => !a.active).map((a) => a.id));
      const unavailableAccessories = accessoryIds.filter((id) => withdrawn.has(id));
      const unknown = accessoryIds.filter((id) => !byId.has(id) && !withdrawn.has(id));
      if (unknown.length && !lenient) return { ok: false, failure: { field: "accessories", ids: unknown } };
      unavailableAccessories.push(...unknown);
      accessoryIds = accessoryIds.filter((id) => byId.has(id));
      const strayInstalls = selection.install_accessories_ids.filter((id) => !accessoryIds.includes(id));
      if (strayInstalls.length && !lenient) return { ok: false, failure: { field: "install_accessories_ids", ids: strayInstalls } };
      let checked = configureAccessories(active, { selected: accessoryIds, force: false });
      if (!checked.ok && !lenient) return { ok: false, failure: { field: "accessories", ids: accessoryIds } };
      if (!checked.ok && checked.reason === "conflicts") {
        // Rules changed since the choice: both sides of each conflict leave the deal.
        const clashing = new Set(checked.conflicts.flatMap((c) => [c.accessory_id, ...c.conflicts_with]));
        unavailableAccessories.push(...accessoryIds.filter((id) => clashing.has(id)));
        checked = configureAccessories(active, { selected: accessoryIds.filter((id) => !clashing.has(id)), force: false });
      }
      if (!checked.ok) return { ok: false, failure: { field: "accessories", ids: accessoryIds } };

      const allPlans = (await catalogueOf(dealership.id)).plans;
      const offered = new Set((await plansFor(dealership, vehicle)).map((p) => p.id));
      const planIds = [...new Set(selection.protections)];
      const unknownPlans = planIds.filter((id) => !allPlans.some((p) => p.id === id));
      if (unknownPlans.length && !lenient) return { ok: false, failure: { field: "protections", ids: unknownPlans } };

      const installed = new Set<number>();
      const addOns: DealAddOn[] = [];
      for (const accessory of checked.selected.map((id) => byId.get(id)!)) {
        // On the vehicle already (fitted at the factory, the port or the dealership): in its price, never charged again.
        if (accessory.pre_installed || accessory.port_installed) continue;
        const install = selection.install_accessories_ids.includes(accessory.id);
        if (install) installed.add(accessory.id);
        addOns.push({ kind: "accessory", id: accessory.id, name: accessory.name, name_fr: accessory.name_fr, amount: accessoryCharge(accessory, install), taxed_by: "all" });
      }
      const priceEntries = new Map<number, number | null>();
      const unavailable: UnavailableProtection[] = [];
      const kept: number[] = [];
      for (const id of planIds) {
        const plan = allPlans.find((p) => p.id === id);
        if (!plan || !offered.has(plan.id)) {
          unavailable.push({ id, reason: "not_for_vehicle" });
          continue;
        }
        const priced = priceFor(dealership, plan, vehicle, deal);
        if (!priced.entry) {
          unavailable.push({ id: plan.id, reason: priced.reason ?? "no_price_fits" });
          continue;
        }
        kept.push(plan.id);
        priceEntries.set(plan.id, priced.entry.id || null);
        const taxedBy = (Object.keys(plan.taxes) as (keyof typeof plan.taxes)[]).filter((flag) => plan.taxes[flag]);
        addOns.push({ kind: "protection", id: plan.id, name: plan.name, name_fr: plan.name_fr, amount: priced.entry.price, taxed_by: taxedBy });
      }
      return {
        ok: true,
        value: {
          addOns,
          installed,
          priceEntries,
          unavailable,
          unavailableAccessories,
          selection: { accessories: checked.selected, install_accessories_ids: [...installed], protections: kept },
        },
      };
    },
  };
}
export type AddOnsService = ReturnType<typeof addOnsService>;
