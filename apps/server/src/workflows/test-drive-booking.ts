import { randomBytes } from "node:crypto";
import { crmDestination, renderAdfLead, type TestDriveBookingInput } from "@showroom/domain";
import type { Db } from "../db/client.ts";
import { addressLine, kindText } from "../modules/appointments/emails.ts";
import { appointmentsRepo, type TestDriveBookingRow } from "../modules/appointments/repo.ts";
import { customersRepo } from "../modules/customers/repo.ts";
import type { DealershipRow, DealershipsService } from "../modules/dealerships/service.ts";
import { queueCrmLead } from "../modules/notifications/service.ts";
import { LEAD_PROVIDER_NAME } from "./contact-dealer.ts";

export type TestDriveBookingDeps = {
  db: Db;
  dealerships: Pick<DealershipsService, "crmSettings">;
  now: () => Date;
  publicUrl: string;
};

/**
 * The storefront page that shows a test drive booking: what the call answers with (contract section 7, "response
 * url"), opened in a new tab by the browser. Under the language and dealer-code prefixes every page accepts.
 */
export const testDriveBookingUrl = (publicUrl: string, dealerCode: string, language: "en" | "fr", uid: string) =>
  `${publicUrl}/${language}/${encodeURIComponent(dealerCode)}/test-drive/${uid}/`;

/**
 * Records a test drive booked from a model page and, when the dealership has a CRM, queues its ADF lead (the model
 * as the vehicle of interest "test-drive", the place in the comments), and logs lead_form_finish: one transaction,
 * so the booking and its lead are kept together or not at all.
 */
export async function bookTestDrive(
  deps: TestDriveBookingDeps,
  input: { dealership: DealershipRow; booking: TestDriveBookingInput; customerId: number | null; byStaff: boolean },
): Promise<{ row: TestDriveBookingRow; url: string }> {
  const { dealership, booking } = input;
  const settings = await deps.dealerships.crmSettings(dealership.id);
  const to = settings ? crmDestination(settings, { created_by_staff: input.byStaff, send_lead_to_crm: true }) : null;
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const db: Db = tx;
    const row = await appointmentsRepo(db).insertTestDrive({
      uid: randomBytes(16).toString("hex"),
      dealershipId: dealership.id,
      customerId: input.customerId,
      bookingOption: booking.booking_option,
      modelYear: booking.model_year,
      modelCode: booking.model_code,
      modelName: booking.model_name,
      province: booking.province,
      firstName: booking.first_name,
      lastName: booking.last_name,
      phone: booking.phone,
      tokenizedUrl: booking.tokenized_url,
      language: booking.language,
      address: booking.booking_option === "dealership" ? null : (booking.address ?? null),
      createdAt: now,
    });
    await customersRepo(db).insertCrmEvent({
      dealershipId: dealership.id,
      customerId: input.customerId,
      event: "lead_form_finish",
      orderId: null,
      vehicleId: null,
      createdAt: now,
    });
    if (to) {
      const address = row.address;
      const adf = renderAdfLead({
        id: `test-drive-${row.uid}`,
        requested_at: now,
        first_name: row.firstName,
        last_name: row.lastName,
        email: null,
        phone: row.phone,
        address: address
          ? {
              type: row.bookingOption === "work" ? "work" : "home",
              street: address.street,
              city: address.city,
              regioncode: address.province,
              postalcode: address.postal_code,
              country: dealership.country,
            }
          : null,
        comments: [
          `Test drive booking: ${kindText(row.bookingOption, "en")}.`,
          address ? `Bring the vehicle to: ${addressLine(address)}.` : null,
          `Province: ${row.province}. Language: ${row.language}.`,
          row.tokenizedUrl,
        ]
          .filter(Boolean)
          .join("\n"),
        lead_type: "test_drive",
        vehicle: {
          year: row.modelYear,
          make: dealership.profile.oem,
          model: row.modelName,
          trim: null,
          vin: null,
          stock_number: null,
          condition: "new",
          interest: "test-drive",
          comments: `Model code ${row.modelCode}`,
        },
        vendor_name: dealership.name,
        vendor_phone: dealership.profile.phone,
        provider_name: LEAD_PROVIDER_NAME,
        provider_url: deps.publicUrl,
      });
      await queueCrmLead(db, {
        dealershipId: dealership.id,
        to,
        subject: `Test drive: ${row.firstName} ${row.lastName}`,
        adf,
        lead: { type: "test_drive", id: row.id },
        now,
      });
    }
    return row;
  });
  return { row, url: testDriveBookingUrl(deps.publicUrl, dealership.code, row.language, row.uid) };
}
