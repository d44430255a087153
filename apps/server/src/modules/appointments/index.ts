import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { appointmentBooking, type AppointmentBooking } from "../../workflows/appointment-booking.ts";
import { bookTestDrive } from "../../workflows/test-drive-booking.ts";
import { appointmentRoutes } from "./routes.ts";
import { appointmentsService, type AppointmentsService } from "./service.ts";
import { appointmentStaffRoutes } from "./staff-routes.ts";
import { testDriveRoutes } from "./test-drive-routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    appointments: AppointmentsService & { booking: AppointmentBooking };
  }
}

/**
 * Appointments and test drives: the calendar of slots in the dealership's time zone, a deal's appointment booked,
 * changed and canceled by the shopper and confirmed or re-timed by staff (each change one transaction that also
 * queues the shopper's calendar email and the CRM's ADF lead), and test drives booked from a model page.
 */
export const appointmentsModule = fp(
  async (app: FastifyInstance) => {
    const { db, config, now } = app;
    const appointments = appointmentsService({ db, now });
    const booking = appointmentBooking({
      db,
      now,
      appointments,
      orders: app.orders,
      customers: app.customers,
      dealerships: app.dealerships,
      inventory: app.inventory,
      publicUrl: config.publicUrl,
      mailFrom: config.mailFrom,
    });
    app.decorate("appointments", Object.assign(appointments, { booking }));
    // A deal deleted with its appointment: the shopper's calendar gets the CANCEL before the rows cascade away.
    app.orders.beforeRemove(async (order) => {
      const appointment = await appointments.activeOfOrder(order.dealershipId, order.id);
      const dealership = appointment ? await app.dealerships.byId(order.dealershipId) : null;
      if (appointment && dealership)
        await booking.cancel({ dealership, appointment, actor: { byStaff: false, staffUserId: null } });
    });
    // Instants derived with an older tz database follow the wall time once the app is ready.
    app.addHook("onReady", async () => {
      const moved = await booking.realignWithTimeZones();
      if (moved > 0)
        app.log.info({ appointments: moved }, "appointments moved to their wall time under the current tz database");
    });
    await app.register(appointmentRoutes({ appointments, booking }));
    await app.register(appointmentStaffRoutes({ appointments, booking, customers: app.customers }));
    await app.register(
      testDriveRoutes({
        appointments,
        book: (input) => bookTestDrive({ db, dealerships: app.dealerships, now, publicUrl: config.publicUrl }, input),
      }),
    );
  },
  { name: "appointments", dependencies: ["customers", "orders", "inventory", "dealerships", "notifications"] },
);
