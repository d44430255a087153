import { cents, formatMoney, renderAdfLead } from "@showroom/domain";
import type { CreditApplicationRow } from "../modules/credit-applications/repo.ts";
import type { CustomersService } from "../modules/customers/service.ts";
import type { DealershipRow } from "../modules/dealerships/service.ts";
import { queueCrmLead } from "../modules/notifications/service.ts";
import type { OrdersService } from "../modules/orders/service.ts";
import { LEAD_PROVIDER_NAME, type ContactDealerDeps } from "./contact-dealer.ts";
import { customerLeads } from "./customer-lead.ts";

export type CreditApplicationLeadDeps = ContactDealerDeps & {
  customers: Pick<CustomersService, "byId" | "logCrmEvent">;
  orders: Pick<OrdersService, "find">;
};

/**
 * A sent credit application reaches the dealership's CRM: the "credit_app_finish" event is logged, and when the
 * dealership takes the customer's leads, an ADF lead naming the deal's vehicle and the financing asked for. The
 * lead carries the contact details every lead carries, never the application's answers (its SIN, birth date or
 * income): staff read those in the workspace, where each read is recorded.
 */
export function creditApplicationLeads(deps: CreditApplicationLeadDeps) {
  const leads = customerLeads(deps);
  return async function creditApplicationSent(input: { dealership: DealershipRow; application: CreditApplicationRow; byStaff: boolean; pageUrl: string }) {
    const { dealership, application } = input;
    const owner = { dealershipId: dealership.id, customerId: application.customerId };
    const [customer, order] = await Promise.all([deps.customers.byId(dealership.id, application.customerId), deps.orders.find(owner, application.orderId)]);
    if (!customer) return;
    await deps.customers.logCrmEvent({ dealershipId: dealership.id, customerId: customer.id, event: "credit_app_finish", orderId: application.orderId, vehicleId: order?.vehicleId ?? null });
    const target = await leads.target({ dealership, createdByStaff: input.byStaff, sendLeadToCrm: customer.sendLeadToCrm, vehicleId: order?.vehicleId ?? null });
    if (!target) return;
    const now = deps.now();
    const financed = application.amountFinancedCents === null ? "" : ` of ${formatMoney(cents(application.amountFinancedCents), { locale: "en-ca", currency: dealership.currencyUnit })}`;
    const coApplicant = application.screens.acknowledgement?.with_co_applicant === true ? " with a co-applicant" : "";
    const adf = renderAdfLead({
      id: `credit-application-${application.id}`,
      requested_at: now,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      comments: `Credit application sent${coApplicant} for ${application.paymentType ?? "financing"}${financed}. ${input.pageUrl}`,
      lead_type: "credit_application",
      source: customer.source,
      vehicle: target.vehicle,
      vendor_name: dealership.name,
      vendor_phone: dealership.profile.phone,
      provider_name: LEAD_PROVIDER_NAME,
    });
    await queueCrmLead(deps.db, {
      dealershipId: dealership.id,
      to: target.to,
      subject: `Credit application: ${customer.firstName} ${customer.lastName}`.trim(),
      adf,
      lead: { type: "credit_application", id: application.id },
      now,
    });
  };
}
