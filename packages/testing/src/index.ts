export * from "./random.ts";
export * from "./dealership.ts";
export * from "./vehicle.ts";
export * from "./vehicle-rules.ts";
export * from "./staff.ts";
export * from "./pricing.ts";
export * from "./configurator.ts";
export * from "./add-on-catalogue.ts";
