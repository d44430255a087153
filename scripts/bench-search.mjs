// The search section of npm run bench: 100,000 vehicles across 50 dealerships of one group, loaded
// into PGlite and into PostgreSQL, then representative searches (each with its facet counts) measured
// against the real server. Run it alone: node scripts/bench.mjs --only=search (or BENCH_ONLY=search).
// BENCH_SEARCH_SECONDS (default 5) sets the load per search; BENCH_PG_URL the PostgreSQL server (a
// database showroom_bench_<pid> is created there and dropped at the end). Figures: bench-results/search.json.
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { code, DEALERSHIPS, generate, load, loadModules, uid } from "./bench-search-data.mjs";
import { percentile, rssMiB, startServer, stop, withPostgresDatabase } from "./bench-harness.mjs";

const CONNECTIONS = 10;
const MIN_SAMPLES = 20;
/** PostgreSQL p95 targets: one dealership, and all 100,000 vehicles. */
const TARGETS = { one: 25, all: 100 };

const FILTERS = "condition=used&bodyType=SUV&maxPayment=40000&sort=price";
const uids = (n) => Array.from({ length: n }, (_, i) => `dealership_uid=${uid(i)}`).join("&");

/** The measured searches; every response carries the facet counts. */
const SCENARIOS = [
  { id: "one", label: "1 dealership, no filters", query: "", target: TARGETS.one },
  { id: "one-filters", label: "1 dealership, filters", query: FILTERS, target: TARGETS.one },
  { id: "one-text-p3", label: "1 dealership, query=rav4, page 3", query: "query=rav4&page=3", target: TARGETS.one },
  { id: "group10", label: "10 dealerships, no filters", query: uids(10), target: null },
  { id: "group10-filters", label: "10 dealerships, filters", query: `${uids(10)}&${FILTERS}`, target: null },
  { id: "all", label: "all 50 (100k), no filters", query: uids(DEALERSHIPS), target: TARGETS.all },
  { id: "all-filters", label: "all 50 (100k), filters", query: `${uids(DEALERSHIPS)}&${FILTERS}`, target: TARGETS.all },
  { id: "all-distance", label: "all 50 (100k), sort=distance", query: `${uids(DEALERSHIPS)}&sort=distance&location=K1P1J1`, target: TARGETS.all },
];

