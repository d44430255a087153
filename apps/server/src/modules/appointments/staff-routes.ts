import {
  appointmentProposeSchema,
  idPathSchema,
  languageOf,
  staffAppointmentSchema,
  staffAppointmentsQuerySchema,
  type AppointmentStatus,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppointmentBooking } from "../../workflows/appointment-booking.ts";
import { requireStaff } from "../../platform/actor.ts";
import { notFound } from "../../platform/http-errors.ts";
import { requireDealership } from "../../platform/tenant.ts";
import type { CustomerRow, CustomersService } from "../customers/service.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { appointmentErrors as errors, attempt, staffSeeing } from "./route-support.ts";
import { toAppointmentWire, type AppointmentRow, type AppointmentsService } from "./service.ts";

export type AppointmentStaffRouteDeps = {
  appointments: AppointmentsService;
  booking: AppointmentBooking;
  customers: Pick<CustomersService, "byId">;
};

/** The longest list of upcoming appointments a workspace page shows. */
const UPCOMING_LIMIT = 200;

/**
 * The dealer workspace's appointment calls: staff who see a customer (their role's book) read the appointments;
 * the roles that answer for the sale (appointments.manage) confirm one, propose another time, or cancel it.
 */
export const appointmentStaffRoutes =
  (deps: AppointmentStaffRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { appointments, booking } = deps;
    const tag = { tags: ["appointments", "dealer"] };

    async function visibleCustomer(
      request: FastifyRequest,
      dealership: DealershipRow,
      customerId: number,
    ): Promise<CustomerRow> {
      const customer = await deps.customers.byId(dealership.id, customerId);
      if (!customer || !staffSeeing(request, customer)) throw notFound("resource_not_found");
      return customer;
    }

    async function present(
      request: FastifyRequest,
      dealership: DealershipRow,
      rows: AppointmentRow[],
      known?: CustomerRow,
    ) {
      const language = languageOf(request.locale);
      const customers = new Map<number, CustomerRow | null>(known ? [[known.id, known]] : []);
      const out = [];
      for (const row of rows) {
        if (!customers.has(row.customerId))
          customers.set(row.customerId, await deps.customers.byId(dealership.id, row.customerId));
        const customer = customers.get(row.customerId);
        if (!customer || !staffSeeing(request, customer)) continue;
        out.push({
          ...toAppointmentWire(row, language),
          customer: {
            id: customer.id,
            full_name: `${customer.firstName} ${customer.lastName}`.trim(),
            email: customer.email,
            phone: customer.phone,
          },
        });
      }
      return out;
    }

    /** An appointment of this dealership whose customer the staff user sees, or 404. */
    async function visibleAppointment(request: FastifyRequest, id: number) {
      const dealership = requireDealership(request);
      const row = await appointments.findAtDealership(dealership.id, id);
      if (!row) throw notFound("resource_not_found");
      const customer = await visibleCustomer(request, dealership, row.customerId);
      return { dealership, row, customer };
    }

    app.get(
      "/api/quickshop/appointments/",
      {
        schema: {
          ...tag,
          summary:
            "Appointments for staff: a customer's (all of them, newest first; ?order= one deal's), or without a customer the dealership's upcoming ones " +
            "(soonest first) among the customers the staff user sees; ?status= keeps one status",
          querystring: staffAppointmentsQuerySchema,
          response: { 200: z.array(staffAppointmentSchema), ...errors },
        },
      },
      async (request) => {
        requireStaff(request, "workspace.view");
        const dealership = requireDealership(request);
        const { customer: customerId, order, status } = request.query;
        const keep = (rows: AppointmentRow[]) =>
          rows.filter(
            (r) =>
              (order === undefined || r.orderId === order) &&
              (status === undefined || r.status === (status as AppointmentStatus)),
          );
        if (customerId !== undefined) {
          const customer = await visibleCustomer(request, dealership, customerId);
          return present(
            request,
            dealership,
            keep(await appointments.ofCustomer(dealership.id, customer.id)),
            customer,
          );
        }
        return present(request, dealership, keep(await appointments.upcoming(dealership.id, UPCOMING_LIMIT)));
      },
    );

    const staffAction = (request: FastifyRequest) => {
      const staff = requireStaff(request, "appointments.manage");
      return { byStaff: true, staffUserId: staff.id };
    };

    app.post(
      "/api/quickshop/appointments/:id/confirm/",
      {
        schema: {
          ...tag,
          summary:
            "Staff confirm the time the shopper asked for: the deal's appointment step is completed and the shopper is emailed the updated calendar file",
          params: idPathSchema,
          response: { 200: staffAppointmentSchema, ...errors },
        },
      },
      async (request) => {
        const actor = staffAction(request);
        const { dealership, row, customer } = await visibleAppointment(request, request.params.id);
        const outcome = await attempt(request, dealership, () =>
          booking.confirm({ dealership, appointment: row, actor }),
        );
        return (await present(request, dealership, [outcome.row], customer))[0]!;
      },
    );

    app.post(
      "/api/quickshop/appointments/:id/propose/",
      {
        schema: {
          ...tag,
          summary:
            "Staff propose another time (a slot of the calendar with room; no lead time for staff) with a note: the appointment moves there, confirmed by the " +
            "dealership, and the shopper is emailed the calendar file with the next SEQUENCE; they may still choose another time",
          params: idPathSchema,
          body: appointmentProposeSchema,
          response: { 200: staffAppointmentSchema, ...errors },
        },
      },
      async (request) => {
        const actor = staffAction(request);
        const { dealership, row, customer } = await visibleAppointment(request, request.params.id);
        const outcome = await attempt(request, dealership, () =>
          booking.propose({
            dealership,
            appointment: row,
            start: new Date(request.body.datetime),
            comments: request.body.comments,
            actor,
          }),
        );
        return (await present(request, dealership, [outcome.row], customer))[0]!;
      },
    );

    app.post(
      "/api/quickshop/appointments/:id/cancel/",
      {
        schema: {
          ...tag,
          summary: "Staff cancel an appointment: the shopper is emailed a calendar file with METHOD:CANCEL",
          params: idPathSchema,
          response: { 200: staffAppointmentSchema, ...errors },
        },
      },
      async (request) => {
        const actor = staffAction(request);
        const { dealership, row, customer } = await visibleAppointment(request, request.params.id);
        const outcome = await attempt(request, dealership, () =>
          booking.cancel({ dealership, appointment: row, actor }),
        );
        return (await present(request, dealership, [outcome.row], customer))[0]!;
      },
    );
  };
