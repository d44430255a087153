import { stepStatusOf, withBuildOptions, type Cents, type OrderPayment, type TradeInStatus } from "@showroom/domain";
import type { SessionOwner } from "../platform/actor.ts";
import type { DealershipRow } from "../modules/dealerships/service.ts";
import type { InventoryService } from "../modules/inventory/service.ts";
import { toPricedVehicle } from "../modules/inventory/vehicle-views.ts";
import type { OrdersService } from "../modules/orders/service.ts";
import type { PricingService } from "../modules/pricing/service.ts";
import type { TradeInService } from "../modules/trade-in/service.ts";
import { orderSummaryOf } from "../modules/trade-in/views.ts";
import { defineWorkflow, type Step } from "./runner/step-runner.ts";

/**
 * A trade-in's offer accepted, and a trade-in already accepted then discarded: each changes three things that
 * must agree (the offer and the trade-in, the deal's trade-in, the deal's payment), so each runs as steps that
 * undo themselves. The payment step prices the deal's stored payment option again with the trade-in's credit and
 * owing (or without them) and keeps the new figures on the deal.
 */
export type TradeInDealDeps = {
  tradeIns: Pick<TradeInService, "repo">;
  orders: Pick<OrdersService, "find" | "setTradeIn" | "setPayment">;
  pricing: Pick<PricingService, "usableOption" | "update" | "paymentChoice">;
  inventory: Pick<InventoryService, "findForDealership">;
  /** The MSRP a build-and-price configuration adds to the vehicle (as the pricing calls read it). */
  buildOptionsMsrp(uid: string, owner: SessionOwner, vehicleId: number): Promise<Cents | null>;
  dealership(id: number): Promise<DealershipRow | null>;
  now: () => Date;
};

export type TradeInDealInput = {
  dealershipId: number;
  customerId: number;
  tradeInId: number;
  orderId: number;
  /** The offer accepted (acceptance only). */
  offerId: number | null;
  /** What the deal's payment is priced with from now on, in cents. */
  credit: number;
  owing: number;
};

const ownerOf = (input: TradeInDealInput) => ({ dealershipId: input.dealershipId, customerId: input.customerId });

/** The server itself pricing a deal's own option again: the dealership's authority, as its staff would (no session of the shopper's). */
const serverCaller = (dealershipId: number): SessionOwner => ({ dealershipId, sessionHash: "", customerId: null, staffOfDealership: true });

function statusStep(name: string, from: TradeInStatus, to: TradeInStatus, deps: TradeInDealDeps): Step<TradeInDealInput> {
  const { repo } = deps.tradeIns;
  return {
    name,
    async invoke({ input }) {
      const at = deps.now();
      if (input.offerId !== null) {
        const accepted = await repo.updateOfferIfStatus(input.offerId, "O", { status: "A", decidedAt: at });
        if (!accepted) {
          // Called again after a crash: done already.
          const [offer] = (await repo.offersOf([input.tradeInId])).filter((o) => o.id === input.offerId);
          if (offer?.status !== "A") throw new Error("the offer is no longer open");
        }
      }
      const moved = await repo.updateIfStatus(input.dealershipId, input.tradeInId, [from], { status: to, updatedAt: at });
      if (!moved && (await repo.findAtDealership(input.dealershipId, input.tradeInId))?.status !== to) throw new Error(`the trade-in is no longer ${from}`);
      return { from, to };
    },
    async compensate(_output, { input }) {
      await repo.updateIfStatus(input.dealershipId, input.tradeInId, [to], { status: from, updatedAt: deps.now() });
      if (input.offerId !== null) await repo.updateOfferIfStatus(input.offerId, "A", { status: "O", decidedAt: null });
    },
  };
}

type AttachOutput = { previousOrderId: number | null; previousSummary: Record<string, unknown> | null; previousStep: number | null };

/** The deal names the trade-in (details.trade_in and its trade-in step), and the trade-in the deal. */
function orderStep(deps: TradeInDealDeps): Step<TradeInDealInput> {
  const { repo } = deps.tradeIns;
  return {
    name: "update-deal",
    async invoke({ input }): Promise<AttachOutput> {
      const owner = ownerOf(input);
      const [row, order] = await Promise.all([repo.findAtDealership(input.dealershipId, input.tradeInId), deps.orders.find(owner, input.orderId)]);
      if (!row || row.customerId !== input.customerId) throw new Error("the trade-in is gone");
      if (!order) throw new Error("the deal is gone");
      const previous: AttachOutput = {
        previousOrderId: row.orderId,
        previousSummary: (order.details["trade_in"] as Record<string, unknown> | undefined) ?? null,
        previousStep: order.stepStatuses["trade-in"] ?? null,
      };
      const attached = (await repo.update(input.dealershipId, row.id, { orderId: input.orderId, updatedAt: deps.now() }))!;
      const offers = await repo.offersOf([row.id]);
      await deps.orders.setTradeIn(owner, input.orderId, orderSummaryOf(attached, offers, deps.now(), order.paymentType), stepStatusOf(attached.status));
      return previous;
    },
    async compensate(output, { input }) {
      const previous = output as AttachOutput;
      await repo.update(input.dealershipId, input.tradeInId, { orderId: previous.previousOrderId, updatedAt: deps.now() });
      await deps.orders.setTradeIn(ownerOf(input), input.orderId, previous.previousSummary, (previous.previousStep ?? 0) as 0);
    },
  };
}

