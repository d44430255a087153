// npm test: lint and typecheck, unit and API tests, then the browser journeys against a fresh build.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./chromium.mjs";

// The browser journeys need Chromium: found, or installed from Debian's packages where we may, before anything runs.
const chromium = await ensureChromium();
if (!chromium.path) {
  console.error(`npm test: ${chromium.problem}`);
  process.exit(1);
}

const steps = [
  ["lint + typecheck", "npm run check --silent"],
  ["unit and API tests (vitest)", "npx vitest run"],
  ["web build", "npm run build --silent"],
  ["browser journeys (playwright)", "npx playwright test"],
];

for (const [name, command] of steps) {
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { stdio: "inherit", shell: true, env: { ...process.env, CHROMIUM_PATH: chromium.path } });
  console.log(`=== ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
