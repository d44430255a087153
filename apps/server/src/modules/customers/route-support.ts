import { signUpRulesFor, type ContactLead, type DeletionRefusal, type NotifyMeInput, type Registration } from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import { customerIdOf, type StaffActor } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomerSession } from "../../workflows/customer-session.ts";
import type { CustomerLeads } from "../../workflows/customer-lead.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { toDealerInfo } from "../dealerships/service.ts";
import type { CustomerRow, CustomersService } from "./service.ts";

export type CustomerRouteDeps = {
  customers: CustomersService;
  /** Signs the customer in and out of the session (a staff user acting for them stays). */
  session: Pick<CustomerSession, "signIn" | "signOut">;
  leads: Pick<CustomerLeads, "send">;
  contactDealer(input: { dealershipId: number; lead: ContactLead; language: string; customerId: number | null }): Promise<{ id: number }>;
  /** Stores a notify-me request, marks the deals it concerns and queues its CRM lead. */
  notifyMe(input: { dealership: DealershipRow; request: NotifyMeInput; customerId: number | null; byStaff: boolean; language: "en" | "fr" }): Promise<{ id: number; queued: boolean }>;
  /** Creates the customer and sends what follows from it (consents, CRM lead, invitation); null on an email conflict. */
  register(input: { dealership: DealershipRow; registration: Registration; language: "en" | "fr"; staff: StaffActor | null; origin: string }): Promise<CustomerRow | null>;
  /** Whether this dealership may show the vehicle (its own or its group's). */
  vehicleVisible(dealershipId: number, vehicleId: number): Promise<boolean>;
  /** Whether the deal is this customer's, at this dealership. */
  orderOwned(owner: { dealershipId: number; customerId: number }, orderId: number): Promise<boolean>;
  /** Why the customer's account cannot be closed (a deal holds a deposit or waits for a quote), or null. */
  accountClosingRefusal(customer: CustomerRow): Promise<DeletionRefusal | null>;
  /** Every link the customer is sent or shown starts here (never the request's Host header). */
  publicOrigin: string;
  /** Sign-up, code and re-entry-link calls one address may make in 15 minutes. */
  signInLimitPer15Minutes: number;
};

export const customersTag = { tags: ["customers"] };

export const signUpRulesOf = (dealership: DealershipRow) => signUpRulesFor(toDealerInfo(dealership));

/** The customer of this call (signed in, or the one a staff user acts for); 403 when there is none. */
export async function signedInCustomer(deps: Pick<CustomerRouteDeps, "customers">, request: FastifyRequest): Promise<CustomerRow> {
  const id = customerIdOf(request.actor);
  const row = id !== null ? await deps.customers.byId(requireDealership(request).id, id) : null;
  if (!row) throw new HttpError(403, "customer_not_signed_in");
  return row;
}

/** The signed-in customer when the path names them; anyone else's id is simply not found. */
export async function customerInPath(deps: Pick<CustomerRouteDeps, "customers">, request: FastifyRequest, id: number): Promise<CustomerRow> {
  const row = await signedInCustomer(deps, request);
  if (row.id !== id) throw notFound("resource_not_found");
  return row;
}

/** Ids a lead or an event names must be ones the caller may see: the dealership's vehicles, the customer's own deals. */
export async function checkReferences(
  deps: Pick<CustomerRouteDeps, "vehicleVisible" | "orderOwned">,
  request: FastifyRequest,
  refs: { vehicle?: number | undefined; order?: number | undefined },
) {
  const dealership = requireDealership(request);
  const fields: Record<string, "resource_not_found"[]> = {};
  if (refs.vehicle !== undefined && !(await deps.vehicleVisible(dealership.id, refs.vehicle))) fields["vehicle"] = ["resource_not_found"];
  if (refs.order !== undefined) {
    const customerId = customerIdOf(request.actor);
    if (customerId === null || !(await deps.orderOwned({ dealershipId: dealership.id, customerId }, refs.order))) fields["order"] = ["resource_not_found"];
  }
  if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
}
