import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { S3Settings } from "./platform/s3-file-storage.ts";
import { parseManufacturerIdentityProviders, type ManufacturerIdentityProviders } from "./modules/manufacturer-identity/provider-config.ts";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Proxies whose X-Forwarded-* headers are believed: a hop count ("1") or addresses/CIDRs ("10.0.0.1,10.1.0.0/16"). */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)?$/, "a hop count or a comma-separated list of addresses")
    .optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, ".data")),
  SESSION_SECRET: z.string().min(32).optional(),
  DATA_ENCRYPTION_KEY: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  STAFF_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SIGN_IN_LIMIT_PER_15_MINUTES: z.coerce.number().int().positive().default(20),
  DEFAULT_DEALER_CODE: z.string().default("maple-auto"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: z.string().optional(),
  /** The From address of mail sent by SMTP. */
  MAIL_FROM: z.string().min(3).optional(),
  /** "1" serves the development mailbox even with SMTP configured or in production. */
  DEV_MAILBOX: z.enum(["0", "1"]).optional(),
  APP_VERSION: z.string().default("0.1.0"),
  /** Uploaded files go to this S3-compatible bucket instead of DATA_DIR/uploads (with the S3_* settings below). */
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  /** The store's address when it is not AWS (MinIO, Ceph, R2...), e.g. http://127.0.0.1:9000. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** "1": path-style requests (http://host/bucket/key), which most stores other than AWS need. */
  S3_FORCE_PATH_STYLE: z.enum(["0", "1"]).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9-]+\/)*$/, "lower-case folders ending in /")
    .default(""),
  /** Card deposits: the built-in sandbox processor (test cards only) or Stripe (with the STRIPE_* settings). */
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).default("sandbox"),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "a Stripe secret or restricted key").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_[A-Za-z0-9]+$/, "a Stripe publishable key").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9]+$/, "a Stripe webhook signing secret").optional(),
  /** Another address than Stripe's API (a local fake processor). */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** Server processes sharing the port (node:cluster); above 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Where feed photos are kept, as fetched and resized (one folder shared by the server processes); default DATA_DIR/image-cache. */
  IMAGE_CACHE_DIR: z.string().min(1).optional(),
  /**
   * Development and tests only (refused in production): hosts, by name or address and comma-separated, whose private
   * or loopback addresses the feed-photo fetcher may call (a photo host on this machine). Otherwise only public addresses.
   */
  PHOTO_FETCH_PRIVATE_HOSTS: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:[\]-]+(,\s*[A-Za-z0-9.:[\]-]+)*$/, "comma-separated host names or addresses")
    .optional(),
  /** A feed photo's whole fetch must end within this time (ms) and be at most this many bytes. */
  PHOTO_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  PHOTO_FETCH_MAX_BYTES: z.coerce.number().int().min(1024).max(104_857_600).default(15_728_640),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** The public origin every emailed link is built from (never the request's Host header). */
  publicUrl: string;
  /** Fastify's trustProxy: false (the default: believe no forwarded header), a hop count, or proxy addresses. */
  trustProxy: false | number | string[];
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  dataEncryptionKey: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Staff sessions: idle and absolute timeouts (security.md: 30 minutes, 12 hours). */
  staffSessionIdleMs: number;
  staffSessionAbsoluteMs: number;
  rateLimitPerMinute: number;
  /** Sign-up, code and re-entry-link calls one address may make in 15 minutes. */
  signInLimitPer15Minutes: number;
  defaultDealerCode: string;
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** DEV_MAILBOX=1: serve the development mailbox whatever else is configured. */
  devMailbox: boolean;
  version: string;
  /** How many server processes share the port: one per core serves about that many times the pages. */
  workers: number;
  /** Where the built web app lives; null serves the API alone. */
  webBuildDir: string | null;
  /** Feed photos: the cache folder (null: dataDir/image-cache) and the fetcher's limits. */
  photos: { cacheDir: string | null; privateHosts: string[]; fetchTimeoutMs: number; maxBytes: number };
  /** The S3-compatible bucket uploaded files go to; null keeps them under dataDir/uploads. */
  s3: S3Settings | null;
  /** Card deposits through Stripe; null: the built-in sandbox processor. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: string | null } | null;
  /** Customers' sign-in with the manufacturer's identity (OpenID Connect), by dealer code: MANUFACTURER_IDENTITY_PROVIDERS. */
  manufacturerIdentity: ManufacturerIdentityProviders;
};

