import { randomBytes } from "node:crypto";
import {
  DEFAULT_OFFER_PROMISE_BUSINESS_HOURS,
  DEFAULT_OFFER_VALID_DAYS,
  TRADE_IN_SYSTEMS,
  decodeVin,
  dollarsToCents,
  emptyAnswers,
  flowTakesPhotos,
  isEditable,
  isOfferExpired,
  missingAnswers,
  missingForSubmission,
  odometerDisclosureRequired,
  offerPromisedBy,
  stepStatusOf,
  systemValuesAtOnce,
  tradeInFlowOf,
  type ApiMessageKey,
  type TradeInStatus,
  type TradeInSystem,
  type TradeInVehicleInformation,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { dealershipDate } from "../pricing/service.ts";
import { tradeInRepo, type NewTradeIn, type OfferRow, type PhotoRow, type TradeInOwner, type TradeInRow } from "./repo.ts";
import type { TradeInFinancingRecord } from "./tables.ts";
import type { ValuationProvider } from "./valuation.ts";
import { currentOfferOf, orderSummaryOf } from "./views.ts";

export type { TradeInOwner, TradeInRow, OfferRow, PhotoRow };

/** Why a trade-in call is refused; the routes give each its status and the contract's message. */
export type TradeInFailureKind =
  | "not_editable"
  | "incomplete"
  | "vin_year_mismatch"
  | "no_offer"
  | "offer_expired"
  | "save_deal_first"
  | "order_unknown"
  | "offer_not_allowed"
  | "flow_mismatch"
  | "not_submitted";

export class TradeInFailure extends Error {
  constructor(
    readonly kind: TradeInFailureKind,
    /** Field name → message key (the fields at fault). */
    readonly fields: Record<string, ApiMessageKey> = {},
    readonly values: Record<string, string | number> = {},
  ) {
    super(kind);
  }
}

/** What the trade-in module needs of the orders module: the owner's deal, and its trade-in summary and step. */
export type TradeInOrders = {
  find(owner: TradeInOwner, id: number): Promise<{ id: number; paymentType: "cash" | "finance" | "lease" | null; details: Record<string, unknown>; stepStatuses: Record<string, number | undefined> } | null>;
  setTradeIn(owner: TradeInOwner, id: number, summary: Record<string, unknown> | null, stepStatus: 0 | 1 | 2 | 3 | 4 | null): Promise<unknown>;
};

/** The dealership's trade-in system: one of ours, or the no-vendor system when it names none (or one we do not know). */
export function systemOf(dealership: DealershipRow): TradeInSystem {
  const system = dealership.profile.trade_in_system;
  return (TRADE_IN_SYSTEMS as readonly string[]).includes(system ?? "") ? (system as TradeInSystem) : "NO_VENDOR";
}

export const tradeInsEnabled = (dealership: DealershipRow) => dealership.moduleSettings.enabled_modules.includes("trade_in");

/** The business hours within which the dealership promises a firm offer (dealer info trade_in_offer_promise_hours, else spec 9's 3). */
export function promiseHoursOf(dealership: DealershipRow): number {
  const hours = (dealership.profile as { trade_in_offer_promise_hours?: unknown }).trade_in_offer_promise_hours;
  return typeof hours === "number" && Number.isInteger(hours) && hours > 0 && hours <= 240 ? hours : DEFAULT_OFFER_PROMISE_BUSINESS_HOURS;
}

const DAY_MS = 86_400_000;
const financingRecord = (f: NonNullable<TradeInVehicleInformation["financing"]>): TradeInFinancingRecord => ({
  kind: f.kind,
  amount_due: dollarsToCents(f.amount_due),
  payments_left: f.payments_left,
  payment_amount: dollarsToCents(f.payment_amount),
  residual_value: f.kind === "lease" && f.residual_value != null ? dollarsToCents(f.residual_value) : null,
});

export function tradeInService(deps: { db: Db; now: () => Date; valuation: ValuationProvider; orders: TradeInOrders }) {
  const repo = tradeInRepo(deps.db);
  const { now } = deps;

  async function owned(owner: TradeInOwner, id: number): Promise<TradeInRow | null> {
    return repo.find(owner, id);
  }

  /** The deal's view of the trade-in follows each change of its status (details.trade_in and the trade-in step). */
  async function syncOrder(row: TradeInRow, orderId: number | null = row.orderId) {
    if (orderId === null) return;
    const owner = { dealershipId: row.dealershipId, customerId: row.customerId };
    const order = await deps.orders.find(owner, orderId);
    if (!order) return;
    const offers = await repo.offersOf([row.id]);
    await deps.orders.setTradeIn(owner, orderId, orderSummaryOf(row, offers, now(), order.paymentType), stepStatusOf(row.status));
  }

  /** The owner's deal, or the failure naming `order`. */
  async function dealOf(owner: TradeInOwner, orderId: number) {
    const order = await deps.orders.find(owner, orderId);
    if (!order) throw new TradeInFailure("order_unknown", { order: "order_unknown" });
    return order;
  }

  function assertEditable(row: TradeInRow) {
    if (!isEditable(row.status)) throw new TradeInFailure("not_editable");
  }

  /** The offer the shopper may answer now: open, not replaced, not expired. */
  async function answerableOffer(row: TradeInRow): Promise<OfferRow> {
    const offer = currentOfferOf(await repo.offersOf([row.id]));
    if (!offer || offer.status !== "O" || row.status !== "awaiting-customer") throw new TradeInFailure("no_offer");
    if (isOfferExpired(offer.expiresAt, now())) throw new TradeInFailure("offer_expired");
    return offer;
  }

  return {
    repo,
    owned,
    syncOrder,
    dealOf,
    answerableOffer,

    /** Each trade-in of the list with its offers and photos (one query each). */
    async withRelations(rows: TradeInRow[]) {
      const ids = rows.map((r) => r.id);
      const [offers, photos] = await Promise.all([repo.offersOf(ids), repo.photosOf(ids)]);
      return { offers, photos };
    },

    /** A new draft for the dealership's flow, towards one of the owner's deals when given. */
    async create(owner: TradeInOwner, dealership: DealershipRow, orderId: number | null): Promise<TradeInRow> {
      if (orderId !== null) await dealOf(owner, orderId);
      const system = systemOf(dealership);
      const at = now();
      const row = await repo.insert({
        vid: randomBytes(12).toString("base64url"),
        ...owner,
        orderId,
        flow: tradeInFlowOf(system, dealership.profile.trade_in_variant),
        valuationSystem: system,
        status: "draft",
        odometerUnit: dealership.lengthUnit,
        answers: emptyAnswers(),
        createdAt: at,
        updatedAt: at,
      });
      await syncOrder(row);
      return row;
    },

    /** The vehicle's facts and answers; what is left out keeps its value. Only a draft changes. */
    async updateInformation(row: TradeInRow, info: TradeInVehicleInformation): Promise<TradeInRow> {
      assertEditable(row);
      const values: Partial<NewTradeIn> = { updatedAt: now() };
      if (info.year !== undefined) values.year = info.year;
      if (info.make !== undefined) values.make = info.make;
      if (info.model !== undefined) values.model = info.model;
      if (info.trim !== undefined) values.trim = info.trim;
      if (info.style !== undefined) values.style = info.style;
      if (info.colour !== undefined) values.colour = info.colour;
      if (info.transmission !== undefined) values.transmission = info.transmission;
      if (info.odometer !== undefined) values.odometer = info.odometer;
      if (info.odometer_unit !== undefined) values.odometerUnit = info.odometer_unit;
      if (info.has_power_sunroof !== undefined) values.hasPowerSunroof = info.has_power_sunroof;
      if (info.has_navigation_system !== undefined) values.hasNavigationSystem = info.has_navigation_system;
      if (info.has_technology_package !== undefined) values.hasTechnologyPackage = info.has_technology_package;
      if (info.odometer_statement !== undefined) values.odometerStatement = info.odometer_statement;
      if (info.financing !== undefined) values.financing = info.financing === null ? null : financingRecord(info.financing);
      if (info.answers !== undefined) {
        const answers = { ...row.answers };
        for (const [key, value] of Object.entries(info.answers)) if (value !== undefined) (answers as Record<string, unknown>)[key] = value;
        // Areas answer a "yes": a "no" clears them.
        if (answers.involved_in_accident !== true) answers.accident_areas = [];
        if (answers.paint_work_performed !== true) answers.paint_areas = [];
        values.answers = answers;
      }
      // A new year may contradict the VIN given before: the VIN then goes, to be entered again.
      if (values.year !== undefined && row.vin) {
        const decoded = decodeVin(row.vin);
        if (decoded.ok && decoded.value.modelYear !== null && decoded.value.modelYear !== values.year) values.vin = null;
      }
      return (await repo.update(row.dealershipId, row.id, values))!;
    },

    /** The VIN, checked (49 CFR 565): its model year must be the year given, and gives the year when none was. */
    async setVin(row: TradeInRow, vin: string): Promise<TradeInRow> {
      assertEditable(row);
      const decoded = decodeVin(vin);
      if (!decoded.ok) throw new TradeInFailure("incomplete", { vin: "trade_in_vin_required" });
      const { modelYear } = decoded.value;
      if (modelYear !== null && row.year !== null && modelYear !== row.year) {
        throw new TradeInFailure("vin_year_mismatch", { vin: "trade_in_vin_year_mismatch" }, { year: modelYear });
      }
      return (await repo.update(row.dealershipId, row.id, { vin: decoded.value.vin, ...(row.year === null && modelYear !== null && { year: modelYear }), updatedAt: now() }))!;
    },

    /**
     * Sends the trade-in: complete (else the missing fields), valued, and then with the dealership (awaiting-dealer,
     * with the promised time), answered at once by an instant cash offer (awaiting-customer), or with an outside
     * valuation system (awaiting-provider).
     */
    async submit(row: TradeInRow, dealership: DealershipRow, input: { kind: "tradein" | "ico"; pageUrl: string; withoutPhotos: boolean; photos: PhotoRow[] }): Promise<TradeInRow> {
      assertEditable(row);
      const ico = row.flow === "TRADE-IN-EXTERNAL";
      if ((input.kind === "ico") !== ico) throw new TradeInFailure("flow_mismatch");
      const at = now();
      const country = dealership.country;
      const missing = missingForSubmission(
        { vin: row.vin, year: row.year, make: row.make, model: row.model, trim: row.trim, odometer: row.odometer, answers: row.answers, hasFinancing: row.financing !== null, odometer_statement: row.odometerStatement },
        {
          country,
          mandatoryVin: dealership.profile.mandatory_trade_vin,
          disclosureRequired: odometerDisclosureRequired(country, row.year, at),
          missingAnswers: missingAnswers(row.answers, country),
        },
      );
      const fields: Record<string, ApiMessageKey> = Object.fromEntries(missing.map((field) => [field, field === "vin" ? "trade_in_vin_required" : "field_required"]));
      if (flowTakesPhotos(row.flow) && !input.withoutPhotos && !input.photos.some((p) => p.status !== "error")) fields["without_photos"] = "trade_in_photo_missing";
      if (Object.keys(fields).length) throw new TradeInFailure("incomplete", fields);

      const request = {
        vehicle: { year: row.year!, make: row.make!, model: row.model!, trim: row.trim!, style: row.style },
        odometer: row.odometer!,
        odometerUnit: row.odometerUnit,
        country,
        regionCode: dealership.provinceCode,
        valuedOn: dealershipDate(dealership.timeZone, at.getTime()),
        answers: row.answers,
        options: { sunroof: row.hasPowerSunroof, navigation: row.hasNavigationSystem, technology: row.hasTechnologyPackage },
      };
      const estimate = await deps.valuation.estimate(request);
      const base: Partial<NewTradeIn> = {
        acceptedTerms: true,
        pageUrl: input.pageUrl,
        submittedAt: at,
        updatedAt: at,
        estimateLowCents: estimate?.low ?? null,
        estimateHighCents: estimate?.high ?? null,
        valuationQuote: estimate ? "quoted" : "not_quoted",
      };
      const promise = () => offerPromisedBy(at, dealership.profile.dealer_hours, dealership.timeZone, promiseHoursOf(dealership));
      let values: Partial<NewTradeIn>;
      let offer: { amount: number } | null = null;
      if (ico) {
        const instant = estimate ? await deps.valuation.instantOffer(request) : null;
        if (instant) {
          offer = { amount: instant.amount };
          values = { ...base, status: "awaiting-customer", icoId: instant.id, icoAmountCents: instant.amount, icoRangeMinCents: instant.rangeMin, icoRangeMaxCents: instant.rangeMax };
        } else {
          // No instant offer for this vehicle: the dealership values it instead.
          values = { ...base, status: "awaiting-dealer", offerPromisedBy: promise() };
        }
      } else if (systemValuesAtOnce(row.valuationSystem)) {
        values = { ...base, status: "awaiting-dealer", offerPromisedBy: promise() };
      } else {
        values = { ...base, status: "awaiting-provider", valuationQuote: "quoting" };
      }
      const updated = await repo.updateIfStatus(row.dealershipId, row.id, ["initial", "draft"], values);
      if (!updated) throw new TradeInFailure("not_editable");
      if (offer) {
        await repo.insertOffer({ tradeInId: row.id, source: "provider", amountCents: offer.amount, status: "O", expiresAt: new Date(at.getTime() + DEFAULT_OFFER_VALID_DAYS * DAY_MS), createdAt: at });
      }
      await syncOrder(updated);
      return updated;
    },

    /** After submission, before any offer is answered: back to a draft the shopper can change (its offers lapse). */
    async reopen(row: TradeInRow): Promise<TradeInRow> {
      const offers = await repo.offersOf([row.id]);
      const answered = offers.some((o) => o.status !== "O");
      const reopenable: TradeInStatus[] = ["awaiting-dealer", "awaiting-provider", "awaiting-agency", "awaiting-customer"];
      if (answered || !reopenable.includes(row.status)) throw new TradeInFailure("not_submitted");
      const at = now();
      const updated = await repo.updateIfStatus(row.dealershipId, row.id, reopenable, {
        status: "draft",
        submittedAt: null,
        offerPromisedBy: null,
        valuationQuote: "not_quoted",
        icoId: null,
        icoAmountCents: null,
        icoRangeMinCents: null,
        icoRangeMaxCents: null,
        updatedAt: at,
      });
      if (!updated) throw new TradeInFailure("not_submitted");
      await repo.supersedeOpenOffers(row.id, at);
      await syncOrder(updated);
      return updated;
    },

    /** The shopper declines the current offer (with their comments): the trade is left out of the deal. */
    async decline(row: TradeInRow, comments: string, orderId: number | null): Promise<TradeInRow> {
      const owner = { dealershipId: row.dealershipId, customerId: row.customerId };
      if (orderId !== null) await dealOf(owner, orderId);
      const offer = await answerableOffer(row);
      const at = now();
      const declined = await repo.updateOfferIfStatus(offer.id, "O", { status: "D", declineComments: comments, decidedAt: at });
      if (!declined) throw new TradeInFailure("no_offer");
      const updated = await repo.updateIfStatus(row.dealershipId, row.id, ["awaiting-customer"], { status: "excluded", ...(orderId !== null && { orderId }), updatedAt: at });
      if (!updated) throw new TradeInFailure("no_offer");
      await syncOrder(updated);
      return updated;
    },

    /** Staff make an offer: it replaces the one the shopper has not answered, and waits for the shopper. */
    async offer(row: TradeInRow, staffUserId: number, input: { amount: number; comments: string; validDays: number }): Promise<TradeInRow> {
      const allowed: TradeInStatus[] = ["awaiting-dealer", "awaiting-provider", "awaiting-customer", "excluded"];
      if (!allowed.includes(row.status)) throw new TradeInFailure("offer_not_allowed");
      const at = now();
      await repo.supersedeOpenOffers(row.id, at);
      await repo.insertOffer({
        tradeInId: row.id,
        source: "dealer",
        amountCents: input.amount,
        comments: input.comments,
        status: "O",
        expiresAt: new Date(at.getTime() + input.validDays * DAY_MS),
        staffUserId,
        createdAt: at,
      });
      const updated = await repo.updateIfStatus(row.dealershipId, row.id, allowed, { status: "awaiting-customer", valuationQuote: "quoted", updatedAt: at });
      if (!updated) throw new TradeInFailure("offer_not_allowed");
      await syncOrder(updated);
      return updated;
    },

    /** A trade-in no longer wanted (not one already accepted: that one is discarded by the workflow that takes its credit off the deal). */
    async discard(row: TradeInRow): Promise<TradeInRow> {
      const at = now();
      const updated = await repo.updateIfStatus(row.dealershipId, row.id, ["initial", "draft", "awaiting-dealer", "awaiting-provider", "awaiting-agency", "awaiting-customer", "excluded"], { status: "discarded", updatedAt: at });
      if (!updated) throw new TradeInFailure("not_editable");
      await repo.supersedeOpenOffers(row.id, at);
      await syncOrder(updated);
      return updated;
    },

    async setCatalogueUser(row: TradeInRow, catId: string): Promise<TradeInRow> {
      return (await repo.update(row.dealershipId, row.id, { catId, updatedAt: now() }))!;
    },
  };
}
export type TradeInService = ReturnType<typeof tradeInService>;
