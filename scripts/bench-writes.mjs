// The writes section of npm run bench (issue "Performance", point 6): a feed import that changes 5,000
// vehicles (target ≤ 2 s on PostgreSQL), and pricing the stored payments of 100,000 vehicles again
// (target ≤ 60 s). Runs on PGlite and on PostgreSQL (a database made and dropped on the BENCH_PG_URL server, as the
// search section does). BENCH_WRITES_VEHICLES sets the recompute's
// inventory (default 100,000). Run it alone: node scripts/bench.mjs --only=writes. Figures: bench-results/writes.json.
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { importSources, withPostgresDatabase } from "./bench-harness.mjs";

const CHANGED = 5_000;
const RECOMPUTE_VEHICLES = Number(process.env.BENCH_WRITES_VEHICLES ?? 100_000);
const TARGETS = { importChangedPostgresMs: 2_000, recomputeMs: 60_000 };
const HEADER = "VIN,Stock #,Type,Certified,Year,Make,Model,Trim,Body Style,Ext Color,Int Color,Odometer,Price,MSRP,Photos,Date In Stock,Status";

async function loadModules(root) {
  const [client, seed, imports, testing, app, config, recompute] = await importSources(root, [
    "apps/server/src/db/client.ts",
    "apps/server/src/seed/index.ts",
    "apps/server/src/modules/inventory/import-service.ts",
    "packages/testing/src/index.ts",
    "apps/server/src/app.ts",
    "apps/server/src/config.ts",
    "apps/server/src/workflows/recompute-payments.ts",
  ]);
  return { client, seed, imports, testing, app, config, recompute };
}

function feedOf(vins, priceOffset) {
  const rows = vins.map((vin, i) =>
    [vin, `W${i}`, "Used", "N", String(2018 + (i % 8)), "Mazda", "CX-5", "GS", "Sport Utility", "Red", "Black", String(10_000 + i), `${20_000 + (i % 3_000) * 10 + priceOffset}.00`, "", "", "2026-10-02", "I"].join(","),
  );
  return [HEADER, ...rows].join("\n");
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** Each figure on one backend: `options` opens PGlite (dataDir) or a PostgreSQL database (databaseUrl). */
async function runBackend(modules, backend, options) {
  const db = await modules.client.openDatabase(options);
  try {
    await db.migrate();
    await modules.seed.seedIfEmpty(db.db);
    const config = modules.config.loadConfig({ NODE_ENV: "test", SESSION_SECRET: "b".repeat(40), DATA_ENCRYPTION_KEY: "k".repeat(40), LOG_LEVEL: "silent" });
    const app = await modules.app.buildApp({ config: { ...config, webBuildDir: null }, database: db, logger: false });
    await app.ready();
    const dealership = await app.dealerships.byCode("maple-auto");
    const random = modules.testing.createRandom(20261125);
    const vins = Array.from({ length: CHANGED }, () => modules.testing.buildVin(random));
    const importer = modules.imports.inventoryImportService(db.db);
    const feed = (offset) => ({ dealershipId: dealership.id, csv: feedOf(vins, offset), fullFeed: false, source: "bench" });
    const created = await timed(() => importer.importFeed(feed(0)));
    const changed = await timed(() => importer.importFeed(feed(100)));
    if (changed.result.updated !== CHANGED) throw new Error(`expected ${CHANGED} changed vehicles, got ${changed.result.updated}`);
    const withPayments = await timed(() => app.inventoryImports.importFeed(dealership, { csv: feed(200).csv, fullFeed: false, source: "bench" }));

    // Grow the dealership to the recompute's inventory, then price every stored payment again from nothing.
    const more = Array.from({ length: Math.max(0, RECOMPUTE_VEHICLES - (await app.inventory.pricingRows(dealership.id)).length) }, () => modules.testing.buildVin(random));
    for (let i = 0; i < more.length; i += 20_000) await importer.importFeed({ dealershipId: dealership.id, csv: feedOf(more.slice(i, i + 20_000), 0), fullFeed: false, source: "bench" });
    await app.inventory.storePayments((await app.inventory.pricingRows(dealership.id)).map((row) => ({ id: row.id, cash: null, finance: null, lease: null, terms: null })));
    const recompute = await timed(() => modules.recompute.recomputeStoredPayments({ inventory: app.inventory, pricing: app.pricing }, dealership));
    await app.close();
    return {
      backend,
      import_created_ms: created.ms,
      import_changed_ms: changed.ms,
      import_changed_with_payments_ms: withPayments.ms,
      recompute_vehicles: recompute.result.vehicles,
      recompute_changed: recompute.result.changed,
      recompute_ms: recompute.ms,
    };
  } finally {
    await db.close();
  }
}

export async function runWritesBench({ root } = {}) {
  const loadBefore = loadavg();
  const modules = await loadModules(root);
  console.log(`\nWrites bench: a feed changing ${CHANGED.toLocaleString("en")} vehicles; stored payments of ${RECOMPUTE_VEHICLES.toLocaleString("en")} vehicles priced again`);
  const results = [
    await runBackend(modules, "pglite", { dataDir: null }),
    await withPostgresDatabase(`showroom_bench_writes_${process.pid}`, (databaseUrl) => runBackend(modules, "postgres", { databaseUrl })),
  ];
  for (const r of results) {
    const backend = r.backend;
    const importTarget = backend === "postgres" ? ` (target ≤ ${seconds(TARGETS.importChangedPostgresMs)}${r.import_changed_ms <= TARGETS.importChangedPostgresMs ? ", met" : ", MISSED"})` : "";
    console.log(`  ${backend}: ${CHANGED.toLocaleString("en")} new vehicles ${seconds(r.import_created_ms)}; ${CHANGED.toLocaleString("en")} changed ${seconds(r.import_changed_ms)}${importTarget}; changed with their stored payments priced again ${seconds(r.import_changed_with_payments_ms)}`);
    console.log(
      `  ${backend}: stored payments of ${r.recompute_vehicles.toLocaleString("en")} vehicles priced again in ${seconds(r.recompute_ms)} (${r.recompute_changed.toLocaleString("en")} written; target ≤ ${seconds(TARGETS.recomputeMs)}${r.recompute_ms <= TARGETS.recomputeMs ? ", met" : ", MISSED"})`,
    );
  }
  const loadAfter = loadavg();
  console.log(`  load average ${loadBefore.map((n) => n.toFixed(1)).join(" ")} before, ${loadAfter.map((n) => n.toFixed(1)).join(" ")} after, on ${cpus().length} cores`);
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(
    path.join(root, "bench-results/writes.json"),
    JSON.stringify(
      { date: new Date().toISOString(), commit: execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim(), machine: { cpus: cpus().length, node: process.version }, load_average_before: loadBefore, load_average_after: loadAfter, targets: TARGETS, results },
      null,
      2,
    ),
  );
  return results;
}
