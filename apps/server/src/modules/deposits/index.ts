import { randomBytes } from "node:crypto";
import { STEP_STATUS, depositStepOf } from "@showroom/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { placeDeposit, settleDeposit, VehicleReserved, type DepositPaymentDeps } from "../../workflows/deposit-payment.ts";
import { WorkflowFailed } from "../../workflows/runner/step-runner.ts";
import { depositEmail, depositLink, postDepositEditEmail } from "./emails.ts";
import type { PaymentCard } from "./gateway.ts";
import type { DepositRow } from "./repo.ts";
import { depositRoutes, type PlaceOutcome } from "./routes.ts";
import { sandboxGateway } from "./sandbox-gateway.ts";
import { stripeGateway } from "./stripe-gateway.ts";
import { stripeWebhookRoutes } from "./webhook-routes.ts";
import { depositStepKey, depositsService, type DepositsService } from "./service.ts";
import { depositStaffRoutes, type SettleAction } from "./staff-routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    deposits: DepositsService & {
      /** The jobs pass: holds whose deadline is within the hour are released (expired) before the network lets them go. */
      runJobs(): Promise<{ expired: number }>;
    };
  }
}

const HOUR_MS = 3_600_000;

/**
 * Refundable deposits by card: the sandbox processor (a demonstration, test cards only) behind the gateway
 * interface; placing and settling run as workflows (deposit-payment.ts) that hold and free the vehicle.
 */
