import {
  detailErrorSchema,
  testDriveBookingIdPathSchema,
  testDriveBookingResultSchema,
  testDriveBookingSchema,
  testDriveBookingViewSchema,
  validationErrorSchema,
  type TestDriveBookingInput,
} from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { customerIdOf, staffHere } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import type { TestDriveBookingRow } from "./repo.ts";
import { testDrivesEnabled, type AppointmentsService } from "./service.ts";

export type TestDriveRouteDeps = {
  appointments: Pick<AppointmentsService, "testDriveByUid">;
  book(input: {
    dealership: DealershipRow;
    booking: TestDriveBookingInput;
    customerId: number | null;
    byStaff: boolean;
  }): Promise<{ row: TestDriveBookingRow; url: string }>;
};

/**
 * Test drive bookings from a model page (contract sections 3 and 7): anyone may book (a name and a phone are
 * enough), at the dealership of the site; the answer is the url of the storefront page showing the booking
 * (/{language}/{dealer}/test-drive/{id}/), whose data the second call gives to whoever holds that id.
 */
export const testDriveRoutes =
  (deps: TestDriveRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tag = { tags: ["appointments"] };
    const errors = { 400: validationErrorSchema, 403: detailErrorSchema, 404: detailErrorSchema };

    app.post(
      "/api/test-drive-bookings/",
      {
        config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
        schema: {
          ...tag,
          summary:
            "Books a test drive of a model (booking_option dealership, home or work, with an address for home or work; model_year, model_code, model_name, " +
            "dealer_code of this site, province, names, phone, tokenized_url, language): recorded, sent to the dealership's CRM as an ADF lead, and " +
            "answered with the url of the page showing the booking. The browser treats any failure silently (contract).",
          body: testDriveBookingSchema,
          response: { 201: testDriveBookingResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        if (!testDrivesEnabled(dealership))
          throw new HttpError(403, "test_drive_disabled", { code: "test_drive_disabled" });
        const booking = request.body;
        if (booking.dealer_code !== dealership.code)
          throw new FieldErrors({ dealer_code: ["dealer_code_mismatch"] }, "dealer_code_mismatch");
        const { url } = await deps.book({
          dealership,
          booking,
          customerId: customerIdOf(request.actor),
          byStaff: staffHere(request.actor) !== null,
        });
        return reply.status(201).send({ url });
      },
    );

    app.get(
      "/api/test-drive-bookings/:id/",
      {
        schema: {
          ...tag,
          summary:
            "A test drive booking as its page shows it (no phone, no last name), to whoever holds its id (128 random bits, from the booking's url)",
          params: testDriveBookingIdPathSchema,
          response: { 200: testDriveBookingViewSchema, ...errors },
        },
      },
      async (request, reply) => {
        const dealership = requireDealership(request);
        const row = await deps.appointments.testDriveByUid(dealership.id, request.params.id);
        if (!row) throw notFound("resource_not_found");
        reply.header("cache-control", "private, no-store");
        reply.header("referrer-policy", "no-referrer");
        return {
          id: row.uid,
          dealership: { code: dealership.code, name: dealership.name, phone: dealership.profile.phone },
          booking_option: row.bookingOption,
          model_year: row.modelYear,
          model_name: row.modelName,
          first_name: row.firstName,
          language: row.language,
          created: row.createdAt.toISOString(),
        };
      },
    );
  };
