import rateLimit from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Counters in PostgreSQL so that several server processes share one limit. One statement both
 * resets an elapsed window and counts the request, so concurrent requests cannot race past it.
 */
function postgresStore(db: Db, windowMs: number) {
  return class PostgresRateLimitStore {
    private prefix: string;
    constructor(options: { routeInfo?: { url?: string } } = {}) {
      this.prefix = options.routeInfo?.url ? `${options.routeInfo.url}:` : "global:";
    }
    incr(key: string, callback: IncrCallback) {
      const id = this.prefix + key;
      db.execute<{ count: number; reset_at: string }>(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${id}, 1, now() + ${`${windowMs} milliseconds`}::interval)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING count, reset_at`)
        .then((result) => {
          const row = (result as unknown as { rows: { count: number; reset_at: string | Date }[] }).rows[0]!;
          callback(null, { current: row.count, ttl: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) });
        })
        .catch((error: Error) => callback(error));
    }
    child(routeOptions: { routeInfo?: { url?: string } }) {
      return new PostgresRateLimitStore(routeOptions);
    }
  };
}

export async function registerRateLimit(
  app: FastifyInstance,
  options: { db: Db; shared: boolean; perMinute: number },
) {
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    // An embedded database means one process, so its memory is the shared state.
    ...(options.shared ? { store: postgresStore(options.db, 60_000) as never } : {}),
    allowList: (request) => request.url === "/api/health/",
  });
}
