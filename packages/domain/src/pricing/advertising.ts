import { type PaymentType } from "../constants.ts";
import { formatDistance, formatMoney, formatPercent, type Currency, type LengthUnit, type Locale } from "../format.ts";
import { centsToDecimalString, dollarsToCents, type Cents } from "../money.ts";
import type { PaymentOptionWire } from "../schemas/pricing.ts";
import { type PaymentOption } from "./payment-option.ts";

/**
 * Advertised payments (issue 24, point 11; transactions reference section 3): a payment shown on a vehicle card, the
 * details page's headline or the listings feed carries the terms its dealership's jurisdiction triggers.
 *
 * - Finance, everywhere: the term, the down payment and the APR (US Reg Z 1026.24; Canadian consumer protection acts).
 *   In Canada also the cost of borrowing (Ontario CPA s. 61 and its counterparts); in Quebec every credit term, so
 *   the total of the payments too (CPA Reg. s. 84).
 * - Lease, everywhere: the term and the amount due at signing. In the US (Reg M 1013.7) the security deposit, and
 *   never an "APR" for a lease rate; in Canada the lease rate and the distance allowance; in Quebec also the down
 *   payment and the deposit (CPA Reg. ss. 86.2–86.3).
 * - Ontario and Quebec: every advertised payment or price also names the all-in price (OMVIC all-in pricing,
 *   O. Reg. 333/08 s. 36(7): only HST and licensing may be left out; Quebec: only GST and QST).
 *
 * The figures are the pricing engine's, stored with each vehicle's list payments at the dealership's defaults
 * (`advertisedTermsOf`); nothing here computes money, it only picks and formats.
 */

/**
 * The terms behind a vehicle's advertised payments, as the API sends them (dollars; `advertisedTermsSchema` in
 * schemas/inventory.ts validates them). Kept free of zod so that the pages that show them do not load it.
 */
export type AdvertisedTermsWire = {
  /** Whose advertising rules apply: the vehicle's dealership's jurisdiction ("CA-ON", "CA-QC", "US-NY"). */
  jurisdiction: string;
  /** The cash price with every charge the dealer collects (fees, freight, PDI, levies), before taxes and licensing. */
  all_in_price: string | null;
  /** APR in percent ("5.99"); the cost of borrowing is the finance charge (payments × term − amount financed). */
  finance: { term: number; rate: string; down_payment: string; cost_of_borrowing: string; total_of_payments: string } | null;
  /** The lease rate in percent (money factor × 2400, never called an APR in the US); the distance allowance per year. */
  lease: { term: number; rate: string | null; down_payment: string; due_at_signing: string; security_deposit: string; distance_allowance: number | null } | null;
};

/** The same terms in cents, as the vehicle row keeps them. */
export type AdvertisedTerms = {
  jurisdiction: string;
  all_in_price: Cents | null;
  finance: { term: number; rate: string; down_payment: Cents; cost_of_borrowing: Cents; total_of_payments: Cents } | null;
  lease: { term: number; rate: string | null; down_payment: Cents; due_at_signing: Cents; security_deposit: Cents; distance_allowance: number | null } | null;
};

/**
 * What the engine answered for a vehicle's payments at the dealership's defaults, kept for its advertising: the cash
 * quote's subtotal is the all-in price (the selling price with every fee and levy the deal carries, before taxes);
 * without a cash quote, the finance quote's (the same sale). Null when nothing priced.
 */
export function advertisedTermsOf(jurisdiction: string, options: Partial<Record<PaymentType, PaymentOption>>): AdvertisedTerms | null {
  const { cash, finance, lease } = options;
  if (!cash && !finance && !lease) return null;
  const sale = cash ?? finance;
  return {
    jurisdiction: (cash ?? finance ?? lease)?.jurisdiction ?? jurisdiction,
    all_in_price: sale ? sale.subtotal : null,
    finance:
      finance?.finance && finance.term !== null && finance.rate !== null
        ? {
            term: finance.term,
            rate: finance.rate,
            down_payment: finance.down_payment,
            cost_of_borrowing: finance.finance.finance_charge,
            total_of_payments: finance.finance.total_of_payments,
          }
        : null,
    lease:
      lease?.lease && lease.term !== null
        ? {
            term: lease.term,
            rate: lease.rate,
            down_payment: lease.down_payment,
            due_at_signing: lease.lease.due_at_signing,
            security_deposit: lease.lease.security_deposit,
            distance_allowance: lease.distance_allowance,
          }
        : null,
  };
}

const money = (value: Cents) => centsToDecimalString(value);

export function advertisedTermsToWire(terms: AdvertisedTerms | null): AdvertisedTermsWire | null {
  if (!terms) return null;
  const { finance, lease } = terms;
  return {
    jurisdiction: terms.jurisdiction,
    all_in_price: terms.all_in_price === null ? null : money(terms.all_in_price),
    finance: finance && {
      ...finance,
      down_payment: money(finance.down_payment),
      cost_of_borrowing: money(finance.cost_of_borrowing),
      total_of_payments: money(finance.total_of_payments),
    },
    lease: lease && {
      ...lease,
      down_payment: money(lease.down_payment),
      due_at_signing: money(lease.due_at_signing),
      security_deposit: money(lease.security_deposit),
    },
  };
}

/**
 * The terms of a payment the shopper is shown (the details page's calculator: its own term, rate and down payment), with
 * what the option does not carry taken from the vehicle's stored terms: the jurisdiction whose rules apply (the
 * dealership's, whatever postal code the shopper gave for taxes), the all-in price and a lease's security deposit
 * (neither changes with the shopper's settings).
 */
