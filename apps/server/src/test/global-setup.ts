// Once per API test run: a migrated and seeded database that every test file copies instead of seeding its own
// (PostgreSQL: CREATE DATABASE … TEMPLATE; PGlite: a data-folder tarball it opens in memory).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { seedIfEmpty } from "../seed/index.ts";

export type TestTemplate = { kind: "postgres"; name: string } | { kind: "pglite"; file: string };

declare module "vitest" {
  export interface ProvidedContext {
    testTemplate: TestTemplate;
  }
}

async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `showroom_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    await seedIfEmpty(database.db);
    await database.close(); // a template may have no open connection while it is copied
    project.provide("testTemplate", { kind: "postgres", name });
    return async () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  await seedIfEmpty(database.db);
  const folder = mkdtempSync(path.join(tmpdir(), "showroom-test-template-"));
  const file = path.join(folder, "seeded.tar");
  writeFileSync(file, Buffer.from(await (await database.snapshot!()).arrayBuffer()));
  await database.close();
  project.provide("testTemplate", { kind: "pglite", file });
  return async () => rmSync(folder, { recursive: true, force: true });
}
