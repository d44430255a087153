// First-view JavaScript of the vehicle list, the details page and build and price: the entry, the root, the shell and the page
// route with every chunk they import (what the browser fetches before the page is interactive), gzipped at -9.
// Usage: npm run build && node scripts/js-budget.mjs
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 170;
const client = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/build/client");
const manifestFile = readdirSync(path.join(client, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
const text = readFileSync(path.join(client, "assets", manifestFile), "utf8");
const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));

// The page's message catalogue is a chunk of its own that entry.client loads before hydrating (English here).
const catalogue = `assets/${readdirSync(path.join(client, "assets")).find((f) => /^en-[\w-]+\.js$/.test(f))}`;

function firstView(routeIds) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, catalogue]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const bytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(client, file)), { level: 9 }).length, 0);
  return { files: files.size, kb: bytes / 1024 };
}

let over = false;
for (const [label, page] of [["vehicle list", "search"], ["details page", "details-id"], ["build and price", "build-and-price"]]) {
  const { files, kb } = firstView(["root", "shell@en/:dealerCode", `${page}@en/:dealerCode`]);
  over ||= kb > BUDGET_KB;
  console.log(`${label}: ${kb.toFixed(1)} KB gzipped in ${files} files (budget ${BUDGET_KB} KB)`);
}
process.exitCode = over ? 1 : 0;
