export * from "./types.ts";
export { requirementCodes } from "./compiled-trim.ts";
export { applyAlternative, applyChange, configurationState, isValidSelection } from "./engine.ts";
export {
  changeColour,
  type ColourGroupName,
  defaultExteriorColour,
  ensureExteriorColour,
  mandatoryColours,
  withoutUnneededPremiumOptions,
} from "./colours.ts";
export { trimModel, type TrimModel } from "./trim-model.ts";
export { presentCodes, ruleViolations, type RuleViolation } from "./violations.ts";
export * from "./steps.ts";
