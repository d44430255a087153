import { z } from "zod";
import { CANADIAN_PROVINCES, US_STATES, type Country } from "../constants.ts";
import { isCity, isCompany, isPhoneFor, isPostalCodeFor, isSin, normalizePostalCode, phoneDigits } from "../customers/field-rules.ts";
import { CREDIT_REASONS, CREDIT_DECISIONS } from "../credit/lender-rules.ts";
import { postalCodeMatchesProvince } from "../credit/postal-province.ts";
import {
  ADDRESS_TYPES,
  CONSENT_ANSWERS,
  type ConsentSection,
  CREDIT_APPLICATION_STATUSES,
  CREDIT_CUSTOMER_STATES,
  CREDIT_ORDER_STATUSES,
  CREDIT_SCREENS,
  CREDIT_VARIANTS,
  EMPLOYMENT_TYPES,
  GENDERS,
  INCOME_FREQUENCIES,
  MARITAL_STATUSES,
  OTHER_INCOME_TYPES,
  RELATIONS_TO_APPLICANT,
  REQUIRED_CONSENT_SECTIONS,
  RESIDENCE_TYPES,
  STREET_DIRECTIONS,
  STREET_TYPES,
  TITLES,
  creditScreensFor,
  type CreditAnswerScreen,
  type CreditVariant,
} from "../credit/types.ts";
import { validationMessage as msg } from "../validation-messages.ts";
import { moneySchema } from "./common.ts";
import { emailSchema } from "./customers.ts";
import { personNameSchema } from "./leads.ts";
import { pagePathSchema } from "./appointments.ts";

/**
 * The credit application (transactional contract sections 3, 5 and 7, "Credit application"), one schema per
 * screen, the same in the browser and the API. What the rules need besides the answers (the country, the
 * dealership's today for dates, the variant) is the context.
 */
export type CreditSchemaContext = { country: Country; variant: CreditVariant; /** YYYY-MM-DD */ today: string };

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, msg("choice"));
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blankToUndefined, choice(values).optional());
const requiredText = (max: number) => z.string(msg("required")).trim().min(1, msg("required")).max(max, msg("too_long"));
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, msg("too_long")).optional());
const ticked = (key: "terms_required" | "accuracy_required") => z.literal(true, msg(key));

/** Whole dollars up to the 999,999 cap: "Please do not include cents" for a fraction (spec 5, no cents). */
const wholeDollars = z
  .union([z.number(), z.string().trim()], msg("required"))
  .superRefine((value, context) => {
    const text = String(value).replace(/[\s,$]/g, "");
    if (text === "") context.addIssue({ code: "custom", message: msg("required") });
    else if (/^\d+[.,]\d*$/.test(text) && !/^\d+[.,]0*$/.test(text)) context.addIssue({ code: "custom", message: msg("no_cents") });
    else if (/^-/.test(text)) context.addIssue({ code: "custom", message: msg("not_negative") });
    else if (!/^\d+(?:[.,]0*)?$/.test(text)) context.addIssue({ code: "custom", message: msg("whole_number") });
    else if (Number.parseInt(text, 10) > 999_999) context.addIssue({ code: "custom", message: msg("too_large") });
  })
  .transform((value) => Number.parseInt(String(value).replace(/[\s,$]/g, ""), 10));
const optionalWholeDollars = z.preprocess(blankToUndefined, wholeDollars.optional());

const count = (max: number, key: "years" | "months") =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : blankToUndefined(v)),
    z.number(msg("required")).int(msg(key)).min(0, msg(key)).max(max, msg(key)),
  );

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
};
const yearsBefore = (today: string, years: number) => `${String(Number(today.slice(0, 4)) - years).padStart(4, "0")}${today.slice(4)}`;

/** A date as YYYY-MM-DD (spec 5, valid_date) no later than today (max_date), and not before 1900 (min_date). */
const pastDate = (today: string) =>
  z
    .string(msg("required"))
    .trim()
    .min(1, msg("required"))
    .refine(isCalendarDate, msg("date"))
    .refine((v) => v >= "1900-01-01" && v <= today, msg("date_not_future"));

