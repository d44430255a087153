/** What build and price needs of a vehicle (a row of the inventory). */
export type ConfigurableVehicle = {
  id: number;
  jatoId: string | null;
  year: number;
  make: string;
  model: string;
  trim: string;
  marketingTrim: string;
  bodyType: string;
  exteriorColorNormalized: string;
  msrpCents: number | null;
};

/** How build and price finds vehicles: through the inventory module, never its tables. */
export type VehicleLookup = {
  /** A vehicle of this dealership (not of its group: a build is made at the vehicle's own store), or null. */
  vehicleOf(dealershipId: number, vehicleId: number): Promise<ConfigurableVehicle | null>;
  /** The dealership's listed vehicle of a catalogue trim, or null. */
  vehicleOfTrim(dealershipId: number, trimId: number): Promise<ConfigurableVehicle | null>;
};
