import { and, count, desc, eq, gt, isNull, like, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { consents, contactLeads, crmEvents, customerCodes, customers, notifyMeRequests } from "./tables.ts";

export type NewContactLead = typeof contactLeads.$inferInsert;
export type CustomerRow = typeof customers.$inferSelect;
export type CustomerCodeRow = typeof customerCodes.$inferSelect;

export function customersRepo(db: Db) {
  return {
    async insertContactLead(lead: NewContactLead) {
      const [row] = await db.insert(contactLeads).values(lead).returning();
      return row!;
    },
    async insertNotifyMe(request: typeof notifyMeRequests.$inferInsert) {
      const [row] = await db.insert(notifyMeRequests).values(request).returning();
      return row!;
    },

    /** Inserts unless the email is taken at this dealership; null means it is. */
    async insertCustomer(values: typeof customers.$inferInsert): Promise<CustomerRow | null> {
      const [row] = await db.insert(customers).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async byId(dealershipId: number, id: number): Promise<CustomerRow | null> {
      const [row] = await db.select().from(customers).where(and(eq(customers.dealershipId, dealershipId), eq(customers.id, id)));
      return row ?? null;
    },
    async byEmail(dealershipId: number, email: string): Promise<CustomerRow | null> {
      const [row] = await db.select().from(customers).where(and(eq(customers.dealershipId, dealershipId), eq(customers.email, email)));
      return row ?? null;
    },
    /**
     * A page of a dealership's customers, newest change first. `text` matches part of the full name or
     * the email (any case), or, with 3 digits or more, part of the phone; `visibleTo` keeps the
     * customers assigned to that staff user and the unassigned ones.
     */
    async search(dealershipId: number, filter: { text?: string | undefined; visibleTo?: number | undefined }, offset: number, limit: number) {
      const conditions: (SQL | undefined)[] = [eq(customers.dealershipId, dealershipId)];
      if (filter.visibleTo !== undefined) conditions.push(or(isNull(customers.dealerUserId), eq(customers.dealerUserId, filter.visibleTo)));
      const text = filter.text?.trim().toLowerCase();
      if (text) {
        const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const digits = text.replace(/\D/g, "");
        conditions.push(
          or(
            sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${pattern}`,
            like(customers.email, pattern),
            digits.length >= 3 ? like(customers.phone, `%${digits}%`) : undefined,
          ),
        );
      }
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(customers).where(where);
      const rows = await db.select().from(customers).where(where).orderBy(desc(customers.updatedAt), desc(customers.id)).offset(offset).limit(limit);
      return { count: total?.n ?? 0, rows };
    },
    async updateCustomer(id: number, values: Partial<typeof customers.$inferInsert>): Promise<CustomerRow> {
      const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
      return row!;
    },
    /** Counts one wrong code; the one that reaches `max` pauses sign-in until `lockUntil` and starts the count again. */
    async addFailedCodeAttempt(id: number, max: number, lockUntil: Date) {
      const reached = sql`${customers.failedCodeAttempts} + 1 >= ${max}`;
      await db
        .update(customers)
        .set({
          failedCodeAttempts: sql`CASE WHEN ${reached} THEN 0 ELSE ${customers.failedCodeAttempts} + 1 END`,
          codeLockedUntil: sql`CASE WHEN ${reached} THEN ${lockUntil.toISOString()}::timestamptz ELSE ${customers.codeLockedUntil} END`,
        })
        .where(eq(customers.id, id));
    },

    async insertCode(values: typeof customerCodes.$inferInsert) {
      await db.insert(customerCodes).values(values);
    },
    async codeRequestsSince(dealershipId: number, emailHash: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(customerCodes)
        .where(and(eq(customerCodes.dealershipId, dealershipId), eq(customerCodes.emailHash, emailHash), gt(customerCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    /** The newest unused code asked for by this session for this email. */
    async latestCode(dealershipId: number, emailHash: string, sessionHash: string): Promise<CustomerCodeRow | null> {
      const [row] = await db
        .select()
        .from(customerCodes)
        .where(
          and(
            eq(customerCodes.dealershipId, dealershipId),
            eq(customerCodes.emailHash, emailHash),
            eq(customerCodes.sessionHash, sessionHash),
            isNull(customerCodes.usedAt),
          ),
        )
        .orderBy(desc(customerCodes.createdAt), desc(customerCodes.id))
        .limit(1);
      return row ?? null;
    },
    /** Takes one of the code's tries; false when none is left. */
    async claimCodeAttempt(id: number, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(customerCodes)
        .set({ attempts: sql`${customerCodes.attempts} + 1` })
        .where(and(eq(customerCodes.id, id), lt(customerCodes.attempts, maxAttempts)))
        .returning({ id: customerCodes.id });
      return rows.length === 1;
    },
    /** Marks the code used; false when another request used it first. */
    async useCode(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(customerCodes)
        .set({ usedAt: at })
        .where(and(eq(customerCodes.id, id), isNull(customerCodes.usedAt)))
        .returning({ id: customerCodes.id });
      return rows.length === 1;
    },

    async insertConsent(values: typeof consents.$inferInsert) {
      const [row] = await db.insert(consents).values(values).returning();
      return row!;
    },
    /** Deletes the customer; their codes, consents, events and deals go with them (foreign keys cascade). */
    async deleteCustomer(id: number) {
      await db.delete(customers).where(eq(customers.id, id));
    },
    async insertCrmEvent(values: typeof crmEvents.$inferInsert) {
      await db.insert(crmEvents).values(values);
    },
  };
}
