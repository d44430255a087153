import { subtractCents } from "./cents-math.ts";
import { type Cents } from "../money.ts";
import { type VdpSettings } from "../schemas/dealership.ts";

/** What decides whether a vehicle's MSRP may be shown as the reference of a saving. */
export interface MsrpReferenceVehicle {
  /** The feed's condition: demonstrators sold as new are "New". */
  condition: "New" | "Used";
  /** Certified pre-owned. */
  certified: boolean;
}

/**
 * Whether the MSRP is today's reference price of the vehicle: true for new vehicles (new demonstrators
 * included), never for used or certified ones, whose MSRP is the original one of their model year, so
 * a "saving" against it is only depreciation.
 */
export const msrpIsCurrentReference = (vehicle: MsrpReferenceVehicle): boolean => vehicle.condition === "New" && !vehicle.certified;

/** The saving a details page shows: the MSRP, the dealer's discount off it and the dealer's price. */
export interface MsrpSavings {
  msrp: Cents;
  dealerDiscount: Cents;
  price: Cents;
}

/**
 * The saving against the MSRP a page may show, or null: only where the VDP settings show savings detail
 * (`show_savings_detail`), the MSRP is the current reference (`msrpIsCurrentReference`), both amounts are
 * known and the price is below the MSRP.
 */
export function msrpSavings(
  vehicle: MsrpReferenceVehicle & { msrp: Cents | null; price: Cents | null },
  settings: Pick<VdpSettings, "show_savings_detail">,
): MsrpSavings | null {
  if (!settings.show_savings_detail || !msrpIsCurrentReference(vehicle)) return null;
  const { msrp, price } = vehicle;
  if (msrp === null || price === null || price >= msrp) return null;
  return { msrp, dealerDiscount: subtractCents(msrp, price), price };
}

/** A vehicle's VDP settings: savings detail is off (and never expanded) where its MSRP is not the current reference. */
export function vdpSettingsForVehicle(settings: VdpSettings, vehicle: MsrpReferenceVehicle): VdpSettings {
  if (msrpIsCurrentReference(vehicle)) return settings;
  return { ...settings, show_savings_detail: false, show_savings_details_expanded_by_default: false };
}
