/**
 * A complete credit application's answers, screen by screen, as a shopper would type them: one factory for the
 * API tests, the browser journeys and the demo. SINs pass their checksum; the co-applicant's are distinct.
 */
export type CreditAnswersOptions = { country?: "CA" | "US"; withCoApplicant?: boolean; grossYearlyIncome?: number; monthsAtEmployer?: number };

const consent = (signature: string) => ({ credit_assessment: "yes", contract_management: "yes", marketing: "no", electronic_communication: "yes", signature });

export function creditApplicationAnswers(options: CreditAnswersOptions = {}) {
  const country = options.country ?? "CA";
  const withCoApplicant = options.withCoApplicant ?? false;
  const us = country === "US";
  const person = (first: string, last: string, email: string, phone: string, sin: string) => ({
    first_name: first,
    last_name: last,
    primary_phone: us ? phone.replace(/^\((\d{3})\) (\d{3})-/, "$1-$2-") : phone,
    email,
    confirm_email: email,
    date_of_birth: "1988-04-12",
    marital_status: "married",
    ...(us ? {} : { sin }),
  });
  const residential = us
    ? { housing_status: "rented", address_line_1: "1 Main St", city: "Buffalo", province: "NY", zip_code: "14202", years_at_address: 3, months_at_address: 4, monthly_payment: 1500 }
    : { housing_status: "rented", address_type: "civic", street_number: "120", street_name: "King", street_type: "street", city: "Toronto", province: "ON", postal_code: "M5V 3L9", years_at_address: 3, months_at_address: 4, monthly_payment: 1500 };
  const employment = (employer: string) => ({
    type: "FT",
    employer_name: employer,
    occupation: "Analyst",
    work_phone: us ? "716-555-0199" : "(416) 555-0199",
    years_at_employer: Math.floor((options.monthsAtEmployer ?? 50) / 12),
    months_at_employer: (options.monthsAtEmployer ?? 50) % 12,
    gross_income: options.grossYearlyIncome ?? 120_000,
    income_frequency: "yearly",
  });
  return {
    consent: consent("Jeanne Tremblay"),
    acknowledgement: { privacy_notice_read: true, with_co_applicant: withCoApplicant, ...(withCoApplicant ? { joint_intent: true } : {}) },
    applicant: person("Jeanne", "Tremblay", "jeanne@example.com", "(416) 555-0142", "046 454 286"),
    employment: employment("Maple Logistics"),
    residential,
    ...(withCoApplicant
      ? {
          co_applicant_acknowledgement: { ...consent("Marc Tremblay"), joint_intent: true },
          co_applicant: { ...person("Marc", "Tremblay", "marc@example.com", "(416) 555-0143", "130 692 544"), relation_to_applicant: "spouse" },
          co_applicant_employment: employment("Lakeside Clinic"),
          co_applicant_residential: residential,
        }
      : {}),
    review: { accuracy: true, terms: true },
  };
}
