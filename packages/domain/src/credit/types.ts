/**
 * The credit application's vocabulary (transactional contract sections 3, 4 and 9): screens, choices, statuses
 * and constants. Kept apart from the schemas so the rules and the overlay can use them without zod.
 */

export const CREDIT_VARIANTS = ["FULL", "SIMPLIFIED"] as const;
export type CreditVariant = (typeof CREDIT_VARIANTS)[number];

/** The full variant's screens, in order (spec 2); the co-applicant's four appear only with a co-applicant. */
export const CREDIT_SCREENS = [
  "consent",
  "acknowledgement",
  "applicant",
  "employment",
  "residential",
  "co_applicant_acknowledgement",
  "co_applicant",
  "co_applicant_employment",
  "co_applicant_residential",
  "review",
  "result",
] as const;
export type CreditScreen = (typeof CREDIT_SCREENS)[number];
/** Screens that hold answers (review holds the accuracy and terms boxes; result holds nothing). */
export type CreditAnswerScreen = Exclude<CreditScreen, "result">;
export const CO_APPLICANT_SCREENS = ["co_applicant_acknowledgement", "co_applicant", "co_applicant_employment", "co_applicant_residential"] as const satisfies readonly CreditScreen[];
/** The simplified variant: one applicant, no separate acknowledgement (its boxes are on the consent screen). */
export const SIMPLIFIED_SCREENS = ["consent", "applicant", "employment", "residential", "review", "result"] as const satisfies readonly CreditScreen[];

export function creditScreensFor(variant: CreditVariant, withCoApplicant: boolean): CreditScreen[] {
  if (variant === "SIMPLIFIED") return [...SIMPLIFIED_SCREENS];
  return CREDIT_SCREENS.filter((s) => withCoApplicant || !(CO_APPLICANT_SCREENS as readonly string[]).includes(s));
}

/** Employment types (spec 3): full time, full time probation, part time casual, part time regular, retired, seasonal summer, seasonal winter, self-employed. */
export const EMPLOYMENT_TYPES = ["FT", "FTP", "PTC", "PTR", "RET", "SEAS", "SEAW", "SE"] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** Residence types (spec 3). */
export const RESIDENCE_TYPES = ["with_parents", "own_free_and_clear", "retired", "own_with_mortgage", "rented", "other"] as const;
export type ResidenceType = (typeof RESIDENCE_TYPES)[number];

export const INCOME_FREQUENCIES = ["weekly", "biweekly", "semimonthly", "monthly", "yearly"] as const;
export type IncomeFrequency = (typeof INCOME_FREQUENCIES)[number];
export const INCOME_PERIODS_PER_YEAR: Record<IncomeFrequency, number> = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12, yearly: 1 };

export const OTHER_INCOME_TYPES = ["child_support", "disability", "investment", "pension", "rental", "social_assistance", "other"] as const;
export const TITLES = ["mr", "mrs", "ms", "mx", "dr"] as const;
export const MARITAL_STATUSES = ["single", "married", "common_law", "separated", "divorced", "widowed"] as const;
export const GENDERS = ["female", "male", "other", "undisclosed"] as const;
export const RELATIONS_TO_APPLICANT = ["spouse", "common_law", "parent", "child", "sibling", "other"] as const;
/** Canadian address parts (spec 3): a civic address, a post-office box or a rural route. */
export const ADDRESS_TYPES = ["civic", "po_box", "rural_route"] as const;
export const STREET_TYPES = ["street", "avenue", "road", "boulevard", "drive", "crescent", "court", "place", "way", "lane", "rue", "chemin", "rang", "other"] as const;
export const STREET_DIRECTIONS = ["N", "S", "E", "W", "NE", "NW", "SE", "SW"] as const;
export const CONSENT_ANSWERS = ["yes", "no"] as const;
/** The four consent sections (spec 3, "Consents"): the first two are required to apply. */
export const CONSENT_SECTIONS = ["credit_assessment", "contract_management", "marketing", "electronic_communication"] as const;
export type ConsentSection = (typeof CONSENT_SECTIONS)[number];
export const REQUIRED_CONSENT_SECTIONS = ["credit_assessment", "contract_management"] as const satisfies readonly ConsentSection[];

/**
 * Where an application is. draft: being filled in (auto-saved). queued: saved and to be sent later (a technical
 * error). pending: with the lender, no answer yet. The last four are the lender's answers.
 */
export const CREDIT_APPLICATION_STATUSES = ["draft", "queued", "pending", "approved", "awaiting_dealer", "further_verification", "declined"] as const;
export type CreditApplicationStatus = (typeof CREDIT_APPLICATION_STATUSES)[number];
export const FINAL_CREDIT_STATUSES = ["approved", "awaiting_dealer", "further_verification", "declined"] as const satisfies readonly CreditApplicationStatus[];
export const isFinalCreditStatus = (status: CreditApplicationStatus) => (FINAL_CREDIT_STATUSES as readonly string[]).includes(status);

/** What the shopper is told (spec 4, "Credit (customer-facing)"). */
export const CREDIT_CUSTOMER_STATES = [
  "in_progress",
  "submitted",
  "under_real_time_review",
  "approved",
  "awaiting_approval",
  "under_review",
  "further_verification",
  "declined",
] as const;
export type CreditCustomerState = (typeof CREDIT_CUSTOMER_STATES)[number];

/** The order's credit application status (spec 4, numeric on the contract's side). */
export const CREDIT_ORDER_STATUSES = ["awaiting_customer", "awaiting_dealer", "complete", "declined", "further_verification"] as const;
export type CreditOrderStatus = (typeof CREDIT_ORDER_STATUSES)[number];

/** Identifiers of the credit application systems (spec 3). */
export const CREDIT_ACTOR_TYPES = { HACC: "HCC", CUSTOMER: "USR", DEALER: "DLR" } as const;
export const CREDIT_STATUS_CODES = { CREATED: "NEW", APPLIED: "LIVE", READY: "RDY", DENIED: "DENY" } as const;

/** Spec 9. */
export const MIN_AMOUNT_FINANCED_CENTS = 400_000;
export const PERSONAL_DATA_RETENTION_DAYS = 14;
/** US applications and notices are kept 25 months (Reg B, 12 CFR 1002.12(b)), their personal data sealed. */
export const US_RECORD_RETENTION_MONTHS = 25;
export const STALE_OFFER_RETRY_HOURS = 24;
export const DECISION_TICK_MS = 600;
export const DECISION_FIRST_CHECK_PERCENT = 4;
export const DECISION_CHECK_EVERY_PERCENT = 6;
export const DECISION_MAX_PERCENT = 100;
/** The auto-save pause after the last keystroke. */
export const CREDIT_AUTOSAVE_DELAY_MS = 800;
