import { describe, expect, it } from "vitest";
import { type PaymentType } from "../constants.ts";
import { type Cents } from "../money.ts";
import { paymentOptionToWire } from "../schemas/pricing.ts";
import {
  advertisedPrice,
  advertisedTermsOf,
  advertisedTermsOfOption,
  advertisedTermsToWire,
  paymentDisclosures,
  requiresAllInPrice,
  type AdvertisedTermsWire,
  type AdDisclosure,
} from "./advertising.ts";
import { type PaymentOption } from "./payment-option.ts";
import { ontarioDealerSetup, testFee, VECTOR_DATE } from "./test-deal-builders.ts";
import { quoteVehicle, type DealerPricingSetup, type PricedVehicle } from "./vehicle-quote.ts";

const vehicle: PricedVehicle = { price: 3_000_000 as Cents, msrp: 3_200_000 as Cents, condition: "new", year: 2026, make: "Toyota", model: "RAV4" };

/** The engine's three quotes of a vehicle at the dealership's defaults, as the list payments are priced. */
function quotesAt(setup: DealerPricingSetup): Partial<Record<PaymentType, PaymentOption>> {
  const options: Partial<Record<PaymentType, PaymentOption>> = {};
  for (const type of ["cash", "finance", "lease"] as const) {
    const result = quoteVehicle(setup, vehicle, type, {}, { date: VECTOR_DATE, fallback: true });
    if (result.ok) options[type] = result.quote.option;
  }
  return options;
}

const ontario = ontarioDealerSetup({ fees: [testFee("freight", 2_095, { cap_cost: true }), testFee("omvic", 22, { cap_cost: true })] });

describe("the advertised terms kept with a vehicle's payments", () => {
  it("are the engine's figures: the cash subtotal as the all-in price, the finance and lease terms as quoted", () => {
    const quotes = quotesAt(ontario);
    const terms = advertisedTermsOf("CA-ON", quotes)!;
    // $30,000 + freight $2,095 + OMVIC $22, before HST.
    expect(terms.all_in_price).toBe(3_211_700);
    expect(terms.all_in_price).toBe(quotes.cash!.subtotal);
    expect(terms.jurisdiction).toBe("CA-ON");
    expect(terms.finance).toEqual({
      term: 60,
      rate: quotes.finance!.rate,
      down_payment: 0,
      cost_of_borrowing: quotes.finance!.finance!.finance_charge,
      total_of_payments: quotes.finance!.finance!.total_of_payments,
    });
    expect(terms.finance!.cost_of_borrowing).toBeGreaterThan(0);
    expect(terms.lease).toMatchObject({ term: 36, due_at_signing: quotes.lease!.lease!.due_at_signing, distance_allowance: 20000 });
    expect(advertisedTermsToWire(terms)).toMatchObject({ all_in_price: "32117.00", finance: { down_payment: "0.00", term: 60 } });
  });

  it("take the finance quote's sale as the all-in price where the dealership offers no cash, and are null when nothing priced", () => {
    const financeOnly = ontarioDealerSetup({ settings: { ...ontario.settings, payment_types: ["finance"] }, fees: ontario.fees });
    const terms = advertisedTermsOf("CA-ON", quotesAt(financeOnly))!;
    expect(terms.all_in_price).toBe(3_211_700);
    expect(terms.lease).toBeNull();
    expect(advertisedTermsOf("CA-ON", {})).toBeNull();
  });
});

const terms = (jurisdiction: string, overrides: Partial<AdvertisedTermsWire> = {}): AdvertisedTermsWire => ({
  jurisdiction,
  all_in_price: "32117.00",
  finance: { term: 60, rate: "5.99", down_payment: "0.00", cost_of_borrowing: "5123.40", total_of_payments: "37240.40" },
  lease: { term: 36, rate: "3.49", down_payment: "0.00", due_at_signing: "1234.56", security_deposit: "0.00", distance_allowance: 20000 },
  ...overrides,
});
const keys = (parts: AdDisclosure[]) => parts.map((part) => part.key);
const en = { locale: "en-ca", currency: "cad", lengthUnit: "km" } as const;
const fr = { locale: "fr-ca", currency: "cad", lengthUnit: "km" } as const;
const us = { locale: "en-us", currency: "usd", lengthUnit: "mi" } as const;

