// The search section of npm run bench: 100,000 vehicles across 50 dealerships of one group, loaded
// into PGlite and into PostgreSQL (served by one process, then by two: WEB_CONCURRENCY=2, one per core), then searches the server has never seen (random filter sets drawn from
// the facet values, each asked once: no answer comes from the search cache) at 1 and 10 connections, over
// 1, 10 and 50 dealerships, each with its facet counts. Run it alone: node scripts/bench.mjs --only=search (or BENCH_ONLY=search).
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

const MIN_SAMPLES = 20;
const uids = (n) => Array.from({ length: n }, (_, i) => `dealership_uid=${uid(i)}`).join("&");
/** p95 targets on PostgreSQL (issue "Performance", point 1): one dealership at 1 connection; all 100,000 vehicles at 1 and 10. */
const SCOPES = [
  { id: "one", label: "1 dealership", dealerships: 1, targets: { 1: 25, 10: null } },
  { id: "ten", label: "10 dealerships", dealerships: 10, targets: { 1: null, 10: null } },
  { id: "all", label: "all 50 (100,000 vehicles)", dealerships: DEALERSHIPS, targets: { 1: 100, 10: 250 } },
];
const CONNECTION_COUNTS = [1, 10];
const SORTS = ["recommended", "price", "-price", "-year", "mileage"];

/** A small seeded generator, so every run asks the same sequence of searches. */
function randomOf(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (values) => values[Math.floor(next() * values.length)], chance: (p) => next() < p };
}

/**
 * Searches that were never asked before in this run (so none is answered from the search cache): random filter
 * sets drawn from the scope's own facet values, each combination used once.
 */
function distinctQueries(scopeParams, facets, random) {
  const values = (facet) => (facets[facet] ?? []).filter((v) => v.count > 0).map((v) => v.value);
  const asked = new Set();
  return () => {
    for (;;) {
      const params = new URLSearchParams(scopeParams);
      if (random.chance(0.4)) params.set("condition", random.pick(["new", "used", "cpo"]));
      if (random.chance(0.5) && values("make").length) params.set("make", random.pick(values("make")));
      for (const facet of ["bodyType", "exteriorColor", "drivetrain", "fuelType"]) {
        if (random.chance(0.3) && values(facet).length) params.append(facet, random.pick(values(facet)));
      }
      if (random.chance(0.4) && facets.year?.min) params.set("minYear", String(facets.year.min + Math.floor(random.next() * Math.max(1, facets.year.max - facets.year.min))));
      if (random.chance(0.4) && facets.payment?.max) params.set("maxPayment", String(Math.round(200 + random.next() * facets.payment.max)));
      if (random.chance(0.3)) params.set("maxMileage", String(Math.round(5_000 + random.next() * 150_000)));
      params.set("sort", random.pick(SORTS));
      if (random.chance(0.2)) params.set("page", String(2 + Math.floor(random.next() * 3)));
      const query = params.toString();
      if (!asked.has(query)) {
        asked.add(query);
        return query;
      }
    }
  };
}

