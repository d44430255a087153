export * from "../modules/dealer-auth/tables.ts";
export * from "../modules/dealerships/tables.ts";
export * from "../modules/inventory/tables.ts";
export * from "../modules/platform/tables.ts";
export * from "../modules/sessions/tables.ts";
export * from "../modules/customers/tables.ts";
export * from "../modules/notifications/tables.ts";
export * from "../modules/pricing/tables.ts";
