/** Trade-ins: VINs, flows and statuses, the questionnaire, the built-in valuation, offers and the deal's equity. */
export * from "./types.ts";
export * from "./vin.ts";
