import { randomBytes } from "node:crypto";
import {
  advertisedTermsOf,
  paymentOptionToWire,
  quoteVehicle,
  type AdvertisedTerms,
  type PaymentOption,
  type AddOnSelection,
  type Cents,
  type DealOverrides,
  type CustomerSelectableFee,
  type DealerPricingSetup,
  type OrderPayment,
  type PaymentOptionWire,
  type PaymentSettingsChoice,
  type PaymentType,
  type PricedVehicle,
  type PricingFieldError,
  type VehicleCondition,
  type VehicleQuote,
  centsToDecimalString,
  PAYMENT_TYPES,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import type { AddOnFailure, AddOnVehicle, PlanDeal, ResolvedAddOns } from "../add-ons/service.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { toPaymentSettings } from "../dealerships/service.ts";
import { pricingRepo, type PaymentOptionRow } from "./repo.ts";

const SETUP_TTL_MS = 10_000;

/**
 * The vehicle's payments as the list shows and the budget filter compares them, at the dealership's defaults, and the
 * terms they are advertised with (from the same quotes).
 */
export type StoredPayments = Record<PaymentType, Cents | null> & { terms: AdvertisedTerms | null };

/** Who asks for a stored option (see sessionOwner). */
type OptionCaller = { dealershipId: number; sessionHash: string; staffOfDealership: boolean };

/** A refused quote: the engine's field errors, or add-ons this dealership does not offer for the vehicle. */
export type PricingOutcome =
  | { ok: true; option: PaymentOptionWire }
  | { ok: false; errors: PricingFieldError[] }
  | { ok: false; addOnFailure: AddOnFailure };

/** What the pricing needs of the add-ons module: the deal's add-ons as the engine prices them. */
export type AddOnResolver = (
  dealership: DealershipRow,
  vehicle: AddOnVehicle,
  deal: PlanDeal,
  selection: AddOnSelection,
  lenient: boolean,
) => Promise<{ ok: true; value: ResolvedAddOns } | { ok: false; failure: AddOnFailure }>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date at the dealership, which decides the tax rates and rate programs in force. */
export function dealershipDate(timeZone: string, at: number): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

function toWire(dealership: DealershipRow, quote: VehicleQuote, uid: string, vehicleId: number, addOns: ResolvedAddOns | null): PaymentOptionWire {
  // Each add-on's share of the payment is shown only where the dealership says its add-on prices are accurate.
  const accurate = toPaymentSettings(dealership).accurate_add_on_prices;
  const option = accurate ? quote.option : { ...quote.option, add_on_prices: quote.option.add_on_prices.map((a) => ({ ...a, payment: null })) };
  return paymentOptionToWire(option, {
    add_ons: addOns && { installed: addOns.installed, priceEntries: addOns.priceEntries, unavailable: addOns.unavailable, unavailableAccessories: addOns.unavailableAccessories },
    id: uid,
    vehicle: vehicleId,
    bank: quote.program?.name ?? null,
    expiry_date: quote.program?.validTo ?? null,
    max_down_payment: quote.maxDownPayment,
    available_incentives: quote.offeredIncentives.map((i) => ({ id: i.id, name: i.name, ...(i.name_fr ? { name_fr: i.name_fr } : {}), type: i.type })),
  });
}

const selectionOf = (choice: PaymentSettingsChoice): AddOnSelection => ({
  accessories: choice.accessories ?? [],
  install_accessories_ids: choice.install_accessories_ids ?? [],
  protections: choice.protections ?? [],
});
const hasAddOns = (selection: AddOnSelection) => selection.accessories.length > 0 || selection.protections.length > 0;

export function pricingService(db: Db, now: () => number = Date.now, resolveAddOns?: AddOnResolver) {
  const repo = pricingRepo(db);
  const setups = new Map<number, { at: number; setup: DealerPricingSetup }>();

  /**
   * A stored option the caller may use: of this dealership, and priced by this session unless the caller
   * is that dealership's staff. Anyone else's is answered as missing, never as forbidden.
   */
  async function usableOption(uid: string, caller: OptionCaller) {
    const option = await repo.optionByUid(uid);
    if (!option || option.dealershipId !== caller.dealershipId) return null;
    return option.ownerSessionHash === caller.sessionHash || caller.staffOfDealership ? option : null;
  }

  async function setupFor(dealership: DealershipRow): Promise<DealerPricingSetup> {
    const hit = setups.get(dealership.id);
    if (hit && now() - hit.at < SETUP_TTL_MS) return hit.setup;
    const row = await repo.pricingOf(dealership.id);
    const setup: DealerPricingSetup = {
      country: dealership.country,
      regionCode: dealership.provinceCode,
      settings: toPaymentSettings(dealership),
      fees: row?.fees ?? [],
      discounts: row?.discounts ?? [],
      incentives: row?.incentives ?? [],
      // No lender programs on file: cash still prices, finance and lease answer that no payment is available.
      ratePrograms: row?.ratePrograms ?? [],
      localTaxRate: row?.localTaxRate ?? null,
    };
    setups.set(dealership.id, { at: now(), setup });
    return setup;
  }

  /**
   * The quote, with its add-ons when it has any: priced once without them to learn the term and distance
   * the deal ends up with (fallbacks may change them), which decide each plan's price, then with them.
   */
  async function price(
    dealership: DealershipRow,
    vehicle: PricedVehicle,
    type: PaymentType,
    choice: PaymentSettingsChoice,
    fallback: boolean,
    subject: AddOnVehicle,
    overrides?: DealOverrides,
  ): Promise<{ ok: true; quote: VehicleQuote; addOns: ResolvedAddOns | null } | Exclude<PricingOutcome, { ok: true }>> {
    const setup = await setupFor(dealership);
    const options = { date: dealershipDate(dealership.timeZone, now()), fallback, ...(overrides && { overrides }) };
    const bare = quoteVehicle(setup, vehicle, type, choice, options);
    const selection = selectionOf(choice);
    if (!bare.ok) return bare;
    if (!hasAddOns(selection) || !resolveAddOns) return { ok: true, quote: bare.quote, addOns: null };
    const deal = { paymentType: type, term: type === "cash" ? null : bare.quote.option.term, distanceAllowance: bare.quote.option.distance_allowance };
    // A first quote with fallback values leaves out add-ons no longer offered (and says which) rather than failing.
    const resolved = await resolveAddOns(dealership, subject, deal, selection, fallback);
    if (!resolved.ok) return { ok: false, addOnFailure: resolved.failure };
    const priced = quoteVehicle(setup, vehicle, type, bare.quote.choice, { ...options, fallback: false, addOns: resolved.value.addOns });
    if (!priced.ok) return priced;
    return { ok: true, quote: { ...priced.quote, choice: { ...priced.quote.choice, ...resolved.value.selection } }, addOns: resolved.value };
  }

  return {
    setupFor,

    /**
     * A deal priced with terms of its own (a personalized quote's option): the dealership's setup and the deal's
     * add-ons as any payment, plus staff's rate, fees, discounts and rebates. Nothing is stored.
     */
    priceDeal: (input: { dealership: DealershipRow; vehicle: PricedVehicle; subject: AddOnVehicle; type: PaymentType; choice: PaymentSettingsChoice; overrides: DealOverrides }) =>
      price(input.dealership, input.vehicle, input.type, input.choice, false, input.subject, input.overrides),

    async create(input: {
      dealership: DealershipRow;
      vehicleId: number;
      vehicle: PricedVehicle;
      /** The vehicle as the add-on rules read it (make, body type, condition). */
      subject: AddOnVehicle;
      type: PaymentType;
      choice: PaymentSettingsChoice;
      fallback: boolean;
      ownerSessionHash: string;
      /** The build-and-price configuration the vehicle was priced with (re-read on every update). */
      buildStateUid: string | null;
    }): Promise<PricingOutcome> {
      const result = await price(input.dealership, input.vehicle, input.type, input.choice, input.fallback, input.subject);
      if (!result.ok) return result;
      const uid = randomBytes(12).toString("hex");
      const option = toWire(input.dealership, result.quote, uid, input.vehicleId, result.addOns);
      await repo.insertOption({
        uid,
        dealershipId: input.dealership.id,
        vehicleId: input.vehicleId,
        paymentType: input.type,
        ownerSessionHash: input.ownerSessionHash,
        buildStateUid: input.buildStateUid,
        settings: result.quote.choice,
        option,
      });
      return { ok: true, option };
    },

    usableOption,

    /** What a deal keeps of the payment the shopper chose: the option's figures as priced, when it is theirs and of this vehicle. */
    async paymentChoice(uid: string, caller: OptionCaller, vehicleId: number): Promise<{ uid: string; snapshot: OrderPayment; addOns: { accessory_ids: number[]; protection_ids: number[] } } | null> {
      const row = await usableOption(uid, caller);
      if (!row || row.vehicleId !== vehicleId) return null;
      const o = row.option;
      return {
        uid,
        // The add-ons the payment was priced with: a deal saved with this payment holds them.
        addOns: { accessory_ids: o.accessories_prices.map((a) => a.id), protection_ids: o.protections_prices.map((p) => p.id) },
        snapshot: {
          payment_type: o.payment_type,
          payment: o.payment,
          payment_frequency: o.payment_frequency,
          term: o.term,
          rate: o.rate,
          down_payment: o.down_payment,
          total_purchase_price: o.total_purchase_price,
          include_tax: o.include_tax,
          distance_allowance: o.distance_allowance,
        },
      };
    },

    /** The ids of the incentives the dealership offers today (a deal may only name these). */
    async incentiveIds(dealership: DealershipRow): Promise<Set<string>> {
      return new Set((await setupFor(dealership)).incentives.map((i) => i.id));
    },
    transferOwner: (fromHash: string, toHash: string) => repo.transferOwner(fromHash, toHash),
    staleOptions: repo.staleOptions,
    deleteOptions: repo.deleteOptions,

    /** New settings over the stored ones (a field left out keeps its value); nothing is stored when refused. */
    async update(input: { dealership: DealershipRow; row: PaymentOptionRow; vehicle: PricedVehicle; subject: AddOnVehicle; changes: PaymentSettingsChoice }): Promise<PricingOutcome> {
      const choice = { ...input.row.settings, ...input.changes };
      const result = await price(input.dealership, input.vehicle, input.row.paymentType, choice, false, input.subject);
      if (!result.ok) return result;
      const option = toWire(input.dealership, result.quote, input.row.uid, input.row.vehicleId, result.addOns);
      await repo.updateOption(input.row.id, { settings: result.quote.choice, option });
      return { ok: true, option };
    },

    /** Fees the shopper may add (those not included by default), for a vehicle condition and payment type when given. */
    async selectableFees(dealership: DealershipRow, filter: { condition?: VehicleCondition; paymentType?: PaymentType }): Promise<CustomerSelectableFee[]> {
      const setup = await setupFor(dealership);
      return setup.fees
        .filter((fee) => !fee.include_by_default)
        .filter((fee) => (!filter.condition || fee[filter.condition]) && (!filter.paymentType || fee[filter.paymentType]))
        .map((fee) => ({
          id: fee.id,
          name: fee.name,
          name_fr: fee.name_fr ?? fee.name,
          fee_type: fee.fee_type ?? null,
          amount: centsToDecimalString(fee.amount),
          taxability: fee.taxability,
          payment_types: PAYMENT_TYPES.filter((type) => fee[type]),
        }));
    },

    /** Each payment type at the dealership's defaults (no down payment, default term and frequency); null where none prices. */
    storedPayments(setup: DealerPricingSetup, vehicle: PricedVehicle, date: string): StoredPayments {
      const payments: StoredPayments = { cash: null, finance: null, lease: null, terms: null };
      const options: Partial<Record<PaymentType, PaymentOption>> = {};
      for (const type of setup.settings.payment_types) {
        const result = quoteVehicle(setup, vehicle, type, {}, { date, fallback: true });
        if (result.ok) {
          payments[type] = result.quote.option.payment;
          options[type] = result.quote.option;
        }
      }
      // The same quotes' terms, which an advertised payment must carry (issue 24, point 11).
      payments.terms = advertisedTermsOf(`${setup.country}-${setup.regionCode}`, options);
      return payments;
    },

    today: (dealership: DealershipRow) => dealershipDate(dealership.timeZone, now()),
  };
}
export type PricingService = ReturnType<typeof pricingService>;