/** Applicants are adults (18) and the date is a real one. */
const dateOfBirth = (today: string) =>
  pastDate(today).refine((v) => v <= yearsBefore(today, 18), msg("date_of_birth_adult")).refine((v) => v >= yearsBefore(today, 110), msg("date"));

const phone = (country: Country) =>
  z
    .string(msg("required"))
    .trim()
    .min(1, msg("required"))
    .refine((v) => isPhoneFor(country, v), msg(country === "US" ? "phone_us" : "phone_ca"))
    .transform((v) => phoneDigits(v)!);
const optionalPhone = (country: Country) => z.preprocess(blankToUndefined, phone(country).optional());

/** The SIN is optional (a lender can proceed without it, PIPEDA 4.3.3); given, it passes its checksum. */
const sin = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .refine(isSin, msg("sin"))
    .transform((v) => v.replace(/\D/g, ""))
    .optional(),
);

const consentAnswer = choice(CONSENT_ANSWERS);
const consentFields = {
  credit_assessment: consentAnswer,
  contract_management: consentAnswer,
  marketing: consentAnswer,
  electronic_communication: consentAnswer,
  /** The applicant's typed full name. */
  signature: z.string(msg("signature_required")).trim().min(2, msg("signature_required")).max(80, msg("too_long")),
};
type ConsentAnswers = Record<ConsentSection, unknown>;
/** Sections 1 and 2 (credit assessment, contract management data) must be accepted to apply (no answer: "Please select a valid choice."). */
function requireConsents(value: ConsentAnswers, context: z.RefinementCtx) {
  for (const section of REQUIRED_CONSENT_SECTIONS) {
    if (value[section] === "no") context.addIssue({ code: "custom", path: [section], message: msg("terms_required") });
  }
}

/**
 * The rules across fields run even while another field of the screen is wrong, so a person sees every message at
 * once; they read the values defensively (a field in error holds what was typed, not its parsed form).
 */
const ALWAYS = { when: () => true };

const consentSchema = (variant: CreditVariant) =>
  (variant === "SIMPLIFIED"
    ? // The simplified variant has no acknowledgement screen: its privacy notice box is here.
      z.object({ ...consentFields, privacy_notice_read: ticked("terms_required") })
    : z.object(consentFields)
  ).superRefine(requireConsents, ALWAYS);

const acknowledgementSchema = z
  .object({
    privacy_notice_read: ticked("terms_required"),
    with_co_applicant: z.boolean(msg("choice")),
    /** The applicant's own intent to apply jointly (Reg B comment 7(d)(1)-3), apart from the accuracy signature. */
    joint_intent: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    if (value.with_co_applicant === true && value.joint_intent !== true) context.addIssue({ code: "custom", path: ["joint_intent"], message: msg("terms_required") });
  }, ALWAYS);

const coApplicantAcknowledgementSchema = z
  .object({ ...consentFields, joint_intent: ticked("terms_required") })
  .superRefine(requireConsents, ALWAYS);

function personSchema(context: CreditSchemaContext, role: "applicant" | "co_applicant") {
  const full = context.variant === "FULL";
  return z
    .object({
      title: optionalChoice(TITLES),
      first_name: personNameSchema,
      middle_initial: z.preprocess(blankToUndefined, z.string().trim().regex(/^\p{L}$/u, msg("middle_initial")).optional()),
      last_name: personNameSchema,
      primary_phone: phone(context.country),
      secondary_phone: optionalPhone(context.country),
      email: emailSchema,
      confirm_email: z.string(msg("required")).trim().min(1, msg("required")),
      date_of_birth: dateOfBirth(context.today),
      marital_status: full ? choice(MARITAL_STATUSES) : optionalChoice(MARITAL_STATUSES),
      gender: optionalChoice(GENDERS),
      sin,
      ...(role === "co_applicant" ? { relation_to_applicant: choice(RELATIONS_TO_APPLICANT) } : {}),
    })
    .superRefine((value, ctx) => {
      const confirm = typeof value.confirm_email === "string" ? value.confirm_email.trim().toLowerCase() : "";
      const email = typeof value.email === "string" ? value.email.trim().toLowerCase() : "";
      if (confirm !== "" && confirm !== email) ctx.addIssue({ code: "custom", path: ["confirm_email"], message: msg("email_confirm") });
    }, ALWAYS);
}

