import type { CustomerUser, DealerUser, QuoteFlowWire, QuoteWire } from "@showroom/domain";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { ApiRequestError, type ApiClient } from "../../lib/api-client.ts";
import { ShellContext, type Shell } from "../../lib/shell-context.tsx";
import { catalogues } from "../../testing/catalogues.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import { paymentOption } from "../../testing/payment-option.ts";

/** One option as the API sends it: finance at 60 months biweekly (Ontario), active. */
export function quote(overrides: Partial<QuoteWire> = {}): QuoteWire {
  const type = overrides.payment_type ?? "finance";
  return {
    id: 101,
    flow: 7,
    position: 1,
    status: "active",
    applied: false,
    quote_expiry: "2026-12-03",
    build_state_uid: null,
    quote_name: null,
    payment_type: type,
    term: type === "cash" ? null : 60,
    interest_rate: type === "cash" ? null : "6.49",
    down_payment: "2000.00",
    payment_frequency: type === "cash" ? null : "biweekly",
    distance_allowance: type === "lease" ? 20000 : null,
    rebates: [],
    custom_fees: [],
    custom_discounts: [],
    trade_in_credit: "0.00",
    trade_in_owing: "0.00",
    protection_plan_prices: [],
    sales_representative_name: "Marc Gagnon",
    sales_representative_email: "marc@maple-auto.example",
    option: paymentOption(type, {
      down_payment: "2000.00",
      total_purchase_price: "38450.00",
      incentives: [{ id: "quote-rebate-1", name: "Loyalty rebate", name_fr: "Remise de fidélité", type: "rebate", amount: "750.00", tax_treatment: null, rate: null }],
      fees: [{ id: "quote-fee-1", name: "Admin fee", name_fr: "Frais d’administration", amount: "499.00", taxability: "pretax", capitalized: false }],
    }),
    pricing_errors: {},
    due_on_delivery: "2000.00",
    savings: "750.00",
    disclosures: [
      { key: "apr", label: "Annual percentage rate (APR)", value: "6.49%", emphasis: "primary" },
      { key: "cost_of_borrowing", label: "Cost of borrowing", value: "$5,412.90", emphasis: "primary" },
      { key: "term", label: "Term", value: "60 months", emphasis: "normal" },
      { key: "total_of_payments", label: "Total of payments", value: "$41,862.90", emphasis: "normal" },
    ],
    created: "2026-11-20T15:00:00.000Z",
    last_updated: "2026-11-20T15:00:00.000Z",
    ...overrides,
  };
}

/**
 * A sent flow with three options: finance 60 months (option 1), finance 72 months with a lower payment (option 2)
 * and a lease (option 3, named by staff).
 */
