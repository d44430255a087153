import { STEP_STATUS, depositStepOf, holdDeadline, type PaymentTransactionStatus, type StepStatuses } from "@showroom/domain";
import { CardDeclined, type PaymentCard, type PaymentGateway } from "../modules/deposits/gateway.ts";
import type { DepositsRepo } from "../modules/deposits/repo.ts";
import type { BuildAndPriceService } from "../modules/build-and-price/service.ts";
import type { InventoryService } from "../modules/inventory/service.ts";
import type { OrdersService } from "../modules/orders/service.ts";
import { defineWorkflow, type Step } from "./runner/step-runner.ts";

/**
 * A deposit placed, and a deposit settled (captured, released, expired or refunded). Placing holds the vehicle for
 * the shopper, then the card, then records the payment and marks the deal; a failure after the card was held lets
 * the hold go (or refunds a charge) and frees the vehicle. The card's details are never in the run's recorded input:
 * they live in this process's memory for the call only, and a run recovered after a crash asks the processor what
 * the first call (same key) did instead of sending the card again.
 */
export type DepositPaymentDeps = {
  repo: DepositsRepo;
  gateway: PaymentGateway;
  inventory: Pick<InventoryService, "hold" | "releaseHold">;
  orders: Pick<OrdersService, "find" | "setDeposit">;
  buildAndPrice: Pick<BuildAndPriceService, "setFlags">;
  /** The card of a placement in progress in this process (never written anywhere). */
  cardOf(depositId: number): PaymentCard | undefined;
  now: () => Date;
};

export type PlaceDepositInput = {
  depositId: number;
  dealershipId: number;
  customerId: number;
  orderId: number;
  vehicleId: number;
  stepKey: "deposit" | "vw-deposit";
  /** The dealership's post-deposit editing switches, written on the locked build. */
  postDepositEdit: { enabled: boolean; confirmRequired: boolean };
};

const DAY_MS = 86_400_000;
const owner = (input: { dealershipId: number; customerId: number }) => ({ dealershipId: input.dealershipId, customerId: input.customerId });

export class VehicleReserved extends Error {
  constructor() {
    super("the vehicle is reserved by another shopper");
  }
}

function holdVehicle(deps: DepositPaymentDeps): Step<PlaceDepositInput> {
  return {
    name: "hold-vehicle",
    async invoke({ input }) {
      const held = await deps.inventory.hold(input.dealershipId, input.vehicleId, input.customerId, new Date(deps.now().getTime() + 7 * DAY_MS), deps.now());
      if (!held) throw new VehicleReserved();
      return { held };
    },
    async compensate(_output, { input }) {
      await deps.inventory.releaseHold(input.dealershipId, input.vehicleId, input.customerId, deps.now());
    },
  };
}

type Authorized = { paymentId: string; status: "requires_capture" | "succeeded"; captureBefore: string | null };

