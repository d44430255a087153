import type { Country } from "../constants.ts";
import { INCOME_PERIODS_PER_YEAR, type EmploymentType, type IncomeFrequency } from "./types.ts";

/**
 * The built-in simulated lender's rules. A real lender weighs a bureau file; this one decides only from what the
 * application says, by these explicit thresholds, so a dealership's staff (and the tests) can tell why:
 *
 * 1. declined when the applicants' gross monthly income is under $1,200 (insufficient_income);
 * 2. declined in the US when the credit score the deal was priced with is under 580 (credit_score);
 * 3. declined when housing, loan and lease payments plus this vehicle's take over 50 % of that income
 *    (excessive_obligations), or when the amount financed is over 1.5 years of income (amount_too_high);
 * 4. awaiting dealer (a person at the lender decides) when they take over 40 %, or this vehicle alone over 15 %;
 * 5. further verification (proof of income or address asked) when the main applicant has been under 6 months at
 *    the job (unless retired) or at the address, or is self-employed;
 * 6. approved otherwise.
 */
export const LENDER_RULES = {
  minMonthlyIncomeCents: 120_000,
  minUsCreditScore: 580,
  declinePercentOfIncome: 50,
  reviewPercentOfIncome: 40,
  reviewPaymentPercentOfIncome: 15,
  maxFinancedYearsOfIncomeTenths: 15,
  minMonthsAtEmployer: 6,
  minMonthsAtAddress: 6,
} as const;

export const CREDIT_DECISIONS = ["approved", "awaiting_dealer", "further_verification", "declined"] as const;
export type CreditDecision = (typeof CREDIT_DECISIONS)[number];

export const CREDIT_REASONS = [
  "insufficient_income",
  "credit_score",
  "excessive_obligations",
  "amount_too_high",
  "payment_review",
  "length_of_employment",
  "time_at_address",
  "self_employed_income",
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** The principal reasons as an adverse-action notice states them (Reg B sample form C-1 wording). */
export const CREDIT_REASON_TEXT: Record<CreditReason, { en: string; fr: string }> = {
  insufficient_income: { en: "Income insufficient for amount of credit requested", fr: "Revenu insuffisant pour le montant de crédit demandé" },
  credit_score: { en: "Credit score below the lender's minimum", fr: "Cote de crédit inférieure au minimum du prêteur" },
  excessive_obligations: { en: "Excessive obligations in relation to income", fr: "Obligations excessives par rapport au revenu" },
  amount_too_high: { en: "Amount financed too high in relation to income", fr: "Montant financé trop élevé par rapport au revenu" },
  payment_review: { en: "Payment in relation to income requires review", fr: "Le paiement par rapport au revenu doit être examiné" },
  length_of_employment: { en: "Length of employment", fr: "Durée de l’emploi" },
  time_at_address: { en: "Time at present address", fr: "Durée à l’adresse actuelle" },
  self_employed_income: { en: "Self-employment income must be verified", fr: "Le revenu de travail autonome doit être vérifié" },
};

/** Gross income of a period, in whole dollars, as cents a month (rounded half up). */
export function monthlyIncomeCents(amountDollars: number, frequency: IncomeFrequency): number {
  const yearly = amountDollars * 100 * INCOME_PERIODS_PER_YEAR[frequency];
  return Math.floor((yearly + 6) / 12);
}

export type LenderApplicant = {
  monthlyIncomeCents: number;
  /** Housing, loan and lease payments a month. */
  monthlyObligationsCents: number;
  monthsAtEmployer: number;
  monthsAtAddress: number;
  employmentType: EmploymentType;
};

export type LenderRequest = {
  country: Country;
  amountFinancedCents: number;
  /** This vehicle's payment, as a monthly amount. */
  monthlyPaymentCents: number;
  /** The main applicant first. */
  applicants: readonly LenderApplicant[];
  /** US only: the score the deal was priced with (Canada has none, spec 5). */
  creditScore: number | null;
};

export type LenderAnswer = { decision: CreditDecision; reasons: CreditReason[]; incomeCents: number; obligationsPercent: number; paymentPercent: number };

/** Whole percent, rounded up, of part in whole (100 when there is no whole). */
const percentOf = (part: number, whole: number) => (whole <= 0 ? 100 : Math.ceil((part * 100) / whole));

export function decideCredit(request: LenderRequest): LenderAnswer {
  const r = LENDER_RULES;
  const income = request.applicants.reduce((sum, a) => sum + a.monthlyIncomeCents, 0);
  const obligations = request.applicants.reduce((sum, a) => sum + a.monthlyObligationsCents, 0) + request.monthlyPaymentCents;
  const obligationsPercent = percentOf(obligations, income);
  const paymentPercent = percentOf(request.monthlyPaymentCents, income);
  const answer = (decision: CreditDecision, reasons: CreditReason[]): LenderAnswer => ({ decision, reasons, incomeCents: income, obligationsPercent, paymentPercent });

  const declined: CreditReason[] = [];
  if (income < r.minMonthlyIncomeCents) declined.push("insufficient_income");
  if (request.country === "US" && request.creditScore !== null && request.creditScore > 0 && request.creditScore < r.minUsCreditScore) declined.push("credit_score");
  if (obligations * 100 > income * r.declinePercentOfIncome) declined.push("excessive_obligations");
  if (request.amountFinancedCents * 10 > income * 12 * r.maxFinancedYearsOfIncomeTenths) declined.push("amount_too_high");
  if (declined.length > 0) return answer("declined", declined.slice(0, 4));

  if (obligations * 100 > income * r.reviewPercentOfIncome || request.monthlyPaymentCents * 100 > income * r.reviewPaymentPercentOfIncome) {
    return answer("awaiting_dealer", ["payment_review"]);
  }

  const main = request.applicants[0];
  const verify: CreditReason[] = [];
  if (main && main.employmentType !== "RET" && main.monthsAtEmployer < r.minMonthsAtEmployer) verify.push("length_of_employment");
  if (main && main.monthsAtAddress < r.minMonthsAtAddress) verify.push("time_at_address");
  if (main?.employmentType === "SE") verify.push("self_employed_income");
  if (verify.length > 0) return answer("further_verification", verify);
  return answer("approved", []);
}

/**
 * How long the simulated lender takes to answer: 15 to 35 seconds, the same for a given application (so a
 * shopper who reloads sees the same wait), inside the overlay's minute.
 */
export function lenderDelayMs(applicationId: number): number {
  return 15_000 + ((applicationId * 7_919) % 21) * 1_000;
}
