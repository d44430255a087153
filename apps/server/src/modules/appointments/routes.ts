import {
  appointmentCreateSchema,
  appointmentPatchSchema,
  appointmentSchema,
  appointmentSlotsSchema,
  languageOf,
  orderIdPathSchema,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppointmentBooking } from "../../workflows/appointment-booking.ts";
import { customerIdOf, staffHere } from "../../platform/actor.ts";
import { HttpError, notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import { appointmentErrors as errors, attempt, tag } from "./route-support.ts";
import { appointmentsEnabled, toAppointmentWire, type AppointmentsService } from "./service.ts";

export type AppointmentRouteDeps = { appointments: AppointmentsService; booking: AppointmentBooking };

/**
 * The shopper's appointment calls (contract section 7, "Appointment, test drive"): the calendar's slots, then
 * per deal (its order id) book, read, change and cancel. Only the deal's customer (or staff acting for them) may
 * call the deal's; anyone else's deal is not found.
 */
export const appointmentRoutes =
  (deps: AppointmentRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { appointments, booking } = deps;

    /** The customer of the call at a dealership that takes appointments (403 otherwise). */
    function shopper(request: FastifyRequest) {
      const dealership = requireDealership(request);
      const customerId = customerIdOf(request.actor);
      if (customerId === null) throw new HttpError(403, "customer_not_signed_in");
      if (!appointmentsEnabled(dealership))
        throw new HttpError(403, "appointments_disabled", { code: "appointments_disabled" });
      const staff = staffHere(request.actor);
      return { dealership, customerId, actor: { byStaff: staff !== null, staffUserId: staff?.id ?? null } };
    }
    const present = (request: FastifyRequest, row: Parameters<typeof toAppointmentWire>[0]) =>
      toAppointmentWire(row, languageOf(request.locale));

    app.get(
      "/api/appointment/slots/",
      {
        schema: {
          ...tag,
          summary:
            "The times the calendar offers: slots inside the dealership's hours in its time zone (slot_minutes long), from lead_minutes after now, " +
            "for days_ahead days, leaving out full ones. Each slot's datetime (ISO 8601 with the offset then) is what a booking sends back.",
          response: { 200: appointmentSlotsSchema },
        },
      },
      async (request) => appointments.slots(requireDealership(request)),
    );

    app.post(
      "/api/appointment/",
      {
        config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
        schema: {
          ...tag,
          summary:
            "Books the deal's appointment: path (the page), datetime (a slot's), order_id, kind (dealership, home or work; an address for home or work). " +
            "The shopper is emailed a calendar file, the deal shows proposed_appointment and its appointment step awaits the dealership (completed when it " +
            "confirms every booking at once). A time outside the calendar is 400 naming datetime; a slot just taken, or a second appointment for the deal, 409.",
          body: appointmentCreateSchema,
          response: { 200: appointmentSchema, 201: appointmentSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { dealership, customerId, actor } = shopper(request);
        const body = request.body;
        const outcome = await attempt(request, dealership, () =>
          booking.book({
            dealership,
            customerId,
            orderId: body.order_id,
            start: new Date(body.datetime),
            kind: body.kind,
            address: body.address ?? null,
            comments: body.comments ?? null,
            pageUrl: body.path,
            actor,
          }),
        );
        return reply.status(outcome.created ? 201 : 200).send(present(request, outcome.row));
      },
    );

    app.get(
      "/api/appointment/:orderId/",
      {
        schema: {
          ...tag,
          summary: "The deal's appointment (404 when it has none)",
          params: orderIdPathSchema,
          response: { 200: appointmentSchema, ...errors },
        },
      },
      async (request) => {
        const { dealership, customerId } = shopper(request);
        const row = await appointments.activeOfOrder(dealership.id, request.params.orderId);
        if (!row || row.customerId !== customerId) throw notFound("resource_not_found");
        return present(request, row);
      },
    );

    app.patch(
      "/api/appointment/:orderId/",
      {
        config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
        schema: {
          ...tag,
          summary:
            "Changes the deal's appointment: path and datetime (and kind, address, comments when they change). The dealership confirms the new time " +
            "again; the shopper is emailed the calendar file with the same UID and the next SEQUENCE.",
          params: orderIdPathSchema,
          body: appointmentPatchSchema,
          response: { 200: appointmentSchema, ...errors },
        },
      },
      async (request) => {
        const { dealership, customerId, actor } = shopper(request);
        const body = request.body;
        const outcome = await attempt(request, dealership, () =>
          booking.change({
            dealership,
            customerId,
            orderId: request.params.orderId,
            start: new Date(body.datetime),
            kind: body.kind,
            address: body.address,
            comments: body.comments,
            pageUrl: body.path,
            actor,
          }),
        );
        return present(request, outcome.row);
      },
    );

    app.delete(
      "/api/appointment/:orderId/",
      {
        schema: {
          ...tag,
          summary:
            "Cancels the deal's appointment: the shopper is emailed a calendar file with METHOD:CANCEL; the deal's appointment step is back to initial",
          params: orderIdPathSchema,
          response: { 200: appointmentSchema, ...errors },
        },
      },
      async (request) => {
        const { dealership, customerId, actor } = shopper(request);
        const row = await appointments.activeOfOrder(dealership.id, request.params.orderId);
        if (!row || row.customerId !== customerId) throw notFound("resource_not_found");
        const outcome = await attempt(request, dealership, () =>
          booking.cancel({ dealership, appointment: row, actor }),
        );
        return present(request, outcome.row);
      },
    );
  };
