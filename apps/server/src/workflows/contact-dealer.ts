import { crmDestination, renderAdfLead, type AdfVehicle, type ContactLead } from "@showroom/domain";
import type { Db } from "../db/client.ts";
import { customersRepo } from "../modules/customers/repo.ts";
import type { DealershipsService } from "../modules/dealerships/service.ts";
import type { InventoryService } from "../modules/inventory/service.ts";
import { queueCrmLead } from "../modules/notifications/service.ts";

/** Who sends leads to the dealerships' CRMs (ADF `provider`). */
export const LEAD_PROVIDER_NAME = "Showroom online storefront";

export type ContactDealerDeps = {
  db: Db;
  dealerships: Pick<DealershipsService, "byId" | "crmSettings" | "listingGroup">;
  inventory: Pick<InventoryService, "find">;
  now: () => Date;
};

/** The vehicle the lead names, as ADF describes it; the route has already checked the dealership may show it. */
export async function adfVehicle(deps: ContactDealerDeps, dealershipId: number, vehicleId: number): Promise<AdfVehicle | null> {
  const dealership = await deps.dealerships.byId(dealershipId);
  if (!dealership) return null;
  const found = await deps.inventory.find(await deps.dealerships.listingGroup(dealership), String(vehicleId));
  if (!found) return null;
  const { row } = found;
  return {
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    vin: row.isVinFake ? null : row.vin,
    stock_number: row.stockNumber,
    condition: row.condition === "New" ? "new" : "used",
  };
}

/**
 * Stores a contact-dealer lead and, when the dealership has a CRM, queues the lead for it as ADF/XML by
 * email, in one transaction: either the dealership has the lead and its delivery is pending, or neither
 * happened. A contact lead is the shopper's own (never created by staff) and always asks for the CRM.
 */
export async function contactDealer(deps: ContactDealerDeps, input: { dealershipId: number; lead: ContactLead; language: string; customerId?: number | null }) {
  const { lead, dealershipId } = input;
  const settings = await deps.dealerships.crmSettings(dealershipId);
  const to = settings ? crmDestination(settings, { created_by_staff: false, send_lead_to_crm: true }) : null;
  const [dealership, vehicle] = to
    ? await Promise.all([deps.dealerships.byId(dealershipId), lead.vehicle !== undefined ? adfVehicle(deps, dealershipId, lead.vehicle) : null])
    : [null, null];
  const now = deps.now();

  return deps.db.transaction(async (tx) => {
    const db: Db = tx;
    const row = await customersRepo(db).insertContactLead({
      dealershipId,
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
    // The lead form is done: logged for the dealership's CRM (spec 4, "lead form finish").
    await customersRepo(db).insertCrmEvent({ dealershipId, customerId: input.customerId ?? null, event: "lead_form_finish", orderId: lead.order ?? null, vehicleId: lead.vehicle ?? null, createdAt: now });
    if (to && dealership) {
      const adf = renderAdfLead({
        id: row.id,
        requested_at: now,
        first_name: row.firstName,
        last_name: row.lastName,
        email: row.email,
        phone: row.phone,
        comments: `${row.helpMessage}\n\n${row.url}`,
        lead_type: "contact_dealer",
        source: row.source,
        vehicle,
        vendor_name: dealership.name,
        vendor_phone: dealership.profile.phone,
        provider_name: LEAD_PROVIDER_NAME,
      });
      await queueCrmLead(db, {
        dealershipId,
        to,
        subject: `Lead: ${row.firstName} ${row.lastName}`,
        adf,
        lead: { type: "contact_lead", id: row.id },
        now,
      });
    }
    return row;
  });
}
