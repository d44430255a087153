import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { rowsOf, type Db } from "../db/client.ts";
import { hashSessionId } from "../modules/sessions/service.ts";
import { isApiRequest } from "./tenant.ts";

/** A route's own limit, instead of the general one: `max` calls per `timeWindow` ("15 minutes", "1 minute" or ms). */
export type RouteRateLimit = { max: number; timeWindow: string | number; keyGenerator?: (request: FastifyRequest) => string };

declare module "fastify" {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit;
  }
}

type Hit = { current: number; ttl: number };
/**
 * Fixed-window counters: `hit` counts one request under `key` and tells how many fell in its window (`max` is the limit
 * it is held to); at once when the count is in memory, so a request whose count needs no database waits for nothing.
 */
type Counters = { hit(key: string, windowMs: number, max: number): Hit | Promise<Hit>; flush?(): Promise<void> };

/** One process (the embedded database): the counters live in memory, on the app's clock. */
export function memoryCounters(now: () => Date, maxKeys = 100_000): Counters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key, windowMs) {
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
export function postgresCounters(db: Db, now: () => Date): { hit(key: string, windowMs: number, max: number): Promise<Hit> } {
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
    hit(key, windowMs, max) {
      if (max < EXACT_BELOW) return exact.hit(key, windowMs, max);
      const at = now().getTime();
      const window = windows.get(key);
      if (!window || window.resetAt <= at) {
        if (windows.size >= maxKeys) for (const [k, w] of windows) if (w.resetAt <= at && w.pending === 0) windows.delete(k);
        return exact.hit(key, windowMs, max).then((first) => {
          windows.set(key, { base: first.current, pending: 0, resetAt: at + first.ttl, windowMs });
          return first;
        });
      }
      window.pending += 1;
      scheduleFlush();
      return { current: window.base + window.pending, ttl: Math.max(0, window.resetAt - at) };
    },
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
export const addressLimit = (max: number, timeWindow: string): { rateLimit: RouteRateLimit } => ({
  rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => request.clientAddress },
});

const TIME_UNITS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000 };

/** A limit's window in milliseconds: a number of them, or "N second(s)", "N minute(s)" or "N hour(s)". */
export function windowMs(timeWindow: string | number): number {
  if (typeof timeWindow === "number") return timeWindow;
  const match = /^(\d+)\s*(second|minute|hour)s?$/.exec(timeWindow.trim());
  if (!match) throw new Error(`rate limit window "${timeWindow}": write it as "N seconds", "N minutes" or "N hours"`);
  return Number(match[1]) * TIME_UNITS[match[2]!]!;
}

const HEALTH = /^\/api\/health\/?(\?|$)/;

/** Lets a call through within its limit; else fails it as 429, which the error handler answers with a detail naming Retry-After's seconds. */
function admit(hit: Hit, max: number, reply: FastifyReply, done: (error?: Error) => void) {
  if (hit.current <= max) return done();
  reply.header("retry-after", String(Math.ceil(hit.ttl / 1000)));
  done(Object.assign(new Error("rate limit exceeded"), { statusCode: 429 }));
}

/**
 * Each API route counts its calls against the general limit (per visitor, a minute) or its own (config.rateLimit),
 * never both, in a hook of its own: pages, assets and /api/health/ are not counted. A call over the limit is answered
 * 429 with Retry-After. A count kept in memory is decided at once: @fastify/rate-limit awaited a key, an allow list, a
 * store callback and the counters for each call (about 3 % of a new search's processor time, in a profile under load),
 * and added three X-RateLimit headers to every answer.
 */
export function registerRateLimit(app: FastifyInstance, options: { db: Db; shared: boolean; perMinute: number; now: () => Date }) {
  const counters = options.shared ? sharedCounters(options.db, options.now) : memoryCounters(options.now);
  // What this process counted but has not written yet is written before it stops.
  app.addHook("onClose", async () => counters.flush?.());

  function limiter(prefix: string, max: number, window: number, keyOf: (request: FastifyRequest) => string): onRequestHookHandler {
    return function rateLimit(request, reply, done) {
      if (!isApiRequest(request) || HEALTH.test(request.url)) return done();
      const hit = counters.hit(prefix + keyOf(request), window, max);
      // (No closure on the path counted in memory: the hook runs for every API call.)
      if (hit instanceof Promise) hit.then((counted) => admit(counted, max, reply, done), done);
      else admit(hit, max, reply, done);
    };
  }

  const general = limiter("global:", options.perMinute, 60_000, visitorKey);
  app.addHook("onRoute", (route) => {
    const own = route.config?.rateLimit;
    // (Appended to the route's own hooks: they run after every app-wide one, the session and the caller's address included.)
    const hook = own ? limiter(`${[route.method].flat().join(",")} ${route.url}:`, own.max, windowMs(own.timeWindow), own.keyGenerator ?? visitorKey) : general;
    route.onRequest = [route.onRequest ?? []].flat().concat(hook);
  });
}