function authorizeCard(deps: DepositPaymentDeps): Step<PlaceDepositInput> {
  const { repo, gateway } = deps;
  return {
    name: "authorize-card",
    async invoke({ input, idempotencyKey }): Promise<Authorized> {
      const deposit = await repo.byId(input.depositId);
      if (!deposit) throw new Error("the deposit is gone");
      // The intent first: a crash after the processor answered is reconciled by asking it with this key.
      await repo.attempt({ depositId: deposit.id, kind: "authorize", idempotencyKey, amountCents: deposit.totalCents, at: deps.now() });
      await repo.updateIfStatus(deposit.id, ["created"], { status: "initiated", updatedAt: deps.now() });
      // Stripe's PaymentMethod is kept (a token): a recovered run sends it again with the key and Stripe replays.
      const card = deps.cardOf(deposit.id) ?? (deposit.paymentMethodId ? ({ kind: "payment_method", id: deposit.paymentMethodId } as const) : undefined);
      let payment;
      try {
        payment = card
          ? await gateway.authorize(idempotencyKey, {
              amountCents: deposit.totalCents,
              currency: deposit.currency,
              capture: deposit.mode === "capture",
              card,
              description: `Deposit on deal ${deposit.orderId}`,
              metadata: { deposit: String(deposit.id), order: String(deposit.orderId), dealership: String(deposit.dealershipId) },
            })
          : await gateway.recoverAuthorization(idempotencyKey);
      } catch (error) {
        if (error instanceof CardDeclined) {
          await repo.update(deposit.id, { status: "rejected", declineCode: error.code, updatedAt: deps.now() });
          await repo.attemptDone(idempotencyKey, { status: "failed", error: error.code, at: deps.now() });
        }
        throw error;
      }
      if (!payment) throw new Error("the processor never received the authorisation");
      if (payment.status === "canceled") throw new Error("the processor canceled the authorisation");
      await repo.attemptDone(idempotencyKey, { status: "succeeded", processorId: payment.id, at: deps.now() });
      await repo.update(deposit.id, { processorPaymentId: payment.id, cardBrand: payment.cardBrand, cardLast4: payment.cardLast4, updatedAt: deps.now() });
      return { paymentId: payment.id, status: payment.status, captureBefore: payment.captureBefore?.toISOString() ?? null };
    },
    async compensate(output, { input, idempotencyKey }) {
      const authorized = output as Authorized;
      const deposit = await repo.byId(input.depositId);
      if (!deposit) return;
      const key = `${idempotencyKey}:undo`;
      await repo.attempt({ depositId: deposit.id, kind: authorized.status === "succeeded" ? "refund" : "release", idempotencyKey: key, amountCents: deposit.totalCents, at: deps.now() });
      if (authorized.status === "succeeded") await gateway.refund(key, authorized.paymentId, deposit.totalCents);
      else await gateway.release(key, authorized.paymentId);
      await repo.attemptDone(key, { status: "succeeded", processorId: authorized.paymentId, at: deps.now() });
      await repo.updateIfStatus(deposit.id, ["initiated", "pre_authorized", "confirmed"], { status: "canceled", releasedAt: deps.now(), updatedAt: deps.now() });
    },
  };
}

function recordPayment(deps: DepositPaymentDeps): Step<PlaceDepositInput> {
  return {
    name: "record-payment",
    async invoke({ input, results }) {
      const authorized = results["authorize-card"] as Authorized;
      const at = deps.now();
      const status: PaymentTransactionStatus = authorized.status === "succeeded" ? "confirmed" : "pre_authorized";
      const deadline = status === "pre_authorized" ? holdDeadline(at, authorized.captureBefore ? new Date(authorized.captureBefore) : null) : null;
      await deps.repo.updateIfStatus(input.depositId, ["initiated"], {
        status,
        authorizedAt: at,
        holdDeadline: deadline,
        capturedAt: status === "confirmed" ? at : null,
        updatedAt: at,
      });
      // The vehicle stays held as long as the card is (a charged deposit: until the dealership refunds it).
      if (deadline) await deps.inventory.hold(input.dealershipId, input.vehicleId, input.customerId, deadline, at);
      return { status };
    },
    async compensate(_output, { input }) {
      await deps.repo.updateIfStatus(input.depositId, ["pre_authorized", "confirmed"], { status: "initiated", updatedAt: deps.now() });
    },
  };
}

function markDeal(deps: DepositPaymentDeps): Step<PlaceDepositInput> {
  return {
    name: "mark-deal",
    async invoke({ input, results }) {
      const order = await deps.orders.find(owner(input), input.orderId);
      if (!order) throw new Error("the deal is gone");
      const { status } = results["record-payment"] as { status: PaymentTransactionStatus };
      await deps.orders.setDeposit(owner(input), input.orderId, depositStepOf(status), { key: input.stepKey, status: STEP_STATUS.completed });
      return { before: order.depositStatus, step: order.stepStatuses[input.stepKey] ?? STEP_STATUS.initial };
    },
    async compensate(output, { input }) {
      const { before, step } = output as { before: ReturnType<typeof depositStepOf>; step: StepStatuses["deposit"] };
      await deps.orders.setDeposit(owner(input), input.orderId, before, { key: input.stepKey, status: step });
    },
  };
}

const UNLOCKED = { isLocked: false, postDepositEditEnabled: false, postDepositEditConfirmRequired: false };

