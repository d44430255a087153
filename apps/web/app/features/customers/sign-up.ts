import {
  applyMask,
  emailSchema,
  localizeValidationMessage,
  PHONE_MASK,
  POSTAL_MASK,
  registrationSchema,
  type Country,
  type Language,
  type RegistrationInput,
  type SignUpRules,
} from "@showroom/domain";
import { errorMessages } from "../../lib/api-errors.ts";
import { checkWith, serverErrors, type Checked, type FieldErrors as ErrorsOf, type FormBinding } from "../../ui/use-form.ts";

/** What the sign-up form holds while the shopper types. */
export type SignUpValues = {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  postal_code: string;
  preferred_method_of_contact: "" | "email" | "phone" | "sms";
  disclosure: boolean;
  terms: boolean;
  send_invitation_email: boolean;
};

export const emptySignUp = (sendInvitation = false): SignUpValues => ({
  email: "",
  first_name: "",
  last_name: "",
  phone: "",
  postal_code: "",
  preferred_method_of_contact: "",
  disclosure: false,
  terms: false,
  send_invitation_email: sendInvitation,
});

export const DISCLOSURE_FIELD = "base_consents_responses.disclosure_tokenization";
export const TERMS_FIELD = "base_consents_responses.terms_and_conditions";

/** The form's fields in the order they appear: the first one in error gets the focus. */
export const SIGN_UP_FIELDS = [
  "email",
  "first_name",
  "last_name",
  "phone",
  "postal_code",
  "preferred_method_of_contact",
  DISCLOSURE_FIELD,
  TERMS_FIELD,
] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];
export type FieldErrors = ErrorsOf<SignUpField>;

/** The browser's check: a message whose path is not a field of the form is shown at the email (it never is). */
const CHECK_BINDING: FormBinding<SignUpField> = { fields: SIGN_UP_FIELDS, fieldOf: () => "email" };
/** The API's refusal: the consents object's own message goes to the disclosure; other unknown paths are general. */
const REFUSAL_BINDING: FormBinding<SignUpField> = {
  fields: SIGN_UP_FIELDS,
  fieldOf: (path) => (path === "base_consents_responses" ? DISCLOSURE_FIELD : null),
};

/** Typing in the phone and postal fields follows the country's mask: (###) ###-####, ###-###-####, A#A #A#, #####. */
export const maskPhone = (country: Country, value: string) => applyMask(value, PHONE_MASK[country]);
export const maskPostal = (country: Country, value: string) => applyMask(value, POSTAL_MASK[country]);

export type RegistrationContext = {
  rules: SignUpRules;
  /** The vehicle the shopper was looking at, if any. */
  vehicle?: number | undefined;
  catId?: string | null | undefined;
  leadType?: string | undefined;
  url?: string | undefined;
  /** Dealer staff adding a customer: the invitation email choice and the dealer's CRM default. */
  staff?: { sendLeadToCrm: boolean } | null | undefined;
};

/**
 * The registration payload (transactional spec 3) built from the form. The consents answer only the questions
 * the dealership asks: the disclosure when it shows a disclosure text, the terms when it has a terms link.
 */
export function registrationInput(values: SignUpValues, context: RegistrationContext): RegistrationInput {
  const { rules } = context;
  const input: RegistrationInput = {
    email: values.email.trim(),
    first_name: values.first_name,
    last_name: values.last_name,
    phone: values.phone,
    postal_code: values.postal_code,
    preferred_method_of_contact: values.preferred_method_of_contact,
    notify_me: false,
    send_lead_to_crm: context.staff ? context.staff.sendLeadToCrm : true,
    base_consents_responses: {
      ...(rules.disclosure_required ? { disclosure_tokenization: values.disclosure } : {}),
      ...(rules.terms_required ? { terms_and_conditions: values.terms } : {}),
    },
  };
  if (context.vehicle !== undefined) input.vehicle = context.vehicle;
  if (context.catId) input.cat_id = context.catId;
  if (context.leadType) input.lead_type = context.leadType;
  if (context.url) input.url = context.url;
  if (context.staff) input.send_invitation_email = values.send_invitation_email;
  return input;
}

/** The browser's check, with the very schema the API applies; messages in the shopper's language. The payload is sent as built. */
export function checkSignUp(rules: SignUpRules, input: RegistrationInput, language: Language): Checked<RegistrationInput, SignUpField> {
  const checked = checkWith(registrationSchema(rules), input, CHECK_BINDING, (message) => localizeValidationMessage(message, language));
  return checked.ok ? { ok: true, data: input } : checked;
}

export function checkRegistration(rules: SignUpRules, input: RegistrationInput, language: Language): FieldErrors {
  const checked = checkSignUp(rules, input, language);
  return checked.ok ? {} : checked.fields;
}

export function checkEmail(email: string, language: Language): string | null {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? null : localizeValidationMessage(parsed.error.issues[0]?.message ?? "", language);
}

/** The first field in error, in the order the form shows them. */
export const firstInvalidField = (errors: FieldErrors): SignUpField | null => SIGN_UP_FIELDS.find((f) => errors[f]) ?? null;

/**
 * A refused registration: messages naming a field of the form go next to it (nested consent errors included);
 * the others, and those without a field, are shown above the button.
 */
export function registrationErrors(body: unknown): { fields: FieldErrors; general: string[]; code: string | null } {
  const read = errorMessages(body);
  const placed = serverErrors(read.fields, REFUSAL_BINDING);
  return { fields: placed.fields, general: [...read.general, ...placed.general], code: read.code };
}

export const fieldId = (prefix: string, field: string) => `${prefix}-${field.replace(/\W+/g, "-")}`;
