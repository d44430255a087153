export * from "./types.ts";
export * from "./transactions.ts";
export * from "./fees.ts";
export * from "./cards.ts";
export * from "./hold.ts";
export * from "./settings.ts";
