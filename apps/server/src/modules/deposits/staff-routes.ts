import { can, canSeeCustomer, depositRefund, depositWireSchema, idPathSchema, rowIdTextSchema, staffDepositRefundSchema, validationMessage } from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../../platform/actor.ts";
import { HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomersService } from "../customers/service.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { DepositRow } from "./repo.ts";
import { depositErrors } from "./routes.ts";
import { toDepositWire, type DepositsService } from "./service.ts";

export type SettleAction = "capture" | "release" | "refund";

const customerQuerySchema = z.object({ customer: rowIdTextSchema(validationMessage("row_id")) });

/**
 * The workspace's deposit calls: staff who see the customer read their deposits; the roles that move money
 * (deposits.manage: the manager and the admins) capture or release a hold and refund a charge, less the
 * cancellation fee where it applies.
 */
export const depositStaffRoutes =
  (deps: {
    deposits: DepositsService;
    customers: Pick<CustomersService, "byId">;
    settle(input: { dealership: DealershipRow; row: DepositRow; action: SettleAction; amountCents: number }): Promise<DepositRow>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tag = { tags: ["deposit", "dealer"] };

    async function visible(request: FastifyRequest, customerId: number) {
      const staff = requireStaff(request, "workspace.view");
      const dealership = requireDealership(request);
      const customer = await deps.customers.byId(dealership.id, customerId);
      if (!customer || !canSeeCustomer(staff, { dealer_user: customer.dealerUserId })) throw notFound("resource_not_found");
      return { staff, dealership };
    }

    async function managed(request: FastifyRequest, id: number) {
      const dealership = requireDealership(request);
      const row = await deps.deposits.repo.atDealership(dealership.id, id);
      if (!row) {
        requireStaff(request, "deposits.manage");
        throw notFound("resource_not_found");
      }
      const { staff } = await visible(request, row.customerId);
      if (!can(staff.role, "deposits.manage")) throw new HttpError(403, "permission_denied");
      return { dealership, row };
    }

    app.get(
      "/api/quickshop/deposits/",
      { schema: { ...tag, summary: "A customer's deposits, newest first, for staff who see that customer", querystring: customerQuerySchema, response: { 200: z.array(depositWireSchema), ...depositErrors } } },
      async (request) => {
        const { dealership } = await visible(request, request.query.customer);
        return (await deps.deposits.repo.listOf({ dealershipId: dealership.id, customerId: request.query.customer })).map(toDepositWire);
      },
    );

    app.post(
      "/api/quickshop/deposits/:id/capture/",
      { schema: { ...tag, summary: "Captures a held deposit (deposits.manage)", params: idPathSchema, response: { 200: depositWireSchema, ...depositErrors } } },
      async (request) => {
        const { dealership, row } = await managed(request, request.params.id);
        if (row.status !== "pre_authorized") throw new HttpError(409, "deposit_not_held", { code: "deposit_not_held" });
        return toDepositWire(await deps.settle({ dealership, row, action: "capture", amountCents: row.totalCents }));
      },
    );

    app.post(
      "/api/quickshop/deposits/:id/release/",
      { schema: { ...tag, summary: "Releases a held deposit: nothing is charged, the vehicle is free again (deposits.manage)", params: idPathSchema, response: { 200: depositWireSchema, ...depositErrors } } },
      async (request) => {
        const { dealership, row } = await managed(request, request.params.id);
        if (row.status !== "pre_authorized") throw new HttpError(409, "deposit_not_held", { code: "deposit_not_held" });
        return toDepositWire(await deps.settle({ dealership, row, action: "release", amountCents: 0 }));
      },
    );

    app.post(
      "/api/quickshop/deposits/:id/refund/",
      {
        schema: {
          ...tag,
          summary: "Refunds a charged deposit, less the cancellation fee unless it is waived or the deposit is refundable on request; a hold is released instead (deposits.manage)",
          params: idPathSchema,
          body: staffDepositRefundSchema,
          response: { 200: depositWireSchema, ...depositErrors },
        },
      },
      async (request) => {
        const { dealership, row } = await managed(request, request.params.id);
        if (row.status === "pre_authorized") return toDepositWire(await deps.settle({ dealership, row, action: "release", amountCents: 0 }));
        if (row.status !== "confirmed") throw new HttpError(409, "deposit_not_refundable", { code: "deposit_not_refundable" });
        const { refundCents } = depositRefund({
          paidCents: row.totalCents,
          alreadyRefundedCents: row.refundedCents,
          cancellationFeeCents: request.body.apply_cancellation_fee ? row.cancellationFeeCents : 0,
          refundableOnRequest: row.refundableOnRequest,
          contractSigned: false,
        });
        if (refundCents <= 0) throw new HttpError(409, "deposit_not_refundable", { code: "deposit_not_refundable" });
        return toDepositWire(await deps.settle({ dealership, row, action: "refund", amountCents: refundCents }));
      },
    );
  };
