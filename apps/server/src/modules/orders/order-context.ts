import {
  detailErrorSchema,
  validationErrorSchema,
  type activityEntrySchema,
  type OrderPayment,
  type PaymentType,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { customerIdOf, sessionOwner, type SessionOwner } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { SavedVehicle } from "../inventory/vehicle-views.ts";
import {
  dealVehicle,
  toOrder,
  type CustomerInfo,
  type OrderOwner,
  type OrderRow,
  type OrdersService,
  type StepSettings,
} from "./service.ts";

type PaymentChoice = { uid: string; snapshot: OrderPayment; addOns: { accessory_ids: number[]; protection_ids: number[] } };

type DealCustomer = CustomerInfo & { id: number; firstName: string; language: "en" | "fr" };

export type OrderRouteDeps = {
  orders: OrdersService;
  /** The customer as a deal names them, or null when not of this dealership. */
  dealCustomer(dealership: DealershipRow, customerId: number): Promise<DealCustomer | null>;
  /** The vehicle as a deal shows it, when this dealership may list it (its own or its group's). */
  vehicleFor(dealership: DealershipRow, vehicleId: number): Promise<SavedVehicle | null>;
  vehiclesByIds(ids: number[]): Promise<Map<number, SavedVehicle>>;
  /** A payment option this session priced for this vehicle at this dealership, or null. */
  paymentChoice(uid: string, owner: SessionOwner, vehicleId: number): Promise<PaymentChoice | null>;
  /** The build-and-price configuration may be used by this caller and is of this vehicle. */
  buildStateUsable(uid: string, owner: SessionOwner, vehicleId: number): Promise<boolean>;
  incentiveIds(dealership: DealershipRow): Promise<Set<string>>;
  /**
   * The deal's add-ons checked against the dealership's catalogue for this vehicle: the plans kept for
   * the payment type, or the field naming an accessory or plan it does not offer.
   */
  checkAddOns(
    dealership: DealershipRow,
    vehicleId: number,
    paymentType: PaymentType | null,
    selection: { accessory_ids: number[]; protection_ids: number[] },
  ): Promise<{ ok: true; protection_ids: number[] } | { ok: false; field: "accessory_ids" | "protection_ids" }>;
  sendOrderLink(input: { dealership: DealershipRow; customer: DealCustomer; vehicleTitle: string }): Promise<void>;
  /** A new deal was saved: its lead for the dealership's CRM (when it takes the customer's leads). */
  dealSaved(input: { dealership: DealershipRow; order: OrderRow; byStaff: boolean; url: string | null }): Promise<unknown>;
  /** What staff did on this deal while acting for its customer, newest first. */
  activityOf(
    owner: OrderOwner,
    orderId: number,
    page: number,
  ): Promise<{ count: number; results: z.infer<typeof activityEntrySchema>[] }>;
  activityPageSize: number;
};

export const stepSettingsOf = (dealership: DealershipRow): StepSettings => ({
  enabled_modules: dealership.moduleSettings.enabled_modules,
  deposit_system: dealership.profile.deposit_system,
});

export const orderResponses = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };

/** What every order route asks first: the signed-in customer, the deal they own, the deal as the contract shows it. */
export function orderContext(deps: OrderRouteDeps) {
  const { orders } = deps;
  async function customerOf(request: FastifyRequest) {
    const customerId = customerIdOf(request.actor);
    return customerId === null ? null : deps.dealCustomer(requireDealership(request), customerId);
  }

  async function ownerOf(request: FastifyRequest) {
    const dealership = requireDealership(request);
    const customer = await customerOf(request);
    if (!customer) throw new HttpError(403, "customer_not_signed_in");
    return {
      dealership,
      customer,
      owner: { dealershipId: dealership.id, customerId: customer.id } satisfies OrderOwner,
    };
  }

  async function present(dealership: DealershipRow, customer: CustomerInfo, rows: OrderRow[]) {
    const vehicles = await deps.vehiclesByIds(rows.map((r) => r.vehicleId));
    return rows.map((row) =>
      toOrder(row, {
        dealershipCode: dealership.code,
        vehicle: dealVehicle(row, vehicles),
        customer,
        settings: stepSettingsOf(dealership),
      }),
    );
  }

  async function owned(request: FastifyRequest, id: number) {
    const context = await ownerOf(request);
    const row = await orders.find(context.owner, id);
    if (!row) throw notFound("resource_not_found");
    return { ...context, row };
  }

  async function paymentFor(
    request: FastifyRequest,
    dealership: DealershipRow,
    uid: string | undefined,
    vehicleId: number,
  ) {
    if (uid === undefined) return null;
    const choice = await deps.paymentChoice(uid, sessionOwner(request, dealership), vehicleId);
    if (!choice) throw new FieldErrors({ payment_option: ["payment_option_unknown"] });
    return choice;
  }

  async function assertBuildState(
    request: FastifyRequest,
    dealership: DealershipRow,
    uid: string | null | undefined,
    vehicleId: number,
  ) {
    if (uid === undefined || uid === null) return;
    if (!(await deps.buildStateUsable(uid, sessionOwner(request, dealership), vehicleId)))
      throw new FieldErrors({ build_state: ["build_state_unknown"] });
  }

  /**
   * The add-on lists a change leaves on the deal, checked (400 naming the list at fault); plans the
   * payment type does not take are dropped. Undefined lists stay as they are unless the type changes.
   */
  async function addOnChanges(
    dealership: DealershipRow,
    vehicleId: number,
    paymentType: PaymentType | null,
    current: { accessory_ids: number[]; protection_ids: number[] },
    changes: { accessory_ids?: number[] | undefined; protection_ids?: number[] | undefined },
  ) {
    const selection = { accessory_ids: changes.accessory_ids ?? current.accessory_ids, protection_ids: changes.protection_ids ?? current.protection_ids };
    const checked = await deps.checkAddOns(dealership, vehicleId, paymentType, selection);
    if (!checked.ok) throw new FieldErrors({ [checked.field]: [checked.field === "accessory_ids" ? "accessory_unknown" : "protection_plan_unknown"] });
    return { accessory_ids: [...new Set(selection.accessory_ids)], protection_ids: checked.protection_ids };
  }

  return { customerOf, ownerOf, present, owned, paymentFor, assertBuildState, addOnChanges };
}
