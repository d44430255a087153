import { describe, expect, it } from "vitest";
import { adverseActionNotice } from "./adverse-action.ts";
import { decisionOverlayStops, isDecisionCheckAt, nextDecisionPercent } from "./decision-overlay.ts";
import { decideCredit, lenderDelayMs, monthlyIncomeCents, type LenderApplicant } from "./lender-rules.ts";
import { creditApplicationBlock, creditCustomerState, creditOrderStatus, maskSin, personalDataPurgeAt, usRecordDisposalAt } from "./outcome-rules.ts";
import { postalCodeMatchesProvince, provinceOfPostalCode, provincesOfPostalCode } from "./postal-province.ts";
import { creditScreensFor } from "./types.ts";
import { lenderApplicantOf, lenderRequestOf } from "./lender-request.ts";

describe("postal code and province", () => {
  it("reads the province from the first letter", () => {
    expect(provinceOfPostalCode("M5V 3L9")).toBe("ON");
    expect(provinceOfPostalCode("h2x-1y4")).toBe("QC");
    expect(provinceOfPostalCode("V6B1A1")).toBe("BC");
    expect(provincesOfPostalCode("X1A 2B3")).toEqual(["NT", "NU"]);
    expect(provinceOfPostalCode("X1A 2B3")).toBeNull();
    expect(provinceOfPostalCode("12345")).toBeNull();
    // D, F, I, O, Q, U, W and Z start no postal code.
    expect(provincesOfPostalCode("D1A 1A1")).toEqual([]);
  });
  it("matches a postal code against a province", () => {
    expect(postalCodeMatchesProvince("M5V 3L9", "ON")).toBe(true);
    expect(postalCodeMatchesProvince("M5V 3L9", "QC")).toBe(false);
    expect(postalCodeMatchesProvince("X0A 0H0", "nu")).toBe(true);
  });
});

const worker = (over: Partial<LenderApplicant> = {}): LenderApplicant => ({
  monthlyIncomeCents: 600_000,
  monthlyObligationsCents: 150_000,
  monthsAtEmployer: 48,
  monthsAtAddress: 36,
  employmentType: "FT",
  ...over,
});
const request = (over: Partial<Parameters<typeof decideCredit>[0]> = {}) => ({
  country: "CA" as const,
  amountFinancedCents: 3_500_000,
  monthlyPaymentCents: 65_000,
  applicants: [worker()],
  creditScore: null,
  ...over,
});

