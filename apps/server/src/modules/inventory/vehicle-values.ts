import { featureMask } from "@showroom/domain";
import type { NewVehicleRow } from "./repo.ts";

/** The fields a feed or the seed supplies; the rest are derived here so search stays consistent. */
export type VehicleInput = Omit<NewVehicleRow, "id" | "dealershipId" | "searchText" | "featureMask" | "createdAt" | "updatedAt" | "uid"> & {
  uid?: string;
};

export function searchTextOf(v: Pick<NewVehicleRow, "year" | "make" | "model" | "trim" | "vin" | "stockNumber">): string {
  return [v.year, v.make, v.model, v.trim, v.vin, v.stockNumber].join(" ").toLowerCase();
}

export function vehicleRowValues(dealershipId: number, input: VehicleInput): NewVehicleRow {
  return {
    ...input,
    uid: input.uid ?? `veh-${dealershipId}-${input.vin.toLowerCase()}`,
    dealershipId,
    searchText: searchTextOf(input),
    featureMask: featureMask(input.features ?? []),
  };
}