/** `amount` distinct searches over `connections` connections; every latency recorded and the load's own duration measured. */
async function timed(base, headers, nextQuery, connections, amount) {
  const latencies = [];
  const started = performance.now();
  const run = autocannon({
    url: base,
    headers,
    connections,
    amount,
    timeout: 300,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/quickshop/inventory/?${nextQuery()}` }) }],
  });
  run.on("response", (_client, statusCode, _bytes, ms) => {
    if (statusCode === 200) latencies.push(ms);
  });
  const result = await run;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) throw new Error(`${base}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

async function benchEngine(root, engine, env, seconds, port) {
  const server = await startServer(root, port, env);
  const headers = { "x-dealer-code": code(0) };
  const base = `http://127.0.0.1:${port}`;
  const results = [];
  try {
    for (const scope of SCOPES) {
      const scopeParams = scope.dealerships === 1 ? "" : uids(scope.dealerships);
      const response = await fetch(`${base}/api/quickshop/inventory/?${scopeParams}`, { headers });
      const body = await response.json();
      if (response.status !== 200 || !(body.count > 0)) throw new Error(`${engine} ${scope.id}: status ${response.status}, count ${body.count}`);
      const nextQuery = distinctQueries(scopeParams, body.facets, randomOf(20261125 + scope.dealerships));
      // A short warm-up (the JIT, the connection pool), which also estimates how many searches fit in `seconds`.
      const warm = await timed(base, headers, nextQuery, 10, 20);
      for (const connections of CONNECTION_COUNTS) {
        const amount = Math.max(MIN_SAMPLES, Math.round(warm.rps * (connections === 1 ? 0.5 : 1) * seconds));
        const figures = await timed(base, headers, nextQuery, connections, amount);
        const target = scope.targets[connections];
        const met = target === null ? null : figures.p95 <= target;
        results.push({ scope: scope.id, label: scope.label, vehicles: body.count, connections, ...figures, target_p95_ms: target, met });
        console.log(
          `  ${engine} ${scope.label}, ${connections} connection${connections === 1 ? "" : "s"}: p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, ` +
            `p99 ${figures.p99.toFixed(1)} ms, ${figures.rps.toFixed(1)} req/s (${figures.requests} distinct searches)${target === null ? "" : `; target p95 <= ${target} ms: ${met ? "met" : "MISSED"}`}`,
        );
      }
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
      // As the server is deployed on this machine: one process per core (WEB_CONCURRENCY, as the foundation section's pages).
      engines.postgres_2 = {
        load_ms: loadMs,
        ...(await benchEngine(root, "postgres, 2 processes", { DATABASE_URL: databaseUrl, DATA_DIR: pgDataDir, WEB_CONCURRENCY: "2" }, seconds, port)),
      };
    });
  } finally {
    rmSync(pgDataDir, { recursive: true, force: true });
  }

  const report = {
    date: new Date().toISOString(),
    commit: execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim(),
    uncommitted_changes: execSync("git status --porcelain --untracked-files=no", { cwd: root, encoding: "utf8" }).trim() !== "",
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? null, node: process.version },
    vehicles, dealerships: DEALERSHIPS, connections: CONNECTION_COUNTS, seconds, min_samples: MIN_SAMPLES,
    load_average_before: loadBefore, load_average_after: loadavg(),
    targets_p95_ms: Object.fromEntries(SCOPES.map((scope) => [scope.id, scope.targets])),
    engines,
  };
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(path.join(root, "bench-results/search.json"), `${JSON.stringify(report, null, 2)}\n`);
  printTable(report);
  return report;
}

function printTable(report) {
  const pad = (value, n) => String(value).padEnd(n);
  const num = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1)).padStart(7);
  console.log(
    `\nSearch: ${report.vehicles} vehicles, ${report.dealerships} dealerships in one group; every search distinct (never cached), ` +
      `facets in every answer; about ${report.seconds} s of load per row (at least ${report.min_samples} searches). Latencies in ms.`,
  );
  const engines = [["pglite", "PGlite"], ["postgres", "PostgreSQL"], ["postgres_2", "PostgreSQL, 2 processes"]].filter(([name]) => report.engines[name]);
  const cell = (r) => `${num(r.p50)} ${num(r.p95)} ${num(r.p99)} ${num(r.rps)}`;
  const verdict = (r) => (r.target_p95_ms === null ? "" : ` ${r.met ? "met" : "MISSED"}`);
  console.log(`Each engine: p50 p95 p99 req/s. Targets are PostgreSQL's p95.`);
  console.log(`${pad("scope", 28)}${pad("conn", 6)}${engines.map(([, label]) => `| ${pad(label, 38)}`).join("")}| target p95`);
  report.engines.postgres.scenarios.forEach((b, i) => {
    const cells = engines.map(([name]) => {
      const r = report.engines[name].scenarios[i];
      return `| ${pad(cell(r) + (name === "pglite" ? "" : verdict(r)), 38)}`;
    });
    console.log(`${pad(b.label, 28)}${pad(b.connections, 6)}${cells.join("")}| ${b.target_p95_ms === null ? "–" : `<= ${b.target_p95_ms} ms`}`);
  });
  const p95 = (engine, scope) => report.engines[engine].scenarios.find((r) => r.scope === scope && r.connections === 1)?.p95 ?? NaN;
  for (const engine of Object.keys(report.engines)) {
    console.log(`${engine} scaling, p95 at 1 connection: 1 → 10 → 50 dealerships: ${["one", "ten", "all"].map((scope) => `${p95(engine, scope).toFixed(1)} ms`).join(" → ")}`);
  }
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
