import {
  chargeDepositBodySchema,
  dateInZone,
  depositAmountPaidSchema,
  depositDetailsSchema,
  depositFormSchema,
  depositOrderPathSchema,
  depositOrderQuerySchema,
  depositRefundRequestSchema,
  depositStepOf,
  depositWireSchema,
  cardDeclinedSchema,
  detailErrorSchema,
  validationErrorSchema,
  validationMessage,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customerIdOf } from "../../platform/actor.ts";
import { HttpError, SchemaErrors, notFound, parseWith } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { OrdersService } from "../orders/service.ts";
import type { DepositForm } from "@showroom/domain";
import type { DepositRow } from "./repo.ts";
import { toDepositWire, type DepositsService } from "./service.ts";

export const depositErrors = { 400: validationErrorSchema, 402: cardDeclinedSchema, 403: detailErrorSchema, 404: detailErrorSchema, 409: detailErrorSchema, 502: detailErrorSchema };

export const depositsEnabled = (dealership: DealershipRow) => dealership.moduleSettings.enabled_modules.includes("deposit");

export type PlaceOutcome =
  | { ok: true; row: DepositRow }
  | { ok: false; reason: "declined"; declineCode: string | null }
  | { ok: false; reason: "processing_error" | "vehicle_reserved" };

export type DepositRouteDeps = {
  deposits: DepositsService;
  orders: Pick<OrdersService, "find">;
  /** The vehicle's advertised (all-in) price, in cents. */
  vehiclePrice(dealership: DealershipRow, vehicleId: number): Promise<number | null>;
  /** Runs the placement workflow with the card held in memory for the call. */
  place(input: { dealership: DealershipRow; row: DepositRow; form: DepositForm }): Promise<PlaceOutcome>;
  /** Waits for a placement another request runs (the same submission sent again) to settle. */
  settled(row: DepositRow): Promise<DepositRow>;
  now: () => Date;
};

/**
 * The shopper's deposit calls (transactional contract section 7, "Deposit"), under /api/customer/deposit/. Each
 * needs a customer (signed in, or the one staff act for) and finds only that customer's deals at this dealership.
 */