export function advertisedTermsOfOption(option: PaymentOptionWire, stored: AdvertisedTermsWire | null): AdvertisedTermsWire {
  const finance = option.payment_type === "finance" ? option.finance : null;
  const lease = option.payment_type === "lease" ? option.lease : null;
  return {
    jurisdiction: stored?.jurisdiction ?? option.jurisdiction,
    all_in_price: stored?.all_in_price ?? null,
    finance:
      finance && option.term !== null && option.rate !== null
        ? {
            term: option.term,
            rate: option.rate,
            down_payment: option.down_payment,
            cost_of_borrowing: finance.finance_charge,
            total_of_payments: finance.total_of_payments,
          }
        : null,
    lease:
      lease && option.term !== null
        ? {
            term: option.term,
            rate: option.rate,
            down_payment: option.down_payment,
            due_at_signing: lease.due_at_signing,
            security_deposit: stored?.lease?.security_deposit ?? "0.00",
            distance_allowance: option.distance_allowance,
          }
        : null,
  };
}

/** The message keys of the disclosures (apps/web/app/i18n/{en,fr}.json). */
export const AD_DISCLOSURE_KEYS = [
  "advertising.finance_term",
  "advertising.down_payment",
  "advertising.apr",
  "advertising.cost_of_borrowing",
  "advertising.total_of_payments",
  "advertising.lease_term",
  "advertising.due_at_signing",
  "advertising.lease_rate",
  "advertising.distance_allowance",
  "advertising.security_deposit",
  "advertising.no_security_deposit",
  "advertising.all_in_price_on",
  "advertising.all_in_price_qc",
] as const;
export type AdDisclosureKey = (typeof AD_DISCLOSURE_KEYS)[number];

/** One part of a disclosure: a message and its values, already formatted for the shopper's language. */
export type AdDisclosure = { key: AdDisclosureKey; values: Record<string, string> };

/** "CA-ON" → { country: "CA", region: "ON" }. */
export function jurisdictionParts(jurisdiction: string): { country: string; region: string } {
  const [country = "", region = ""] = jurisdiction.toUpperCase().split("-");
  return { country, region };
}

/** Whether the jurisdiction's advertised prices must be all-in (Ontario, Quebec). */
export function requiresAllInPrice(jurisdiction: string): boolean {
  const { country, region } = jurisdictionParts(jurisdiction);
  return country === "CA" && (region === "ON" || region === "QC");
}

/**
 * The disclosures an advertised payment (or, for cash, an advertised price) of this type must carry where its
 * dealership is. Parts whose figure the engine did not answer are left out rather than guessed; a payment type
 * without terms (none priced) has only the all-in price, where that is required.
 */
export function paymentDisclosures(input: {
  type: PaymentType;
  terms: AdvertisedTermsWire;
  locale: Locale;
  currency: Currency;
  lengthUnit: LengthUnit;
}): AdDisclosure[] {
  const { terms, locale } = input;
  const { country, region } = jurisdictionParts(terms.jurisdiction);
  const canada = country === "CA";
  const quebec = canada && region === "QC";
  const amount = (dollars: string) => formatMoney(dollarsToCents(dollars), { locale, currency: input.currency });
  const parts: AdDisclosure[] = [];
  const add = (key: AdDisclosureKey, values: Record<string, string> = {}) => parts.push({ key, values });

  if (input.type === "finance" && terms.finance) {
    const f = terms.finance;
    add("advertising.finance_term", { months: String(f.term) });
    add("advertising.down_payment", { amount: amount(f.down_payment) });
    add("advertising.apr", { rate: formatPercent(f.rate, locale) });
    if (canada) add("advertising.cost_of_borrowing", { amount: amount(f.cost_of_borrowing) });
    if (quebec) add("advertising.total_of_payments", { amount: amount(f.total_of_payments) });
  }
  if (input.type === "lease" && terms.lease) {
    const l = terms.lease;
    add("advertising.lease_term", { months: String(l.term) });
    add("advertising.due_at_signing", { amount: amount(l.due_at_signing) });
    if (canada && l.rate !== null) add("advertising.lease_rate", { rate: formatPercent(l.rate, locale) });
    if (canada && l.distance_allowance !== null) {
      add("advertising.distance_allowance", { distance: formatDistance(l.distance_allowance, input.lengthUnit, locale) });
    }
    if (quebec) add("advertising.down_payment", { amount: amount(l.down_payment) });
    if (!canada || quebec) {
      if (dollarsToCents(l.security_deposit) > 0) add("advertising.security_deposit", { amount: amount(l.security_deposit) });
      else add("advertising.no_security_deposit");
    }
  }
  if (requiresAllInPrice(terms.jurisdiction) && terms.all_in_price !== null) {
    add(quebec ? "advertising.all_in_price_qc" : "advertising.all_in_price_on", { amount: amount(terms.all_in_price) });
  }
  return parts;
}

/**
 * The price a listings feed (or any ad) shows for a vehicle: the all-in price for a new vehicle (Google's vehicle
 * listings require it of new cars) and for any vehicle where the jurisdiction requires all-in prices (Ontario,
 * Quebec); otherwise the listing price. Null when there is none to show.
 */
export function advertisedPrice(vehicle: { is_new: boolean; listing_price: string | null }, terms: AdvertisedTermsWire | null): string | null {
  const allIn = terms?.all_in_price ?? null;
  if (allIn !== null && (vehicle.is_new || requiresAllInPrice(terms!.jurisdiction))) return allIn;
  return vehicle.listing_price;
}
