import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { dealerships } from "../modules/dealerships/tables.ts";
import { FeedRefused, inventoryImportService } from "../modules/inventory/import-service.ts";

const usage = "usage: npm run inventory:import -- <feed.csv> --dealer <code> [--partial]";
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dealer: { type: "string" }, partial: { type: "boolean", default: false } },
});
const file = positionals[0];
if (!file || !values.dealer) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const [dealership] = await database.db.select().from(dealerships).where(eq(dealerships.code, values.dealer));
  if (!dealership) throw new FeedRefused([`No dealership has the code "${values.dealer}".`]);
  const csv = readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), "utf8");
  const report = await inventoryImportService(database.db).importFeed({
    dealershipId: dealership.id,
    csv,
    fullFeed: !values.partial,
    source: `cli:${path.basename(file)}`,
  });
  console.log(
    `${report.rows} rows: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ` +
      `${report.marked_unavailable} marked unavailable, ${report.rejected.length} rejected`,
  );
  for (const r of report.rejected) console.log(`  line ${r.line}${r.vin ? ` (${r.vin})` : ""}: ${r.field}: ${r.reason}`);
  for (const w of report.warnings) console.log(`  line ${w.line}: warning: ${w.message}`);
  process.exitCode = report.rejected.length ? 1 : 0;
} catch (error) {
  if (error instanceof FeedRefused) {
    console.error(`feed refused, nothing changed:\n  ${error.problems.join("\n  ")}`);
    process.exitCode = 2;
  } else throw error;
} finally {
  await database.close();
}
