import { crmDestination, renderAdfLead, type NotifyMeInput } from "@showroom/domain";
import type { Db } from "../db/client.ts";
import { customersRepo } from "../modules/customers/repo.ts";
import type { DealershipRow } from "../modules/dealerships/service.ts";
import { queueCrmLead } from "../modules/notifications/service.ts";
import { ordersRepo } from "../modules/orders/repo.ts";
import { adfVehicle, LEAD_PROVIDER_NAME, type ContactDealerDeps } from "./contact-dealer.ts";

/**
 * A notify-me request (spec 2 "Notify-me form", 5 "terms confirmation"): stored, marked on the deal it names (or,
 * for a signed-in customer, on each of their deals of that vehicle) as has_notify_me_submission, logged as
 * lead_form_finish, and queued for the dealership's CRM as an ADF lead when it has one; all in one transaction.
 */
export async function notifyMe(
  deps: ContactDealerDeps,
  input: {
    dealership: DealershipRow;
    request: NotifyMeInput;
    customerId: number | null;
    byStaff: boolean;
    language: "en" | "fr";
  },
): Promise<{ id: number; queued: boolean }> {
  const { dealership, request } = input;
  const settings = await deps.dealerships.crmSettings(dealership.id);
  const to = settings ? crmDestination(settings, { created_by_staff: input.byStaff, send_lead_to_crm: true }) : null;
  const vehicle = to ? await adfVehicle(deps, dealership.id, request.vehicle) : null;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const db: Db = tx;
    const row = await customersRepo(db).insertNotifyMe({
      dealershipId: dealership.id,
      customerId: input.customerId,
      vehicleId: request.vehicle,
      orderId: request.order ?? null,
      firstName: request.first_name,
      lastName: request.last_name,
      email: request.email,
      phone: request.phone,
      url: request.url ?? null,
      termsConfirmedAt: now,
      language: input.language,
      createdAt: now,
    });
    if (input.customerId !== null) {
      const owner = { dealershipId: dealership.id, customerId: input.customerId };
      const deals = (await ordersRepo(db).allOf(owner)).filter((o) =>
        request.order !== undefined ? o.id === request.order : o.vehicleId === request.vehicle,
      );
      for (const deal of deals)
        await ordersRepo(db).mergeDetails(owner, deal.id, { has_notify_me_submission: true }, {}, now);
    }
    await customersRepo(db).insertCrmEvent({
      dealershipId: dealership.id,
      customerId: input.customerId,
      event: "lead_form_finish",
      orderId: request.order ?? null,
      vehicleId: request.vehicle,
      createdAt: now,
    });
    if (to) {
      const adf = renderAdfLead({
        id: `notify-me-${row.id}`,
        requested_at: now,
        first_name: row.firstName,
        last_name: row.lastName,
        email: row.email,
        phone: row.phone,
        comments: ["Notify me about this vehicle (terms confirmed).", row.url].filter(Boolean).join("\n\n"),
        lead_type: "notify_me",
        vehicle,
        vendor_name: dealership.name,
        vendor_phone: dealership.profile.phone,
        provider_name: LEAD_PROVIDER_NAME,
      });
      await queueCrmLead(db, {
        dealershipId: dealership.id,
        to,
        subject: `Notify me: ${row.firstName} ${row.lastName}`,
        adf,
        lead: { type: "notify_me", id: row.id },
        now,
      });
    }
    return { id: row.id, queued: to !== null };
  });
}