export const depositsModule = fp(
  async (app: FastifyInstance) => {
    const { db, orders, inventory, customers, notifications, config } = app;
    const stripe = app.config.stripe ? stripeGateway(app.config.stripe) : null;
    const gateway = stripe ?? sandboxGateway({ db, now: app.now });
    const deposits = depositsService({ db, now: app.now, gateway, stripePublishableKey: app.config.stripe?.publishableKey ?? null });
    // The card of a placement this process is running: in memory for the call, never written anywhere.
    const cards = new Map<number, PaymentCard>();
    const deps: DepositPaymentDeps = { repo: deposits.repo, gateway, inventory, orders, buildAndPrice: app.buildAndPrice, cardOf: (id) => cards.get(id), now: app.now };
    const place = placeDeposit(deps);
    const settleWorkflow = settleDeposit(deps);
    app.workflows.register(place as never);
    app.workflows.register(settleWorkflow as never);

    /** The shopper hears of their deposit: the receipt when it is placed, then each change the dealership or the processor makes. */
    async function tell(row: DepositRow, event: Parameters<typeof depositEmail>[0]["event"]) {
      const dealership = await app.dealerships.byId(row.dealershipId);
      const customer = dealership ? await customers.byId(dealership.id, row.customerId) : null;
      if (!dealership || !customer) return;
      const vehicle = await inventory.findForDealership(dealership.id, row.vehicleId);
      const language = customer.language === "fr" ? "fr" : "en";
      const mail = depositEmail({
        event,
        language,
        dealerName: dealership.name,
        firstName: customer.firstName,
        vehicle: vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : "",
        deposit: row,
        timeZone: dealership.timeZone,
        link: depositLink(config.publicUrl, dealership.code, language, row.orderId),
      });
      await notifications.queueEmail(db, { dealershipId: dealership.id, to: customer.email, ...mail, language });
    }
    // Spec 4: after staff change a build its deposit holds, the buyer hears what changed.
    app.buildAndPrice.afterStaffEdit(async (edit) => {
      const order = await orders.withBuildState(edit.dealershipId, edit.buildStateUid);
      const dealership = order ? await app.dealerships.byId(order.dealershipId) : null;
      const customer = order && dealership ? await customers.byId(dealership.id, order.customerId) : null;
      if (!order || !dealership || !customer) return;
      const vehicle = await inventory.findForDealership(dealership.id, order.vehicleId);
      const language = customer.language === "fr" ? "fr" : "en";
      const mail = postDepositEditEmail({
        language,
        currency: dealership.currencyUnit,
        dealerName: dealership.name,
        firstName: customer.firstName,
        vehicle: vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : "",
        edit,
        link: depositLink(config.publicUrl, dealership.code, language, order.id),
      });
      await notifications.queueEmail(db, { dealershipId: dealership.id, to: customer.email, ...mail, language });
    });
    const eventOf = (status: DepositRow["status"]) =>
      status === "confirmed" ? "confirmed" : status === "expired" ? "expired" : status === "refunded" ? "refunded" : status === "canceled" ? "canceled" : null;

    async function settle(input: { stepKey: "deposit" | "vw-deposit"; row: DepositRow; action: SettleAction | "expire"; amountCents: number }) {
      const { row } = input;
      await app.workflows.run(settleWorkflow, `${row.id}:${input.action}:${randomBytes(6).toString("hex")}`, {
        depositId: row.id,
        dealershipId: row.dealershipId,
        customerId: row.customerId,
        orderId: row.orderId,
        vehicleId: row.vehicleId,
        stepKey: input.stepKey,
        action: input.action,
        amountCents: input.amountCents,
      });
      const after = (await deposits.repo.byId(row.id))!;
      const event = eventOf(after.status);
      if (event) await tell(after, event);
      return after;
    }

    async function settled(row: DepositRow): Promise<DepositRow> {
      // Another request places this very submission: its answer is the deposit once the processor has answered.
      for (let waited = 0; waited < 15_000; waited += 100) {
        const now = await deposits.repo.byId(row.id);
        if (!now || (now.status !== "created" && now.status !== "initiated")) return now ?? row;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return (await deposits.repo.byId(row.id)) ?? row;
    }

    app.decorate(
      "deposits",
      Object.assign(deposits, {
        async runJobs() {
          let expired = 0;
          for (const row of await deposits.repo.holdsDue(new Date(app.now().getTime() + HOUR_MS))) {
            const dealership = await app.dealerships.byId(row.dealershipId);
            if (!dealership) continue;
            try {
              await settle({ stepKey: depositStepKey(dealership), row, action: "expire", amountCents: 0 });
              expired++;
            } catch (error) {
              // The processor may have let it go first: its word is taken.
              app.log.warn({ err: error, deposit: row.id }, "an expiring deposit hold could not be released; reading the processor's state");
              await reconcile(row).catch((failure: unknown) => app.log.error({ err: failure, deposit: row.id }, "a deposit could not be reconciled"));
            }
          }
          return { expired };
        },
      }),
    );

    await app.register(
      depositRoutes({
        deposits,
        orders,
        async vehiclePrice(dealership, vehicleId) {
          const found = await inventory.findForDealership(dealership.id, vehicleId);
          return found?.priceCents ?? null;
        },
        async place({ dealership, row, form }): Promise<PlaceOutcome> {
          const settings = deposits.settingsOf(dealership);
          const card: PaymentCard | undefined = form.card
            ? { kind: "card", number: form.card.number, expMonth: form.card.exp_month, expYear: form.card.exp_year, cvc: form.card.cvc }
            : form.payment_method
              ? { kind: "payment_method", id: form.payment_method }
              : undefined;
          if (card) cards.set(row.id, card);
          try {
            await app.workflows.run(place, String(row.id), {
              depositId: row.id,
              dealershipId: row.dealershipId,
              customerId: row.customerId,
              orderId: row.orderId,
              vehicleId: row.vehicleId,
              stepKey: depositStepKey(dealership),
              postDepositEdit: { enabled: settings.postDepositEdit, confirmRequired: settings.postDepositEditConfirmRequired },
            });
            const placed = (await deposits.repo.byId(row.id))!;
            await tell(placed, "placed");
            return { ok: true, row: placed };
          } catch (error) {
            if (!(error instanceof WorkflowFailed)) throw error;
            const after = await deposits.repo.byId(row.id);
            // A deposit that did not go through frees the deal for another attempt.
            await deposits.repo.updateIfStatus(row.id, ["created", "initiated"], { status: error.step === "hold-vehicle" ? "canceled" : "error", updatedAt: app.now() });
            if (error.step === "hold-vehicle" && error.reason === new VehicleReserved().message) return { ok: false, reason: "vehicle_reserved" };
            if (after?.status === "rejected") {
              return after.declineCode === "processing_error" ? { ok: false, reason: "processing_error" } : { ok: false, reason: "declined", declineCode: after.declineCode };
            }
            app.log.error({ deposit: row.id, step: error.step, reason: error.reason }, "a deposit could not be placed; what was done was undone");
            return { ok: false, reason: "processing_error" };
          } finally {
            cards.delete(row.id);
          }
        },
        settled,
        now: app.now,
      }),
    );
    /**
     * The processor's own word on a deposit (a webhook, or a hold it let go): the payment is read again from the
     * processor before anything changes, and the deposit, the vehicle and the deal are brought in line with it.
     */
    async function reconcile(row: DepositRow) {
      if (!row.processorPaymentId) return row;
      const payment = await gateway.retrieve(row.processorPaymentId);
      if (!payment) return row;
      const dealership = await app.dealerships.byId(row.dealershipId);
      const at = app.now();
      const owner = { dealershipId: row.dealershipId, customerId: row.customerId };
      const stepKey = dealership ? depositStepKey(dealership) : "deposit";
      let changed: DepositRow | null = null;
      if (payment.status === "canceled" && row.status === "pre_authorized") {
        changed = await deposits.repo.updateIfStatus(row.id, ["pre_authorized"], { status: "expired", releasedAt: at, updatedAt: at });
      } else if (payment.status === "succeeded" && row.status === "pre_authorized") {
        changed = await deposits.repo.updateIfStatus(row.id, ["pre_authorized"], { status: "confirmed", capturedAt: at, holdDeadline: null, updatedAt: at });
      } else if (payment.refundedCents > row.refundedCents && (row.status === "confirmed" || row.status === "refunded")) {
        changed = await deposits.repo.updateIfStatus(row.id, ["confirmed", "refunded"], { status: "refunded", refundedCents: payment.refundedCents, updatedAt: at });
      }
      if (!changed) return row;
      const event = eventOf(changed.status);
      if (event) await tell(changed, event);
      if (changed.status !== "confirmed") await inventory.releaseHold(row.dealershipId, row.vehicleId, row.customerId, at);
      await orders.setDeposit(owner, row.orderId, depositStepOf(changed.status), { key: stepKey, status: changed.status === "confirmed" ? STEP_STATUS.completed : STEP_STATUS.initial });
      return changed;
    }

    if (stripe) {
      await app.register(
        stripeWebhookRoutes({
          verify: (raw, signature) => stripe.verifyEvent(raw, signature),
          firstSight: (id, type) => deposits.repo.firstSight(id, type, app.now()),
          async paymentChanged(paymentId) {
            const row = await deposits.repo.byProcessorId(paymentId);
            if (row) await reconcile(row);
          },
        }),
      );
    }

    await app.register(
      depositStaffRoutes({
        deposits,
        customers,
        settle: ({ dealership, row, action, amountCents }) => settle({ stepKey: depositStepKey(dealership), row, action, amountCents }),
      }),
    );
  },
  { name: "deposits", dependencies: ["customers", "orders", "inventory", "build-and-price", "notifications", "dealerships", "workflows"] },
);
