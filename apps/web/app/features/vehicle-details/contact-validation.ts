export { contactLeadSchema, localizeValidationMessage } from "@showroom/domain";
