// npm run bench: start times, memory, and API throughput next to a bare Fastify route on this machine.
// Later capabilities add their sections here (search, pricing, configurator).
// One section alone: node scripts/bench.mjs --only=search (or BENCH_ONLY=search); sections: foundation, search, pricing, configurator, writes.
import { spawn, execSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import Fastify from "fastify";
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

async function waitForHealth(port, child, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("server did not become healthy");
}

async function startServer(dataDir, port) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "100000000", NODE_ENV: "production", PUBLIC_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: "b".repeat(40), DATA_ENCRYPTION_KEY: "k".repeat(40) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(port, child);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { child, ms };
}

const rssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return Number(line.replace(/\D+/g, "")) / 1024;
};
const stop = (child) => new Promise((resolve) => { child.once("exit", resolve); child.kill("SIGTERM"); });

async function load(url, headers) {
  // A short warm-up so both servers are measured hot.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function foundation() {
  if (!existsSync(path.join(root, "apps/web/build/server/index.js"))) execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
  const dataDir = mkdtempSync(path.join(tmpdir(), "showroom-bench-"));
  const port = 3300;
  const cold = await startServer(dataDir, port);
  await stop(cold.child);
  const warm = await startServer(dataDir, port);
  const rss = rssMiB(warm.child.pid);

  const headers = { "x-dealer-code": "maple-auto" };
  const apiUrl = `http://127.0.0.1:${port}/api/quickshop/dealership/home-dealership/`;
  const payload = await (await fetch(apiUrl, { headers })).json();
  const api = await load(apiUrl, headers);
  const searchUrl = `http://127.0.0.1:${port}/api/quickshop/inventory/`;
  const searchPayload = await (await fetch(searchUrl, { headers })).json();
  const search = await load(searchUrl, headers);
  const pageUrl = `http://127.0.0.1:${port}/en/maple-auto/search/`;
  const page = await load(pageUrl, {});
  const detailsUrl = `http://127.0.0.1:${port}/en/maple-auto/details/${searchPayload.results[0].id}/`;
  const details = await load(detailsUrl, {});
  await stop(warm.child);

  // The same JSON from a bare Fastify route, in its own process-free instance on this machine.
  const bare = Fastify();
  bare.get("/bare", async () => payload);
  bare.get("/bare-search", async () => searchPayload);
  await bare.listen({ port: port + 1, host: "127.0.0.1" });
  const bareResult = await load(`http://127.0.0.1:${port + 1}/bare`, {});
  const bareSearch = await load(`http://127.0.0.1:${port + 1}/bare-search`, {});
  await bare.close();
  rmSync(dataDir, { recursive: true, force: true });

  const f = (n, d = 0) => n.toFixed(d);
  console.log(`\nFoundation bench (${DURATION} s per load, ${CONNECTIONS} connections, embedded PGlite, NODE_ENV=production)`);
  console.log(`cold start (empty data folder: migrate + seed + listen): ${f(cold.ms)} ms`);
  console.log(`warm start (existing database):                          ${f(warm.ms)} ms`);
  console.log(`resident memory after warm start:                       ${f(rss, 1)} MiB`);
  console.log(`GET /api/quickshop/dealership/home-dealership/:  ${f(api.rps)} req/s (p50 ${api.p50} ms, p99 ${api.p99} ms)`);
  console.log(`bare Fastify route, same JSON:                    ${f(bareResult.rps)} req/s (p50 ${bareResult.p50} ms, p99 ${bareResult.p99} ms)`);
  console.log(`ratio home-dealership / bare:                     ${f(api.rps / bareResult.rps, 2)}`);
  const met = (ok) => (ok ? "met" : "MISSED");
  console.log(`GET /api/quickshop/inventory/ (the search call):  ${f(search.rps)} req/s (p50 ${search.p50} ms, p99 ${search.p99} ms)`);
  console.log(`bare Fastify route, same search JSON:             ${f(bareSearch.rps)} req/s (p50 ${bareSearch.p50} ms, p99 ${bareSearch.p99} ms)`);
  const ratio = search.rps / bareSearch.rps;
  console.log(`ratio search / bare:                              ${f(ratio, 2)} (target >= 0.3: ${met(ratio >= 0.3)})`);
  const pageTarget = (figures, rps) => `target >= ${rps} req/s and p99 <= 200 ms: ${met(figures.rps >= rps && figures.p99 <= 200)}`;
  console.log(`GET /en/maple-auto/search/ (server-rendered page): ${f(page.rps)} req/s (p50 ${page.p50} ms, p99 ${page.p99} ms; ${pageTarget(page, 120)})`);
  console.log(`GET the details page (server-rendered):           ${f(details.rps)} req/s (p50 ${details.p50} ms, p99 ${details.p99} ms; ${pageTarget(details, 150)})`);
}

if (runs("foundation")) await foundation();
if (runs("search")) await runSearchBench({ root });
if (runs("pricing")) await runPricingBench({ root });
if (runs("configurator")) await runConfiguratorBench({ root });
if (runs("writes")) await runWritesBench({ root });