describe("the simulated lender's rules", () => {
  it("turns income of a period into cents a month", () => {
    expect(monthlyIncomeCents(72_000, "yearly")).toBe(600_000);
    expect(monthlyIncomeCents(2_000, "biweekly")).toBe(433_333); // 2,000 × 26 / 12 = 4,333.33…
    expect(monthlyIncomeCents(1_000, "weekly")).toBe(433_333);
    expect(monthlyIncomeCents(1, "weekly")).toBe(433); // 4.333… rounds down
    expect(monthlyIncomeCents(1, "semimonthly")).toBe(200);
  });
  it("approves a steady applicant whose payments fit the income", () => {
    // (1,500 + 650) / 6,000 = 36 % of income; the car alone 11 %.
    expect(decideCredit(request())).toMatchObject({ decision: "approved", reasons: [], obligationsPercent: 36, paymentPercent: 11 });
  });
  it("declines low income, heavy obligations, too large a loan, and (US) a low score", () => {
    expect(decideCredit(request({ applicants: [worker({ monthlyIncomeCents: 119_999, monthlyObligationsCents: 0 })], monthlyPaymentCents: 10_000, amountFinancedCents: 500_000 })).reasons).toEqual(["insufficient_income"]);
    // 2,400 + 650 = 3,050 of 6,000 is over half.
    expect(decideCredit(request({ applicants: [worker({ monthlyObligationsCents: 240_000 })] }))).toMatchObject({ decision: "declined", reasons: ["excessive_obligations"] });
    // 1.5 years of 6,000 a month is 108,000.
    expect(decideCredit(request({ amountFinancedCents: 10_800_000 })).decision).toBe("approved");
    expect(decideCredit(request({ amountFinancedCents: 10_800_001 })).reasons).toEqual(["amount_too_high"]);
    expect(decideCredit(request({ country: "US", creditScore: 579 })).reasons).toEqual(["credit_score"]);
    expect(decideCredit(request({ country: "US", creditScore: 580 })).decision).toBe("approved");
    // Canada has no credit scores: one given is not used.
    expect(decideCredit(request({ creditScore: 500 })).decision).toBe("approved");
  });
  it("sends a stretched budget to a person (awaiting dealer)", () => {
    // 41 % of income.
    expect(decideCredit(request({ applicants: [worker({ monthlyObligationsCents: 181_000 })] })).decision).toBe("awaiting_dealer");
    // The car alone over 15 %: 901 of 6,000.
    expect(decideCredit(request({ monthlyPaymentCents: 91_000, applicants: [worker({ monthlyObligationsCents: 0 })] })).reasons).toEqual(["payment_review"]);
  });
  it("a co-applicant's income counts", () => {
    const alone = request({ applicants: [worker({ monthlyIncomeCents: 300_000 })] });
    expect(decideCredit(alone).decision).toBe("declined");
    expect(decideCredit({ ...alone, applicants: [...alone.applicants, worker({ monthlyIncomeCents: 300_000, monthlyObligationsCents: 0 })] }).decision).toBe("approved");
  });
  it("asks for proof when the job or the address is new, or the income is self-employed", () => {
    expect(decideCredit(request({ applicants: [worker({ monthsAtEmployer: 5 })] }))).toMatchObject({ decision: "further_verification", reasons: ["length_of_employment"] });
    expect(decideCredit(request({ applicants: [worker({ monthsAtEmployer: 0, employmentType: "RET" })] })).decision).toBe("approved");
    expect(decideCredit(request({ applicants: [worker({ monthsAtAddress: 2, employmentType: "SE" })] })).reasons).toEqual(["time_at_address", "self_employed_income"]);
  });
  it("answers after 15 to 35 seconds, the same wait for the same application", () => {
    for (const id of [1, 2, 17, 400, 99_999]) {
      expect(lenderDelayMs(id)).toBeGreaterThanOrEqual(15_000);
      expect(lenderDelayMs(id)).toBeLessThanOrEqual(35_000);
      expect(lenderDelayMs(id)).toBe(lenderDelayMs(id));
    }
  });
});

describe("the real-time decision overlay", () => {
  it("checks at 4 %, every 6 points after, and at 100", () => {
    const checks = Array.from({ length: 101 }, (_, p) => p).filter(isDecisionCheckAt);
    expect(checks.slice(0, 4)).toEqual([4, 10, 16, 22]);
    expect(checks.at(-2)).toBe(94);
    expect(checks.at(-1)).toBe(100);
    expect(checks).toHaveLength(17);
  });
  it("rises by one to 100 and stops there or on a final status", () => {
    expect(nextDecisionPercent(0)).toBe(1);
    expect(nextDecisionPercent(100)).toBe(100);
    expect(decisionOverlayStops(50, false)).toBe(false);
    expect(decisionOverlayStops(50, true)).toBe(true);
    expect(decisionOverlayStops(100, false)).toBe(true);
  });
});

describe("outcome rules", () => {
  const deal = { paymentType: "finance" as const, amountFinancedCents: 400_000, programValidTo: "2026-11-30", today: "2026-11-26" };
  it("refuses cash, under $4,000 financed, and a payment whose program ended", () => {
    expect(creditApplicationBlock(deal)).toBeNull();
    expect(creditApplicationBlock({ ...deal, paymentType: "cash" })).toBe("cash_payment");
    expect(creditApplicationBlock({ ...deal, paymentType: null })).toBe("no_payment");
    expect(creditApplicationBlock({ ...deal, amountFinancedCents: 399_999 })).toBe("amount_below_minimum");
    expect(creditApplicationBlock({ ...deal, programValidTo: "2026-11-25" })).toBe("stale_incentives");
    expect(creditApplicationBlock({ ...deal, programValidTo: "2026-11-26" })).toBeNull();
  });
  it("tells the shopper where the application is", () => {
    const sent = new Date("2026-11-26T15:00:00Z");
    expect(creditCustomerState("draft", null, sent)).toBe("in_progress");
    expect(creditCustomerState("queued", sent, sent)).toBe("submitted");
    expect(creditCustomerState("pending", sent, new Date(sent.getTime() + 60_000))).toBe("under_real_time_review");
    expect(creditCustomerState("pending", sent, new Date(sent.getTime() + 91_000))).toBe("under_review");
    expect(creditCustomerState("awaiting_dealer", sent, sent)).toBe("awaiting_approval");
    expect(creditOrderStatus("approved")).toEqual({ order: "complete", step: "completed" });
    expect(creditOrderStatus("declined")).toEqual({ order: "declined", step: "declined" });
    expect(creditOrderStatus("pending").step).toBe("awaiting-dealer");
  });
  it("keeps personal data 14 days and US records 25 months", () => {
    const sent = new Date("2026-01-31T12:00:00Z");
    expect(personalDataPurgeAt(sent, 14).toISOString()).toBe("2026-02-14T12:00:00.000Z");
    expect(usRecordDisposalAt(sent, 25).toISOString().slice(0, 7)).toBe("2028-03");
    expect(maskSin("046")).toBe("***-***-046");
  });
  it("orders the screens of each variant", () => {
    expect(creditScreensFor("FULL", false)).toEqual(["consent", "acknowledgement", "applicant", "employment", "residential", "review", "result"]);
    expect(creditScreensFor("FULL", true)).toHaveLength(11);
    expect(creditScreensFor("SIMPLIFIED", true)).toEqual(["consent", "applicant", "employment", "residential", "review", "result"]);
  });
});

