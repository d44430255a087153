/** Trade-ins: VINs, flows and statuses, the questionnaire, the built-in valuation, offers and the deal's equity. */
export * from "./types.ts";
export * from "./vin.ts";
export * from "./rules.ts";
export * from "./questions.ts";
export * from "./valuation.ts";
export * from "./offer-promise.ts";
