import { TRADE_IN_PHOTO_MAX_BYTES, canSeeCustomer, can, detailErrorSchema, validationErrorSchema, type TradeInWire } from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import { customerIdOf, staffHere, type StaffActor } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound, type FieldMessage } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomersService } from "../customers/service.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { TradeInFailure, tradeInsEnabled, type TradeInOwner, type TradeInRow, type TradeInService } from "./service.ts";
import { toTradeInWire, type TradeInUser } from "./views.ts";

export const tradeInErrors = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema, 409: detailErrorSchema };

/** The largest photo, in whole megabytes, for the message. */
export const PHOTO_MAX_MEGABYTES = Math.floor(TRADE_IN_PHOTO_MAX_BYTES / (1024 * 1024));

/** A refusal of the service, as the contract answers it. */
export function failureToHttp(error: unknown): never {
  if (!(error instanceof TradeInFailure)) throw error;
  const fields = (): Record<string, FieldMessage[]> =>
    Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, [Object.keys(error.values).length ? { key, values: error.values } : key]]));
  switch (error.kind) {
    case "incomplete":
      throw new FieldErrors(fields(), "trade_in_incomplete");
    case "vin_year_mismatch":
      throw new FieldErrors(fields(), "trade_in_vin_year_mismatch");
    case "order_unknown":
      throw new FieldErrors(fields(), "order_unknown");
    case "save_deal_first":
      throw new FieldErrors({ order: ["trade_in_save_deal_first"] }, "trade_in_save_deal_first");
    case "not_editable":
      throw new HttpError(409, "trade_in_not_editable", { code: "trade_in_not_editable" });
    case "no_offer":
      throw new HttpError(409, "trade_in_no_offer", { code: "trade_in_no_offer" });
    case "offer_expired":
      throw new HttpError(409, "trade_in_offer_expired", { code: "trade_in_offer_expired" });
    case "offer_not_allowed":
      throw new HttpError(409, "trade_in_offer_not_allowed", { code: "trade_in_offer_not_allowed" });
    case "flow_mismatch":
      throw new HttpError(409, "trade_in_flow_mismatch", { code: "trade_in_flow_mismatch" });
    case "not_submitted":
      throw new HttpError(409, "trade_in_not_reopenable", { code: "trade_in_not_reopenable" });
  }
}

/** Runs a service call, answering its refusal as the contract does. */
export async function attempt<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    return failureToHttp(error);
  }
}

export type TradeInRouteContext = { dealership: DealershipRow; owner: TradeInOwner };

/**
 * What a shopper's trade-in call needs first: a customer (signed in, or the one staff act for; 403 otherwise,
 * as the deal calls answer) at a dealership that offers trade-ins (403 trade_in_disabled).
 */
export function shopperContext(request: FastifyRequest): TradeInRouteContext {
  const dealership = requireDealership(request);
  const customerId = customerIdOf(request.actor);
  if (customerId === null) throw new HttpError(403, "customer_not_signed_in");
  if (!tradeInsEnabled(dealership)) throw new HttpError(403, "trade_in_disabled", { code: "trade_in_disabled" });
  return { dealership, owner: { dealershipId: dealership.id, customerId } };
}

/** Staff of this dealership who may see this customer (their role and their book), or null. */
export function staffSeeing(request: FastifyRequest, customer: { dealerUserId: number | null }): StaffActor | null {
  const staff = staffHere(request.actor);
  return staff && can(staff.role, "workspace.view") && canSeeCustomer(staff, { dealer_user: customer.dealerUserId }) ? staff : null;
}

/** Turns trade-in rows into the contract's shape, each with its offers, photos and owner. */
export function presenter(deps: { tradeIns: TradeInService; customers: Pick<CustomersService, "byId">; now: () => Date }) {
  return async function present(dealership: DealershipRow, rows: TradeInRow[]): Promise<TradeInWire[]> {
    const { offers, photos } = await deps.tradeIns.withRelations(rows);
    const users = new Map<number, TradeInUser>();
    for (const customerId of new Set(rows.map((r) => r.customerId))) {
      const customer = await deps.customers.byId(dealership.id, customerId);
      if (!customer) throw notFound("resource_not_found");
      users.set(customerId, { id: customer.id, email: customer.email, first_name: customer.firstName, last_name: customer.lastName });
    }
    const now = deps.now();
    return rows.map((row) => toTradeInWire(row, { offers, photos, user: users.get(row.customerId)!, country: dealership.country, now }));
  };
}