describe("the disclosures of an advertised payment", () => {
  it("in Ontario: term, down payment, APR, cost of borrowing and the all-in price with a finance payment", () => {
    const parts = paymentDisclosures({ type: "finance", terms: terms("CA-ON"), ...en });
    expect(keys(parts)).toEqual(["advertising.finance_term", "advertising.down_payment", "advertising.apr", "advertising.cost_of_borrowing", "advertising.all_in_price_on"]);
    expect(parts).toContainEqual({ key: "advertising.apr", values: { rate: "5.99%" } });
    expect(parts).toContainEqual({ key: "advertising.all_in_price_on", values: { amount: "$32,117.00" } });
    expect(parts).toContainEqual({ key: "advertising.down_payment", values: { amount: "$0.00" } });
  });

  it("in Ontario: a lease's term, amount due at signing, rate, distance and the all-in price; a cash price its all-in price", () => {
    const parts = paymentDisclosures({ type: "lease", terms: terms("CA-ON"), ...en });
    expect(keys(parts)).toEqual(["advertising.lease_term", "advertising.due_at_signing", "advertising.lease_rate", "advertising.distance_allowance", "advertising.all_in_price_on"]);
    expect(parts).toContainEqual({ key: "advertising.due_at_signing", values: { amount: "$1,234.56" } });
    expect(parts).toContainEqual({ key: "advertising.distance_allowance", values: { distance: "20,000 km" } });
    expect(keys(paymentDisclosures({ type: "cash", terms: terms("CA-ON"), ...en }))).toEqual(["advertising.all_in_price_on"]);
  });

  it("in Quebec, formatted in French: every credit term, the total of the payments, and the all-inclusive price", () => {
    const parts = paymentDisclosures({ type: "finance", terms: terms("CA-QC"), ...fr });
    expect(keys(parts)).toEqual([
      "advertising.finance_term",
      "advertising.down_payment",
      "advertising.apr",
      "advertising.cost_of_borrowing",
      "advertising.total_of_payments",
      "advertising.all_in_price_qc",
    ]);
    expect(parts).toContainEqual({ key: "advertising.apr", values: { rate: "5,99\u00a0%" } });
    expect(parts).toContainEqual({ key: "advertising.all_in_price_qc", values: { amount: "32\u00a0117,00\u00a0$" } });
    const lease = keys(paymentDisclosures({ type: "lease", terms: terms("CA-QC"), ...fr }));
    expect(lease).toEqual([
      "advertising.lease_term",
      "advertising.due_at_signing",
      "advertising.lease_rate",
      "advertising.distance_allowance",
      "advertising.down_payment",
      "advertising.no_security_deposit",
      "advertising.all_in_price_qc",
    ]);
  });

  it("in another province: the credit terms and cost of borrowing, without an all-in price", () => {
    const parts = keys(paymentDisclosures({ type: "finance", terms: terms("CA-BC"), ...en }));
    expect(parts).toEqual(["advertising.finance_term", "advertising.down_payment", "advertising.apr", "advertising.cost_of_borrowing"]);
    expect(paymentDisclosures({ type: "cash", terms: terms("CA-AB"), ...en })).toEqual([]);
  });

  it("in New York: Reg Z's term, down payment and APR; Reg M's lease terms with the security deposit and no APR", () => {
    const finance = paymentDisclosures({ type: "finance", terms: terms("US-NY"), ...us });
    expect(finance).toEqual([
      { key: "advertising.finance_term", values: { months: "60" } },
      { key: "advertising.down_payment", values: { amount: "$0.00" } },
      { key: "advertising.apr", values: { rate: "5.99%" } },
    ]);
    const lease = paymentDisclosures({ type: "lease", terms: terms("US-NY", { lease: { ...terms("US-NY").lease!, security_deposit: "450.00" } }), ...us });
    expect(keys(lease)).toEqual(["advertising.lease_term", "advertising.due_at_signing", "advertising.security_deposit"]);
    expect(lease[2]).toEqual({ key: "advertising.security_deposit", values: { amount: "$450.00" } });
    expect(paymentDisclosures({ type: "cash", terms: terms("US-NY"), ...us })).toEqual([]);
  });

  it("leave out what the engine did not answer (no finance terms), keeping the all-in price where it is required", () => {
    expect(keys(paymentDisclosures({ type: "finance", terms: terms("CA-ON", { finance: null }), ...en }))).toEqual(["advertising.all_in_price_on"]);
    expect(paymentDisclosures({ type: "finance", terms: terms("CA-ON", { finance: null, all_in_price: null }), ...en })).toEqual([]);
  });
});

