import { randomBytes } from "node:crypto";
import {
  APPOINTMENT_STEP_VALUE,
  adfInterestOfKind,
  appointmentStepOf,
  formatAppointment,
  instantOfWallTime,
  instantsOfWallTime,
  isoInZone,
  renderAdfLead,
  zonedParts,
  dateText,
  timeText,
  type AppointmentKind,
  type BookingAddress,
  type CalendarMethod,
  type SlotRefusal,
} from "@showroom/domain";
import type { Db } from "../db/client.ts";
import { appointmentCalendar, CALENDAR_FILENAME, mailAddressOf } from "../modules/appointments/calendar.ts";
import {
  addressLine,
  appointmentEmail,
  dealLink,
  kindText,
  type AppointmentNotice,
} from "../modules/appointments/emails.ts";
import { appointmentsRepo, type AppointmentRow } from "../modules/appointments/repo.ts";
import { appointmentSettingsFor, type AppointmentsService } from "../modules/appointments/service.ts";
import { customersRepo } from "../modules/customers/repo.ts";
import type { CustomerRow, CustomersService } from "../modules/customers/service.ts";
import type { DealershipRow } from "../modules/dealerships/service.ts";
import type { SavedVehicle } from "../modules/inventory/vehicle-views.ts";
import { queueCrmLead, queueEmail } from "../modules/notifications/service.ts";
import { ordersRepo } from "../modules/orders/repo.ts";
import { dealVehicle, type OrderRow, type OrdersService } from "../modules/orders/service.ts";
import { LEAD_PROVIDER_NAME, type ContactDealerDeps } from "./contact-dealer.ts";
import { customerLeads, type LeadTarget } from "./customer-lead.ts";

/**
 * Booking, changing, confirming, re-timing and canceling a deal's appointment. Each is one transaction over our own
 * database: the slot's seats counted under a lock, the appointment written, the deal's proposed_appointment and
 * appointment step set, the shopper's email with its calendar file and (on a booking or a shopper's change) the
 * CRM's ADF lead queued in the outbox, and appointment_finish logged; all of it, or none.
 */

export type AppointmentFailure =
  | { kind: "slot"; reason: SlotRefusal }
  | { kind: "slot_taken" }
  | { kind: "exists" }
  | { kind: "not_found" }
  | { kind: "canceled" }
  | { kind: "address_required" };

export type AppointmentOutcome =
  { ok: true; row: AppointmentRow; created: boolean } | { ok: false; failure: AppointmentFailure };

export type AppointmentBookingDeps = ContactDealerDeps & {
  appointments: Pick<AppointmentsService, "check" | "activeOfOrder">;
  orders: Pick<OrdersService, "find">;
  customers: Pick<CustomersService, "byId">;
  inventory: ContactDealerDeps["inventory"] & { savedVehiclesByIds(ids: number[]): Promise<Map<number, SavedVehicle>> };
  publicUrl: string;
  mailFrom: string;
};

/** Who acts: the shopper (or staff acting for them), or staff from the workspace. */
export type Actor = { byStaff: boolean; staffUserId: number | null };

const MINUTE_MS = 60_000;

/** A unique index the write ran into: the deal's one active appointment, or a slot's seat; null for anything else. */
function uniqueViolation(error: unknown): "order" | "seat" | null {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown } | undefined,
      depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === "23505") {
      const text = `${String(e.constraint ?? "")} ${String(e.message ?? "")}`;
      if (text.includes("appointments_active_order_unique")) return "order";
      if (text.includes("appointments_active_seat_unique")) return "seat";
    }
  }
  return null;
}