function residentialSchema(context: CreditSchemaContext) {
  const common = {
    housing_status: choice(RESIDENCE_TYPES),
    move_in_date: z.preprocess(blankToUndefined, pastDate(context.today).optional()),
    city: z.string(msg("required")).trim().min(1, msg("required")).max(60, msg("too_long")).refine(isCity, msg("city")),
    years_at_address: count(99, "years"),
    months_at_address: count(11, "months"),
    /** Rent or mortgage a month (Quebec's label differs); 0 when there is none. */
    monthly_payment: wholeDollars,
    mortgage_holder: optionalText(60),
    landlord: optionalText(60),
    mortgage_value: optionalWholeDollars,
    market_value: optionalWholeDollars,
  };
  if (context.country === "US") {
    return z.object({
      ...common,
      address_line_1: requiredText(100),
      address_line_2: optionalText(100),
      province: choice(US_STATES.map(([code]) => code) as unknown as readonly [string, ...string[]]),
      zip_code: z
        .string(msg("required"))
        .trim()
        .min(1, msg("required"))
        .refine((v) => isPostalCodeFor("US", v), msg("zip_code"))
        .transform((v) => normalizePostalCode("US", v)),
    });
  }
  return z
    .object({
      ...common,
      address_type: choice(ADDRESS_TYPES),
      street_number: optionalText(10),
      street_name: optionalText(60),
      street_type: optionalChoice(STREET_TYPES),
      direction: optionalChoice(STREET_DIRECTIONS),
      suite_number: optionalText(10),
      po_box_number: optionalText(10),
      rural_route_number: optionalText(10),
      concession: optionalText(20),
      lot_number: optionalText(20),
      province: choice(CANADIAN_PROVINCES.map((p) => p.code) as unknown as readonly [string, ...string[]]),
      postal_code: z
        .string(msg("required"))
        .trim()
        .min(1, msg("required"))
        .refine((v) => isPostalCodeFor("CA", v), msg("postal_code"))
        .transform((v) => normalizePostalCode("CA", v)),
    })
    .superRefine((value, ctx) => {
      const need = (field: keyof typeof value) => {
        if (!value[field]) ctx.addIssue({ code: "custom", path: [field], message: msg("required") });
      };
      if (value.address_type === "civic") (["street_number", "street_name"] as const).forEach(need);
      if (value.address_type === "po_box") need("po_box_number");
      if (value.address_type === "rural_route") need("rural_route_number");
      // Canada checks the address (spec 5): the postal code must be one of the province's.
      const postal = value.postal_code;
      const province = value.province;
      if (typeof postal === "string" && isPostalCodeFor("CA", postal) && typeof province === "string" && province !== "" && !postalCodeMatchesProvince(postal, province)) {
        ctx.addIssue({ code: "custom", path: ["postal_code"], message: msg("invalid_location") });
      }
    }, ALWAYS);
}

function employmentSchema(context: CreditSchemaContext) {
  return z
    .object({
      type: choice(EMPLOYMENT_TYPES),
      employer_name: z.preprocess(blankToUndefined, z.string().max(60, msg("too_long")).refine(isCompany, msg("company")).optional()),
      occupation: optionalText(60),
      work_phone: optionalPhone(context.country),
      work_phone_extension: z.preprocess(blankToUndefined, z.string().trim().regex(/^\d{1,6}$/, msg("extension")).optional()),
      years_at_employer: z.preprocess(blankToUndefined, count(60, "years").optional()),
      months_at_employer: z.preprocess(blankToUndefined, count(11, "months").optional()),
      start_date: z.preprocess(blankToUndefined, pastDate(context.today).optional()),
      gross_income: wholeDollars.refine((v) => v > 0, msg("positive")),
      income_frequency: choice(INCOME_FREQUENCIES),
      other_income_type: optionalChoice(OTHER_INCOME_TYPES),
      other_income_amount: optionalWholeDollars,
      other_income_frequency: optionalChoice(INCOME_FREQUENCIES),
      other_income_description: optionalText(100),
      monthly_loan_payments: optionalWholeDollars,
      monthly_lease_payments: optionalWholeDollars,
      // Lease disbursements exist in Canada only (spec 5); the US schema drops the field.
      ...(context.country === "CA" ? { lease_disbursements: optionalWholeDollars } : {}),
    })
    .superRefine((value, ctx) => {
      const need = (field: keyof typeof value) => {
        if (value[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: msg("required") });
      };
      // The retired have no employer to name.
      if (value.type !== "RET") (["employer_name", "occupation", "work_phone", "years_at_employer", "months_at_employer"] as const).forEach(need);
      if (typeof value.other_income_amount === "number" && value.other_income_amount > 0) (["other_income_type", "other_income_frequency"] as const).forEach(need);
    }, ALWAYS);
}