function checked(url, result) {
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

/** A fixed number of requests, every latency recorded (autocannon reports no p95) and every request answered. */
async function timed(url, headers, connections, amount) {
  const latencies = [];
  const started = performance.now();
  const run = autocannon({ url, headers, connections, amount, timeout: 300 });
  run.on("response", (_client, statusCode, _bytes, ms) => { if (statusCode === 200) latencies.push(ms); });
  checked(url, await run);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/**
 * A warm-up (one request a connection, then five, which also estimates the rate), then about `seconds` of load at 10 connections (at least
 * MIN_SAMPLES requests, so slow searches still give a p95), then, for the service time without
 * queueing, a quarter as many requests one at a time. Fixed amounts rather than durations: no request
 * is left running on the server into the next measurement.
 */
async function measure(url, headers, seconds, single) {
  await timed(url, headers, CONNECTIONS, CONNECTIONS);
  const warm = await timed(url, headers, CONNECTIONS, 5 * CONNECTIONS);
  const amount = Math.ceil(Math.max(MIN_SAMPLES, warm.rps * seconds) / CONNECTIONS) * CONNECTIONS;
  const loaded = await timed(url, headers, CONNECTIONS, amount);
  const alone = single ? await timed(url, headers, 1, Math.max(MIN_SAMPLES / 2, Math.round(amount / 4))) : null;
  return { ...loaded, single: alone && { requests: alone.requests, p50: alone.p50, p95: alone.p95 } };
}

async function benchEngine(root, engine, env, seconds, port) {
  const server = await startServer(root, port, env);
  const headers = { "x-dealer-code": code(0) };
  const results = [];
  try {
    for (const scenario of SCENARIOS) {
      const url = `http://127.0.0.1:${port}/api/quickshop/inventory/${scenario.query ? `?${scenario.query}` : ""}`;
      // The first request of a search counts its facets and orders its first pages (nothing cached yet).
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = await response.json();
      const firstMs = performance.now() - started;
      if (response.status !== 200 || !(body.count > 0) || !(body.results?.length > 0) || !body.facets?.make?.length) {
        throw new Error(`${engine} ${scenario.id}: status ${response.status}, count ${body.count}, ${body.results?.length} results`);
      }
      const figures = await measure(url, headers, seconds, engine === "postgres");
      // The target is a search's latency: measured one request at a time, so that no request waits for
      // the others on the two shared cores (the 10-connection figures show throughput and queueing).
      const met = scenario.target === null || !figures.single ? null : figures.single.p95 <= scenario.target;
      results.push({ id: scenario.id, label: scenario.label, query: scenario.query, count: body.count, first_ms: firstMs, ...figures, target_p95_ms: scenario.target, met });
      const alone = figures.single ? `; 1 connection: p50 ${figures.single.p50.toFixed(1)} ms, p95 ${figures.single.p95.toFixed(1)} ms` : "";
      console.log(`  ${engine} ${scenario.label}: first ${firstMs.toFixed(0)} ms; p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, ${figures.rps.toFixed(1)} req/s (${figures.requests} requests)${alone}`);
    }
    return { start_ms: server.ms, rss_mib: rssMiB(server.child.pid), scenarios: results };
  } finally {
    await stop(server.child);
  }
}

export async function runSearchBench({ root, seconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 5), port = 3310 } = {}) {
  const loadBefore = loadavg();
  const m = await loadModules(root);
  let t = performance.now();
  const data = generate(m);
  const generateMs = performance.now() - t;
  const vehicles = data.reduce((n, d) => n + d.stock.length, 0);
  console.log(`\nSearch bench: ${vehicles} vehicles across ${DEALERSHIPS} dealerships of one group (generated in ${generateMs.toFixed(0)} ms)`);

  const engines = {};
  const dataDir = mkdtempSync(path.join(tmpdir(), "showroom-bench-search-"));
  try {
    t = performance.now();
    await load(m, data, { dataDir });
    const loadMs = performance.now() - t;
    console.log(`  pglite: loaded in ${(loadMs / 1000).toFixed(1)} s`);
    engines.pglite = { load_ms: loadMs, ...(await benchEngine(root, "pglite", { DATA_DIR: dataDir }, seconds, port)) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const pgDataDir = mkdtempSync(path.join(tmpdir(), "showroom-bench-search-"));
  try {
    await withPostgresDatabase(`showroom_bench_${process.pid}`, async (databaseUrl) => {
      t = performance.now();
      await load(m, data, { databaseUrl });
      const loadMs = performance.now() - t;
      console.log(`  postgres: loaded in ${(loadMs / 1000).toFixed(1)} s`);
      engines.postgres = { load_ms: loadMs, ...(await benchEngine(root, "postgres", { DATABASE_URL: databaseUrl, DATA_DIR: pgDataDir }, seconds, port)) };
    });
  } finally {
    rmSync(pgDataDir, { recursive: true, force: true });
  }

  const report = {
    date: new Date().toISOString(),
    commit: execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim(),
    uncommitted_changes: execSync("git status --porcelain --untracked-files=no", { cwd: root, encoding: "utf8" }).trim() !== "",
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? null, node: process.version },
    vehicles, dealerships: DEALERSHIPS, connections: CONNECTIONS, seconds, min_samples: MIN_SAMPLES,
    load_average_before: loadBefore, load_average_after: loadavg(),
    targets_p95_ms: { postgres_one_dealership: TARGETS.one, postgres_all_vehicles: TARGETS.all },
    engines,
  };
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(path.join(root, "bench-results/search.json"), `${JSON.stringify(report, null, 2)}\n`);
  printTable(report);
  return report;
}

function printTable(report) {
  const pad = (value, n) => String(value).padEnd(n);
  const num = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1)).padStart(6);
  console.log(
    `\nSearch: ${report.vehicles} vehicles, ${report.dealerships} dealerships in one group; facets in every response. ` +
      `${report.connections} connections, about ${report.seconds} s (at least ${report.min_samples} requests) per search after a warm-up; ` +
      `PostgreSQL also one connection at a time (a search's latency, no queueing). "first" is the first request ` +
      `of a search, before its facet counts and first pages are cached. Latencies in ms.`,
  );
  console.log(
    `${pad("search", 34)}${pad("count", 7)}| ${pad("PGlite p50    p95  req/s", 26)}| ${pad("PostgreSQL p50    p95  req/s", 30)}| ${pad("1 conn p50    p95", 20)}| ${pad("first", 7)}| target (PG p95, 1 conn)`,
  );
  SCENARIOS.forEach((scenario, i) => {
    const a = report.engines.pglite.scenarios[i];
    const b = report.engines.postgres.scenarios[i];
    const target = b.target_p95_ms === null ? "–" : `<= ${b.target_p95_ms}: ${b.met ? "met" : "MISSED"}`;
    console.log(
      `${pad(scenario.label, 34)}${pad(b.count, 7)}| ${pad(`    ${num(a.p50)} ${num(a.p95)} ${num(a.rps)}`, 26)}| ` +
        `${pad(`        ${num(b.p50)} ${num(b.p95)} ${num(b.rps)}`, 30)}| ${pad(`    ${num(b.single.p50)} ${num(b.single.p95)}`, 20)}| ${num(b.first_ms)} | ${target}`,
    );
  });
  for (const [name, e] of Object.entries(report.engines)) {
    console.log(`${name}: load ${(e.load_ms / 1000).toFixed(1)} s, server start ${e.start_ms.toFixed(0)} ms, resident memory after the searches ${e.rss_mib.toFixed(0)} MiB`);
  }
  const load = (l) => l.map((x) => x.toFixed(1)).join(" ");
  console.log(`machine: ${report.machine.cpus} CPUs, load average ${load(report.load_average_before)} before, ${load(report.load_average_after)} after`);
  console.log("written to bench-results/search.json");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runSearchBench({ root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..") });
}
