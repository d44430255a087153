import { z } from "zod";
import type { Country } from "../constants.ts";
import { isPhoneFor, isPostalCodeFor, normalizePostalCode, phoneDigits } from "../customers/field-rules.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { rowIdSchema } from "./ids.ts";
import { personNameSchema } from "./leads.ts";
import type { DealerInfo } from "./dealership.ts";

/** What a dealership asks of a sign-up (spec 5, "Sign-up"). */
export type SignUpRules = {
  country: Country;
  mandatory_names: boolean;
  /** The phone is the contact method after the email; some dealerships require it. */
  mandatory_secondary_phone: boolean;
  disclosure_required: boolean;
  terms_required: boolean;
};

/** The disclosure a dealership shows under the sign-up form, keyed like the consent it asks for. */
export const DISCLOSURE_TEXT_KEY = "disclosure_tokenization";

export function signUpRulesFor(dealer: Pick<DealerInfo, "country" | "mandatory_names" | "mandatory_secondary_phone" | "disclosure_texts" | "terms_and_conditions_link">): SignUpRules {
  return {
    country: dealer.country,
    mandatory_names: dealer.mandatory_names,
    mandatory_secondary_phone: dealer.mandatory_secondary_phone,
    disclosure_required: Boolean(dealer.disclosure_texts[DISCLOSURE_TEXT_KEY]),
    terms_required: Boolean(dealer.terms_and_conditions_link),
  };
}

export const PREFERRED_CONTACT_METHODS = ["email", "phone", "sms", ""] as const;

export const emailSchema = z
  .string({ error: msg("required") })
  .trim()
  .min(1, msg("required"))
  .max(254, msg("too_long"))
  .pipe(z.email(msg("email")))
  .transform((v) => v.toLowerCase());

const optionalText = (max: number) => z.string().trim().max(max, msg("too_long"));

/** Empty input counts as absent for optional fields. */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

function phoneFor(country: Country) {
  return z
    .string()
    .trim()
    .refine((v) => isPhoneFor(country, v), msg(country === "US" ? "phone_us" : "phone_ca"))
    .transform((v) => phoneDigits(v)!);
}

function postalFor(country: Country) {
  return z
    .string()
    .trim()
    .refine((v) => isPostalCodeFor(country, v), msg(country === "US" ? "zip_code" : "postal_code"))
    .transform((v) => normalizePostalCode(country, v));
}

/** The registration payload (transactional spec 3), checked against the dealership's sign-up rules. */
export function registrationSchema(rules: SignUpRules) {
  const name = rules.mandatory_names ? personNameSchema : z.preprocess(blankToUndefined, personNameSchema.optional());
  const phone = rules.mandatory_secondary_phone
    ? z.string({ error: msg("required") }).trim().min(1, msg("required")).pipe(phoneFor(rules.country))
    : z.preprocess(blankToUndefined, phoneFor(rules.country).optional());
  return z
    .object({
      email: emailSchema,
      first_name: name,
      last_name: name,
      phone,
      postal_code: z.preprocess(blankToUndefined, postalFor(rules.country).optional()),
      notify_me: z.boolean().default(false),
      send_lead_to_crm: z.boolean().default(true),
      cat_id: z.preprocess(blankToUndefined, optionalText(64).optional()),
      // Refusals of required consents are reported with the other fields, not after them.
      base_consents_responses: z
        .object({ disclosure_tokenization: z.boolean().optional(), terms_and_conditions: z.boolean().nullable().optional() })
        .default({})
        .superRefine((consent, ctx) => {
          if (rules.disclosure_required && consent.disclosure_tokenization !== true) {
            ctx.addIssue({ code: "custom", path: ["disclosure_tokenization"], message: msg("disclosure_required") });
          }
          if (rules.terms_required && consent.terms_and_conditions !== true) {
            ctx.addIssue({ code: "custom", path: ["terms_and_conditions"], message: msg("terms_required") });
          }
        }),
      preferred_method_of_contact: z.enum(PREFERRED_CONTACT_METHODS, { error: msg("choice") }).default(""),
      vehicle: rowIdSchema(msg("vehicle_number")).optional(),
      send_invitation_email: z.boolean().optional(),
      adobe_tracking_id: z.preprocess(blankToUndefined, optionalText(100).optional()),
      lead_type: z.preprocess(blankToUndefined, z.string().regex(/^[a-z][a-z_-]{0,39}$/, msg("choice")).optional()),
      url: z.preprocess(blankToUndefined, z.string().trim().max(2000, msg("too_long")).pipe(z.url(msg("url"))).optional()),
    });
}
export type RegistrationInput = z.input<ReturnType<typeof registrationSchema>>;
export type Registration = z.output<ReturnType<typeof registrationSchema>>;

