// npm start: build the web app when its sources are newer than the build, then migrate, seed and serve.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildEntry = path.join(root, "apps/web/build/server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, "apps/web/app"), path.join(root, "packages/domain/src")];
const stale = !existsSync(buildEntry) || Math.max(...sources.map(newestMtime)) > statSync(buildEntry).mtimeMs;
if (stale) {
  console.log("building the web app…");
  execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
}

const { register } = await import("tsx/esm/api");
register();
await import(pathToFileURL(path.join(root, "apps/server/src/main.ts")).href);
