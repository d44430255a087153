import {
  ADDRESS_TYPES,
  CANADIAN_PROVINCES,
  EMPLOYMENT_TYPES,
  GENDERS,
  INCOME_FREQUENCIES,
  MARITAL_STATUSES,
  OTHER_INCOME_TYPES,
  RELATIONS_TO_APPLICANT,
  RESIDENCE_TYPES,
  STREET_DIRECTIONS,
  STREET_TYPES,
  TITLES,
  US_STATES,
  creditScreensFor,
  type CreditApplicationWire,
} from "@showroom/domain";
import type { CreditStaticData } from "../features/credit-application/credit-api.ts";

/** Wire-shaped credit application records for the web app's unit tests (what the API answers), with overrides. */

export function creditStaticData(overrides: Partial<CreditStaticData> = {}): CreditStaticData {
  const country = overrides.country ?? "CA";
  const ca = country === "CA";
  return {
    variant: "FULL",
    country,
    validates_application: ca,
    has_lease_disbursements: ca,
    province: ca ? "ON" : "NY",
    today: "2026-11-26",
    screens: creditScreensFor(overrides.variant ?? "FULL", true),
    employment_types: [...EMPLOYMENT_TYPES],
    residence_types: [...RESIDENCE_TYPES],
    income_frequencies: [...INCOME_FREQUENCIES],
    other_income_types: [...OTHER_INCOME_TYPES],
    titles: [...TITLES],
    marital_statuses: [...MARITAL_STATUSES],
    genders: [...GENDERS],
    relations: [...RELATIONS_TO_APPLICANT],
    address_types: ca ? [...ADDRESS_TYPES] : [],
    street_types: ca ? [...STREET_TYPES] : [],
    street_directions: ca ? [...STREET_DIRECTIONS] : [],
    provinces: ca ? CANADIAN_PROVINCES.map((p) => p.code) : US_STATES.map(([code]) => code),
    minimum_amount_financed: "4000.00",
    retention_days: 14,
    demonstration_lender: true,
    ...overrides,
  };
}

export function creditApplication(overrides: Partial<CreditApplicationWire> = {}): CreditApplicationWire {
  return {
    id: 31,
    order: 12,
    variant: "FULL",
    country: "CA",
    status: "draft",
    customer_state: "in_progress",
    order_status: "awaiting_customer",
    screens: {},
    current_screen: null,
    with_co_applicant: false,
    sin_on_file: { applicant: null, co_applicant: null },
    prefilled: false,
    consents: [],
    payment_type: "finance",
    amount_financed: "38500.00",
    minimum_amount_financed: "4000.00",
    blocked: null,
    submitted_at: null,
    decided_at: null,
    decision: null,
    adverse_action_notice: null,
    personal_data_purge_at: null,
    personal_data_purged: false,
    demonstration_lender: true,
    last_updated: "2026-11-26T15:00:00Z",
    ...overrides,
  };
}
