import { describe, expect, it } from "vitest";
import { creditApplicationProblems, creditScreenSchema, type CreditSchemaContext } from "./credit-application.ts";

const ca: CreditSchemaContext = { country: "CA", variant: "FULL", today: "2026-11-26" };
const us: CreditSchemaContext = { ...ca, country: "US" };

const firstMessage = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.find((i) => i.path[0] === field)?.message;

const validApplicant = {
  first_name: "Jeanne",
  last_name: "Tremblay",
  primary_phone: "(416) 555-0142",
  email: "jeanne@example.com",
  confirm_email: "Jeanne@example.com",
  date_of_birth: "1988-04-12",
  marital_status: "married",
  sin: "046 454 286",
};
const validResidentialCa = {
  housing_status: "rented",
  address_type: "civic",
  street_number: "120",
  street_name: "King",
  street_type: "street",
  city: "Toronto",
  province: "ON",
  postal_code: "m5v3l9",
  years_at_address: 3,
  months_at_address: "4",
  monthly_payment: "1500",
};
const validEmployment = {
  type: "FT",
  employer_name: "Maple Logistics",
  occupation: "Analyst",
  work_phone: "416-555-0199",
  years_at_employer: 4,
  months_at_employer: 2,
  gross_income: "72000",
  income_frequency: "yearly",
};
const consent = { credit_assessment: "yes", contract_management: "yes", marketing: "no", electronic_communication: "yes", signature: "Jeanne Tremblay" };

