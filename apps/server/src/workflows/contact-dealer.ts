import type { ContactLead } from "@showroom/domain";
import type { Db } from "../db/client.ts";
import { customersRepo } from "../modules/customers/repo.ts";
import { notificationsRepo } from "../modules/notifications/repo.ts";

/**
 * Stores a contact-dealer lead and queues it for the dealership's CRM in one transaction: either the
 * dealership has the lead and its delivery is pending, or neither happened.
 */
export async function contactDealer(db: Db, input: { dealershipId: number; lead: ContactLead; language: string }) {
  return db.transaction(async (tx) => {
    const { lead } = input;
    const row = await customersRepo(tx as unknown as Db).insertContactLead({
      dealershipId: input.dealershipId,
      vehicleId: lead.vehicle ?? null,
      orderId: lead.order ?? null,
      firstName: lead.first_name,
      lastName: lead.last_name,
      email: lead.email,
      phone: lead.phone,
      url: lead.url,
      helpMessage: lead.help_message,
      source: lead.source ?? null,
      language: input.language,
    });
    await notificationsRepo(tx as unknown as Db).enqueue({
      dealershipId: input.dealershipId,
      kind: "crm_lead",
      payload: { type: "contact_lead", lead_id: row.id },
    });
    return row;
  });
}
