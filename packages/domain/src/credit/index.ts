export * from "./types.ts";
export * from "./postal-province.ts";
export * from "./lender-rules.ts";
export * from "./decision-overlay.ts";
export * from "./outcome-rules.ts";
export * from "./adverse-action.ts";
export * from "./lender-request.ts";