/** Spec 4: once a deposit is placed, the deal's build is locked to the customer (staff edit it where allowed). */
function lockBuild(deps: DepositPaymentDeps): Step<PlaceDepositInput> {
  return {
    name: "lock-build",
    async invoke({ input }) {
      const order = await deps.orders.find(owner(input), input.orderId);
      if (order?.buildState) {
        await deps.buildAndPrice.setFlags(order.buildState, {
          isLocked: true,
          postDepositEditEnabled: input.postDepositEdit.enabled,
          postDepositEditConfirmRequired: input.postDepositEdit.confirmRequired,
        });
      }
      return { build: order?.buildState ?? null };
    },
    async compensate(output) {
      const { build } = output as { build: string | null };
      if (build) await deps.buildAndPrice.setFlags(build, UNLOCKED);
    },
  };
}

export const placeDeposit = (deps: DepositPaymentDeps) =>
  defineWorkflow<PlaceDepositInput>("deposit-place", [holdVehicle(deps), authorizeCard(deps), recordPayment(deps), markDeal(deps), lockBuild(deps)]);

/** What settling a deposit does: capture a hold, release it, let it expire, or refund a charge (in part). */
export type SettleDepositInput = {
  depositId: number;
  dealershipId: number;
  customerId: number;
  orderId: number;
  vehicleId: number;
  stepKey: "deposit" | "vw-deposit";
  action: "capture" | "release" | "expire" | "refund";
  /** A refund's amount. */
  amountCents: number;
};

function callProcessor(deps: DepositPaymentDeps): Step<SettleDepositInput> {
  return {
    name: "call-processor",
    async invoke({ input, idempotencyKey }) {
      const deposit = await deps.repo.byId(input.depositId);
      if (!deposit?.processorPaymentId) throw new Error("the deposit has no payment at the processor");
      const kind = input.action === "expire" ? "release" : input.action;
      await deps.repo.attempt({ depositId: deposit.id, kind, idempotencyKey, amountCents: input.amountCents, at: deps.now() });
      const payment =
        input.action === "capture"
          ? await deps.gateway.capture(idempotencyKey, deposit.processorPaymentId)
          : input.action === "refund"
            ? await deps.gateway.refund(idempotencyKey, deposit.processorPaymentId, input.amountCents)
            : await deps.gateway.release(idempotencyKey, deposit.processorPaymentId);
      await deps.repo.attemptDone(idempotencyKey, { status: "succeeded", processorId: payment.id, at: deps.now() });
      return { refundedCents: payment.refundedCents };
    },
    // Money that moved is not moved back by undoing: the record step is finished by recovery instead.
  };
}

function recordSettlement(deps: DepositPaymentDeps): Step<SettleDepositInput> {
  return {
    name: "record",
    async invoke({ input, results }) {
      const at = deps.now();
      const { refundedCents } = results["call-processor"] as { refundedCents: number };
      const deposit = (await deps.repo.byId(input.depositId))!;
      const status: PaymentTransactionStatus =
        input.action === "capture" ? "confirmed" : input.action === "release" ? "canceled" : input.action === "expire" ? "expired" : "refunded";
      await deps.repo.update(deposit.id, {
        status,
        ...(input.action === "capture" && { capturedAt: at, holdDeadline: null }),
        ...((input.action === "release" || input.action === "expire") && { releasedAt: at }),
        ...(input.action === "refund" && { refundedCents }),
        updatedAt: at,
      });
      // The vehicle is free again, and the build open, once the deposit is not held or paid any more.
      if (status !== "confirmed") {
        await deps.inventory.releaseHold(input.dealershipId, input.vehicleId, input.customerId, at);
        const order = await deps.orders.find(owner(input), input.orderId);
        if (order?.buildState) await deps.buildAndPrice.setFlags(order.buildState, UNLOCKED);
      }
      const stepStatus = status === "confirmed" ? STEP_STATUS.completed : STEP_STATUS.initial;
      await deps.orders.setDeposit(owner(input), input.orderId, depositStepOf(status), { key: input.stepKey, status: stepStatus });
      return { status };
    },
  };
}

export const settleDeposit = (deps: DepositPaymentDeps) => defineWorkflow<SettleDepositInput>("deposit-settle", [callProcessor(deps), recordSettlement(deps)]);