describe("the adverse-action notice", () => {
  const input = {
    language: "en" as const,
    applicantName: "Dana Smith",
    date: "2026-11-26",
    dealer: { name: "Lakeshore Toyota", address: "1 Main St, Buffalo, NY 14202", phone: "716-555-0100" },
    reasons: ["credit_score", "excessive_obligations"] as const,
    score: { value: 560, date: "2026-11-26" },
  };
  it("names the dealership, the reasons, the ECOA agency, the report and the score", () => {
    const text = JSON.stringify(adverseActionNotice(input));
    for (const part of ["Lakeshore Toyota", "Credit score below the lender's minimum", "Excessive obligations in relation to income", "Federal Trade Commission", "free copy of your report", "560 (range 300–850)"]) {
      expect(text).toContain(part);
    }
  });
  it("is written in French for a French applicant, and without a score section when none was used", () => {
    const notice = adverseActionNotice({ ...input, language: "fr", score: null });
    expect(notice.title).toBe("Avis de refus de crédit");
    expect(notice.sections.map((s) => s.heading)).toEqual(["Décision", "Raisons principales", "Avis de l’Equal Credit Opportunity Act"]);
  });
});

describe("the lender's request", () => {
  const employment = { type: "FT", gross_income: 60_000, income_frequency: "yearly", years_at_employer: 2, months_at_employer: 3, other_income_amount: 500, other_income_frequency: "monthly", monthly_loan_payments: 200, monthly_lease_payments: 100 };
  const home = { monthly_payment: 1_400, years_at_address: 1, months_at_address: 6, street_number: "120", street_name: "King", city: "Toronto", province: "ON", postal_code: "M5V 3L9" };
  it("adds income, housing and other payments a month, and tenure in months", () => {
    expect(lenderApplicantOf(employment, home, { countHousing: true })).toEqual({
      monthlyIncomeCents: 550_000,
      monthlyObligationsCents: 170_000,
      monthsAtEmployer: 27,
      monthsAtAddress: 18,
      employmentType: "FT",
    });
  });
  it("counts a shared home's payment once", () => {
    const request = lenderRequestOf({ country: "CA", screens: { employment, residential: home, co_applicant_employment: employment, co_applicant_residential: { ...home } }, withCoApplicant: true, amountFinancedCents: 1, monthlyPaymentCents: 1, creditScore: null });
    expect(request.applicants.map((a) => a.monthlyObligationsCents)).toEqual([170_000, 30_000]);
    const apart = lenderRequestOf({ country: "CA", screens: { employment, residential: home, co_applicant_employment: employment, co_applicant_residential: { ...home, street_number: "7" } }, withCoApplicant: true, amountFinancedCents: 1, monthlyPaymentCents: 1, creditScore: null });
    expect(apart.applicants[1]!.monthlyObligationsCents).toBe(170_000);
    expect(lenderRequestOf({ country: "CA", screens: { employment, residential: home }, withCoApplicant: false, amountFinancedCents: 1, monthlyPaymentCents: 1, creditScore: null }).applicants).toHaveLength(1);
  });
});