export function appointmentBooking(deps: AppointmentBookingDeps) {
  const leads = customerLeads(deps);
  const host = new URL(deps.publicUrl).hostname;

  type Context = { dealership: DealershipRow; customer: CustomerRow; order: OrderRow; vehicle: SavedVehicle };

  async function contextOf(dealership: DealershipRow, customerId: number, orderId: number): Promise<Context | null> {
    const owner = { dealershipId: dealership.id, customerId };
    const [customer, order] = await Promise.all([
      deps.customers.byId(dealership.id, customerId),
      deps.orders.find(owner, orderId),
    ]);
    if (!customer || !order) return null;
    const vehicle = dealVehicle(order, await deps.inventory.savedVehiclesByIds([order.vehicleId]));
    return { dealership, customer, order, vehicle };
  }

  const language = (ctx: Context): "en" | "fr" => (ctx.customer.language === "fr" ? "fr" : "en");
  const vehicleTitle = (ctx: Context) => (language(ctx) === "fr" ? ctx.vehicle.title_fr : ctx.vehicle.title) ?? "";
  const placeOf = (ctx: Context, row: Pick<AppointmentRow, "kind" | "address">) =>
    row.kind === "dealership" || !row.address
      ? `${ctx.dealership.name}, ${ctx.dealership.profile.full_address}`
      : addressLine(row.address);

  /** The wall time, offset and instants of a checked start. */
  function timing(dealership: DealershipRow, start: Date) {
    const settings = appointmentSettingsFor(dealership);
    const parts = zonedParts(start.getTime(), dealership.timeZone);
    return {
      timeZone: dealership.timeZone,
      localDate: dateText(parts),
      localTime: timeText(parts),
      utcOffsetMinutes: parts.offsetMinutes,
      startsAt: start,
      endsAt: new Date(start.getTime() + settings.slot_minutes * MINUTE_MS),
    };
  }

  /** The shopper's email about the appointment, with its calendar file (REQUEST, or CANCEL), queued in `tx`. */
  async function queueNotice(tx: Db, ctx: Context, row: AppointmentRow, notice: AppointmentNotice) {
    const l = language(ctx);
    const method: CalendarMethod = notice === "canceled" ? "CANCEL" : "REQUEST";
    const link = dealLink(deps.publicUrl, ctx.dealership.code, l, ctx.order.id);
    const when = formatAppointment(row.startsAt, row.timeZone, l);
    const place = placeOf(ctx, row);
    const title = `${kindText(row.kind, l)} — ${vehicleTitle(ctx)} — ${ctx.dealership.name}`;
    const calendar = appointmentCalendar({
      appointment: row,
      method,
      host,
      title,
      description: [`${kindText(row.kind, l)}: ${vehicleTitle(ctx)}`, when, row.comments ?? "", link]
        .filter(Boolean)
        .join("\n"),
      location: place,
      url: link,
      organizer: { name: ctx.dealership.name, email: mailAddressOf(deps.mailFrom) },
      attendee: { name: `${ctx.customer.firstName} ${ctx.customer.lastName}`.trim(), email: ctx.customer.email },
      now: deps.now(),
    });
    const mail = appointmentEmail({
      notice,
      language: l,
      dealerName: ctx.dealership.name,
      firstName: ctx.customer.firstName,
      when,
      kind: row.kind,
      place,
      vehicleTitle: vehicleTitle(ctx),
      link,
      comments: row.comments,
    });
    await queueEmail(tx, {
      dealershipId: ctx.dealership.id,
      to: ctx.customer.email,
      ...mail,
      language: l,
      calendar: { method, filename: CALENDAR_FILENAME, content: calendar },
      now: deps.now(),
    });
  }

  /** The ADF lead of a booking or a shopper's change: the deal's vehicle of interest test-drive or buy, the place and time in the comments. */
  async function queueLead(tx: Db, ctx: Context, target: LeadTarget, row: AppointmentRow, changed: boolean) {
    const now = deps.now();
    const when = `${formatAppointment(row.startsAt, row.timeZone, "en")} (${isoInZone(row.startsAt.getTime(), row.timeZone)})`;
    const comments = [
      `${changed ? "Appointment changed" : "Appointment requested"}: ${kindText(row.kind, "en")}, ${when}.`,
      row.kind !== "dealership" && row.address ? `Bring the vehicle to: ${addressLine(row.address)}.` : null,
      row.comments ? `Note: ${row.comments}` : null,
      row.pageUrl,
    ]
      .filter(Boolean)
      .join("\n");
    const adf = renderAdfLead({
      id: `appointment-${row.uid}-${row.sequence}`,
      requested_at: now,
      first_name: ctx.customer.firstName,
      last_name: ctx.customer.lastName,
      email: ctx.customer.email,
      phone: ctx.customer.phone,
      address:
        row.kind !== "dealership" && row.address
          ? {
              type: row.kind === "work" ? "work" : "home",
              street: row.address.street,
              city: row.address.city,
              regioncode: row.address.province,
              postalcode: row.address.postal_code,
              country: ctx.dealership.country,
            }
          : null,
      comments,
      lead_type: "appointment",
      source: ctx.customer.source,
      vehicle: target.vehicle ? { ...target.vehicle, interest: adfInterestOfKind(row.kind) } : null,
      vendor_name: ctx.dealership.name,
      vendor_phone: ctx.dealership.profile.phone,
      provider_name: LEAD_PROVIDER_NAME,
      provider_url: deps.publicUrl,
    });
    await queueCrmLead(tx, {
      dealershipId: ctx.dealership.id,
      to: target.to,
      subject: `Appointment: ${ctx.customer.firstName} ${ctx.customer.lastName}`.trim(),
      adf,
      lead: { type: "appointment", id: row.id },
      now,
    });
  }

  /** The deal shows the appointment: proposed_appointment (local ISO time), its formatted form, the step; cleared on cancellation. */
  async function showOnDeal(tx: Db, ctx: Context, row: AppointmentRow) {
    const active = row.status !== "canceled";
    const details = {
      proposed_appointment: active ? isoInZone(row.startsAt.getTime(), row.timeZone) : null,
      proposed_appointment_formatted: active
        ? formatAppointment(row.startsAt, row.timeZone, ctx.order.orderLang === "fr" ? "fr" : "en")
        : null,
      is_appointment_autoconfirmed: active && row.isAutoconfirmed,
    };
    await ordersRepo(tx).mergeDetails(
      { dealershipId: ctx.dealership.id, customerId: ctx.customer.id },
      ctx.order.id,
      details,
      { appointment: APPOINTMENT_STEP_VALUE[appointmentStepOf(row.status)] },
      deps.now(),
    );
  }

  /** Runs a change in one transaction, answering a unique index it ran into as the refusal it means. */
  async function inTransaction(work: (tx: Db) => Promise<AppointmentOutcome>): Promise<AppointmentOutcome> {
    try {
      return await deps.db.transaction((tx) => work(tx));
    } catch (error) {
      const violated = uniqueViolation(error);
      if (violated === "order") return { ok: false, failure: { kind: "exists" } };
      if (violated === "seat") return { ok: false, failure: { kind: "slot_taken" } };
      throw error;
    }
  }

  return {
    /**
     * Books the deal's appointment: a slot of the dealership's calendar with a free seat. The same time and place
     * sent again (a double click) answers the appointment already booked; another one while it stands is refused
     * (change it instead).
     */
    async book(input: {
      dealership: DealershipRow;
      customerId: number;
      orderId: number;
      start: Date;
      kind: AppointmentKind;
      address: BookingAddress | null;
      comments: string | null;
      pageUrl: string;
      actor: Actor;
    }): Promise<AppointmentOutcome> {
      const { dealership } = input;
      const ctx = await contextOf(dealership, input.customerId, input.orderId);
      if (!ctx) return { ok: false, failure: { kind: "not_found" } };
      const existing = await deps.appointments.activeOfOrder(dealership.id, ctx.order.id);
      if (existing) {
        const same = existing.startsAt.getTime() === input.start.getTime() && existing.kind === input.kind;
        return same ? { ok: true, row: existing, created: false } : { ok: false, failure: { kind: "exists" } };
      }
      const checked = deps.appointments.check(dealership, input.start, { byStaff: false });
      if (!checked.ok) return { ok: false, failure: { kind: "slot", reason: checked.reason } };
      const settings = appointmentSettingsFor(dealership);
      const target = await leads.target({
        dealership,
        createdByStaff: input.actor.byStaff,
        sendLeadToCrm: ctx.customer.sendLeadToCrm,
        vehicleId: ctx.order.vehicleId,
      });
      const at = deps.now();
      return inTransaction(async (tx) => {
        const repo = appointmentsRepo(tx);
        const time = timing(dealership, input.start);
        const seat = await repo.claimSeat(dealership.id, time.startsAt, settings.capacity_per_slot, null);
        if (seat === null) return { ok: false, failure: { kind: "slot_taken" } };
        const row = await repo.insert({
          uid: randomBytes(16).toString("hex"),
          dealershipId: dealership.id,
          customerId: ctx.customer.id,
          orderId: ctx.order.id,
          kind: input.kind,
          status: settings.autoconfirm ? "confirmed" : "requested",
          proposedBy: "customer",
          ...time,
          seat,
          address: input.kind === "dealership" ? null : input.address,
          comments: input.comments,
          pageUrl: input.pageUrl,
          language: language(ctx),
          sequence: 0,
          isAutoconfirmed: settings.autoconfirm,
          confirmedAt: settings.autoconfirm ? at : null,
          createdAt: at,
          updatedAt: at,
        });
        await showOnDeal(tx, ctx, row);
        await queueNotice(tx, ctx, row, settings.autoconfirm ? "confirmed" : "requested");
        if (target) await queueLead(tx, ctx, target, row, false);
        await customersRepo(tx).insertCrmEvent({
          dealershipId: dealership.id,
          customerId: ctx.customer.id,
          event: "appointment_finish",
          orderId: ctx.order.id,
          vehicleId: ctx.order.vehicleId,
          createdAt: at,
        });
        return { ok: true, row, created: true };
      });
    },

    /**
     * The shopper changes the time (and the place, when given): a slot with a free seat, not counting their own.
     * The dealership confirms the new time again unless it confirms every booking at once. Nothing changed: nothing sent.
     */
    async change(input: {
      dealership: DealershipRow;
      customerId: number;
      orderId: number;
      start: Date;
      kind: AppointmentKind | undefined;
      address: BookingAddress | null | undefined;
      comments: string | null | undefined;
      pageUrl: string;
      actor: Actor;
    }): Promise<AppointmentOutcome> {
      const { dealership } = input;
      const ctx = await contextOf(dealership, input.customerId, input.orderId);
      if (!ctx) return { ok: false, failure: { kind: "not_found" } };
      const current = await deps.appointments.activeOfOrder(dealership.id, ctx.order.id);
      if (!current) return { ok: false, failure: { kind: "not_found" } };
      const kind = input.kind ?? current.kind;
      const address = kind === "dealership" ? null : input.address === undefined ? current.address : input.address;
      if (kind !== "dealership" && !address) return { ok: false, failure: { kind: "address_required" } };
      const comments = input.comments === undefined ? current.comments : input.comments;
      const moved = current.startsAt.getTime() !== input.start.getTime();
      const unchanged =
        !moved &&
        kind === current.kind &&
        JSON.stringify(address) === JSON.stringify(current.address) &&
        comments === current.comments;
      if (unchanged) return { ok: true, row: current, created: false };
      if (moved) {
        const checked = deps.appointments.check(dealership, input.start, { byStaff: false });
        if (!checked.ok) return { ok: false, failure: { kind: "slot", reason: checked.reason } };
      }
      const settings = appointmentSettingsFor(dealership);
      const target = await leads.target({
        dealership,
        createdByStaff: input.actor.byStaff,
        sendLeadToCrm: ctx.customer.sendLeadToCrm,
        vehicleId: ctx.order.vehicleId,
      });
      const at = deps.now();
      return inTransaction(async (tx) => {
        const repo = appointmentsRepo(tx);
        const time = timing(dealership, input.start);
        const seat = moved
          ? await repo.claimSeat(dealership.id, time.startsAt, settings.capacity_per_slot, current.id)
          : current.seat;
        if (seat === null) return { ok: false, failure: { kind: "slot_taken" } };
        const row = await repo.update(current.id, {
          ...(moved ? { ...time, seat } : {}),
          kind,
          address,
          comments,
          pageUrl: input.pageUrl,
          status: settings.autoconfirm ? "confirmed" : "requested",
          proposedBy: "customer",
          isAutoconfirmed: settings.autoconfirm,
          confirmedAt: settings.autoconfirm ? at : null,
          staffUserId: null,
          sequence: current.sequence + 1,
          updatedAt: at,
        });
        if (!row) return { ok: false, failure: { kind: "canceled" } };
        await showOnDeal(tx, ctx, row);
        await queueNotice(tx, ctx, row, settings.autoconfirm ? "confirmed" : "changed");
        if (target) await queueLead(tx, ctx, target, row, true);
        return { ok: true, row, created: false };
      });
    },

    /** Staff confirm the time the shopper asked for (the appointment step is completed). */
    async confirm(input: {
      dealership: DealershipRow;
      appointment: AppointmentRow;
      actor: Actor;
    }): Promise<AppointmentOutcome> {
      const { dealership, appointment } = input;
      if (appointment.status === "canceled") return { ok: false, failure: { kind: "canceled" } };
      if (appointment.status === "confirmed") return { ok: true, row: appointment, created: false };
      const ctx = await contextOf(dealership, appointment.customerId, appointment.orderId);
      if (!ctx) return { ok: false, failure: { kind: "not_found" } };
      const at = deps.now();
      return inTransaction(async (tx) => {
        const row = await appointmentsRepo(tx).update(appointment.id, {
          status: "confirmed",
          confirmedAt: at,
          staffUserId: input.actor.staffUserId,
          sequence: appointment.sequence + 1,
          updatedAt: at,
        });
        if (!row) return { ok: false, failure: { kind: "canceled" } };
        await showOnDeal(tx, ctx, row);
        await queueNotice(tx, ctx, row, "confirmed");
        return { ok: true, row, created: false };
      });
    },

    /**
     * Staff propose another time (a slot with a free seat; the lead time is theirs to waive): the appointment moves
     * there, confirmed by the dealership, and the shopper is told, free to choose another time on their deal.
     */
    async propose(input: {
      dealership: DealershipRow;
      appointment: AppointmentRow;
      start: Date;
      comments: string | null | undefined;
      actor: Actor;
    }): Promise<AppointmentOutcome> {
      const { dealership, appointment } = input;
      if (appointment.status === "canceled") return { ok: false, failure: { kind: "canceled" } };
      const checked = deps.appointments.check(dealership, input.start, { byStaff: true });
      if (!checked.ok) return { ok: false, failure: { kind: "slot", reason: checked.reason } };
      const ctx = await contextOf(dealership, appointment.customerId, appointment.orderId);
      if (!ctx) return { ok: false, failure: { kind: "not_found" } };
      const settings = appointmentSettingsFor(dealership);
      const at = deps.now();
      return inTransaction(async (tx) => {
        const repo = appointmentsRepo(tx);
        const time = timing(dealership, input.start);
        const seat = await repo.claimSeat(dealership.id, time.startsAt, settings.capacity_per_slot, appointment.id);
        if (seat === null) return { ok: false, failure: { kind: "slot_taken" } };
        const row = await repo.update(appointment.id, {
          ...time,
          seat,
          status: "confirmed",
          proposedBy: "dealer",
          ...(input.comments !== undefined ? { comments: input.comments } : {}),
          isAutoconfirmed: false,
          confirmedAt: at,
          staffUserId: input.actor.staffUserId,
          sequence: appointment.sequence + 1,
          updatedAt: at,
        });
        if (!row) return { ok: false, failure: { kind: "canceled" } };
        await showOnDeal(tx, ctx, row);
        await queueNotice(tx, ctx, row, "proposed");
        return { ok: true, row, created: false };
      });
    },

    /**
     * Appointments are kept as the dealership's wall time and zone; their instants were derived with the tz database
     * of the day. After a tz database update (Alberta stops falling back from 1 November 2026), an upcoming
     * appointment whose wall time now falls at another instant moves there (the repeated hour's occurrence kept by
     * its offset), keeping its local time, and the shopper gets the updated calendar file. Run at start-up.
     */
    async realignWithTimeZones(): Promise<number> {
      let moved = 0;
      for (const row of await appointmentsRepo(deps.db).activeFrom(deps.now())) {
        const [year, month, day] = row.localDate.split("-").map(Number) as [number, number, number];
        const [hour, minute] = row.localTime.split(":").map(Number) as [number, number];
        const wall = { year, month, day, hour, minute };
        const candidates = instantsOfWallTime(wall, row.timeZone);
        const instant =
          candidates.find((c) => zonedParts(c, row.timeZone).offsetMinutes === row.utcOffsetMinutes) ??
          candidates[0] ??
          instantOfWallTime(wall, row.timeZone);
        if (instant === row.startsAt.getTime()) continue;
        const dealership = await deps.dealerships.byId(row.dealershipId);
        const ctx = dealership ? await contextOf(dealership, row.customerId, row.orderId) : null;
        if (!dealership || !ctx) continue;
        const length = row.endsAt.getTime() - row.startsAt.getTime();
        const at = deps.now();
        await deps.db.transaction(async (tx) => {
          const repo = appointmentsRepo(tx);
          // The wall time the shopper booked is kept even when its new instant is full: the seat is one past the others.
          const seat = (await repo.claimSeat(row.dealershipId, new Date(instant), Number.MAX_SAFE_INTEGER, row.id))!;
          const updated = await repo.update(row.id, {
            startsAt: new Date(instant),
            endsAt: new Date(instant + length),
            utcOffsetMinutes: zonedParts(instant, row.timeZone).offsetMinutes,
            seat,
            sequence: row.sequence + 1,
            updatedAt: at,
          });
          if (!updated) return;
          await showOnDeal(tx, ctx, updated);
          await queueNotice(tx, ctx, updated, "retimed");
          moved += 1;
        });
      }
      return moved;
    },

    /** Cancels the appointment (the shopper, or staff): the calendar file says CANCEL with the next SEQUENCE; the deal's step is back to initial. */
    async cancel(input: {
      dealership: DealershipRow;
      appointment: AppointmentRow;
      actor: Actor;
    }): Promise<AppointmentOutcome> {
      const { dealership, appointment } = input;
      if (appointment.status === "canceled") return { ok: true, row: appointment, created: false };
      const ctx = await contextOf(dealership, appointment.customerId, appointment.orderId);
      if (!ctx) return { ok: false, failure: { kind: "not_found" } };
      const at = deps.now();
      return inTransaction(async (tx) => {
        const row = await appointmentsRepo(tx).update(appointment.id, {
          status: "canceled",
          canceledAt: at,
          ...(input.actor.byStaff ? { staffUserId: input.actor.staffUserId } : {}),
          sequence: appointment.sequence + 1,
          updatedAt: at,
        });
        if (!row) return { ok: true, row: appointment, created: false };
        await showOnDeal(tx, ctx, row);
        await queueNotice(tx, ctx, row, "canceled");
        return { ok: true, row, created: false };
      });
    },
  };
}
export type AppointmentBooking = ReturnType<typeof appointmentBooking>;
