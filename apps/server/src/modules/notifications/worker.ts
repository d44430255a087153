import type { Db } from "../../db/client.ts";
import { notificationsRepo } from "./repo.ts";
import { readMessage } from "./service.ts";
import { transportFor, type Transports } from "./transports.ts";

/** After this many failed attempts a message is given up (status failed). */
export const MAX_ATTEMPTS = 8;
/** How long a worker owns a claimed message: longer than any delivery may take (DELIVERY_TIMEOUT_MS). */
export const CLAIM_MS = 5 * 60_000;
/** A delivery that has not settled by then counts as a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const ERROR_LENGTH = 500;

/** The wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, ... at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export type DeliveryReport = {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Given up (too many attempts, or a payload that cannot be delivered). */
  failed: number;
  errors: { id: number; attempts: number; error: string }[];
};

function shortError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text || "delivery failed").replace(/\s+/g, " ").slice(0, ERROR_LENGTH);
}

function withTimeout(delivery: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`delivery timed out after ${ms} ms`)), ms);
  });
  return Promise.race([delivery, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One delivery pass: claims due pending messages one at a time (FOR UPDATE SKIP LOCKED, see
 * claimNext), delivers each through its transport, and records the outcome: sent (sent_at, transport),
 * or a retry after retryDelayMs with the error, or failed after MAX_ATTEMPTS. Several workers (processes)
 * may run passes at once: each message is claimed by one of them only. A crash between the claim and the
 * outcome makes the message due again when the claim runs out, so work is repeated rather than lost.
 */
export async function deliverPending(options: {
  db: Db;
  transport: Transports;
  now?: () => Date;
  /** At most this many messages in this pass. */
  limit?: number;
  deliveryTimeoutMs?: number;
}): Promise<DeliveryReport> {
  const now = options.now ?? (() => new Date());
  const limit = options.limit ?? 50;
  const repo = notificationsRepo(options.db);
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, errors: [] };

  for (let count = 0; count < limit; count++) {
    const claimedAt = now();
    const claimedUntil = new Date(claimedAt.getTime() + CLAIM_MS);
    const row = await repo.claimNext(claimedAt, claimedUntil);
    if (!row) break;

    const message = readMessage(row);
    let error: string | null = null;
    let retry = true;
    if (!message) {
      error = `payload of a ${row.kind} message cannot be delivered`;
      retry = false;
    } else {
      const transport = transportFor(options.transport, message.kind);
      const delivery = Promise.resolve().then(() => transport.deliver({ ...message, id: row.id, dealershipId: row.dealershipId }));
      delivery.catch(() => {}); // a delivery that outlives its timeout must not end as an unhandled rejection
      try {
        await withTimeout(delivery, options.deliveryTimeoutMs ?? DELIVERY_TIMEOUT_MS);
      } catch (caught) {
        error = shortError(caught);
      }
      if (error === null) {
        const recorded = await repo.settle(row.id, claimedUntil, { status: "sent", sentAt: now(), transport: transport.name });
        if (recorded) report.sent++;
        else report.errors.push({ id: row.id, attempts: row.attempts, error: "sent, but the claim had run out before it was recorded" });
        continue;
      }
    }

    const reason = error ?? "delivery failed";
    const givenUp = !retry || row.attempts >= MAX_ATTEMPTS;
    const failedAt = now();
    await repo.settle(row.id, claimedUntil, {
      status: givenUp ? "failed" : "pending",
      lastError: reason,
      availableAt: givenUp ? failedAt : new Date(failedAt.getTime() + retryDelayMs(row.attempts)),
    });
    report.errors.push({ id: row.id, attempts: row.attempts, error: reason });
    if (givenUp) report.failed++;
    else report.retrying++;
  }
  return report;
}