type Secrets = { SESSION_SECRET: string; DATA_ENCRYPTION_KEY: string };

/** Development keeps generated secrets under the data folder so sessions survive restarts. */
function developmentSecrets(dataDir: string): Secrets {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Secrets;
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64url"),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((address) => address.trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  let secrets: Secrets;
  if (e.SESSION_SECRET && e.DATA_ENCRYPTION_KEY) {
    secrets = { SESSION_SECRET: e.SESSION_SECRET, DATA_ENCRYPTION_KEY: e.DATA_ENCRYPTION_KEY };
  } else if (e.NODE_ENV === "production") {
    throw new Error("Invalid configuration: SESSION_SECRET and DATA_ENCRYPTION_KEY are required in production");
  } else {
    secrets = developmentSecrets(e.DATA_DIR);
  }
  // A reset or sign-in link built from a forged Host header would carry a live token to another site.
  if (e.NODE_ENV === "production" && !e.PUBLIC_URL) throw new Error("Invalid configuration: PUBLIC_URL is required in production");
  // PGlite is a database inside this process: a second process cannot open it.
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) throw new Error("Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  if (e.PAYMENT_PROVIDER === "stripe" && !(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error("Invalid configuration: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET");
  }
  // A feed naming this machine or the private network must not make the server call it (SSRF).
  if (e.NODE_ENV === "production" && e.PHOTO_FETCH_PRIVATE_HOSTS) throw new Error("Invalid configuration: PHOTO_FETCH_PRIVATE_HOSTS is for development and tests only");
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) throw new Error("Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database opens in one process)");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    sessionSecret: secrets.SESSION_SECRET,
    dataEncryptionKey: secrets.DATA_ENCRYPTION_KEY,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    staffSessionIdleMs: e.STAFF_SESSION_IDLE_MINUTES * 60_000,
    staffSessionAbsoluteMs: e.STAFF_SESSION_ABSOLUTE_HOURS * 3_600_000,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    signInLimitPer15Minutes: e.SIGN_IN_LIMIT_PER_15_MINUTES,
    defaultDealerCode: e.DEFAULT_DEALER_CODE,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM ?? `Showroom <no-reply@${e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : "localhost"}>`,
    devMailbox: e.DEV_MAILBOX === "1",
    version: e.APP_VERSION,
    workers: e.WEB_CONCURRENCY,
    webBuildDir: path.join(REPO_ROOT, "apps/web/build"),
    photos: {
      cacheDir: e.IMAGE_CACHE_DIR ?? null,
      privateHosts: e.PHOTO_FETCH_PRIVATE_HOSTS ? e.PHOTO_FETCH_PRIVATE_HOSTS.split(",").map((host) => host.trim()) : [],
      fetchTimeoutMs: e.PHOTO_FETCH_TIMEOUT_MS,
      maxBytes: e.PHOTO_FETCH_MAX_BYTES,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === "1" || (e.S3_FORCE_PATH_STYLE === undefined && e.S3_ENDPOINT !== undefined),
          prefix: e.S3_PREFIX,
        }
      : null,
    stripe:
      e.PAYMENT_PROVIDER === "stripe"
        ? { secretKey: e.STRIPE_SECRET_KEY!, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiBase: e.STRIPE_API_BASE ?? null }
        : null,
    manufacturerIdentity: parseManufacturerIdentityProviders(env, e.NODE_ENV === "production"),
  };
}
