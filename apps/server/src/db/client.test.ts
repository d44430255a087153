import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "./client.ts";

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