type RepriceOutput = { uid: string; previousCredit: number; previousOwing: number; previousPayment: OrderPayment | null } | { skipped: true };

/** The deal's stored payment option priced again with `credit` and `owing`; the deal keeps the new figures. */
async function reprice(deps: TradeInDealDeps, input: TradeInDealInput, credit: number, owing: number) {
  const owner = ownerOf(input);
  const caller = serverCaller(input.dealershipId);
  const [order, dealership] = await Promise.all([deps.orders.find(owner, input.orderId), deps.dealership(input.dealershipId)]);
  if (!order || !dealership) throw new Error("the deal is gone");
  // A deal saved without a payment has none to change: a later pricing of the deal takes the trade-in's credit.
  if (!order.paymentOptionUid) return null;
  const option = await deps.pricing.usableOption(order.paymentOptionUid, caller);
  if (!option) return null;
  const row = await deps.inventory.findForDealership(input.dealershipId, option.vehicleId);
  if (!row) throw new Error("the deal's vehicle is no longer listed");
  let vehicle = toPricedVehicle(row);
  if (option.buildStateUid) {
    const optionsMsrp = await deps.buildOptionsMsrp(option.buildStateUid, caller, row.id);
    if (optionsMsrp === null) throw new Error("the deal's build can no longer be priced");
    vehicle = withBuildOptions(vehicle, optionsMsrp);
  }
  const subject = { id: row.id, make: row.make, bodyType: row.bodyType, condition: vehicle.condition };
  const previous = { credit: option.settings.trade_in_credit ?? 0, owing: option.settings.trade_in_owing ?? 0, payment: order.payment };
  const outcome = await deps.pricing.update({ dealership, row: option, vehicle, subject, changes: { trade_in_credit: credit as Cents, trade_in_owing: owing as Cents } });
  if (!outcome.ok) throw new Error(`the deal's payment could not be priced with the trade-in (${"errors" in outcome ? outcome.errors.map((e) => `${e.field}: ${e.code}`).join(", ") : outcome.addOnFailure.field})`);
  const choice = await deps.pricing.paymentChoice(option.uid, caller, option.vehicleId);
  if (!choice) throw new Error("the deal's payment option is gone");
  await deps.orders.setPayment(owner, input.orderId, { uid: choice.uid, snapshot: choice.snapshot });
  return { uid: option.uid, previous };
}

function repriceStep(deps: TradeInDealDeps): Step<TradeInDealInput> {
  return {
    name: "reprice-deal",
    async invoke({ input }): Promise<RepriceOutput> {
      const done = await reprice(deps, input, input.credit, input.owing);
      if (!done) return { skipped: true };
      return { uid: done.uid, previousCredit: done.previous.credit, previousOwing: done.previous.owing, previousPayment: done.previous.payment };
    },
    async compensate(output, { input }) {
      const previous = output as RepriceOutput;
      if ("skipped" in previous) return;
      await reprice(deps, input, previous.previousCredit, previous.previousOwing);
      if (previous.previousPayment) await deps.orders.setPayment(ownerOf(input), input.orderId, { uid: previous.uid, snapshot: previous.previousPayment });
    },
  };
}

/** The shopper accepts the current offer: the trade-in is included in the deal and its credit in the payment. */
export const acceptTradeInOffer = (deps: TradeInDealDeps) =>
  defineWorkflow<TradeInDealInput>("trade-in-accept-offer", [statusStep("accept-offer", "awaiting-customer", "included", deps), orderStep(deps), repriceStep(deps)]);

/** A trade-in already in the deal is discarded: it leaves the deal, and its credit leaves the payment. */
export const discardIncludedTradeIn = (deps: TradeInDealDeps) =>
  defineWorkflow<TradeInDealInput>("trade-in-discard-included", [statusStep("discard-trade-in", "included", "discarded", deps), orderStep(deps), repriceStep(deps)]);
