import { createHash, randomBytes } from "node:crypto";
import {
  apiMessage,
  canRequestNewQuote,
  centsToDecimalString,
  DISCLOSURE_LABELS,
  differingQuoteFields,
  figureValue,
  hasIdenticalOptions,
  isFlowExpired,
  isMaxQuotesReached,
  languageOf,
  paymentOptionToWire,
  pricingErrorMessage,
  quoteDisclosures,
  quoteOptionPricing,
  quoteStatus,
  withBuildOptions,
  type Cents,
  type Language,
  type Locale,
  type QuoteFlowFacts,
  type QuoteFlowWire,
  type QuoteTerms,
  type QuoteWire,
} from "@showroom/domain";
import type { CustomersService } from "../customers/service.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { dealershipDate, type PricingService } from "../pricing/service.ts";
import { isListed, toPricedVehicle, toSavedVehicle } from "../inventory/vehicle-views.ts";
import type { InventoryService } from "../inventory/service.ts";
import type { QuoteFlowRow, QuoteRow, QuotesRepo } from "./repo.ts";
import type { QuoteOptionKnown } from "./tables.ts";

type CustomerRow = NonNullable<Awaited<ReturnType<CustomersService["byId"]>>>;
type VehicleRow = NonNullable<Awaited<ReturnType<InventoryService["findForDealership"]>>>;

export const quotesEnabled = (dealership: DealershipRow) => dealership.moduleSettings.enabled_modules.includes("personalized_quote");

/** The token of a flow's emailed link, and what is kept of it. */
export function newAccessToken() {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashToken(token) };
}
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const localeFor = (language: Language, dealership: Pick<DealershipRow, "country">): Locale =>
  language === "fr" ? "fr-ca" : dealership.country === "US" ? "en-us" : "en-ca";

/** A deal's add-on the catalogue no longer has (withdrawn since it was chosen). */
const ADD_ON_MESSAGES = { accessories: "accessory_unknown", install_accessories_ids: "accessory_install_unknown", protections: "protection_plan_unknown" } as const;

/** The engine's field names as the option's form names them. */
const FORM_FIELD: Record<string, string> = { rate: "interest_rate" };

/** `appliedQuoteId`: the option the deal took as its terms (reset to the quote), if any. */
export function flowFacts(flow: QuoteFlowRow, quoteCount: number, appliedQuoteId: number | null = null): QuoteFlowFacts {
  return {
    isActive: flow.isActive,
    quoteExpiry: flow.quoteExpiry,
    quoteCount,
    reservedQuoteId: flow.reservedQuoteId,
    applied: flow.reservedQuoteId !== null && flow.reservedQuoteId === appliedQuoteId,
    viewedAt: flow.viewedAt,
    requested: flow.requestedAt !== null,
  };
}

/**
 * Personalized quotes: each option priced by the pricing engine with the dealership's setup and staff's own terms,
 * and the flow as both sides read it.
 */
