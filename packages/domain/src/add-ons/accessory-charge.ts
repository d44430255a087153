import { addCents, cents, multiplyCentsByRate, type Cents } from "../money.ts";
import { type DealAddOn } from "../pricing/deal-inputs.ts";
import { PLAN_TAX_FLAGS, type Accessory, type PlanTaxFlag, type ProtectionPlan } from "./types.ts";

/**
 * What a deal charges for an accessory. Pre-installed: nothing, it is in the vehicle's price.
 * Port-installed: always installed. Installed: the dealership's installed price when it quotes
 * one, else the part plus the installation (a flat charge, or labour rate × hours rounded
 * half-up to the cent, or nothing when neither is set).
 */
export function accessoryCharge(accessory: Accessory, installed: boolean): Cents {
  if (accessory.pre_installed) return cents(0);
  if (!installed && !accessory.port_installed) return accessory.price;
  if (accessory.price_including_installation !== null) return accessory.price_including_installation;
  return addCents(accessory.price, installationCharge(accessory));
}

function installationCharge(accessory: Accessory): Cents {
  if (accessory.installation_charge_override !== null) return accessory.installation_charge_override;
  const rate = accessory.installation_labour_rate;
  const hours = accessory.installation_labour_time;
  // Exact decimal hours ("1.5") times cents per hour, rounded once.
  return rate === null || hours === null ? cents(0) : multiplyCentsByRate(rate, hours);
}

/** An accessory as a quote prices it: part of the vehicle sale, taxed like it. */
export const accessoryAddOn = (accessory: Accessory, installed: boolean): DealAddOn => ({
  kind: "accessory",
  id: accessory.id,
  name: accessory.name,
  name_fr: accessory.name_fr,
  amount: accessoryCharge(accessory, installed),
  taxed_by: "all",
});

/** The tax flags a plan is subject to, in a fixed order. */
export const planTaxFlags = (plan: Pick<ProtectionPlan, "taxes">): PlanTaxFlag[] => PLAN_TAX_FLAGS.filter((flag) => plan.taxes[flag]);

/** A protection plan at a price (see `planPrice`) as a quote prices it: taxed by its flags only. */
export const planAddOn = (plan: ProtectionPlan, price: Cents): DealAddOn => ({
  kind: "protection",
  id: plan.id,
  name: plan.name,
  name_fr: plan.name_fr,
  amount: price,
  taxed_by: planTaxFlags(plan),
});
