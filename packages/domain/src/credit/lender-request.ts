import type { Country } from "../constants.ts";
import { monthlyIncomeCents, type LenderApplicant, type LenderRequest } from "./lender-rules.ts";
import { EMPLOYMENT_TYPES, INCOME_FREQUENCIES, type EmploymentType, type IncomeFrequency } from "./types.ts";

/** Answers as the screens' schemas output them (numbers parsed); read defensively, since a field may be absent. */
type Answers = Readonly<Record<string, unknown>>;

const whole = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : 0);
const frequency = (value: unknown): IncomeFrequency => ((INCOME_FREQUENCIES as readonly unknown[]).includes(value) ? (value as IncomeFrequency) : "yearly");
const employmentType = (value: unknown): EmploymentType => ((EMPLOYMENT_TYPES as readonly unknown[]).includes(value) ? (value as EmploymentType) : "FT");

/** The fields that say where someone lives: two applicants at the same address share one housing payment. */
const ADDRESS_FIELDS = ["street_number", "street_name", "po_box_number", "rural_route_number", "address_line_1", "city", "province", "postal_code", "zip_code"] as const;
const sameAddress = (a: Answers, b: Answers) => ADDRESS_FIELDS.every((f) => String(a[f] ?? "").toLowerCase() === String(b[f] ?? "").toLowerCase());

/** One applicant's figures for the lender: monthly income (employment and other), monthly obligations, tenure. */
export function lenderApplicantOf(employment: Answers, residential: Answers, options: { countHousing: boolean }): LenderApplicant {
  const otherIncome = whole(employment["other_income_amount"]) > 0 ? monthlyIncomeCents(whole(employment["other_income_amount"]), frequency(employment["other_income_frequency"])) : 0;
  const housing = options.countHousing ? whole(residential["monthly_payment"]) * 100 : 0;
  return {
    monthlyIncomeCents: monthlyIncomeCents(whole(employment["gross_income"]), frequency(employment["income_frequency"])) + otherIncome,
    monthlyObligationsCents: housing + (whole(employment["monthly_loan_payments"]) + whole(employment["monthly_lease_payments"])) * 100,
    monthsAtEmployer: whole(employment["years_at_employer"]) * 12 + whole(employment["months_at_employer"]),
    monthsAtAddress: whole(residential["years_at_address"]) * 12 + whole(residential["months_at_address"]),
    employmentType: employmentType(employment["type"]),
  };
}

/** What the lender decides on: the deal's figures and each applicant's. */
export function lenderRequestOf(input: {
  country: Country;
  screens: Partial<Record<"employment" | "residential" | "co_applicant_employment" | "co_applicant_residential", Answers>>;
  withCoApplicant: boolean;
  amountFinancedCents: number;
  monthlyPaymentCents: number;
  creditScore: number | null;
}): LenderRequest {
  const { screens } = input;
  const applicants = [lenderApplicantOf(screens.employment ?? {}, screens.residential ?? {}, { countHousing: true })];
  if (input.withCoApplicant) {
    const home = screens.co_applicant_residential ?? {};
    applicants.push(lenderApplicantOf(screens.co_applicant_employment ?? {}, home, { countHousing: !sameAddress(home, screens.residential ?? {}) }));
  }
  return { country: input.country, amountFinancedCents: input.amountFinancedCents, monthlyPaymentCents: input.monthlyPaymentCents, applicants, creditScore: input.creditScore };
}
