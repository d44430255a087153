import { crmDestination, renderAdfLead, type AdfVehicle } from "@showroom/domain";
import type { Db } from "../db/client.ts";
import type { CustomerRow } from "../modules/customers/service.ts";
import type { DealershipRow } from "../modules/dealerships/service.ts";
import { queueCrmLead } from "../modules/notifications/service.ts";
import { adfVehicle, LEAD_PROVIDER_NAME, type ContactDealerDeps } from "./contact-dealer.ts";

/** Where a customer's lead goes and the vehicle it names, read before the transaction that queues it. */
export type LeadTarget = { to: string; dealership: DealershipRow; vehicle: AdfVehicle | null; createdByStaff: boolean };

/**
 * A customer's lead (at registration, or sent from a page) goes to the dealership's CRM as ADF/XML only
 * when the dealership has a CRM, the customer did not opt out, and, for staff-created customers, only
 * when the dealership takes dealer leads.
 */
export function customerLeads(deps: ContactDealerDeps) {
  const leads = {
    /** Null when the lead goes to no CRM. */
    async target(input: { dealership: DealershipRow; createdByStaff: boolean; sendLeadToCrm: boolean; vehicleId: number | null }): Promise<LeadTarget | null> {
      const settings = await deps.dealerships.crmSettings(input.dealership.id);
      const to = settings ? crmDestination(settings, { created_by_staff: input.createdByStaff, send_lead_to_crm: input.sendLeadToCrm }) : null;
      if (!to) return null;
      const vehicle = input.vehicleId !== null ? await adfVehicle(deps, input.dealership.id, input.vehicleId) : null;
      return { to, dealership: input.dealership, vehicle, createdByStaff: input.createdByStaff };
    },

    /** Queues the lead in the caller's transaction. */
    async queue(db: Db, target: LeadTarget, customer: CustomerRow, details: { url: string | null; comments: string | null }) {
      const now = deps.now();
      const adf = renderAdfLead({
        id: `customer-${customer.id}-${now.getTime()}`,
        requested_at: now,
        first_name: customer.firstName,
        last_name: customer.lastName,
        email: customer.email,
        phone: customer.phone,
        comments: [details.comments, details.url].filter(Boolean).join("\n\n") || null,
        lead_type: customer.leadType ?? (target.createdByStaff ? "dealer_created" : "registration"),
        source: customer.source,
        vehicle: target.vehicle,
        vendor_name: target.dealership.name,
        vendor_phone: target.dealership.profile.phone,
        provider_name: LEAD_PROVIDER_NAME,
      });
      await queueCrmLead(db, {
        dealershipId: target.dealership.id,
        to: target.to,
        subject: `Lead: ${customer.firstName} ${customer.lastName}`.trim(),
        adf,
        lead: { type: "customer", id: customer.id },
        now,
      });
    },

    /** A lead the customer sends from a page, queued when the dealership takes it; false when it went nowhere. */
    async send(input: { dealership: DealershipRow; customer: CustomerRow; byStaff: boolean; url: string | null; comments: string | null; vehicleId: number | null }) {
      const target = await leads.target({
        dealership: input.dealership,
        createdByStaff: input.byStaff,
        sendLeadToCrm: input.customer.sendLeadToCrm,
        vehicleId: input.vehicleId,
      });
      if (!target) return false;
      await leads.queue(deps.db, target, input.customer, { url: input.url, comments: input.comments });
      return true;
    },
  };
  return leads;
}
export type CustomerLeads = ReturnType<typeof customerLeads>;
