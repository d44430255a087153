import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject, onTestFinished } from "vitest";
import pg from "pg";
import { buildApp, type App } from "../app.ts";
import { loadConfig, type Config } from "../config.ts";
import { openDatabase, type Database } from "../db/client.ts";

export const ORIGIN = "http://localhost:3000";

/**
 * With TEST_DATABASE_URL (an admin connection to a PostgreSQL server) each test app gets a brand-new
 * database of its own; otherwise an in-memory PGlite. `seeded`: a copy of the run's migrated and seeded
 * template (global-setup.ts), instead of an empty database. `url` (PostgreSQL only) lets a test open more
 * connections to the same database, as a second server process would.
 */
export async function freshDatabase(options: { seeded?: boolean } = {}): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = options.seeded ? inject("testTemplate") : null;
  if (!adminUrl) {
    const loadDataDir = template?.kind === "pglite" ? new Blob([readFileSync(template.file)]) : undefined;
    const database = await openDatabase({ dataDir: null, ...(loadDataDir ? { loadDataDir } : {}) });
    return { database, url: null, drop: async () => {} };
  }
  const name = `showroom_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template?.kind === "postgres" ? `CREATE DATABASE ${name} TEMPLATE ${template.name}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** An empty migrated database for the tests of one file: opened before them, closed and dropped after them. */
export function migratedDatabaseForFile(): () => Database {
  let opened: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    opened = await freshDatabase();
    await opened.database.migrate();
  });
  afterAll(async () => {
    await opened?.database.close();
    await opened?.drop();
  });
  return () => opened!.database;
}

export type TestApp = {
  app: App;
  database: Database;
  config: Config;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
};

const DAY_MS = 86_400_000;
/**
 * For a test file that moves the clock months ahead (purges, expiries): sessions outlast the moves, so everyone stays
 * signed in, and the rate and sign-in limits never trip however many calls the file makes.
 */
export const LONG_SESSIONS: Partial<Config> = {
  signInLimitPer15Minutes: 10_000,
  rateLimitPerMinute: 100_000,
  sessionIdleMs: 900 * DAY_MS,
  sessionAbsoluteMs: 900 * DAY_MS,
  staffSessionIdleMs: 900 * DAY_MS,
  staffSessionAbsoluteMs: 900 * DAY_MS,
};

/** A real app (every plugin, real database, demo seed) driven through app.inject, with a movable clock. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase({ seeded: true });
  return testAppOn(database, overrides, drop);
}

/** Another server process on a database already migrated and seeded (`drop` runs when it closes). */
export async function testAppOn(database: Database, overrides: Partial<Config> = {}, drop: () => Promise<void> = async () => {}): Promise<TestApp> {
  // Uploaded files go to a folder of this app's own, removed when it closes.
  const dataDir = overrides.dataDir ? null : mkdtempSync(path.join(tmpdir(), "showroom-test-data-"));
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", SESSION_SECRET: "test-secret-".padEnd(40, "x"), DATA_ENCRYPTION_KEY: "k".repeat(40) }),
    publicUrl: ORIGIN,
    webBuildDir: null,
    logLevel: "silent",
    ...(dataDir ? { dataDir } : {}),
    ...overrides,
  };
  const start = new Date("2026-11-21T15:00:00Z");
  const clock = {
    now: start,
    /** Moves the clock for the rest of the running test: it is back at the start when the test ends, whatever its order. */
    advance(ms: number) {
      if (clock.now === start) onTestFinished(() => void (clock.now = start));
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({ config, database, now: () => clock.now, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookies as a browser keeps them: later Set-Cookie headers replace earlier ones. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A browser-like client: carries its cookies, the tenant header, the CSRF token and an Origin. */
export function client(testApp: TestApp, dealerCode: string | null = "maple-auto") {
  const jar = new CookieJar();
  async function request(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
    const unsafe = method !== "GET";
    const headers: Record<string, string> = {
      ...(dealerCode ? { "x-dealer-code": dealerCode } : {}),
      ...(jar.header() ? { cookie: jar.header() } : {}),
      ...(unsafe ? { origin: ORIGIN, "x-csrftoken": jar.get("csrftoken") ?? "" } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...options.headers,
    };
    const response = await testApp.app.inject({
      method,
      url,
      headers,
      ...(options.body !== undefined ? { payload: typeof options.body === "string" ? options.body : JSON.stringify(options.body) } : {}),
    });
    jar.store(response.headers["set-cookie"]);
    return response;
  }
  return {
    jar,
    get: (url: string, headers?: Record<string, string>) => request("GET", url, headers ? { headers } : {}),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => request("POST", url, { body, ...(headers ? { headers } : {}) }),
    request,
    /** Signs a seeded staff user in directly (a new session id), by default with the second factor verified; for tests of signed-in rules. */
    async signInAsStaff(email: string, options: { secondFactorVerified?: boolean } = {}) {
      const { dealerUsers } = await import("../modules/dealer-auth/tables.ts");
      const { sql } = await import("drizzle-orm");
      const [user] = await testApp.database.db.select().from(dealerUsers).where(sql`lower(${dealerUsers.email}) = ${email.toLowerCase()}`);
      if (!user) throw new Error(`no seeded staff user ${email}`);
      // Organization and super-admin staff work at the storefront they signed in at.
      const { dealerships } = await import("../modules/dealerships/tables.ts");
      const [storefront] = dealerCode ? await testApp.database.db.select().from(dealerships).where(sql`${dealerships.code} = ${dealerCode}`) : [];
      const { id } = await testApp.app.sessions.signIn(jar.get("sessionid") ?? null, {
        dealershipId: user.dealershipId ?? storefront!.id,
        dealerUserId: user.id,
        data: { second_factor_verified: options.secondFactorVerified ?? true },
      });
      const { sessionCookieValue } = await import("../platform/sessions.ts");
      jar.store([`sessionid=${sessionCookieValue(testApp.config.sessionSecret, id)}; Path=/`]);
      jar.store([`csrftoken=; Max-Age=0`]);
      await request("GET", "/api/i18n/"); // picks up the CSRF token of the new session
      return user;
    },
  };
}
