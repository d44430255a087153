import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const POSTGRES = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Starts `npm start`'s server with `env`, loads its search page from 10 connections, sends SIGTERM: how long it took to exit. */
async function stopUnderLoad(env: Record<string, string>): Promise<number> {
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "showroom-shutdown-")),
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "1000000",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number>((resolve) => server.once("exit", () => resolve(Date.now())));
  try {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${PORT}/api/health/`).catch(() => null))?.status ?? 0, {
        timeout: 150_000,
        intervals: [250],
      })
      .toBe(200);
    let loading = true;
    let served = 0;
    const load = Array.from({ length: 10 }, async () => {
      while (loading) {
        const response = await fetch(`http://127.0.0.1:${PORT}/en/maple-auto/search/`).catch(() => null);
        if (!response) return;
        await response.text().catch(() => "");
        served += 1;
      }
    });
    await expect.poll(() => served, { timeout: 90_000 }).toBeGreaterThan(20);
    const signalled = Date.now();
    server.kill("SIGTERM");
    const stoppedAfter =
      (await Promise.race([exited, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 10_000))])) -
      signalled;
    loading = false;
    await Promise.allSettled(load);
    return stoppedAfter;
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
  }
}

// Server processes, not pages: the phone project leaves this file out (playwright.config.ts).
test("SIGTERM stops the server within 5 s while pages are being served", async () => {
  test.setTimeout(300_000);
  expect(await stopUnderLoad({})).toBeLessThan(5_000);
});

test("SIGTERM stops every process of WEB_CONCURRENCY=2 (PostgreSQL) within 5 s while pages are being served", async () => {
  test.setTimeout(300_000);
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  const name = `showroom_shutdown_${process.pid}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(POSTGRES);
    url.pathname = `/${name}`;
    expect(await stopUnderLoad({ DATABASE_URL: url.toString(), WEB_CONCURRENCY: "2" })).toBeLessThan(5_000);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
