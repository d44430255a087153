import { type PlanTaxFlag } from "../add-ons/types.ts";
import { type Cents } from "../money.ts";
import { sumCents } from "./cents-math.ts";
import { type DealAddOn } from "./deal-inputs.ts";
import { type AddOnPrice } from "./payment-option.ts";
import { groupLine, leafLine, type PricingLine } from "./pricing-lines.ts";
import { baseNetOfTrade } from "./tax-rules.ts";
import { type TaxRules } from "./tax-types.ts";

/** How the add-ons of a deal enter its price: what they add, and what they add to which tax base. */

const NAMED_FLAGS: readonly string[] = ["gst", "hst", "qst"] satisfies PlanTaxFlag[];

/** A plan's flag names its own component; "pst" stands for every other one (PST, RST, state, local, lease tax). */
export function addOnTaxedByComponent(addOn: DealAddOn, componentId: string): boolean {
  if (addOn.taxed_by === "all") return true;
  const flag: PlanTaxFlag = NAMED_FLAGS.includes(componentId) ? (componentId as PlanTaxFlag) : "pst";
  return addOn.taxed_by.includes(flag);
}

export const isTaxedLikeVehicle = (addOn: DealAddOn): boolean => addOn.taxed_by === "all";

export const addOnsTotal = (addOns: readonly DealAddOn[]): Cents => sumCents(addOns.map((addOn) => addOn.amount));

/** The add-ons that are part of the vehicle sale: in every tax base and in the BC band base. */
export const vehicleLikeAddOnsTotal = (addOns: readonly DealAddOn[]): Cents => addOnsTotal(addOns.filter(isTaxedLikeVehicle));

/**
 * Each component's base when some add-ons are taxed by some components only:
 * max(preTradeBase + Σ add-ons that component taxes − trade credit, 0). Undefined when every
 * add-on is taxed like the vehicle, so the usual single base applies unchanged.
 */
export function componentBasesWithPlans(
  rules: TaxRules,
  addOns: readonly DealAddOn[],
  preTradeBase: Cents,
  tradeCredit: Cents,
): Record<string, Cents> | undefined {
  const flagged = addOns.filter((addOn) => !isTaxedLikeVehicle(addOn));
  if (flagged.length === 0) return undefined;
  return Object.fromEntries(
    rules.components.map((component) => {
      const extra = addOnsTotal(flagged.filter((addOn) => addOnTaxedByComponent(addOn, component.id)));
      return [component.id, baseNetOfTrade(sumCents([preTradeBase, extra]), tradeCredit)];
    }),
  );
}

const addOnLine = (addOn: DealAddOn): PricingLine =>
  leafLine("pricing.line.add_on", addOn.amount, { id: addOn.id, name: addOn.name, name_fr: addOn.name_fr });

/** The accessories and the protection plans, each a group of one line per item; no group when it has none. */
export function addOnLines(addOns: readonly DealAddOn[]): PricingLine[] {
  const groups: [string, DealAddOn["kind"]][] = [
    ["pricing.line.accessories", "accessory"],
    ["pricing.line.protection_plans", "protection"],
  ];
  return groups.flatMap(([label_key, kind]) => {
    const items = addOns.filter((addOn) => addOn.kind === kind);
    return items.length === 0 ? [] : [groupLine(label_key, items.map(addOnLine))];
  });
}

/** Each item's charge; what it adds to the payment is filled in by `quote`, which can price the deal without it. */
export const unpricedAddOns = (addOns: readonly DealAddOn[]): AddOnPrice[] =>
  addOns.map((addOn) => ({ kind: addOn.kind, id: addOn.id, amount: addOn.amount, payment: null }));
