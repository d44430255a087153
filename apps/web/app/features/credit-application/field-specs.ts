import { CONSENT_SECTIONS, type CreditAnswerScreen } from "@showroom/domain";
import type { CreditStaticData } from "./credit-api.ts";

/**
 * The fields of each screen as the page shows them, in order: what kind of control, its choices (the API's lists,
 * static_data), its autofill token, whether it is optional, and when it shows. The rules themselves are the domain's
 * screen schemas (creditScreenSchema); this only lays the form out. A hidden field is neither checked nor kept.
 */
export type FieldKind =
  | "text"
  | "email"
  | "tel"
  | "date"
  | "select"
  | "consent"
  | "yes_no"
  | "checkbox"
  | "money"
  | "count"
  | "postal_code"
  | "zip_code"
  | "sin"
  | "digits";

export type FieldValue = string | boolean;
export type ScreenAnswers = Record<string, FieldValue>;

export type FieldEnv = { data: CreditStaticData; coApplicant: boolean };

export type FieldSpec = {
  name: string;
  kind: FieldKind;
  /** The choices of a select (codes; their labels are messages `credit.option.{list}.{code}`). */
  list?: ChoiceList;
  autoComplete?: string;
  optional?: boolean;
  /** Takes the whole row (long labels, consent sections). */
  wide?: boolean;
  maxLength?: number;
  visible?(answers: ScreenAnswers, env: FieldEnv): boolean;
};

export type ChoiceList =
  | "titles"
  | "marital_statuses"
  | "genders"
  | "relations"
  | "employment_types"
  | "income_frequencies"
  | "other_income_types"
  | "residence_types"
  | "address_types"
  | "street_types"
  | "street_directions"
  | "provinces";

export const choicesOf = (list: ChoiceList, data: CreditStaticData): readonly string[] => data[list];

const consents: FieldSpec[] = CONSENT_SECTIONS.map((name) => ({ name, kind: "consent", wide: true }));
const signature: FieldSpec = { name: "signature", kind: "text", autoComplete: "name", maxLength: 80, wide: true };

/** Autofill tokens of the co-applicant's fields are a section of their own, so the browser keeps the two people apart. */
const token = (env: FieldEnv, value: string) => (env.coApplicant ? `section-co-applicant ${value}` : value);

function personFields(env: FieldEnv, coApplicant: boolean): FieldSpec[] {
  const fields: FieldSpec[] = [
    { name: "title", kind: "select", list: "titles", optional: true, autoComplete: token(env, "honorific-prefix") },
    { name: "first_name", kind: "text", autoComplete: token(env, "given-name"), maxLength: 30 },
    { name: "middle_initial", kind: "text", optional: true, autoComplete: token(env, "additional-name"), maxLength: 1 },
    { name: "last_name", kind: "text", autoComplete: token(env, "family-name"), maxLength: 30 },
    { name: "primary_phone", kind: "tel", autoComplete: token(env, "tel") },
    { name: "secondary_phone", kind: "tel", optional: true, autoComplete: "off" },
    { name: "email", kind: "email", autoComplete: token(env, "email"), maxLength: 200 },
    { name: "confirm_email", kind: "email", autoComplete: "off", maxLength: 200 },
    { name: "date_of_birth", kind: "date", autoComplete: token(env, "bday") },
    { name: "marital_status", kind: "select", list: "marital_statuses", optional: env.data.variant === "SIMPLIFIED" },
    { name: "gender", kind: "select", list: "genders", optional: true },
    { name: "sin", kind: "sin", optional: true, autoComplete: "off" },
  ];
  if (coApplicant) fields.push({ name: "relation_to_applicant", kind: "select", list: "relations" });
  // The US has no social insurance number.
  return env.data.country === "US" ? fields.filter((f) => f.name !== "sin") : fields;
}

const employed = (answers: ScreenAnswers) => answers.type !== "RET";

function employmentFields(env: FieldEnv): FieldSpec[] {
  const fields: FieldSpec[] = [
    { name: "type", kind: "select", list: "employment_types" },
    { name: "employer_name", kind: "text", autoComplete: token(env, "organization"), maxLength: 60, visible: employed },
    {
      name: "occupation",
      kind: "text",
      autoComplete: token(env, "organization-title"),
      maxLength: 60,
      visible: employed,
    },
    { name: "work_phone", kind: "tel", autoComplete: "off", visible: employed },
    { name: "work_phone_extension", kind: "digits", optional: true, maxLength: 6, visible: employed },
    { name: "years_at_employer", kind: "count", visible: employed },
    { name: "months_at_employer", kind: "count", visible: employed },
    { name: "start_date", kind: "date", optional: true, visible: employed },
    { name: "gross_income", kind: "money" },
    { name: "income_frequency", kind: "select", list: "income_frequencies" },
    { name: "other_income_type", kind: "select", list: "other_income_types", optional: true },
    { name: "other_income_amount", kind: "money", optional: true },
    { name: "other_income_frequency", kind: "select", list: "income_frequencies", optional: true },
    { name: "other_income_description", kind: "text", optional: true, maxLength: 100 },
    { name: "monthly_loan_payments", kind: "money", optional: true },
    { name: "monthly_lease_payments", kind: "money", optional: true },
  ];
  if (env.data.has_lease_disbursements) fields.push({ name: "lease_disbursements", kind: "money", optional: true });
  return fields;
}