export function threeOptionFlow(overrides: Partial<QuoteFlowWire> = {}): QuoteFlowWire {
  const finance72 = quote({
    id: 102,
    position: 2,
    term: 72,
    option: { ...quote().option!, term: 72, payment: "189.20", total_purchase_price: "38450.00", down_payment: "2000.00" },
    disclosures: [
      { key: "apr", label: "Annual percentage rate (APR)", value: "6.49%", emphasis: "primary" },
      { key: "cost_of_borrowing", label: "Cost of borrowing", value: "$6,601.44", emphasis: "primary" },
      { key: "term", label: "Term", value: "72 months", emphasis: "normal" },
      { key: "total_of_payments", label: "Total of payments", value: "$43,051.44", emphasis: "normal" },
    ],
  });
  const lease = quote({
    id: 103,
    position: 3,
    quote_name: "Low payment lease",
    payment_type: "lease",
    term: 48,
    interest_rate: "4.99",
    payment_frequency: "biweekly",
    option: paymentOption("lease", { term: 48, rate: "4.99", payment: "176.40", down_payment: "2000.00", total_purchase_price: "38450.00" }),
    due_on_delivery: "2412.50",
    savings: "750.00",
    disclosures: [
      { key: "apr", label: "Annual percentage rate (APR)", value: "4.99%", emphasis: "primary" },
      { key: "implicit_finance_charge", label: "Implicit finance charge", value: "$3,102.00", emphasis: "primary" },
      { key: "term", label: "Term", value: "48 months", emphasis: "normal" },
      { key: "residual_value", label: "Residual value", value: "$19,225.00", emphasis: "normal" },
    ],
  });
  return {
    id: 7,
    order: 12,
    is_active: true,
    n_quotes: 3,
    is_expired: false,
    latest_submission: "2026-11-20T15:30:00.000Z",
    viewed_at: null,
    can_request_new: false,
    quotes_with_available_vehicle_count: 3,
    has_identical_quotes: false,
    has_quotes_touched: true,
    has_quotes_expire_date_set: true,
    is_max_number_of_quotes_reached: true,
    quote_expiry: "2026-12-03",
    requested_at: "2026-11-19T14:00:00.000Z",
    request_message: null,
    primary_quote: null,
    reserved_quote: null,
    prepared_by: { name: "Marc Gagnon", email: "marc@maple-auto.example" },
    created: "2026-11-19T14:00:00.000Z",
    dealership: { name: "Maple Auto", phone: "514-555-0100", fax: "514-555-0101", tax_number: "123456789 RT0001" },
    customer: { id: 5, full_name: "Jeanne Tremblay", email: "jeanne@example.com" },
    vehicle: {
      id: 42,
      title: "2026 Toyota RAV4 XLE",
      title_fr: "Toyota RAV4 XLE 2026",
      vin: "2T3W1RFV8RW123456",
      stock_number: "R1234",
      odometer: 12,
      vehicle_condition: "New",
      body_type: "SUV",
      exterior_color: "Blueprint",
      interior_color: "Black",
      drivetrain: "AWD",
      fuel_type: "Gasoline",
      transmission: "Automatic",
      main_image: "https://photos.example/rav4.jpg",
      listing_price: "36900.00",
      is_available: true,
    },
    differing_fields: ["payment_type", "payment", "term", "interest_rate", "due_on_delivery"],
    results: [quote(), finance72, lease],
    ...overrides,
  };
}

type Mock = ReturnType<typeof vi.fn>;
export type Calls = { get: Mock; post: Mock; request: Mock };
export const http = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });

/** Renders inside the storefront's contexts (the shell's API client mocked), in English or French. */
export function renderWithShell(
  ui: ReactNode,
  options: { language?: "en" | "fr"; calls?: Partial<Calls>; modules?: string[]; customer?: CustomerUser | null; dealerUser?: DealerUser | null; url?: string } = {},
) {
  const calls: Calls = { get: vi.fn(async () => null), post: vi.fn(async () => null), request: vi.fn(async () => null), ...options.calls };
  const language = options.language ?? "en";
  const locale = language === "fr" ? "fr-ca" : "en-ca";
  const signIn = vi.fn(async () => "cancelled" as const);
  const sessionExpired = vi.fn();
  const shell = {
    dealer: dealerInfo({
      module_settings: {
        elevated_modules: [],
        enabled_modules: (options.modules ?? ["personalized_quote", "deposit"]) as Shell["dealer"]["module_settings"]["enabled_modules"],
        cta_overrides: [],
        section_visibility: {},
      },
    }),
    locale,
    prefix: { language, dealerCode: "maple-auto" },
    dealerUser: options.dealerUser ?? null,
    customer: options.customer === undefined ? ({ id: 5, email: "jeanne@example.com" } as CustomerUser) : options.customer,
    pricesLocked: false,
    savedDeals: 1,
    api: calls as unknown as ApiClient,
    quietApi: calls as unknown as ApiClient,
    path: (route: string, search = "") => `/${language}/maple-auto/${route}/${search ? `?${search.replace(/^\?/, "")}` : ""}`,
    signIn,
    prefetchSignIn: vi.fn(),
    logOut: vi.fn(),
    refresh: vi.fn(),
    sessionExpired,
    staff: {} as Shell["staff"],
  } as Shell;
  const result = render(
    <MemoryRouter initialEntries={[options.url ?? "/"]}>
      <I18nContext.Provider value={{ locale, t: translator(catalogues[language]) }}>
        <ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>
      </I18nContext.Provider>
    </MemoryRouter>,
  );
  return { ...result, calls, signIn, sessionExpired, shell };
}
