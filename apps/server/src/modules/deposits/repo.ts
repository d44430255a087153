import type { PaymentTransactionStatus } from "@showroom/domain";
import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { deposits, paymentAttempts, processorEvents } from "./tables.ts";

export type DepositRow = typeof deposits.$inferSelect;
export type NewDeposit = typeof deposits.$inferInsert;
export type DepositOwner = { dealershipId: number; customerId: number };

const LIVE: PaymentTransactionStatus[] = ["created", "initiated", "pre_authorized", "confirmed"];

/** The only code that reads and writes the deposit tables (the sandbox processor keeps its own). */
export function depositsRepo(db: Db) {
  const ownedBy = (owner: DepositOwner) => and(eq(deposits.dealershipId, owner.dealershipId), eq(deposits.customerId, owner.customerId));
  return {
    /** A new deposit; null when the deal already has a live one (the partial unique index) or this key was used. */
    async insert(values: NewDeposit): Promise<DepositRow | null> {
      const [row] = await db.insert(deposits).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async byId(id: number) {
      const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
      return row ?? null;
    },
    async atDealership(dealershipId: number, id: number) {
      const [row] = await db.select().from(deposits).where(and(eq(deposits.dealershipId, dealershipId), eq(deposits.id, id)));
      return row ?? null;
    },
    async byProcessorId(processorPaymentId: string) {
      const [row] = await db.select().from(deposits).where(eq(deposits.processorPaymentId, processorPaymentId));
      return row ?? null;
    },
    async byClientKey(orderId: number, clientKey: string) {
      const [row] = await db.select().from(deposits).where(and(eq(deposits.orderId, orderId), eq(deposits.clientKey, clientKey)));
      return row ?? null;
    },
    /** The deal's live deposit, else its latest one. */
    async ofOrder(owner: DepositOwner, orderId: number) {
      const rows = await db.select().from(deposits).where(and(ownedBy(owner), eq(deposits.orderId, orderId))).orderBy(desc(deposits.id));
      return rows.find((r) => LIVE.includes(r.status)) ?? rows[0] ?? null;
    },
    listOf: (owner: DepositOwner) => db.select().from(deposits).where(ownedBy(owner)).orderBy(desc(deposits.id)),
    async update(id: number, changes: Partial<NewDeposit>) {
      const [row] = await db.update(deposits).set(changes).where(eq(deposits.id, id)).returning();
      return row ?? null;
    },
    /** Changes the deposit only while it is in one of `statuses`, so two processes acting on it change it once. */
    async updateIfStatus(id: number, statuses: PaymentTransactionStatus[], changes: Partial<NewDeposit>) {
      const [row] = await db.update(deposits).set(changes).where(and(eq(deposits.id, id), inArray(deposits.status, statuses))).returning();
      return row ?? null;
    },
    /** Holds whose deadline comes before `at`: the jobs runner lets them go before the card network does. */
    holdsDue: (at: Date) => db.select().from(deposits).where(and(eq(deposits.status, "pre_authorized"), lte(deposits.holdDeadline, at))).limit(100),

    /** The intent of a processor call, written before it is made; the same key answers the same row. */
    async attempt(values: { depositId: number; kind: "authorize" | "capture" | "release" | "refund"; idempotencyKey: string; amountCents: number; at: Date }) {
      await db
        .insert(paymentAttempts)
        .values({ depositId: values.depositId, kind: values.kind, idempotencyKey: values.idempotencyKey, amountCents: values.amountCents, status: "pending", createdAt: values.at, updatedAt: values.at })
        .onConflictDoNothing();
    },
    attemptDone: (idempotencyKey: string, outcome: { status: "succeeded" | "failed"; processorId?: string | null; error?: string | null; at: Date }) =>
      db
        .update(paymentAttempts)
        .set({ status: outcome.status, processorId: outcome.processorId ?? null, error: outcome.error ?? null, updatedAt: outcome.at })
        .where(eq(paymentAttempts.idempotencyKey, idempotencyKey)),
    attemptsOf: (depositId: number) => db.select().from(paymentAttempts).where(eq(paymentAttempts.depositId, depositId)).orderBy(asc(paymentAttempts.id)),

    /** Records a processor event's id; false when it was seen before (a duplicate delivery). */
    async firstSight(eventId: string, type: string, at: Date) {
      const rows = await db.insert(processorEvents).values({ id: eventId, type, receivedAt: at }).onConflictDoNothing().returning({ id: processorEvents.id });
      return rows.length === 1;
    },
  };
}
export type DepositsRepo = ReturnType<typeof depositsRepo>;
