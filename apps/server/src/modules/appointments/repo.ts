import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appointments, testDriveBookings } from "./tables.ts";

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;
export type TestDriveBookingRow = typeof testDriveBookings.$inferSelect;

/** First key of the advisory lock taken while a slot's seats are counted (the second is the dealership and minute). */
const SLOT_LOCK = 7_311;
const active = ne(appointments.status, "canceled");

/** Reads and writes of appointments; every read names the dealership (and the customer where a shopper asks). */
export function appointmentsRepo(db: Db) {
  return {
    /** The deal's active appointment (one at most). */
    async activeOfOrder(dealershipId: number, orderId: number): Promise<AppointmentRow | null> {
      const [row] = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.dealershipId, dealershipId), eq(appointments.orderId, orderId), active));
      return row ?? null;
    },
    async findAtDealership(dealershipId: number, id: number): Promise<AppointmentRow | null> {
      const [row] = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.dealershipId, dealershipId), eq(appointments.id, id)));
      return row ?? null;
    },
    /** Active appointments of a dealership from `from`, soonest first (the staff's list). */
    async upcoming(dealershipId: number, from: Date, limit: number): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.dealershipId, dealershipId), gte(appointments.startsAt, from), active))
        .orderBy(asc(appointments.startsAt), asc(appointments.id))
        .limit(limit);
    },
    /** Every appointment of a customer, newest first. */
    async ofCustomer(dealershipId: number, customerId: number): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.dealershipId, dealershipId), eq(appointments.customerId, customerId)))
        .orderBy(desc(appointments.startsAt), desc(appointments.id));
    },
    /** Starts (epoch ms) among these that already hold `capacity` active appointments. */
    async fullStarts(dealershipId: number, from: Date, until: Date, capacity: number): Promise<Set<number>> {
      const rows = await db
        .select({ startsAt: appointments.startsAt, n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(
          and(
            eq(appointments.dealershipId, dealershipId),
            gte(appointments.startsAt, from),
            lt(appointments.startsAt, until),
            active,
          ),
        )
        .groupBy(appointments.startsAt);
      return new Set(rows.filter((r) => r.n >= capacity).map((r) => r.startsAt.getTime()));
    },
    /**
     * Locks the slot (a transaction-scoped advisory lock on the dealership and the minute it starts), then answers
     * the lowest free seat of the slot's `capacity`, ignoring `except` (the appointment being moved), or null when
     * the slot is full. Call inside a transaction; the partial unique index on the seats backs the count up.
     */
    async claimSeat(
      dealershipId: number,
      startsAt: Date,
      capacity: number,
      except: number | null,
    ): Promise<number | null> {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(${SLOT_LOCK}, hashtext(${`${dealershipId}:${startsAt.toISOString()}`}))`,
      );
      const taken = await db
        .select({ seat: appointments.seat, id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.dealershipId, dealershipId), eq(appointments.startsAt, startsAt), active));
      const used = new Set(taken.filter((r) => r.id !== except).map((r) => r.seat));
      for (let seat = 0; seat < capacity; seat++) if (!used.has(seat)) return seat;
      return null;
    },
    async insert(values: NewAppointment): Promise<AppointmentRow> {
      const [row] = await db.insert(appointments).values(values).returning();
      return row!;
    },
    /** Changes an appointment unless it was canceled meanwhile; null then. */
    async update(id: number, values: Partial<NewAppointment>): Promise<AppointmentRow | null> {
      const [row] = await db
        .update(appointments)
        .set(values)
        .where(and(eq(appointments.id, id), active))
        .returning();
      return row ?? null;
    },
    /** Active appointments starting from `from`, in any dealership (their instants are checked against the tz database at start-up). */
    async activeFrom(from: Date): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(gte(appointments.startsAt, from), active))
        .orderBy(asc(appointments.id));
    },
    async byIds(dealershipId: number, ids: number[]): Promise<AppointmentRow[]> {
      if (!ids.length) return [];
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.dealershipId, dealershipId), inArray(appointments.id, ids)));
    },

    // ---- test drive bookings ----
    async insertTestDrive(values: typeof testDriveBookings.$inferInsert): Promise<TestDriveBookingRow> {
      const [row] = await db.insert(testDriveBookings).values(values).returning();
      return row!;
    },
    async testDriveByUid(dealershipId: number, uid: string): Promise<TestDriveBookingRow | null> {
      const [row] = await db
        .select()
        .from(testDriveBookings)
        .where(and(eq(testDriveBookings.dealershipId, dealershipId), eq(testDriveBookings.uid, uid)));
      return row ?? null;
    },
  };
}
export type AppointmentsRepo = ReturnType<typeof appointmentsRepo>;
