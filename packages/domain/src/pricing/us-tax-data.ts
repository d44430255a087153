import { cents } from "../money.ts";
import { type TaxComponent, type TaxRules, type TradeInCreditRule } from "./tax-types.ts";

/**
 * State motor-vehicle sales taxes for the states the pricing reference discusses (3.2, 3.4, 2.3).
 * Only the state part is data; county and city add-ons vary by address and are configured per
 * dealership (`localRate` of `taxRulesOn`). States not listed here have no rules (the caller
 * reports the jurisdiction as unsupported rather than guessing).
 */
export const US_TAX_COVERAGE_START = "2024-01-01";

const stateTax = (rate: string): TaxComponent => ({ id: "state", label_key: "pricing.line.state_tax", rate });
const localTax = { label_key: "pricing.line.local_tax" };

const usDefaults = {
  country: "US",
  effectiveFrom: US_TAX_COVERAGE_START,
  tradeInCredit: { kind: "full" },
  leaseTradeInCredit: { kind: "full" },
  leaseTaxModel: "per_payment",
  taxCashDownOnLease: true,
  rebateDefault: "post_tax",
  localTax,
} as const satisfies Partial<TaxRules>;

const state = (code: string, components: TaxComponent[], extra: Partial<TaxRules> = {}): TaxRules => ({
  ...usDefaults,
  jurisdiction: `US-${code}`,
  components,
  ...extra,
});

/** Michigan's trade-in cap: $5,000 in 2019, +$1,000 each 1 January; unlimited from 2029 ([O] MI SOS FAQ). */
export function michiganTradeInCredit(year: number): TradeInCreditRule {
  if (year >= 2029) return { kind: "full" };
  return { kind: "capped", cap: cents((5_000 + 1_000 * (year - 2019)) * 100) };
}

const michiganYears = Array.from({ length: 2029 - 2019 + 1 }, (_, index) => 2019 + index);

const michigan: TaxRules[] = michiganYears.map((year) =>
  state("MI", [stateTax("0.06")], {
    effectiveFrom: `${year}-01-01`,
    ...(year < 2029 ? { effectiveTo: `${year}-12-31` } : {}),
    tradeInCredit: michiganTradeInCredit(year),
    leaseTradeInCredit: { kind: "none" },
    localTax: null,
    notes: ["[O] MI SOS FAQ (trade cap by year); [S] MADA: no trade credit on leases; no local tax [K]."],
  }),
);

export const US_TAX_RULES: readonly TaxRules[] = [
  state("NY", [stateTax("0.04")], {
    leaseTaxModel: "upfront_total_payments",
    notes: [
      "[O] 4 % state + county/city + 0.375 % MCTD (7 %–8.875 % combined, NYC 8.875 %): set the local rate.",
      "[O] Pub 839 / 20 NYCRR 527.15: lease tax on all receipts at inception; trade-in reduces receipts.",
      "Trade-in credit on purchases: [K]. Cash down in the upfront base: UNCERTAIN (reference's reading).",
    ],
  }),
  state("CA", [{ id: "state", label_key: "pricing.line.state_tax", rate: "0.0725" }], {
    tradeInCredit: { kind: "none" },
    leaseTradeInCredit: { kind: "none" },
    notes: [
      "7.25 % is the minimum combined statewide rate; district taxes are the local add-on.",
      "[O] CDTFA Reg. 1654: no trade-in credit. [O] CDTFA 125.0032: consumer rebates fully taxed.",
    ],
  }),
  state("TX", [{ id: "state", label_key: "pricing.line.motor_vehicle_tax", rate: "0.0625" }], {
    leaseTaxModel: "lessor_paid",
    localTax: null,
    notes: ["[O] 6.25 % motor-vehicle sales tax, no local add-on; [O] 34 TAC §3.70: lessor pays, payments untaxed."],
  }),
  state("FL", [stateTax("0.06")], {
    localTax: { label_key: "pricing.line.county_surtax", baseCap: cents(500_000) },
    notes: ["[S] county discretionary surtax on the first $5,000 only; lease tax on payments [S LeaseGuide]."],
  }),
  state("IL", [stateTax("0.0625")], {
    effectiveFrom: "2020-01-01",
    effectiveTo: "2021-12-31",
    tradeInCredit: { kind: "capped", cap: cents(1_000_000) },
    notes: ["[S] trade-in credit capped at $10,000 in 2020–2021."],
  }),
  state("IL", [stateTax("0.0625")], {
    effectiveFrom: "2022-01-01",
    notes: ["[S] full trade-in credit since 1 Jan 2022 (SB 58); lease payments taxed since 2015."],
  }),
  ...michigan,
  state("MN", [{ id: "state", label_key: "pricing.line.motor_vehicle_tax", rate: "0.065" }], {
    leaseTaxModel: "upfront_total_payments",
    rebateDefault: "pre_tax",
    localTax: null,
    notes: ["[O] MN DOR: rebates deducted before tax. Rate 6.5 % and trade-in credit: [K]. Lease upfront: [S]."],
  }),
  state("PA", [stateTax("0.06"), { id: "lease_tax", label_key: "pricing.line.lease_tax", rate: "0.03", paymentTypes: ["lease"] }], {
    notes: ["6 % state (+1 % Allegheny, +2 % Philadelphia as local) and the 3 % motor-vehicle lease tax: [K]."],
  }),
  state("OH", [stateTax("0.0575")], {
    tradeInCredit: { kind: "full", newVehiclesOnly: true },
    leaseTaxModel: "upfront_total_payments",
    notes: ["Rate, county add-on and new-vehicle-only trade credit: [K]. Lease tax upfront: [S LeaseGuide]."],
  }),
  state("GA", [{ id: "state", label_key: "pricing.line.title_ad_valorem_tax", rate: "0.07" }], {
    leaseTaxModel: "upfront_total_payments",
    localTax: null,
    notes: ["7 % title ad valorem tax [K], really on fair market value (approximated by the price). Lease: [S]."],
  }),
];
