import { readFileSync } from "node:fs";
import path from "node:path";
import { buildApp } from "../app.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { FeedRefused } from "../modules/inventory/import-service.ts";

export type ImportCliInput = { file: string; dealer: string; partial: boolean; cwd: string };

/**
 * What `npm run inventory:import` does: the same modules as the server import the feed and, when it changed
 * vehicles, price their stored payments again. Answers the lines to print and the exit code.
 */
export async function importFeedFromCli(config: Config, database: Database, input: ImportCliInput): Promise<{ lines: string[]; exitCode: number }> {
  const app = await buildApp({ config: { ...config, webBuildDir: null }, database, logger: false });
  try {
    await app.ready();
    const dealership = await app.dealerships.byCode(input.dealer);
    if (!dealership) throw new FeedRefused([`No dealership has the code "${input.dealer}".`]);
    const csv = readFileSync(path.resolve(input.cwd, input.file), "utf8");
    const report = await app.inventoryImports.importFeed(dealership, { csv, fullFeed: !input.partial, source: `cli:${path.basename(input.file)}` });
    const lines = [
      `${report.rows} rows: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ` +
        `${report.marked_unavailable} marked unavailable, ${report.rejected.length} rejected; ${report.repriced} stored payments priced again`,
      ...report.rejected.map((r) => `  line ${r.line}${r.vin ? ` (${r.vin})` : ""}: ${r.field}: ${r.reason}`),
      ...report.warnings.map((w) => `  line ${w.line}: warning: ${w.message}`),
    ];
    return { lines, exitCode: report.rejected.length ? 1 : 0 };
  } catch (error) {
    if (error instanceof FeedRefused) return { lines: [`feed refused, nothing changed:\n  ${error.problems.join("\n  ")}`], exitCode: 2 };
    throw error;
  } finally {
    await app.close();
  }
}
