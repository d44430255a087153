import { rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config.ts";
import { seedIfEmpty } from "../seed/index.ts";
import { openDatabase } from "./client.ts";

/** Recreates the database from nothing: migrations, then the demo seed. */
const config = loadConfig();
if (!config.databaseUrl) rmSync(path.join(config.dataDir, "pglite"), { recursive: true, force: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (config.databaseUrl) {
  await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await database.db.execute(sql`CREATE SCHEMA public`);
}
await database.migrate();
await seedIfEmpty(database.db);
await database.close();
console.log(`database reset (${database.kind}) and demo data seeded`);