describe("credit application screens", () => {
  it("consent: every section needs an answer, sections 1 and 2 a yes, and a signature", () => {
    const schema = creditScreenSchema("consent", ca);
    expect(schema.safeParse(consent).success).toBe(true);
    const missing = schema.safeParse({ ...consent, marketing: undefined });
    expect(firstMessage(missing, "marketing")).toBe("Please select a valid choice.");
    const refused = schema.safeParse({ ...consent, contract_management: "no" });
    expect(firstMessage(refused, "contract_management")).toBe("Please accept terms to proceed.");
    expect(firstMessage(schema.safeParse({ ...consent, signature: "" }), "signature")).toBe("Please sign by typing your full name.");
    // The simplified variant's consent screen carries the privacy notice box too.
    expect(firstMessage(creditScreenSchema("consent", { ...ca, variant: "SIMPLIFIED" }).safeParse(consent), "privacy_notice_read")).toBe("Please accept terms to proceed.");
  });

  it("acknowledgement: a co-applicant needs the applicant's joint intent", () => {
    const schema = creditScreenSchema("acknowledgement", ca);
    expect(schema.safeParse({ privacy_notice_read: true, with_co_applicant: false }).success).toBe(true);
    expect(firstMessage(schema.safeParse({ privacy_notice_read: true, with_co_applicant: true }), "joint_intent")).toBe("Please accept terms to proceed.");
    expect(firstMessage(schema.safeParse({ with_co_applicant: false }), "privacy_notice_read")).toBe("Please accept terms to proceed.");
  });

  it("applicant: names, phones, confirm email, date of birth, an optional SIN with its checksum", () => {
    const schema = creditScreenSchema("applicant", ca);
    const parsed = schema.safeParse(validApplicant);
    expect(parsed.success && parsed.data).toMatchObject({ primary_phone: "4165550142", email: "jeanne@example.com", sin: "046454286" });
    expect(schema.safeParse({ ...validApplicant, sin: "" }).success).toBe(true);
    expect(firstMessage(schema.safeParse({ ...validApplicant, sin: "046 454 287" }), "sin")).toBe("Enter a valid social insurance number.");
    expect(firstMessage(schema.safeParse({ ...validApplicant, first_name: "J3anne" }), "first_name")).toBe("Enter 2 to 30 letters, without digits or special characters.");
    expect(firstMessage(schema.safeParse({ ...validApplicant, confirm_email: "other@example.com" }), "confirm_email")).toBe("The email addresses do not match.");
    expect(firstMessage(schema.safeParse({ ...validApplicant, date_of_birth: "2010-01-01" }), "date_of_birth")).toBe("Applicants must be 18 or older.");
    expect(firstMessage(schema.safeParse({ ...validApplicant, date_of_birth: "1988-02-30" }), "date_of_birth")).toBe("Enter a valid date.");
    expect(firstMessage(schema.safeParse({ ...validApplicant, primary_phone: "(116) 555-0142" }), "primary_phone")).toBe("Enter a valid phone number, like (416) 555-0142.");
    // The US form is ddd-ddd-dddd.
    const usSchema = creditScreenSchema("applicant", us);
    expect(firstMessage(usSchema.safeParse({ ...validApplicant, primary_phone: "(716) 555-0142" }), "primary_phone")).toBe("Enter a valid phone number, like 716-555-0142.");
    expect(usSchema.safeParse({ ...validApplicant, primary_phone: "716-555-0142" }).success).toBe(true);
    expect(firstMessage(creditScreenSchema("co_applicant", ca).safeParse(validApplicant), "relation_to_applicant")).toBe("Please select a valid choice.");
  });

  it("residential (Canada): the address parts of its type, and a postal code of the province", () => {
    const schema = creditScreenSchema("residential", ca);
    const parsed = schema.safeParse(validResidentialCa);
    expect(parsed.success && parsed.data).toMatchObject({ postal_code: "M5V 3L9", months_at_address: 4, monthly_payment: 1500 });
    expect(firstMessage(schema.safeParse({ ...validResidentialCa, province: "QC" }), "postal_code")).toBe("Invalid location, please try again");
    expect(firstMessage(schema.safeParse({ ...validResidentialCa, address_type: "po_box" }), "po_box_number")).toBe("This field is required.");
    expect(firstMessage(schema.safeParse({ ...validResidentialCa, monthly_payment: "1500.50" }), "monthly_payment")).toBe("Please do not include cents");
    expect(firstMessage(schema.safeParse({ ...validResidentialCa, months_at_address: 12 }), "months_at_address")).toBe("Enter a number of months from 0 to 11.");
    expect(firstMessage(schema.safeParse({ ...validResidentialCa, city: "Toronto1" }), "city")).toBe("Enter a valid city name.");
  });

  it("residential (US): street lines and a ZIP code, no province check", () => {
    const schema = creditScreenSchema("residential", us);
    const address = { housing_status: "own_with_mortgage", address_line_1: "1 Main St", city: "Buffalo", province: "NY", zip_code: "14202", years_at_address: 5, months_at_address: 0, monthly_payment: 1200 };
    expect(schema.safeParse(address).success).toBe(true);
    expect(firstMessage(schema.safeParse({ ...address, zip_code: "1420" }), "zip_code")).toBe("Enter a valid 5-digit ZIP code, like 14202.");
  });

  it("employment: an employer unless retired, a positive income, lease disbursements in Canada only", () => {
    const schema = creditScreenSchema("employment", ca);
    expect(schema.safeParse({ ...validEmployment, lease_disbursements: "200" }).data).toMatchObject({ gross_income: 72000, lease_disbursements: 200 });
    expect(creditScreenSchema("employment", us).safeParse({ ...validEmployment, lease_disbursements: "200" }).data).not.toHaveProperty("lease_disbursements");
    expect(firstMessage(schema.safeParse({ ...validEmployment, employer_name: undefined }), "employer_name")).toBe("This field is required.");
    expect(schema.safeParse({ type: "RET", gross_income: 2400, income_frequency: "monthly" }).success).toBe(true);
    expect(firstMessage(schema.safeParse({ ...validEmployment, employer_name: " Maple" }), "employer_name")).toBe("Enter a valid company name.");
    expect(firstMessage(schema.safeParse({ ...validEmployment, gross_income: 0 }), "gross_income")).toBe("Enter an amount greater than 0.");
    expect(firstMessage(schema.safeParse({ ...validEmployment, type: "XX" }), "type")).toBe("Please select a valid choice.");
    expect(firstMessage(schema.safeParse({ ...validEmployment, other_income_amount: 300 }), "other_income_type")).toBe("This field is required.");
  });

  it("review: the accuracy box and the terms", () => {
    const schema = creditScreenSchema("review", ca);
    expect(firstMessage(schema.safeParse({ terms: true }), "accuracy")).toBe("Please confirm that the information you gave is accurate and complete.");
    expect(firstMessage(schema.safeParse({ accuracy: true, terms: false }), "terms")).toBe("Please accept terms to proceed.");
  });

  it("gives the rules across fields at once with the others, not in a second round", () => {
    const applicant = creditScreenSchema("applicant", ca).safeParse({ ...validApplicant, first_name: "J3anne", confirm_email: "other@example.com" });
    expect(firstMessage(applicant, "first_name")).toBeDefined();
    expect(firstMessage(applicant, "confirm_email")).toBe("The email addresses do not match.");
    const consentAnswers = creditScreenSchema("consent", ca).safeParse({ ...consent, marketing: undefined, contract_management: "no" });
    expect(firstMessage(consentAnswers, "marketing")).toBe("Please select a valid choice.");
    expect(firstMessage(consentAnswers, "contract_management")).toBe("Please accept terms to proceed.");
    const residential = creditScreenSchema("residential", ca).safeParse({ ...validResidentialCa, city: "", province: "QC" });
    expect(firstMessage(residential, "city")).toBeDefined();
    expect(firstMessage(residential, "postal_code")).toBe("Invalid location, please try again");
    const employment = creditScreenSchema("employment", ca).safeParse({ ...validEmployment, gross_income: "", employer_name: undefined });
    expect(firstMessage(employment, "gross_income")).toBeDefined();
    expect(firstMessage(employment, "employer_name")).toBe("This field is required.");
  });

  it("a whole application: the co-applicant's screens count only when there is one", () => {
    const screens = {
      consent,
      acknowledgement: { privacy_notice_read: true, with_co_applicant: false },
      applicant: validApplicant,
      employment: validEmployment,
      residential: validResidentialCa,
      review: { accuracy: true, terms: true },
    };
    expect(creditApplicationProblems(screens, ca)).toEqual({});
    const joint = { ...screens, acknowledgement: { privacy_notice_read: true, with_co_applicant: true, joint_intent: true } };
    expect(Object.keys(creditApplicationProblems(joint, ca))).toEqual(["co_applicant_acknowledgement", "co_applicant", "co_applicant_employment", "co_applicant_residential"]);
  });
});
