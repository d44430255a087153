// npm run bench: start times, memory, API and page throughput (next to a bare Fastify route serving the same JSON) on
// PGlite and PostgreSQL, then the search, pricing, configurator and writes sections, each figure with its target.
// One section alone: node scripts/bench.mjs --only=search (or BENCH_ONLY=search); sections: foundation, search, pricing, configurator, writes.
import { spawn, execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { rssMiB, startServer, stop, withPostgresDatabase } from "./bench-harness.mjs";
import { runConfiguratorBench } from "./bench-configurator.mjs";
import { runPricingBench } from "./bench-pricing.mjs";
import { runSearchBench } from "./bench-search.mjs";
import { runWritesBench } from "./bench-writes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const SECTIONS = ["foundation", "search", "pricing", "configurator", "writes"];
const only = (process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length) ?? process.env.BENCH_ONLY ?? "")
  .split(",")
  .filter(Boolean);
const unknown = only.filter((s) => !SECTIONS.includes(s));
if (unknown.length) throw new Error(`unknown bench section ${unknown.join(", ")}: choose from ${SECTIONS.join(", ")}`);
const runs = (section) => only.length === 0 || only.includes(section);

async function load(url, headers = {}) {
  // A short warm-up so every server is measured hot.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * The same load over addresses that are each asked once (`next()` gives the path of the next request), so no answer
 * comes from a cache: pages are measured as shoppers' differing searches and vehicles reach them.
 */
async function loadDistinct(base, next, headers = {}) {
  const requests = [{ setupRequest: (request) => ({ ...request, path: next() }) }];
  await autocannon({ url: base, headers, requests, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url: base, headers, requests, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${base}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Searches whose filters were never asked before of this server (filters drawn from the facets, then a sort), as a
 * query string: neither the list nor its facet counts can come from the search caches, which key on the filters (and
 * the list on its sort). The API calls and the pages draw from one generator: a page searches through the API.
 */
function distinctSearches(facets) {
  const pick = (values) => values[Math.floor(Math.random() * values.length)];
  const seen = new Set();
  return () => {
    for (;;) {
      const params = new URLSearchParams();
      if (Math.random() < 0.6) params.append("make", pick(facets.make).value);
      if (Math.random() < 0.4) params.append("bodyType", pick(facets.bodyType).value);
      if (Math.random() < 0.4) params.set("condition", pick(facets.condition).value);
      if (Math.random() < 0.3) params.append("exteriorColor", pick(facets.exteriorColor).value);
      if (Math.random() < 0.3) params.set("maxPayment", String(20_000 + 1_000 * Math.floor(Math.random() * 40)));
      const filters = params.toString();
      if (seen.has(filters)) continue;
      seen.add(filters);
      params.set("sort", pick(["recommended", "price", "-price", "-year", "mileage"]));
      return params.toString();
    }
  };
}

const TENANT = { "x-dealer-code": "maple-auto" };
const f = (n, d = 0) => n.toFixed(d);
const met = (ok) => (ok ? "met" : "MISSED");
const figures = (r) => `${f(r.rps)} req/s (p50 ${r.p50} ms, p99 ${r.p99} ms)`;
const pageTarget = (r, rps) => `target >= ${rps} req/s and p99 <= 200 ms: ${met(r.rps >= rps && r.p99 <= 200)}`;

const cycle = (paths) => {
  let i = 0;
  return () => paths[i++ % paths.length];
};

const SEARCH_PATH = "/api/quickshop/inventory/";
/** How many answers of new searches the bare route serves in turn, as the reference of the search call's new searches. */
const BARE_SEARCH_ANSWERS = 200;

/** The API calls and the two pages a shopper opens first, on a started server; the JSON answers are kept for the bare route. */
async function measure(port) {
  const base = `http://127.0.0.1:${port}`;
  const searchUrl = `${base}${SEARCH_PATH}`;
  const homeUrl = `${base}/api/quickshop/dealership/home-dealership/`;
  const searchPayload = await (await fetch(searchUrl, { headers: TENANT })).json();
  const homePayload = await (await fetch(homeUrl, { headers: TENANT })).json();
  const nextSearch = distinctSearches(searchPayload.facets);
  const home = await load(homeUrl, TENANT);
  const search = await load(searchUrl, TENANT);
  // First visits (no cookies), as shoppers arriving from a search engine or an ad: every search page a different
  // search, the details pages every vehicle of the first list in turn, in both languages.
  const page = await loadDistinct(base, () => `/${Math.random() < 0.5 ? "en" : "fr"}/maple-auto/search/?${nextSearch()}`);
  const details = await loadDistinct(base, cycle(searchPayload.results.flatMap((v) => [`/en/maple-auto/details/${v.id}/`, `/fr/maple-auto/details/${v.id}/`])));
  // After the pages, so the searches they draw are the generator's first (the later ones are the rarer filter sets).
  const newSearchAnswers = [];
  for (let i = 0; i < BARE_SEARCH_ANSWERS; i++) newSearchAnswers.push(await (await fetch(`${searchUrl}?${nextSearch()}`, { headers: TENANT })).json());
  const newSearches = await loadDistinct(base, () => `${SEARCH_PATH}?${nextSearch()}`, TENANT);
  return { searchPayload, homePayload, newSearchAnswers, home, search, newSearches, page, details };
}

/**
 * The same JSON from a bare Fastify route in a process of its own, measured as the server was: each of `payloads` at
 * its own address, then `cycled` answered in turn.
 */
async function bareRoutes(payloads, cycled, port) {
  const dir = mkdtempSync(path.join(tmpdir(), "showroom-bare-"));
  const files = [...payloads, ...cycled].map((payload, i) => {
    const file = path.join(dir, `${i}.json`);
    writeFileSync(file, JSON.stringify(payload));
    return file;
  });
  const child = spawn(process.execPath, [path.join(root, "scripts/bench-bare.mjs"), String(port), ...files], { stdio: ["ignore", "ignore", "inherit"] });
  try {
    for (let i = 0; i < 200 && !(await fetch(`http://127.0.0.1:${port}/0`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 25));
    const results = [];
    for (let i = 0; i < payloads.length; i++) results.push(await load(`http://127.0.0.1:${port}/${i}`));
    results.push(await loadDistinct(`http://127.0.0.1:${port}`, cycle(cycled.map((_, i) => `/${payloads.length + i}`))));
    return results;
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function foundation() {
  if (!existsSync(path.join(root, "apps/web/build/server/index.js"))) execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
  const port = 3300;
  console.log(`\nFoundation bench (${DURATION} s per load after 2 s of warm-up, ${CONNECTIONS} connections, NODE_ENV=production; load average ${loadavg().map((n) => f(n, 1)).join(" ")})`);

  // Embedded PGlite: the README's npm start.
  const dataDir = mkdtempSync(path.join(tmpdir(), "showroom-bench-"));
  const cold = await startServer(root, port, { DATA_DIR: dataDir });
  await stop(cold.child);
  const warm = await startServer(root, port, { DATA_DIR: dataDir });
  const rss = rssMiB(warm.child.pid);
  const pglite = await measure(port);
  await stop(warm.child);
  rmSync(dataDir, { recursive: true, force: true });
  const [bareHome, bareSearch, bareNewSearches] = await bareRoutes([pglite.homePayload, pglite.searchPayload], pglite.newSearchAnswers, port + 1);

  console.log(`cold start (empty data folder: migrate + seed + listen): ${f(cold.ms)} ms`);
  console.log(`warm start (existing database):                          ${f(warm.ms)} ms`);
  console.log(`resident memory after warm start:                       ${f(rss, 1)} MiB`);
  console.log(`bare Fastify route (own process), home-dealership JSON:  ${figures(bareHome)}`);
  console.log(`bare Fastify route (own process), search JSON:           ${figures(bareSearch)}`);
  console.log(`bare Fastify route, ${BARE_SEARCH_ANSWERS} new searches' JSON in turn: ${figures(bareNewSearches)}`);
  const searchRatio = (r, bare) => `ratio to bare ${f(r.rps / bare.rps, 2)} (target >= 0.3: ${met(r.rps / bare.rps >= 0.3)})`;
  const report = (label, r) => {
    console.log(`${label}`);
    console.log(`  GET /api/quickshop/dealership/home-dealership/:  ${figures(r.home)}; ratio to bare ${f(r.home.rps / bareHome.rps, 2)}`);
    console.log(`  GET /api/quickshop/inventory/, one address again: ${figures(r.search)}; ${searchRatio(r.search, bareSearch)}`);
    console.log(`  GET /api/quickshop/inventory/, every search new:  ${figures(r.newSearches)}; ${searchRatio(r.newSearches, bareNewSearches)}`);
    console.log(`  search pages (server-rendered, every search new): ${figures(r.page)}; ${pageTarget(r.page, 120)}`);
    console.log(`  details pages (50 vehicles in turn, EN and FR):   ${figures(r.details)}; ${pageTarget(r.details, 150)}`);
  };
  report("embedded PGlite, one process (npm start):", pglite);

  // PostgreSQL: one server process, then WEB_CONCURRENCY=2 (one per core of this machine).
  await withPostgresDatabase(`showroom_bench_foundation_${process.pid}`, async (databaseUrl) => {
    for (const workers of [1, 2]) {
      const server = await startServer(root, port, { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: String(workers) });
      const figuresOnPg = await measure(port);
      await stop(server.child);
      report(`PostgreSQL, WEB_CONCURRENCY=${workers}${workers === 1 ? " (one process)" : " (two processes sharing the port)"}:`, figuresOnPg);
    }
  });
}

if (runs("foundation")) await foundation();
if (runs("search")) await runSearchBench({ root });
if (runs("pricing")) await runPricingBench({ root });
if (runs("configurator")) await runConfiguratorBench({ root });
if (runs("writes")) await runWritesBench({ root });
