import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne } from "drizzle-orm";
import type { CreditApplicationStatus } from "@showroom/domain";
import type { Db } from "../../db/client.ts";
import { creditApplications, creditConsents, creditDataAccess, lenderSubmissions } from "./tables.ts";

export type CreditApplicationRow = typeof creditApplications.$inferSelect;
export type CreditApplicationChanges = Partial<typeof creditApplications.$inferInsert>;
export type CreditOwner = { dealershipId: number; customerId: number };
export type DataAccess = typeof creditDataAccess.$inferInsert;
export type ConsentRecord = typeof creditConsents.$inferSelect;

/** The only code that reads and writes the credit application tables. */
export function creditApplicationsRepo(db: Db) {
  const ownedBy = (owner: CreditOwner) => and(eq(creditApplications.dealershipId, owner.dealershipId), eq(creditApplications.customerId, owner.customerId));
  return {
    async ofOrder(owner: CreditOwner, orderId: number) {
      const [row] = await db.select().from(creditApplications).where(and(ownedBy(owner), eq(creditApplications.orderId, orderId)));
      return row ?? null;
    },
    async atDealership(dealershipId: number, id: number) {
      const [row] = await db.select().from(creditApplications).where(and(eq(creditApplications.dealershipId, dealershipId), eq(creditApplications.id, id)));
      return row ?? null;
    },
    async byId(id: number) {
      const [row] = await db.select().from(creditApplications).where(eq(creditApplications.id, id));
      return row ?? null;
    },
    /** The customer's latest application (of another deal) whose answers are still held: what a new one is pre-filled from. */
    async latestWithAnswers(owner: CreditOwner, exceptOrderId: number) {
      const [row] = await db
        .select()
        .from(creditApplications)
        .where(and(ownedBy(owner), ne(creditApplications.orderId, exceptOrderId), isNull(creditApplications.personalDataPurgedAt)))
        .orderBy(desc(creditApplications.updatedAt))
        .limit(1);
      return row ?? null;
    },
    listOf: (owner: CreditOwner) => db.select().from(creditApplications).where(ownedBy(owner)).orderBy(desc(creditApplications.createdAt)),
    /** A new draft; answers the existing one when another request made it first (one application per deal). */
    async insert(values: typeof creditApplications.$inferInsert) {
      const [row] = await db.insert(creditApplications).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async update(id: number, changes: CreditApplicationChanges) {
      const [row] = await db.update(creditApplications).set(changes).where(eq(creditApplications.id, id)).returning();
      return row ?? null;
    },
    /** Changes the row only while it is in one of `statuses`: two processes deciding the same application change it once. */
    async updateIfStatus(id: number, statuses: CreditApplicationStatus[], changes: CreditApplicationChanges) {
      const [row] = await db
        .update(creditApplications)
        .set(changes)
        .where(and(eq(creditApplications.id, id), inArray(creditApplications.status, statuses)))
        .returning();
      return row ?? null;
    },
    remove: (id: number) => db.delete(creditApplications).where(eq(creditApplications.id, id)),

    recordAccess: async (entries: DataAccess[]) => {
      if (entries.length > 0) await db.insert(creditDataAccess).values(entries);
    },
    accessOf: (applicationId: number) => db.select().from(creditDataAccess).where(eq(creditDataAccess.applicationId, applicationId)).orderBy(asc(creditDataAccess.id)),

    async recordConsents(entries: (typeof creditConsents.$inferInsert)[]) {
      if (entries.length === 0) return;
      for (const entry of entries) {
        await db
          .insert(creditConsents)
          .values(entry)
          .onConflictDoUpdate({ target: [creditConsents.applicationId, creditConsents.applicant, creditConsents.section], set: { answer: entry.answer, language: entry.language, recordedAt: entry.recordedAt } });
      }
    },
    consentsOf: (applicationId: number) => db.select().from(creditConsents).where(eq(creditConsents.applicationId, applicationId)).orderBy(asc(creditConsents.id)),

    /** The intent to send, written before the lender is called; the same key answers the same row. */
    async submissionIntent(values: { applicationId: number; lender: string; idempotencyKey: string; at: Date }) {
      await db
        .insert(lenderSubmissions)
        .values({ applicationId: values.applicationId, lender: values.lender, idempotencyKey: values.idempotencyKey, status: "sending", createdAt: values.at, updatedAt: values.at })
        .onConflictDoNothing();
      const [row] = await db.select().from(lenderSubmissions).where(eq(lenderSubmissions.idempotencyKey, values.idempotencyKey));
      await db.update(lenderSubmissions).set({ attempts: row!.attempts + 1, updatedAt: values.at }).where(eq(lenderSubmissions.id, row!.id));
      return row!;
    },
    submissionSent: (idempotencyKey: string, reference: string, at: Date) =>
      db.update(lenderSubmissions).set({ status: "sent", reference, updatedAt: at }).where(eq(lenderSubmissions.idempotencyKey, idempotencyKey)),
    submissionsOf: (applicationId: number) => db.select().from(lenderSubmissions).where(eq(lenderSubmissions.applicationId, applicationId)).orderBy(asc(lenderSubmissions.id)),

    /** Applications a technical error left queued, due to be sent again. */
    dueToSend: (at: Date) => db.select().from(creditApplications).where(and(eq(creditApplications.status, "queued"), lte(creditApplications.nextAttemptAt, at))).limit(50),
    /** Applications waiting for the lender's answer. */
    awaitingLender: () => db.select().from(creditApplications).where(eq(creditApplications.status, "pending")).limit(200),
    /** Sent applications whose personal information is due to go. */
    dueForPurge: (sentBefore: Date) =>
      db
        .select()
        .from(creditApplications)
        .where(and(isNotNull(creditApplications.submittedAt), lte(creditApplications.submittedAt, sentBefore), isNull(creditApplications.personalDataPurgedAt)))
        .limit(200),
    /** Drafts nobody touched since `before`: what the shopper typed is not kept for an application never sent. */
    idleDrafts: (before: Date) => db.select({ id: creditApplications.id }).from(creditApplications).where(and(eq(creditApplications.status, "draft"), lte(creditApplications.updatedAt, before))).limit(200),
    /** US records past their 25 months. */
    dueForDisposal: (at: Date) => db.select().from(creditApplications).where(lte(creditApplications.disposeAt, at)).limit(200),
  };
}
export type CreditApplicationsRepo = ReturnType<typeof creditApplicationsRepo>;