describe("the terms of the payment the details page shows", () => {
  const wire = (option: PaymentOption) =>
    paymentOptionToWire(option, { id: "x", vehicle: 1, bank: null, expiry_date: null, available_incentives: [], max_down_payment: null });

  it("are the shown option's term, rate and down payment, with the dealership's jurisdiction and the stored all-in price", () => {
    const stored = advertisedTermsToWire(advertisedTermsOf("CA-ON", quotesAt(ontario)))!;
    const chosen = quoteVehicle(ontario, vehicle, "finance", { term: 72, down_payment: 500_000 as Cents, postal_code: "H2X 1Y4" }, { date: VECTOR_DATE, fallback: false });
    if (!chosen.ok) throw new Error("not priced");
    const option = wire(chosen.quote.option);
    expect(option.jurisdiction).toBe("CA-QC");
    const terms = advertisedTermsOfOption(option, stored);
    expect(terms.jurisdiction).toBe("CA-ON");
    expect(terms.all_in_price).toBe(stored.all_in_price);
    expect(terms.finance).toMatchObject({ term: 72, down_payment: "5000.00", cost_of_borrowing: option.finance!.finance_charge });
    expect(terms.lease).toBeNull();
    const lease = quoteVehicle(ontario, vehicle, "lease", {}, { date: VECTOR_DATE, fallback: true });
    if (!lease.ok) throw new Error("not priced");
    const leaseTerms = advertisedTermsOfOption(wire(lease.quote.option), stored);
    expect(leaseTerms.lease).toEqual({ ...stored.lease, due_at_signing: stored.lease!.due_at_signing });
    expect(leaseTerms.finance).toBeNull();
  });
});

describe("the advertised price of a vehicle (the listings feed's)", () => {
  it("is the all-in price of a new vehicle everywhere, and of a used one in Ontario and Quebec; else the listing price", () => {
    const newCar = { is_new: true, listing_price: "30000.00" };
    const usedCar = { is_new: false, listing_price: "18000.00" };
    expect(advertisedPrice(newCar, terms("US-NY", { all_in_price: "31750.00" }))).toBe("31750.00");
    expect(advertisedPrice(usedCar, terms("US-NY", { all_in_price: "18675.00" }))).toBe("18000.00");
    expect(advertisedPrice(usedCar, terms("CA-ON", { all_in_price: "18621.00" }))).toBe("18621.00");
    expect(advertisedPrice(usedCar, terms("CA-BC", { all_in_price: "18621.00" }))).toBe("18000.00");
    expect(advertisedPrice(newCar, null)).toBe("30000.00");
    expect(requiresAllInPrice("CA-QC")).toBe(true);
    expect(requiresAllInPrice("US-NY")).toBe(false);
  });
});