const addressType = (type: string) => (answers: ScreenAnswers) => (answers.address_type || "civic") === type;
const housing =
  (...statuses: string[]) =>
  (answers: ScreenAnswers) =>
    statuses.includes(String(answers.housing_status ?? ""));

function residentialFields(env: FieldEnv): FieldSpec[] {
  const address: FieldSpec[] =
    env.data.country === "US"
      ? [
          {
            name: "address_line_1",
            kind: "text",
            autoComplete: token(env, "address-line1"),
            maxLength: 100,
            wide: true,
          },
          {
            name: "address_line_2",
            kind: "text",
            optional: true,
            autoComplete: token(env, "address-line2"),
            maxLength: 100,
            wide: true,
          },
          { name: "city", kind: "text", autoComplete: token(env, "address-level2"), maxLength: 60 },
          { name: "province", kind: "select", list: "provinces", autoComplete: token(env, "address-level1") },
          { name: "zip_code", kind: "zip_code", autoComplete: token(env, "postal-code") },
        ]
      : [
          { name: "address_type", kind: "select", list: "address_types", wide: true },
          { name: "street_number", kind: "text", maxLength: 10, visible: addressType("civic") },
          { name: "street_name", kind: "text", maxLength: 60, visible: addressType("civic") },
          { name: "street_type", kind: "select", list: "street_types", optional: true, visible: addressType("civic") },
          {
            name: "direction",
            kind: "select",
            list: "street_directions",
            optional: true,
            visible: addressType("civic"),
          },
          { name: "suite_number", kind: "text", optional: true, maxLength: 10, visible: addressType("civic") },
          { name: "po_box_number", kind: "text", maxLength: 10, visible: addressType("po_box") },
          { name: "rural_route_number", kind: "text", maxLength: 10, visible: addressType("rural_route") },
          { name: "concession", kind: "text", optional: true, maxLength: 20, visible: addressType("rural_route") },
          { name: "lot_number", kind: "text", optional: true, maxLength: 20, visible: addressType("rural_route") },
          { name: "city", kind: "text", autoComplete: token(env, "address-level2"), maxLength: 60 },
          { name: "province", kind: "select", list: "provinces", autoComplete: token(env, "address-level1") },
          { name: "postal_code", kind: "postal_code", autoComplete: token(env, "postal-code") },
        ];
  return [
    { name: "housing_status", kind: "select", list: "residence_types", wide: true },
    ...address,
    { name: "years_at_address", kind: "count" },
    { name: "months_at_address", kind: "count" },
    { name: "move_in_date", kind: "date", optional: true },
    { name: "monthly_payment", kind: "money", wide: true },
    { name: "landlord", kind: "text", optional: true, maxLength: 60, visible: housing("rented") },
    { name: "mortgage_holder", kind: "text", optional: true, maxLength: 60, visible: housing("own_with_mortgage") },
    { name: "mortgage_value", kind: "money", optional: true, visible: housing("own_with_mortgage") },
    {
      name: "market_value",
      kind: "money",
      optional: true,
      visible: housing("own_with_mortgage", "own_free_and_clear"),
    },
  ];
}

/** Every field a screen may show, in order. */
export function fieldsOf(screen: CreditAnswerScreen, data: CreditStaticData): FieldSpec[] {
  const coApplicant = screen.startsWith("co_applicant");
  const env: FieldEnv = { data, coApplicant };
  switch (screen) {
    case "consent":
      return data.variant === "SIMPLIFIED"
        ? [{ name: "privacy_notice_read", kind: "checkbox", wide: true }, ...consents, signature]
        : [...consents, signature];
    case "acknowledgement":
      return [
        { name: "privacy_notice_read", kind: "checkbox", wide: true },
        { name: "with_co_applicant", kind: "yes_no", wide: true },
        { name: "joint_intent", kind: "checkbox", wide: true, visible: (a) => a.with_co_applicant === true },
      ];
    case "co_applicant_acknowledgement":
      return [
        ...consents,
        { ...signature, autoComplete: "off" },
        { name: "joint_intent", kind: "checkbox", wide: true },
      ];
    case "applicant":
    case "co_applicant":
      return personFields(env, coApplicant);
    case "employment":
    case "co_applicant_employment":
      return employmentFields(env);
    case "residential":
    case "co_applicant_residential":
      return residentialFields(env);
    case "review":
      return [
        { name: "accuracy", kind: "checkbox", wide: true },
        { name: "terms", kind: "checkbox", wide: true },
      ];
  }
}

export function visibleFields(screen: CreditAnswerScreen, data: CreditStaticData, answers: ScreenAnswers): FieldSpec[] {
  const env: FieldEnv = { data, coApplicant: screen.startsWith("co_applicant") };
  return fieldsOf(screen, data).filter((field) => !field.visible || field.visible(answers, env));
}

/** The element id of a field (the error summary links there, the focus goes there). */
export const fieldId = (screen: string, field: string) => `credit-${screen}-${field}`.replace(/_/g, "-");
