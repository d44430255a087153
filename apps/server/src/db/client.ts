import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types, type QueryOptions, type Results } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
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
   * PGlite only (this process is its one connection): calls `onNotify` on each NOTIFY of `channel`, before the
   * statement or transaction that sent it settles, so nothing this process runs afterwards misses it.
   */
  listen?(channel: string, onNotify: () => void): Promise<void>;
};

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
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
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
    listen: async (channel, onNotify) => {
      await client.listen(channel, () => onNotify());
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
