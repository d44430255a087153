// What the bench sections share: the real server started and stopped, its memory, a PostgreSQL
// database made for one run, and the nearest-rank percentile.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The project's TypeScript sources (through tsx, as scripts/start.mjs loads the server), in the order given. */
export async function importSources(root, files) {
  const { register } = await import("tsx/esm/api");
  register();
  return Promise.all(files.map((file) => import(pathToFileURL(path.join(root, file)).href)));
}

/** Exact nearest-rank percentile of recorded latencies. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function waitForHealth(port, child, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("server did not become healthy");
}

/**
 * The real server process (apps/server/src/main.ts: migrate, seed if empty, listen), loaded through tsx
 * as scripts/start.mjs loads it, without start.mjs's web build step: the search API does not need it.
 */
export async function startServer(root, port, env) {
  const started = process.hrtime.bigint();
  const childEnv = {
    ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", RATE_LIMIT_PER_MINUTE: "100000000",
    NODE_ENV: "production", PUBLIC_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: "b".repeat(40), DATA_ENCRYPTION_KEY: "k".repeat(40), ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(port, child);
  return { child, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

export const stop = (child) => new Promise((resolve) => { child.once("exit", resolve); child.kill("SIGTERM"); });
/** Resident memory of a process and of the processes it started (WEB_CONCURRENCY's workers). */
export const rssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* no children listed */
  }
  return Number(line.replace(/\D+/g, "")) / 1024 + children.reduce((sum, child) => sum + rssMiB(child), 0);
};

export async function withPostgresDatabase(name, work) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
