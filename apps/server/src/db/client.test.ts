import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { DRIZZLE_TEXT_TYPES, openDatabase, rowsOf } from "./client.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("PostgreSQL connections", () => {
  it("survives the server ending an idle connection: reported, and the next query reconnects", async () => {
    const name = `showroom_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    const reported = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await database.db.execute(sql`select 1`);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
      await expect.poll(() => reported.mock.calls.length).toBeGreaterThan(0);
      const result = await database.db.execute(sql`select 2 as n`);
      expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    } finally {
      reported.mockRestore();
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe("embedded PGlite", () => {
  it("holds in its parser table the very parsers drizzle would pass with every query", async () => {
    const { PglitePreparedQuery } = await import("drizzle-orm/pglite/session");
    const perQuery = (new PglitePreparedQuery(null as never, "", [], null as never, null as never, undefined, undefined, undefined, undefined, false) as unknown as {
      queryConfig: { parsers: Record<string, (value: string) => unknown> };
    }).queryConfig.parsers;
    expect(Object.keys(perQuery).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
    for (const parse of Object.values(perQuery)) expect(parse("2026-11-27 10:00:00")).toBe("2026-11-27 10:00:00");
  });

  it("reads every type as drizzle on a plain PGlite reads it", async () => {
    const database = await openDatabase({ dataDir: null });
    const plain = new PGlite();
    const at = sql`timestamptz '2026-11-27 10:00:00+00'`;
    const statement = sql`select ${at}::timestamp as ts, ${at} as tstz, interval '1 day 2 hours' as iv, ${at}::date as d,
      array[1.5, 2.25]::numeric[] as nums, array[${at}::timestamp] as tss, array[${at}] as tstzs, array[interval '1 hour'] as ivs,
      array[${at}::date] as ds, 12.50::numeric as n, 7 as i, true as b, '{"a": [1]}'::jsonb as j, array['x', 'y'] as texts`;
    try {
      const [ours, theirs] = await Promise.all([database.db.execute(statement), drizzle(plain).execute(statement)]);
      const row = rowsOf<Record<string, unknown>>(ours)[0]!;
      expect(row).toEqual(rowsOf(theirs)[0]);
      expect(row).toMatchObject({ tstz: "2026-11-27 10:00:00+00", tss: "{\"2026-11-27 10:00:00\"}", j: { a: [1] }, texts: ["x", "y"] });
    } finally {
      await database.close();
      await plain.close();
    }
  });
});
