/** Accessories and protection plans: their types, what a deal charges for them, plan prices and accessory conflicts. */
export * from "./types.ts";
export * from "./accessory-charge.ts";
export * from "./plan-matching.ts";
export * from "./accessory-configuration.ts";