const reviewSchema = z.object({ accuracy: ticked("accuracy_required"), terms: ticked("terms_required") });

/** The schema of one screen's answers. */
export function creditScreenSchema(screen: CreditAnswerScreen, context: CreditSchemaContext) {
  switch (screen) {
    case "consent":
      return consentSchema(context.variant);
    case "acknowledgement":
      return acknowledgementSchema;
    case "co_applicant_acknowledgement":
      return coApplicantAcknowledgementSchema;
    case "applicant":
      return personSchema(context, "applicant");
    case "co_applicant":
      return personSchema(context, "co_applicant");
    case "employment":
    case "co_applicant_employment":
      return employmentSchema(context);
    case "residential":
    case "co_applicant_residential":
      return residentialSchema(context);
    case "review":
      return reviewSchema;
  }
}

export const creditAnswerScreenSchema = z.enum(CREDIT_SCREENS.filter((s) => s !== "result") as [CreditAnswerScreen, ...CreditAnswerScreen[]], msg("choice"));

/** What one screen may hold while it is being filled in: loose values (nothing typed is lost), checked on validate and submit. */
const draftValue = z.union([z.string().max(200, msg("too_long")), z.number(), z.boolean(), z.null()]);
export const creditDraftScreenSchema = z
  .record(z.string().regex(/^[a-z_0-9]{1,40}$/, msg("choice")), draftValue)
  .refine((screen) => Object.keys(screen).length <= 40, msg("too_long"));
export type CreditDraftScreen = z.infer<typeof creditDraftScreenSchema>;
export const creditDraftScreensSchema = z.partialRecord(creditAnswerScreenSchema, creditDraftScreenSchema);
export type CreditDraftScreens = z.infer<typeof creditDraftScreensSchema>;

/** The auto-save call (PUT {order}/dealer_application/): the screens changed, and where the shopper is. */
export const creditDraftSaveSchema = z.object({
  screens: creditDraftScreensSchema,
  current_screen: z.enum(CREDIT_SCREENS, msg("choice")).optional(),
});

/** POST validate/: one screen's answers, checked as the submission will check them. */
export const creditValidateSchema = z.object({ screen: creditAnswerScreenSchema, data: z.record(z.string(), z.unknown()) });

/** POST {order}/submit_application/: the page it was sent from (the contract's top page address). */
export const creditSubmitSchema = z.object({ path: pagePathSchema });

/** The screens of a whole application, checked together: with a co-applicant, theirs too. */
export function creditApplicationScreens(screens: CreditDraftScreens, variant: CreditVariant): CreditAnswerScreen[] {
  const withCoApplicant = variant === "FULL" && screens.acknowledgement?.with_co_applicant === true;
  return creditScreensFor(variant, withCoApplicant).filter((s): s is CreditAnswerScreen => s !== "result");
}

/** Every problem of a whole application, by screen then field (empty when it may be sent). */
export function creditApplicationProblems(screens: CreditDraftScreens, context: CreditSchemaContext): Partial<Record<CreditAnswerScreen, Record<string, string>>> {
  const problems: Partial<Record<CreditAnswerScreen, Record<string, string>>> = {};
  for (const screen of creditApplicationScreens(screens, context.variant)) {
    const parsed = creditScreenSchema(screen, context).safeParse(screens[screen] ?? {});
    if (parsed.success) continue;
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "non_field_errors");
      fields[field] ??= issue.message;
    }
    problems[screen] = fields;
  }
  return problems;
}

