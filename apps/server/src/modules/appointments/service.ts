import {
  APPOINTMENT_KINDS,
  appointmentSettingsOf,
  appointmentSlots,
  appointmentStepOf,
  checkAppointmentStart,
  formatAppointment,
  isoInZone,
  type AppointmentSettings,
  type AppointmentSlots,
  type AppointmentWire,
  type SlotRefusal,
} from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { appointmentsRepo, type AppointmentRow } from "./repo.ts";

export type { AppointmentRow };

const DAY_MS = 86_400_000;

/** Whether the dealership takes appointments (its "appointment" module). */
export const appointmentsEnabled = (dealership: DealershipRow) =>
  dealership.moduleSettings.enabled_modules.includes("appointment");
/** Whether it takes test drive bookings (its "test_drive" module). */
export const testDrivesEnabled = (dealership: DealershipRow) =>
  dealership.moduleSettings.enabled_modules.includes("test_drive");

/** The dealership's appointment settings (dealer info `appointment_settings`, with the defaults of the domain). */
export const appointmentSettingsFor = (dealership: DealershipRow): AppointmentSettings =>
  appointmentSettingsOf((dealership.profile as { appointment_settings?: unknown }).appointment_settings);

/** A refused start, as the contract answers it: the message key and the values it names. */
export type SlotFailure = { kind: "slot"; reason: SlotRefusal | "taken" };

/** The appointment as the API shows it, its time in the dealership's zone and language. */
export function toAppointmentWire(row: AppointmentRow, language: "en" | "fr"): AppointmentWire {
  const status = row.status;
  return {
    id: row.id,
    uid: row.uid,
    order_id: row.orderId,
    kind: row.kind,
    status,
    customer_state: status === "canceled" ? null : status,
    step: appointmentStepOf(status),
    proposed_by: row.proposedBy,
    datetime: isoInZone(row.startsAt.getTime(), row.timeZone),
    formatted: formatAppointment(row.startsAt, row.timeZone, language),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    time_zone: row.timeZone,
    address: row.address ?? null,
    comments: row.comments,
    is_autoconfirmed: row.isAutoconfirmed,
    sequence: row.sequence,
    created: row.createdAt.toISOString(),
    last_updated: row.updatedAt.toISOString(),
  };
}

/** Reads of appointments and the calendar of slots; every change is a workflow (workflows/appointment-booking.ts). */
export function appointmentsService(deps: { db: Db; now: () => Date }) {
  const repo = appointmentsRepo(deps.db);
  return {
    repo,
    /** The slots the calendar offers now: inside opening hours, from the lead time, not full. */
    async slots(dealership: DealershipRow): Promise<AppointmentSlots> {
      const settings = appointmentSettingsFor(dealership);
      const now = deps.now();
      const enabled = appointmentsEnabled(dealership);
      const full = enabled
        ? await repo.fullStarts(
            dealership.id,
            now,
            new Date(now.getTime() + (settings.days_ahead + 1) * DAY_MS),
            settings.capacity_per_slot,
          )
        : new Set<number>();
      return {
        enabled,
        time_zone: dealership.timeZone,
        slot_minutes: settings.slot_minutes,
        lead_minutes: settings.lead_minutes,
        days_ahead: settings.days_ahead,
        kinds: [...APPOINTMENT_KINDS],
        slots: enabled
          ? appointmentSlots({
              hours: dealership.profile.dealer_hours,
              timeZone: dealership.timeZone,
              now,
              settings,
              full,
            })
          : [],
      };
    },
    /**
     * Whether a start is a slot of the dealership's calendar now; staff proposing a time are not held to the lead
     * time (it is there for the dealership's own sake).
     */
    check(dealership: DealershipRow, start: Date, options: { byStaff: boolean }) {
      const settings = appointmentSettingsFor(dealership);
      return checkAppointmentStart(
        {
          hours: dealership.profile.dealer_hours,
          timeZone: dealership.timeZone,
          now: deps.now(),
          settings: options.byStaff ? { ...settings, lead_minutes: 0 } : settings,
        },
        start,
      );
    },
    activeOfOrder: (dealershipId: number, orderId: number) => repo.activeOfOrder(dealershipId, orderId),
    findAtDealership: (dealershipId: number, id: number) => repo.findAtDealership(dealershipId, id),
    upcoming: (dealershipId: number, limit: number) => repo.upcoming(dealershipId, deps.now(), limit),
    ofCustomer: (dealershipId: number, customerId: number) => repo.ofCustomer(dealershipId, customerId),
    testDriveByUid: (dealershipId: number, uid: string) => repo.testDriveByUid(dealershipId, uid),
  };
}
export type AppointmentsService = ReturnType<typeof appointmentsService>;
