export * from "./adf.ts";
export * from "./crm-destination.ts";
