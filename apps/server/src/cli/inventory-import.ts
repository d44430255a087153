import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { importFeedFromCli } from "./import-feed.ts";

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
  const { lines, exitCode } = await importFeedFromCli(config, database, { file, dealer: values.dealer, partial: values.partial, cwd: process.env.INIT_CWD ?? process.cwd() });
  for (const line of lines) (exitCode === 2 ? console.error : console.log)(line);
  process.exitCode = exitCode;
} finally {
  await database.close();
}