const nullableMoney = moneySchema.nullable();
const consentRecordSchema = z.object({
  applicant: z.enum(["applicant", "co_applicant"]),
  section: z.string(),
  answer: z.enum(CONSENT_ANSWERS),
  language: z.enum(["en", "fr"]),
  recorded_at: z.string(),
});

/** An application as its owner (and the dealership's staff) read it: the SIN masked, never whole. */
export const creditApplicationWireSchema = z.object({
  id: z.number().int(),
  order: z.number().int(),
  variant: z.enum(CREDIT_VARIANTS),
  country: z.enum(["CA", "US"]),
  status: z.enum(CREDIT_APPLICATION_STATUSES),
  customer_state: z.enum(CREDIT_CUSTOMER_STATES),
  order_status: z.enum(CREDIT_ORDER_STATUSES),
  screens: creditDraftScreensSchema,
  current_screen: z.enum(CREDIT_SCREENS).nullable(),
  with_co_applicant: z.boolean(),
  sin_on_file: z.object({ applicant: z.string().nullable(), co_applicant: z.string().nullable() }),
  /** Answers were copied from the customer's earlier application (the pre-filled notice). */
  prefilled: z.boolean(),
  consents: z.array(consentRecordSchema),
  payment_type: z.enum(["cash", "finance", "lease"]).nullable(),
  amount_financed: nullableMoney,
  minimum_amount_financed: moneySchema,
  blocked: z.enum(["cash_payment", "no_payment", "amount_below_minimum", "stale_incentives"]).nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision: z.object({ status: z.enum(CREDIT_DECISIONS), reasons: z.array(z.object({ code: z.enum(CREDIT_REASONS), text: z.string() })) }).nullable(),
  adverse_action_notice: z.object({ title: z.string(), sections: z.array(z.object({ heading: z.string(), lines: z.array(z.string()) })) }).nullable(),
  personal_data_purge_at: z.string().nullable(),
  personal_data_purged: z.boolean(),
  demonstration_lender: z.boolean(),
  last_updated: z.string(),
});
export type CreditApplicationWire = z.infer<typeof creditApplicationWireSchema>;

export const creditDecisionStatusSchema = z.object({
  status: z.enum(CREDIT_APPLICATION_STATUSES),
  customer_state: z.enum(CREDIT_CUSTOMER_STATES),
  final: z.boolean(),
  decided_at: z.string().nullable(),
});

export const creditStaticDataSchema = z.object({
  variant: z.enum(CREDIT_VARIANTS),
  country: z.enum(["CA", "US"]),
  /** Canada checks applications (address against postal code); the US does not (spec 5). */
  validates_application: z.boolean(),
  has_lease_disbursements: z.boolean(),
  province: z.string(),
  today: z.string(),
  screens: z.array(z.enum(CREDIT_SCREENS)),
  employment_types: z.array(z.string()),
  residence_types: z.array(z.string()),
  income_frequencies: z.array(z.string()),
  other_income_types: z.array(z.string()),
  titles: z.array(z.string()),
  marital_statuses: z.array(z.string()),
  genders: z.array(z.string()),
  relations: z.array(z.string()),
  address_types: z.array(z.string()),
  street_types: z.array(z.string()),
  street_directions: z.array(z.string()),
  provinces: z.array(z.string()),
  minimum_amount_financed: moneySchema,
  retention_days: z.number().int(),
  demonstration_lender: z.boolean(),
});

export const postalCodeProvincePathSchema = z.object({ id: z.string().trim().max(10, msg("postal_code")).refine((v) => isPostalCodeFor("CA", v), msg("postal_code")) });
export const postalCodeProvinceSchema = z.object({ postal_code: z.string(), province: z.string().nullable(), provinces: z.array(z.string()) });

export const creditOrderPathSchema = z.object({ id: z.coerce.number(msg("order_id")).int(msg("order_id")).min(1, msg("order_id")).max(2_147_483_647, msg("order_id")) });
