import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { outbox } from "./tables.ts";

export type OutboxRow = typeof outbox.$inferSelect;

export function notificationsRepo(db: Db) {
  return {
    async enqueue(message: typeof outbox.$inferInsert) {
      const [row] = await db.insert(outbox).values(message).returning();
      return row!;
    },

    /**
     * Claims the next due row for one worker: locked with FOR UPDATE SKIP LOCKED (so two workers never
     * take the same row), marked sending, made due again only at `claimedUntil` and its attempt counted,
     * all in one short transaction. A row still "sending" once its claim ran out belongs to a worker that
     * died mid-attempt: it may have gone out, and is sent again (at least once, same Message-ID). Delivery happens after it commits, so no transaction stays open while a
     * mail server answers (on PGlite an open transaction holds up every other query).
     */
    async claimNext(now: Date, claimedUntil: Date): Promise<OutboxRow | null> {
      return db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(inArray(outbox.status, ["pending", "sending"]), lte(outbox.availableAt, now)))
          .orderBy(asc(outbox.availableAt), asc(outbox.id))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!due) return null;
        const [claimed] = await tx
          .update(outbox)
          .set({ status: "sending", availableAt: claimedUntil, attempts: sql`${outbox.attempts} + 1` })
          .where(eq(outbox.id, due.id))
          .returning();
        return claimed ?? null;
      });
    },

    /** Records the outcome of a claimed row; false when the claim was lost (it expired and another worker took the row). */
    async settle(
      id: number,
      claimedUntil: Date,
      outcome:
        | { status: "sent"; sentAt: Date; transport: string }
        | { status: "pending" | "failed"; lastError: string; availableAt: Date },
    ): Promise<boolean> {
      const changes =
        outcome.status === "sent"
          ? { status: outcome.status, sentAt: outcome.sentAt, transport: outcome.transport, lastError: null }
          : { status: outcome.status, lastError: outcome.lastError, availableAt: outcome.availableAt };
      const rows = await db
        .update(outbox)
        .set(changes)
        .where(and(eq(outbox.id, id), eq(outbox.status, "sending"), eq(outbox.availableAt, claimedUntil)))
        .returning({ id: outbox.id });
      return rows.length > 0;
    },

    /** The newest messages, optionally only those to one address (letter case ignored). */
    async listRecent(options: { to?: string | undefined; limit: number }): Promise<OutboxRow[]> {
      const query = db.select().from(outbox);
      const filtered = options.to ? query.where(sql`lower(${outbox.payload} ->> 'to') = ${options.to.toLowerCase()}`) : query;
      return filtered.orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(options.limit);
    },
  };
}
