import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types, type QueryOptions, type Results } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { listenOnPostgres } from "./postgres-listener.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, which `loadDataDir` opens as a copy (tests' seeded template). */
  snapshot?(): Promise<Blob>;
  /**
   * Calls `onChange` on each NOTIFY of `channel`, and whenever one may have been missed (when the subscription
   * holds, and holds again after its connection was lost).
   */
  listen(channel: string, onChange: () => void): Subscription;
};

export type Subscription = {
  /** Whether every notification reaches `onChange` now: not before the LISTEN holds, nor while its connection is lost. */
  readonly live: boolean;
  /** Settles once the subscription first holds, or has failed to. */
  ready(): Promise<void>;
  /** Resolves once every notification of a transaction that committed before the call has reached `onChange`. */
  caughtUp(): Promise<void>;
};

const CAUGHT_UP: Promise<void> = Promise.resolve();

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

const asText = (value: string) => value;
/** What drizzle asks of PGlite on each query: dates, times and intervals (and arrays of them, and of numerics) as PostgreSQL's text. */
export const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

/**
 * PGlite merges a query's own parsers into its table of some 300 on every query, which took 65 µs, nearly as
 * long as a point read; drizzle passes the same ones to every query. Installed once in the client's table (after
 * its array types are read, which would replace the array ones), they are left out of each query.
 */
class DrizzlePGlite extends PGlite {
  override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return super.query<T>(query, params, options?.parsers ? { ...options, parsers: undefined } : options);
  }
}

async function openPglite(options: ConstructorParameters<typeof PGlite>[0]): Promise<PGlite> {
  const client = new DrizzlePGlite(options);
  await client.waitReady;
  Object.assign(client.parsers, Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, asText])));
  return client;
}

/**
 * One schema and one set of migrations for both engines: PGlite embedded under the data folder by
 * default (or in memory for tests), node-postgres when a DATABASE_URL is given.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string | null; loadDataDir?: Blob }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection the server ends (a restart, a failover, an administrator) must not end this process:
    // an idle or closing client's error has no query to fail, so it is reported and the pool reconnects.
    const report = (error: Error) => console.error(`database connection lost: ${error.message}`);
    pool.on("error", report);
    pool.on("connect", (client) => client.on("error", report));
    const db: Db = drizzlePg(pool, { schema, casing: "snake_case" });
    const subscriptions: ReturnType<typeof listenOnPostgres>[] = [];
    const { databaseUrl } = options;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: async () => {
        await Promise.all(subscriptions.map((subscription) => subscription.close()));
        await pool.end();
      },
      listen(channel, onChange) {
        const subscription = listenOnPostgres(databaseUrl, channel, onChange);
        subscriptions.push(subscription);
        return subscription;
      },
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    client = await openPglite({ dataDir: dir });
  } else {
    client = await openPglite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const db: Db = drizzlePglite(client, { schema, casing: "snake_case" });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    snapshot: () => client.dumpDataDir("none"),
    // This process is PGlite's one connection: a notification reaches `onChange` before the statement or
    // transaction that sent it settles, so nothing this process runs afterwards can miss it.
    listen(channel, onChange) {
      let live = false;
      const holding = client.listen(channel, () => onChange()).then(
        () => void (live = true),
        () => {},
      );
      return {
        get live() {
          return live;
        },
        ready: () => holding,
        caughtUp: () => CAUGHT_UP,
      };
    },
  };
}

/**
 * The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`, which drizzle types as unknown.
 * The caller names the columns its SQL selects.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  if (typeof result !== "object" || result === null || !("rows" in result) || !Array.isArray(result.rows)) {
    throw new Error("a raw query answered without rows");
  }
  return result.rows as Row[];
}