/** Any shape the route accepts before the dealership's rules are known; the handler parses again with them. */
export const registrationBodySchema = z.record(z.string(), z.unknown());

/** Profile changes (PUT/PATCH customer/{id}/): the same rules, every field optional, the email fixed. */
export function customerUpdateSchema(rules: SignUpRules) {
  return z.object({
    first_name: z.preprocess(blankToUndefined, personNameSchema.optional()),
    last_name: z.preprocess(blankToUndefined, personNameSchema.optional()),
    phone: z.preprocess(blankToUndefined, phoneFor(rules.country).nullable().optional()),
    postal_code: z.preprocess(blankToUndefined, postalFor(rules.country).optional()),
    preferred_method_of_contact: z.enum(PREFERRED_CONTACT_METHODS, { error: msg("choice") }).optional(),
    language: z.enum(["en", "fr"], { error: msg("choice") }).optional(),
    adobe_tracking_id: z.preprocess(blankToUndefined, optionalText(100).optional()),
  });
}

export const customerUserSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  dealership: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  name_or_email: z.string(),
  phone: z.string().nullable(),
  language: z.enum(["en", "fr"]),
  lead_type: z.string().nullable(),
  postal_code: z.string().nullable(),
  preferred_method_of_contact: z.enum(PREFERRED_CONTACT_METHODS),
  adobe_tracking_id: z.string().nullable(),
  dealer_user: z.number().int().nullable(),
  email_sha_256: z.string().optional(),
  has_volkswagen_id: z.boolean(),
  send_invitation_email: z.boolean(),
  send_lead_to_crm: z.boolean(),
  tokenized_url: z.string(),
  source: z.string().nullable(),
  cat_id: z.string().nullable(),
  salesperson_email: z.string().nullable(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

export const emailConflictSchema = z.object({ email: z.array(z.string()), code: z.literal("EMAIL_CONFLICT") });

export const reentryCodeRequestSchema = z.object({ email: emailSchema });
export const reentryCodeSentSchema = z.object({ email: z.string(), phone: z.string().nullable(), name: z.string().nullable() });

export const VERIFICATION_CODE_LENGTH = 6;
export const verificationCodeSchema = z
  .string({ error: msg("required") })
  .trim()
  .regex(/^\d{6}$/, msg("code"));

export const reentryCodeVerifySchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  cat_id: z.preprocess(blankToUndefined, optionalText(64).optional()),
});
export const redirectResultSchema = z.object({ redirect_to: z.string().nullable() });

export const tokenizedUrlDecodeSchema = z.object({ auth_token: z.string({ error: msg("required") }).trim().min(1, msg("required")).max(2000, msg("too_long")) });
export const decodedTokenSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  tokenized_url: z.string(),
  redirect_url: z.string().nullable(),
});

export const consentSchema = z.object({
  user: rowIdSchema(),
  disclosure_tokenization: z.boolean().optional(),
  terms_and_conditions: z.boolean().nullable().optional(),
});
export const consentResultSchema = consentSchema.extend({ id: z.number().int(), created: z.string() });

export const LEAD_TYPE_PATTERN = /^[a-z][a-z_-]{0,39}$/;
export const leadTypeSchema = z.object({ lead_type: z.string({ error: msg("required") }).regex(LEAD_TYPE_PATTERN, msg("choice")) });

/** CRM events logged along the shopper's journey (transactional spec 4, "Analytics events"). */
export const CRM_EVENTS = [
  "initial_click",
  "trade_in_finish",
  "payment_calc_finish",
  "lead_form_finish",
  "appointment_finish",
  "credit_app_finish",
] as const;
export const crmEventSchema = z.object({
  event: z.enum(CRM_EVENTS, { error: msg("choice") }),
  order: rowIdSchema(msg("order_id")).optional(),
  vehicle: rowIdSchema(msg("vehicle_number")).optional(),
});

export const customerLeadSchema = z.object({
  url: z.string({ error: msg("required") }).trim().max(2000, msg("too_long")).pipe(z.url(msg("url"))),
  vehicle: rowIdSchema(msg("vehicle_number")).optional(),
  order: rowIdSchema(msg("order_id")).optional(),
  lead_type: z.string().regex(LEAD_TYPE_PATTERN, msg("choice")).optional(),
  comments: z.string().trim().max(2000, msg("too_long")).optional(),
});

export const etiAuthenticationSchema = z.object({
  cat_id: z.string({ error: msg("required") }).trim().min(1, msg("required")).max(64, msg("too_long")),
  eti_id: z.string({ error: msg("required") }).trim().min(1, msg("required")).max(64, msg("too_long")),
});
