import {
  TRADE_IN_PHOTO_ANGLES,
  cents,
  centsToDecimalString,
  customerStateOf,
  isOfferExpired,
  odometerDisclosureRequired,
  stepStatusOf,
  tradeInEquity,
  type Country,
  type TradeInImages,
  type TradeInOffer,
  type TradeInWire,
} from "@showroom/domain";
import type { OfferRow, PhotoRow, TradeInRow } from "./repo.ts";

const money = (amount: number) => centsToDecimalString(cents(amount));
const moneyOrNull = (amount: number | null) => (amount === null ? null : money(amount));

/** The offer the shopper answers: the newest one not replaced by a later one. Null before any offer. */
export function currentOfferOf(offers: readonly OfferRow[]): OfferRow | null {
  const live = offers.filter((o) => o.supersededAt === null);
  return live.reduce<OfferRow | null>((newest, o) => (!newest || o.createdAt > newest.createdAt || (o.createdAt.getTime() === newest.createdAt.getTime() && o.id > newest.id) ? o : newest), null);
}

export function offerToWire(offer: OfferRow, now: Date): TradeInOffer {
  return {
    id: offer.id,
    source: offer.source,
    dealer_offer: money(offer.amountCents),
    dealer_comments: offer.comments,
    decline_comments: offer.declineComments,
    status: offer.status,
    decision_datetime: offer.decidedAt?.toISOString() ?? null,
    expires_at: offer.expiresAt.toISOString(),
    // Evaluated on every read: an offer the shopper has not answered lapses at its time.
    is_expired: offer.status === "O" && isOfferExpired(offer.expiresAt, now),
    created: offer.createdAt.toISOString(),
  };
}

/** Where a processed photo is served (the row id as version: a replaced photo has a new address, so no cache shows the old one). */
export const photoUrl = (tradeIn: { id: number }, photo: PhotoRow) => `/api/trade-in/${tradeIn.id}/photos/${photo.angle}/?v=${photo.id}`;

export function imagesOf(tradeIn: { id: number }, photos: readonly PhotoRow[]): TradeInImages {
  const byAngle = new Map(photos.map((p) => [p.angle, p]));
  return Object.fromEntries(
    TRADE_IN_PHOTO_ANGLES.map((angle) => {
      const photo = byAngle.get(angle);
      return [angle, photo ? { status: photo.status, url: photo.status === "uploaded" ? photoUrl(tradeIn, photo) : null } : null];
    }),
  ) as TradeInImages;
}

export type TradeInUser = { id: number; email: string; first_name: string; last_name: string };

export function customerStateFor(row: TradeInRow, offer: OfferRow | null, now: Date) {
  return customerStateOf({ status: row.status, offer: offer && { source: offer.source, status: offer.status, expiresAt: offer.expiresAt } }, now);
}

export function toTradeInWire(row: TradeInRow, ctx: { offers: readonly OfferRow[]; photos: readonly PhotoRow[]; user: TradeInUser; country: Country; now: Date }): TradeInWire {
  const { now } = ctx;
  const offers = ctx.offers.filter((o) => o.tradeInId === row.id);
  const current = currentOfferOf(offers);
  const past = offers.filter((o) => o !== current).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const currentWire = current && offerToWire(current, now);
  const financing = row.financing;
  return {
    id: row.id,
    vid: row.vid,
    order: row.orderId,
    flow: row.flow,
    valuation_system: row.valuationSystem,
    status: row.status,
    customer_state: customerStateFor(row, current, now),
    order_step_status: stepStatusOf(row.status),
    valuation_quote: row.valuationQuote,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    style: row.style,
    colour: row.colour,
    transmission: row.transmission,
    odometer: row.odometer,
    odometer_unit: row.odometerUnit,
    has_power_sunroof: row.hasPowerSunroof,
    has_navigation_system: row.hasNavigationSystem,
    has_technology_package: row.hasTechnologyPackage,
    accepted_terms: row.acceptedTerms,
    answers: row.answers,
    financing: financing && {
      kind: financing.kind,
      amount_due: money(financing.amount_due),
      payments_left: financing.payments_left,
      payment_amount: money(financing.payment_amount),
      residual_value: moneyOrNull(financing.residual_value),
    },
    trade_in_owing: money(financing?.amount_due ?? 0),
    images: imagesOf(row, ctx.photos.filter((p) => p.tradeInId === row.id)),
    estimated_low: moneyOrNull(row.estimateLowCents),
    estimated_high: moneyOrNull(row.estimateHighCents),
    current_offer: currentWire,
    past_offers: past.map((o) => offerToWire(o, now)),
    ico_id: row.icoId,
    ico_amount: moneyOrNull(row.icoAmountCents),
    ico_range_min: moneyOrNull(row.icoRangeMinCents),
    ico_range_max: moneyOrNull(row.icoRangeMaxCents),
    is_eti: row.valuationSystem === "INSTANT_CASH_OFFER",
    is_declined: row.status === "excluded" || current?.status === "D",
    is_expired: currentWire?.is_expired ?? false,
    odometer_disclosure_required: odometerDisclosureRequired(ctx.country, row.year, now),
    odometer_statement: row.odometerStatement,
    offer_promised_by: row.offerPromisedBy?.toISOString() ?? null,
    submit_datetime: row.submittedAt?.toISOString() ?? null,
    created: row.createdAt.toISOString(),
    last_updated: row.updatedAt.toISOString(),
    user: ctx.user,
  };
}

/**
 * What a deal shows of its trade-in (the order's `trade_in`): the allowance (the accepted offer, else the one
 * awaiting the shopper), the payoff owed on it and the net equity, on separate lines, as dollar strings.
 * The pricing credits the allowance and adds the payoff only once the status is "included".
 */
export function orderSummaryOf(row: TradeInRow, offers: readonly OfferRow[], now: Date, paymentType: "cash" | "finance" | "lease" | null) {
  const current = currentOfferOf(offers.filter((o) => o.tradeInId === row.id));
  const allowanceCents = current && (current.status === "A" || (current.status === "O" && !isOfferExpired(current.expiresAt, now))) ? current.amountCents : null;
  const payoffCents = row.financing?.amount_due ?? 0;
  const equity = allowanceCents === null ? null : tradeInEquity(cents(allowanceCents), cents(payoffCents), paymentType ?? "finance");
  return {
    id: row.id,
    vid: row.vid,
    status: row.status,
    customer_state: customerStateFor(row, current, now),
    allowance: moneyOrNull(allowanceCents),
    payoff: money(payoffCents),
    net_equity: equity && money(equity.netEquity),
    negative_equity_goes_to: equity?.negativeEquityGoesTo ?? null,
  };
}
export type TradeInOrderSummary = ReturnType<typeof orderSummaryOf>;
