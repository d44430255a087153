import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? "list" : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: { baseURL: `http://127.0.0.1:${PORT}`, launchOptions: chromium, trace: "off" },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium, viewport: { width: 1366, height: 900 } } },
    // The server's shutdown under load is not a page: it is tested once, in the desktop project.
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions: chromium }, testIgnore: /shutdown\.spec\.ts$/ },
  ],
  webServer: {
    // A freshly built server on its own temporary embedded database.
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${PORT}/api/health/`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "showroom-e2e-")),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000",
      SIGN_IN_LIMIT_PER_15_MINUTES: "100000",
      // The feed-photo journey's photo host runs on this machine (the fetcher calls no private address otherwise).
      PHOTO_FETCH_PRIVATE_HOSTS: "127.0.0.1",
      // maple-vw-ottawa's manufacturer sign-in: the OpenID provider e2e/manufacturer-identity.spec.ts starts on PORT + 1000.
      MANUFACTURER_IDENTITY_PROVIDERS: JSON.stringify({ "maple-vw-ottawa": { issuer: `http://127.0.0.1:${PORT + 1000}`, client_id: "showroom-e2e" } }),
      MANUFACTURER_IDENTITY_CLIENT_SECRET_MAPLE_VW_OTTAWA: "e2e-client-secret",
    },
  },
});