export const depositRoutes =
  (deps: DepositRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { deposits } = deps;
    const tag = { tags: ["deposit"] };
    const base = "/api/customer/deposit";

    async function dealOf(request: FastifyRequest, orderId: number) {
      const dealership = requireDealership(request);
      if (!depositsEnabled(dealership)) throw new HttpError(403, "deposit_disabled", { code: "deposit_disabled" });
      const customerId = customerIdOf(request.actor);
      if (customerId === null) throw new HttpError(403, "customer_not_signed_in");
      const owner = { dealershipId: dealership.id, customerId };
      const order = await deps.orders.find(owner, orderId);
      if (!order) throw notFound("resource_not_found");
      return { dealership, owner, order };
    }

    const formSchemaFor = (dealership: DealershipRow) =>
      depositFormSchema({ country: dealership.country, geoValidation: deposits.settingsOf(dealership).geoValidation, today: dateInZone(deps.now().getTime(), dealership.timeZone) });

    app.get(
      `${base}/details/`,
      { schema: { ...tag, summary: "What the deposit page shows before a card is taken: amounts and fees, hold or charge, how long a hold lasts, refund terms, the advertised price, the deal's deposit", querystring: depositOrderQuerySchema, response: { 200: depositDetailsSchema, ...depositErrors } } },
      async (request) => {
        const { dealership, owner, order } = await dealOf(request, request.query.order);
        const existing = await deposits.repo.ofOrder(owner, order.id);
        return deposits.details(dealership, await deps.vehiclePrice(dealership, order.vehicleId), existing);
      },
    );

    app.post(
      `${base}/validate/`,
      { schema: { ...tag, summary: "Checks the card form as charge_deposit will (incomplete card number, expiry, code, the postal code of the country)", body: z.object({ order: depositOrderQuerySchema.shape.order, form: z.record(z.string(), z.unknown()) }), response: { 200: z.object({ valid: z.literal(true) }), ...depositErrors } } },
      async (request) => {
        const { dealership } = await dealOf(request, request.body.order);
        parseWith(formSchemaFor(dealership), request.body.form);
        return { valid: true as const };
      },
    );

    app.post(
      `${base}/charge_deposit/`,
      {
        schema: {
          ...tag,
          summary:
            "Places the deal's deposit (holds or charges the card by the dealership's mode) and holds the vehicle. The same client_key sent again answers the same deposit; another while one is live answers 409. 402: the card was declined; 502: the processor failed",
          body: chargeDepositBodySchema,
          response: { 201: depositWireSchema, 200: depositWireSchema, ...depositErrors },
        },
      },
      async (request, reply) => {
        const { dealership, owner, order } = await dealOf(request, request.body.order);
        const form = parseWith(formSchemaFor(dealership), request.body.form);
        // The sandbox takes its own card form's test numbers; Stripe takes the card its Elements collected.
        if (deposits.gateway.name === "sandbox" && !form.card) throw new SchemaErrors([{ path: ["card", "number"], message: validationMessage("required") }]);
        if (deposits.gateway.name === "stripe" && !form.payment_method) throw new SchemaErrors([{ path: ["payment_method"], message: validationMessage("required") }]);
        const same = await deposits.repo.byClientKey(order.id, request.body.client_key);
        if (same) return reply.status(200).send(toDepositWire(await deps.settled(same)));
        const { settings, charge } = deposits.chargeOf(dealership);
        const at = deps.now();
        const row = await deposits.repo.insert({
          dealershipId: dealership.id,
          customerId: owner.customerId,
          orderId: order.id,
          vehicleId: order.vehicleId,
          gateway: deposits.gateway.name,
          mode: settings.mode,
          currency: dealership.currencyUnit,
          feeMode: settings.feeMode,
          depositCents: charge.depositCents,
          processingFeeCents: charge.processingFeeCents,
          fixedFeeCents: charge.fixedFeeCents,
          totalCents: charge.totalCents,
          cancellationFeeCents: settings.cancellationFeeCents,
          refundableOnRequest: settings.refundableOnRequest,
          status: "created",
          clientKey: request.body.client_key,
          nameOnCard: form.name_on_card,
          firstName: form.first_name,
          lastName: form.last_name,
          addressLine: form.address_line,
          postalCode: form.postal_code,
          couponCode: form.coupon_code ?? null,
          paymentMethodId: form.payment_method ?? null,
          createdAt: at,
          updatedAt: at,
        });
        if (!row) {
          // Sent twice at once with the same key: the other request places it.
          const raced = await deposits.repo.byClientKey(order.id, request.body.client_key);
          if (raced) return reply.status(200).send(toDepositWire(await deps.settled(raced)));
          throw new HttpError(409, "deposit_exists", { code: "deposit_exists" });
        }
        const outcome = await deps.place({ dealership, row, form });
        if (!outcome.ok) {
          if (outcome.reason === "vehicle_reserved") throw new HttpError(409, "vehicle_reserved", { code: "vehicle_reserved" });
          // The processor's reason goes along: the page words a card asking for authentication (3-D Secure) apart.
          if (outcome.reason === "declined") throw new HttpError(402, "card_declined", { code: "card_declined", ...(outcome.declineCode && { decline_code: outcome.declineCode }) });
          throw new HttpError(502, "card_processing_error", { code: "card_processing_error" });
        }
        return reply.status(201).send(toDepositWire(outcome.row));
      },
    );

    app.get(
      `${base}/:order/deposit_amount_paid/`,
      { schema: { ...tag, summary: "What the deal's deposit has paid (captured, less refunds) and its step", params: depositOrderPathSchema, response: { 200: depositAmountPaidSchema, ...depositErrors } } },
      async (request) => {
        const { owner, order } = await dealOf(request, request.params.order);
        const row = await deposits.repo.ofOrder(owner, order.id);
        return { deposit_amount_paid: row ? toDepositWire(row).deposit_amount_paid : "0.00", status: depositStepOf(row?.status ?? null) };
      },
    );

    app.post(
      `${base}/:order/request_refund/`,
      { schema: { ...tag, summary: "The shopper asks for the deposit back; the dealership confirms or refunds it (less the cancellation fee unless refundable on request)", params: depositOrderPathSchema, body: depositRefundRequestSchema, response: { 200: depositWireSchema, ...depositErrors } } },
      async (request) => {
        const { owner, order } = await dealOf(request, request.params.order);
        const row = await deposits.repo.ofOrder(owner, order.id);
        if (!row || (row.status !== "pre_authorized" && row.status !== "confirmed")) throw new HttpError(409, "deposit_not_refundable", { code: "deposit_not_refundable" });
        const updated = await deposits.repo.update(row.id, { refundRequestedAt: deps.now(), refundRequestReason: request.body.reason ?? null, updatedAt: deps.now() });
        return toDepositWire(updated!);
      },
    );
  };
