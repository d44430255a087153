// Where the browser tests find Chromium, and how a fresh machine of this kind gets it. Playwright's own browser
// download cannot work here (only the npm registry and Debian's packages are reachable): Debian's package can.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEBIAN_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** The first Chromium that exists: CHROMIUM_PATH, Debian's, then Playwright's own if one was ever installed. */
export async function findChromium({ env = process.env, exists = existsSync, playwrightPath = playwrightChromium } = {}) {
  if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  const debian = DEBIAN_PATHS.find((path) => exists(path));
  if (debian) return debian;
  const bundled = await playwrightPath();
  return bundled && exists(bundled) ? bundled : null;
}

async function playwrightChromium() {
  try {
    const { chromium } = await import("playwright-core");
    return chromium.executablePath();
  } catch {
    return null;
  }
}

/**
 * Chromium, installed from Debian's packages when it is missing and we may (root, with apt-get), as CI does.
 * Answers its path, or null with `problem` saying in one line what to install.
 */
export async function ensureChromium({
  env = process.env,
  exists = existsSync,
  playwrightPath = playwrightChromium,
  isRoot = process.getuid?.() === 0,
  run = (command) => spawnSync(command, { stdio: "inherit", shell: true }).status === 0,
  log = console.log,
} = {}) {
  const found = await findChromium({ env, exists, playwrightPath });
  if (found) return { path: found };
  if (env.CHROMIUM_PATH) return { path: null, problem: `CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist: point it at a Chromium binary, or unset it to use Debian's chromium package.` };
  if (isRoot && exists("/usr/bin/apt-get")) {
    log("=== Chromium is missing: installing Debian's chromium package (apt-get install -y chromium)");
    if (run("apt-get update && apt-get install -y chromium")) {
      const installed = await findChromium({ env, exists, playwrightPath });
      if (installed) return { path: installed };
    }
    return { path: null, problem: "Installing Debian's chromium package failed: run `apt-get update && apt-get install -y chromium` and try again." };
  }
  return { path: null, problem: "The browser tests and npm run lighthouse need Chromium: install Debian's package (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH." };
}
