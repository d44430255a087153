import { invitationEmail, type Registration } from "@showroom/domain";
import type { Db } from "../db/client.ts";
import type { CustomerRow, CustomersService, Mailer } from "../modules/customers/service.ts";
import type { DealershipRow } from "../modules/dealerships/service.ts";
import type { CustomerLeads } from "./customer-lead.ts";

/**
 * Registration in one transaction: the customer and its consents, the CRM lead when the dealership takes
 * it, and the invitation a staff user asked for. Either all of it is there or none (an email conflict included).
 */
export async function registerCustomer(
  deps: { db: Db; customers: CustomersService; mailer: Mailer; leads: CustomerLeads },
  input: { dealership: DealershipRow; registration: Registration; language: "en" | "fr"; staff: { id: number; fullName: string } | null; origin: string },
): Promise<CustomerRow | null> {
  const { registration } = input;
  const leadTarget = await deps.leads.target({
    dealership: input.dealership,
    createdByStaff: input.staff !== null,
    sendLeadToCrm: registration.send_lead_to_crm,
    vehicleId: registration.vehicle ?? null,
  });
  return deps.db.transaction(async (transaction) => {
    const tx: Db = transaction;
    const customer = await deps.customers.register(tx, {
      dealership: input.dealership,
      registration,
      language: input.language,
      staffUserId: input.staff?.id ?? null,
    });
    if (!customer) return null;
    if (leadTarget) await deps.leads.queue(tx, leadTarget, customer, { url: registration.url ?? null, comments: null });
    if (input.staff && customer.sendInvitationEmail) {
      const mail = invitationEmail({
        language: customer.language,
        dealerName: input.dealership.name,
        firstName: customer.firstName,
        staffName: input.staff.fullName,
        link: deps.customers.tokenizedUrl(input.origin, input.dealership, customer),
      });
      await deps.mailer.queueEmail(tx, { dealershipId: input.dealership.id, to: customer.email, ...mail, language: customer.language });
    }
    return customer;
  });
}
