import { createHash, randomBytes } from "node:crypto";
import { cardBrandOf, cardLastFour, DEPOSIT_HOLD_DAYS, sandboxOutcomeOf } from "@showroom/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { CardDeclined, GatewayUnavailable, type GatewayPayment, type PaymentGateway } from "./gateway.ts";
import { sandboxPayments, sandboxRequests } from "./tables.ts";

const DAY_MS = 86_400_000;
type SandboxRow = typeof sandboxPayments.$inferSelect;

const toPayment = (row: SandboxRow): GatewayPayment => ({
  id: row.id,
  status: row.status,
  amountCents: row.amountCents,
  capturedCents: row.capturedCents,
  refundedCents: row.refundedCents,
  captureBefore: row.captureBefore,
  cardBrand: row.cardBrand,
  cardLast4: row.cardLast4,
});

type Stored = { payment: GatewayPayment } | { declined: string } | { error: string };
const revive = (stored: Stored): GatewayPayment => {
  if ("declined" in stored) throw new CardDeclined(stored.declined);
  if ("error" in stored) throw new GatewayUnavailable(stored.error);
  const p = stored.payment;
  return { ...p, captureBefore: p.captureBefore ? new Date(p.captureBefore) : null };
};

/**
 * The built-in card processor (a demonstration: it takes the processors' test card numbers only). It keeps its
 * own books in PostgreSQL and behaves as a processor does: a hold lasts 7 days (captureBefore), after which it is
 * canceled and cannot be captured; refunds total at most what was captured; each request's first answer is
 * replayed for its idempotency key, and the same key with other parameters is refused.
 */
export function sandboxGateway(deps: { db: Db; now: () => Date }): PaymentGateway {
  const { db, now } = deps;

  /** Runs a request once per key, in a transaction holding the key's lock; replays the stored answer after. */
  async function once(key: string, operation: string, params: unknown, perform: (tx: Db) => Promise<Stored>): Promise<GatewayPayment> {
    const fingerprint = createHash("sha256").update(JSON.stringify([operation, params])).digest("hex");
    const stored = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const [seen] = await tx.select().from(sandboxRequests).where(eq(sandboxRequests.idempotencyKey, key));
      if (seen) {
        if (seen.fingerprint !== fingerprint) return { error: "idempotency key reused with other parameters" } satisfies Stored;
        return seen.response as Stored;
      }
      const answer = await perform(tx as unknown as Db);
      await tx.insert(sandboxRequests).values({ idempotencyKey: key, operation, fingerprint, response: answer as Record<string, unknown>, createdAt: now() });
      return answer;
    });
    return revive(stored);
  }

  async function current(tx: Db, id: string): Promise<SandboxRow | null> {
    const [row] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    if (!row) return null;
    // A hold past its deadline was let go by the card network.
    if (row.status === "requires_capture" && row.captureBefore && row.captureBefore <= now()) {
      const [expired] = await tx.update(sandboxPayments).set({ status: "canceled" }).where(eq(sandboxPayments.id, id)).returning();
      return expired!;
    }
    return row;
  }

  return {
    name: "sandbox",
    demonstration: true,
    authorize(key, request) {
      return once(key, "authorize", { ...request, card: request.card.kind === "card" ? cardLastFour(request.card.number) : request.card.id }, async (tx) => {
        if (request.card.kind !== "card") return { declined: "payment_method_not_supported" };
        const outcome = sandboxOutcomeOf(request.card.number);
        if (outcome !== "approve") return { declined: outcome === "decline" ? "card_declined" : outcome };
        const at = now();
        const [row] = await tx
          .insert(sandboxPayments)
          .values({
            id: `sbx_${randomBytes(10).toString("hex")}`,
            amountCents: request.amountCents,
            currency: request.currency,
            status: request.capture ? "succeeded" : "requires_capture",
            capturedCents: request.capture ? request.amountCents : 0,
            cardBrand: cardBrandOf(request.card.number.replace(/\D/g, "")) ?? "unknown",
            cardLast4: cardLastFour(request.card.number),
            captureBefore: request.capture ? null : new Date(at.getTime() + DEPOSIT_HOLD_DAYS * DAY_MS),
            createdAt: at,
          })
          .returning();
        return { payment: toPayment(row!) };
      });
    },
    async recoverAuthorization(key) {
      const [seen] = await db.select().from(sandboxRequests).where(eq(sandboxRequests.idempotencyKey, key));
      return seen ? revive(seen.response as Stored) : null;
    },
    capture(key, paymentId, amountCents) {
      return once(key, "capture", { paymentId, amountCents }, async (tx) => {
        const row = await current(tx, paymentId);
        if (!row) return { error: `no payment ${paymentId}` };
        if (row.status !== "requires_capture") return { error: `payment ${paymentId} is ${row.status}, not held` };
        const captured = Math.min(amountCents ?? row.amountCents, row.amountCents);
        const [done] = await tx.update(sandboxPayments).set({ status: "succeeded", capturedCents: captured }).where(eq(sandboxPayments.id, paymentId)).returning();
        return { payment: toPayment(done!) };
      });
    },
    release(key, paymentId) {
      return once(key, "release", { paymentId }, async (tx) => {
        const row = await current(tx, paymentId);
        if (!row) return { error: `no payment ${paymentId}` };
        if (row.status === "succeeded") return { error: `payment ${paymentId} was captured: refund it` };
        const [done] = await tx.update(sandboxPayments).set({ status: "canceled" }).where(eq(sandboxPayments.id, paymentId)).returning();
        return { payment: toPayment(done!) };
      });
    },
    refund(key, paymentId, amountCents) {
      return once(key, "refund", { paymentId, amountCents }, async (tx) => {
        const row = await current(tx, paymentId);
        if (!row) return { error: `no payment ${paymentId}` };
        if (row.status !== "succeeded") return { error: `payment ${paymentId} is ${row.status}: nothing to refund` };
        if (amountCents <= 0 || row.refundedCents + amountCents > row.capturedCents) return { error: "refunds cannot exceed what was captured" };
        const [done] = await tx
          .update(sandboxPayments)
          .set({ refundedCents: row.refundedCents + amountCents })
          .where(eq(sandboxPayments.id, paymentId))
          .returning();
        return { payment: toPayment(done!) };
      });
    },
    async retrieve(paymentId) {
      const row = await db.transaction((tx) => current(tx as unknown as Db, paymentId));
      return row ? toPayment(row) : null;
    },
  };
}