export function quotesService(deps: { repo: QuotesRepo; pricing: Pick<PricingService, "priceDeal">; now: () => Date }) {
  const { repo } = deps;
  const today = (dealership: DealershipRow) => dealershipDate(dealership.timeZone, deps.now().getTime());

  return {
    repo,
    today,

    /** The engine's answer for these terms on this vehicle (configured by the deal's build, with the deal's add-ons). */
    async price(
      dealership: DealershipRow,
      vehicle: VehicleRow,
      deal: { optionsMsrp: Cents | null; accessoryIds: number[]; protectionIds: number[] },
      terms: QuoteTerms,
      locale: Locale,
    ) {
      const base = toPricedVehicle(vehicle);
      const { choice, overrides } = quoteOptionPricing(terms);
      const result = await deps.pricing.priceDeal({
        dealership,
        vehicle: deal.optionsMsrp === null ? base : withBuildOptions(base, deal.optionsMsrp),
        subject: { id: vehicle.id, make: vehicle.make, bodyType: vehicle.bodyType, condition: base.condition },
        type: terms.payment_type,
        choice: { ...choice, accessories: deal.accessoryIds, protections: deal.protectionIds },
        overrides,
      });
      if (!result.ok) {
        const errors: Record<string, string[]> = {};
        if ("addOnFailure" in result) errors[result.addOnFailure.field] = [apiMessage(ADD_ON_MESSAGES[result.addOnFailure.field], languageOf(locale))];
        else
          for (const error of result.errors) {
            const field = FORM_FIELD[error.field] ?? error.field;
            (errors[field] ??= []).push(pricingErrorMessage(error, locale, dealership.currencyUnit));
          }
        return { option: null, known: null, pricingErrors: errors };
      }
      const { quote } = result;
      const known: QuoteOptionKnown = {
        bank: quote.program?.name ?? null,
        expiry_date: quote.program?.validTo ?? null,
        max_down_payment: quote.maxDownPayment,
        available_incentives: quote.offeredIncentives.map((i) => ({ id: i.id, name: i.name, ...(i.name_fr ? { name_fr: i.name_fr } : {}), type: i.type })),
      };
      return { option: quote.option, known, pricingErrors: {} };
    },

    toQuoteWire(flow: QuoteFlowRow, quote: QuoteRow, ctx: { dealership: DealershipRow; quoteCount: number; buildStateUid: string | null; language: Language; appliedQuoteId: number | null }): QuoteWire {
      const facts = flowFacts(flow, ctx.quoteCount, ctx.appliedQuoteId);
      const { terms, option } = quote;
      const money = (amount: number) => centsToDecimalString(amount as Cents);
      const savings = option ? [...option.incentives, ...option.discounts].reduce((sum, item) => sum + item.amount, 0) : 0;
      const dueOnDelivery = !option ? null : option.cash ? option.cash.balance_due : option.lease ? option.lease.due_at_signing : option.down_payment;
      const disclosures = option
        ? quoteDisclosures(option).figures.map((figure) => ({
            key: figure.key,
            label: DISCLOSURE_LABELS[figure.key][ctx.language],
            value: figureValue(figure, ctx.language, ctx.dealership.currencyUnit),
            emphasis: figure.emphasis,
          }))
        : [];
      return {
        id: quote.id,
        flow: flow.id,
        position: quote.position,
        status: quoteStatus(facts, quote.id, today(ctx.dealership)),
        applied: facts.applied && flow.reservedQuoteId === quote.id,
        quote_expiry: flow.quoteExpiry,
        build_state_uid: ctx.buildStateUid,
        quote_name: quote.quoteName,
        payment_type: terms.payment_type,
        term: terms.payment_type === "cash" ? null : terms.term,
        interest_rate: terms.interest_rate,
        down_payment: money(terms.down_payment),
        payment_frequency: terms.payment_frequency,
        distance_allowance: terms.distance_allowance,
        rebates: terms.rebates.map((r) => ({ name: r.name, amount: money(r.amount) })),
        custom_fees: terms.custom_fees.map((f) => ({ name: f.name, amount: money(f.amount), taxable: f.taxable })),
        custom_discounts: terms.custom_discounts.map((d) => ({ name: d.name, amount: money(d.amount) })),
        trade_in_credit: money(terms.trade_in_credit),
        trade_in_owing: money(terms.trade_in_owing),
        protection_plan_prices: (option?.add_on_prices ?? []).filter((a) => a.kind === "protection").map((a) => ({ id: a.id, price: money(a.amount) })),
        sales_representative_name: flow.preparedByName,
        sales_representative_email: flow.preparedByEmail,
        option: option && quote.known ? paymentOptionToWire(option, { id: `quote-${quote.id}`, vehicle: 0, ...quote.known, max_down_payment: quote.known.max_down_payment as Cents | null }) : null,
        pricing_errors: quote.pricingErrors,
        due_on_delivery: dueOnDelivery === null ? null : money(dueOnDelivery),
        savings: money(savings),
        disclosures,
        created: quote.createdAt.toISOString(),
        last_updated: quote.updatedAt.toISOString(),
      };
    },

    toFlowWire(
      flow: QuoteFlowRow,
      quoteRows: QuoteRow[],
      ctx: { dealership: DealershipRow; customer: CustomerRow; vehicle: VehicleRow | null; buildStateUid: string | null; language: Language; appliedQuoteId: number | null },
    ): QuoteFlowWire {
      const { dealership, vehicle } = ctx;
      const saved = vehicle ? toSavedVehicle(vehicle) : null;
      const results = quoteRows.map((quote) => this.toQuoteWire(flow, quote, { ...ctx, quoteCount: quoteRows.length }));
      const available = vehicle !== null && isListed(vehicle);
      const profile = dealership.profile as unknown as Record<string, unknown>;
      const textOf = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);
      const day = today(dealership);
      return {
        id: flow.id,
        order: flow.orderId,
        is_active: flow.isActive,
        n_quotes: results.length,
        is_expired: isFlowExpired(flow, day),
        latest_submission: flow.submittedAt?.toISOString() ?? null,
        viewed_at: flow.viewedAt?.toISOString() ?? null,
        can_request_new: canRequestNewQuote(flow, quotesEnabled(dealership), day),
        quotes_with_available_vehicle_count: available ? results.length : 0,
        has_identical_quotes: hasIdenticalOptions(quoteRows.map((q) => ({ ...q.terms }))),
        has_quotes_touched: quoteRows.some((q) => q.updatedAt.getTime() !== q.createdAt.getTime()),
        has_quotes_expire_date_set: flow.quoteExpiry !== null,
        is_max_number_of_quotes_reached: isMaxQuotesReached(results.length),
        quote_expiry: flow.quoteExpiry,
        requested_at: flow.requestedAt?.toISOString() ?? null,
        request_message: flow.requestMessage,
        primary_quote: flow.primaryQuoteId,
        reserved_quote: flow.reservedQuoteId,
        prepared_by: flow.preparedByName && flow.preparedByEmail ? { name: flow.preparedByName, email: flow.preparedByEmail } : null,
        created: flow.createdAt.toISOString(),
        dealership: { name: dealership.name, phone: textOf(profile["phone"]), fax: textOf(profile["fax"]), tax_number: textOf(profile["tax_number"]) },
        customer: { id: ctx.customer.id, full_name: `${ctx.customer.firstName} ${ctx.customer.lastName}`.trim(), email: ctx.customer.email },
        vehicle: {
          id: vehicle?.id ?? 0,
          title: saved?.title ?? "",
          title_fr: saved?.title_fr ?? "",
          vin: vehicle?.vin ?? "",
          stock_number: vehicle?.stockNumber ?? "",
          odometer: vehicle?.odometer ?? 0,
          vehicle_condition: vehicle?.condition === "Used" ? "Used" : "New",
          body_type: vehicle?.bodyType ?? "",
          exterior_color: vehicle?.exteriorColor ?? "",
          interior_color: vehicle?.interiorColor ?? "",
          drivetrain: vehicle?.drivetrain ?? "",
          fuel_type: vehicle?.fuelType ?? "",
          transmission: vehicle?.transmission ?? "",
          main_image: saved?.main_image ?? null,
          listing_price: vehicle?.priceCents != null ? centsToDecimalString(vehicle.priceCents as Cents) : null,
          is_available: available,
        },
        differing_fields: differingQuoteFields(results),
        results,
      };
    },
  };
}
export type QuotesService = ReturnType<typeof quotesService>;
