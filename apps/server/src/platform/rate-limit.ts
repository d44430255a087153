import rateLimit from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { rowsOf, type Db } from "../db/client.ts";
import { hashSessionId } from "../modules/sessions/service.ts";
import { isApiRequest } from "./tenant.ts";

type Hit = { current: number; ttl: number };
/** Fixed-window counters: `hit` counts one request under `key` and tells how many fell in its window (`max` is the limit it is held to). */
type Counters = { hit(key: string, windowMs: number, max: number): Promise<Hit>; flush?(): Promise<void> };

/** One process (the embedded database): the counters live in memory, on the app's clock. */
export function memoryCounters(now: () => Date, maxKeys = 100_000): Counters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const at = now().getTime();
      if (windows.size >= maxKeys) for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { current: window.count, ttl: window.resetAt - at };
    },
  };
}

/**
 * Several processes on one PostgreSQL share the counters. One statement both resets an elapsed window
 * and counts the request, so concurrent requests cannot race past it; each limit passes its own window.
 */
export function postgresCounters(db: Db, now: () => Date): Counters {
  return {
    async hit(key, windowMs, _max) {
      const at = now();
      const resetAt = new Date(at.getTime() + windowMs);
      const result = await db.execute(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${key}, 1, ${resetAt.toISOString()}::timestamptz)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= ${at.toISOString()}::timestamptz THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= ${at.toISOString()}::timestamptz THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING count, reset_at`);
      const row = rowsOf<{ count: number; reset_at: string | Date }>(result)[0]!;
      return { current: Number(row.count), ttl: Math.max(0, new Date(row.reset_at).getTime() - at.getTime()) };
    },
  };
}

/** Limits below this are counted in PostgreSQL on every request (the sign-in guards: a few requests, each must count). */
export const EXACT_BELOW = 100;

/**
 * Several processes on one PostgreSQL, without one write per request. A limit of EXACT_BELOW or more (the
 * general one) counts the first request of a window in PostgreSQL, which tells what the other processes
 * counted, then counts in memory and adds its requests to the shared row in one statement every `flushMs`.
 * A process may so let through up to what the others counted since its last flush (about `flushMs` of
 * their traffic) above the limit: a flood is still stopped within a fraction of a second.
 */
export function sharedCounters(db: Db, now: () => Date, options: { flushMs?: number; maxKeys?: number } = {}): Counters & { flush(): Promise<void> } {
  const flushMs = options.flushMs ?? 250;
  const maxKeys = options.maxKeys ?? 100_000;
  const exact = postgresCounters(db, now);
  const windows = new Map<string, { base: number; pending: number; resetAt: number; windowMs: number }>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  async function writePending() {
    const batch = [...windows].filter(([, w]) => w.pending > 0).map(([key, w]) => ({ key, window: w, count: w.pending }));
    if (batch.length === 0) return;
    const at = now();
    const values = batch.map(({ key, window, count }) => sql`(${key}, ${count}, ${new Date(at.getTime() + window.windowMs).toISOString()}::timestamptz)`);
    const result = await db.execute(sql`
      INSERT INTO rate_limits (key, count, reset_at) VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= ${at.toISOString()}::timestamptz THEN EXCLUDED.count ELSE rate_limits.count + EXCLUDED.count END,
        reset_at = CASE WHEN rate_limits.reset_at <= ${at.toISOString()}::timestamptz THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
      RETURNING key, count, reset_at`);
    const stored = new Map(rowsOf<{ key: string; count: number; reset_at: string | Date }>(result).map((row) => [row.key, row]));
    for (const { key, window, count } of batch) {
      window.pending -= count;
      const row = stored.get(key);
      if (row) Object.assign(window, { base: Number(row.count), resetAt: new Date(row.reset_at).getTime() });
    }
  }

  function flush(): Promise<void> {
    flushing = flushing.catch(() => {}).then(writePending);
    return flushing;
  }

  function scheduleFlush() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      // A failed write keeps its counts pending for the next flush.
      flush().catch(() => scheduleFlush());
    }, flushMs);
    timer.unref();
  }

  return {
    flush,
    async hit(key, windowMs, max) {
      if (max < EXACT_BELOW) return exact.hit(key, windowMs, max);
      const at = now().getTime();
      const window = windows.get(key);
      if (!window || window.resetAt <= at) {
        if (windows.size >= maxKeys) for (const [k, w] of windows) if (w.resetAt <= at && w.pending === 0) windows.delete(k);
        const first = await exact.hit(key, windowMs, max);
        windows.set(key, { base: first.current, pending: 0, resetAt: at + first.ttl, windowMs });
        return first;
      }
      window.pending += 1;
      scheduleFlush();
      return { current: window.base + window.pending, ttl: Math.max(0, window.resetAt - at) };
    },
  };
}

type IncrCallback = (error: Error | null, result?: Hit) => void;
type StoreParams = { routeInfo?: { url?: string; method?: string | string[] } };

/** The store interface @fastify/rate-limit expects: one per route, its keys prefixed by the route. */
function storeOver(counters: Counters) {
  return class CountersStore {
    private readonly prefix: string;
    constructor(params: StoreParams = {}) {
      const route = params.routeInfo?.url;
      this.prefix = route ? `${[params.routeInfo?.method ?? ""].flat().join(",")} ${route}:` : "global:";
    }
    incr(key: string, callback: IncrCallback, timeWindow: number, max: number) {
      counters.hit(this.prefix + key, timeWindow, max).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
    }
    child(params: StoreParams) {
      return new CountersStore(params);
    }
  };
}

/**
 * The general limit counts a visitor's API calls (never pages or assets); a signed-in visitor is counted
 * by address and session, so one shopper's browsing does not use up the allowance of everyone behind the
 * same address.
 */
function visitorKey(request: FastifyRequest) {
  // (Routes of plugins registered before the sessions, like the API docs, have no session property.)
  const session = request.session;
  const signedIn = session != null && (session.customerId !== null || session.dealerUserId !== null);
  return signedIn ? `${request.clientAddress}|${hashSessionId(request.sessionId).slice(0, 24)}` : request.clientAddress;
}

/** A route's own limit per address, for calls that guard sign-in: a session is free to make, so it is no key. */
export const addressLimit = (max: number, timeWindow: string) => ({
  rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => request.clientAddress },
});

export async function registerRateLimit(app: FastifyInstance, options: { db: Db; shared: boolean; perMinute: number; now: () => Date }) {
  const counters = options.shared ? sharedCounters(options.db, options.now) : memoryCounters(options.now);
  // What this process counted but has not written yet is written before it stops.
  app.addHook("onClose", async () => counters.flush?.());
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    store: storeOver(counters) as never,
    keyGenerator: visitorKey,
    allowList: (request) => !isApiRequest(request) || /^\/api\/health\/?(\?|$)/.test(request.url),
  });
}
