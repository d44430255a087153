// The configurator section of npm run bench: the time of one change (applyChange: add, remove or swap,
// with the new configuration state or the conflict and its alternatives) on the demo catalogue's largest
// trim (150+ options, 300+ rules), over a few thousand random changes from random valid selections.
// Run it alone: node scripts/bench.mjs --only=configurator. BENCH_CONFIGURATOR_CHANGES sets the number
// of measured changes (default 3000). Figures: bench-results/configurator.json.
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const TARGET_P95_MS = 5;
const CHANGES = Number(process.env.BENCH_CONFIGURATOR_CHANGES ?? 3_000);
const WARM_UP = 300;
const STARTS = 200;
const SEED = 20261121;

/** Exact nearest-rank percentile of sorted samples. */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
  };
};

async function loadModules(root) {
  const { register } = await import("tsx/esm/api");
  register();
  const at = (file) => import(pathToFileURL(path.join(root, file)).href);
  const [domain, testing] = await Promise.all([
    at("packages/domain/src/index.ts"),
    at("packages/testing/src/index.ts"),
  ]);
  return { domain, testing };
}

/** Random valid selections: the default colours, then random additions (taking the first alternative of a conflict). */
function startingSelections(domain, trim, random) {
  const codes = trim.options.map((option) => option.code);
  const interiors = trim.options
    .filter((option) => option.group_id === domain.OPTION_GROUP_IDS.interior)
    .map((option) => option.code);
  const starts = [];
  for (let s = 0; s < STARTS; s += 1) {
    let state = domain.ensureExteriorColour(trim, []);
    const withInterior = domain.applyChange(trim, state.selected, { add: [random.pick(interiors)] });
    if (!withInterior.conflict) state = withInterior;
    const additions = random.int(0, 14);
    for (let i = 0; i < additions; i += 1) {
      const next = domain.applyChange(trim, state.selected, { add: [random.pick(codes)] });
      if (!next.conflict) state = next;
      else if (next.conflict.alternatives.length > 0) {
        state = domain.applyAlternative(trim, state.selected, next.conflict.requested, next.conflict.alternatives[0]);
      }
    }
    if (domain.ruleViolations(trim, state.selected).length > 0) throw new Error("a starting selection breaks a rule");
    starts.push(state.selected);
  }
  return starts;
}

/** A random change: mostly additions, then removals, colour changes and package swaps. */
function randomRequest(domain, trim, selected, random) {
  const pick = (items) => (items.length > 0 ? random.pick(items) : null);
  const codes = trim.options.map((option) => option.code);
  const absent = codes.filter((code) => !selected.includes(code));
  const roll = random.next();
  if (roll < 0.55 || selected.length === 0) return { add: [pick(absent) ?? codes[0]] };
  if (roll < 0.8) return { remove: [pick(selected)] };
  if (roll < 0.9) {
    const colours = trim.options
      .filter((option) => option.group_id === domain.OPTION_GROUP_IDS.exterior)
      .map((option) => option.code);
    return { add: [pick(colours.filter((code) => !selected.includes(code))) ?? colours[0]] };
  }
  const packages = trim.options
    .filter((option) => option.group_id === domain.OPTION_GROUP_IDS.packages)
    .map((option) => option.code);
  return {
    swap: { add: [pick(packages.filter((code) => !selected.includes(code))) ?? packages[0]], remove: [pick(selected)] },
  };
}

export async function runConfiguratorBench({ root } = {}) {
  const loadBefore = loadavg();
  const { domain, testing } = await loadModules(root);
  const trim = testing
    .buildConfiguratorCatalogue()
    .reduce((largest, t) => (t.options.length > largest.options.length ? t : largest));
  const rules = testing.ruleCount(trim);
  console.log(
    `\nConfigurator bench: applyChange on the ${trim.make} ${trim.model} ${trim.trim} trim (${trim.options.length} options, ${rules} rules)`,
  );
  const random = testing.createRandom(SEED);
  const starts = startingSelections(domain, trim, random);

  const samples = [];
  /** Processor time of each change (user + system): unlike the wall clock, not inflated when other work shares the cores. */
  const cpuSamples = [];
  const outcomes = { committed: 0, conflicts: 0, alternatives: 0, without_alternatives: 0, budget_exhausted: 0 };
  for (let i = 0; i < WARM_UP + CHANGES; i += 1) {
    const selected = starts[i % starts.length];
    const request = randomRequest(domain, trim, selected, random);
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    const result = domain.applyChange(trim, selected, request);
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    if (i < WARM_UP) continue; // the first ones warm the JIT
    samples.push(elapsed);
    cpuSamples.push((cpu.user + cpu.system) / 1000);
    if (!result.conflict) outcomes.committed += 1;
    else {
      outcomes.conflicts += 1;
      outcomes.alternatives += result.conflict.alternatives.length;
      if (result.conflict.alternatives.length === 0) outcomes.without_alternatives += 1;
      if (result.conflict.budget_exhausted) outcomes.budget_exhausted += 1;
    }
  }
  const change = summary(samples);
  const changeCpu = summary(cpuSamples);
  const f = (n) => n.toFixed(2);
  console.log(
    `  one change: p50 ${f(change.p50)} ms, p95 ${f(change.p95)} ms, p99 ${f(change.p99)} ms, max ${f(change.max)} ms (${change.samples} changes from ${STARTS} starting selections)`,
  );
  console.log(
    `  processor time of one change: p50 ${f(changeCpu.p50)} ms, p95 ${f(changeCpu.p95)} ms, p99 ${f(changeCpu.p99)} ms (load average ${loadBefore.map((n) => n.toFixed(1)).join(" ")} on ${cpus().length} cores before the run)`,
  );
  console.log(
    `  outcomes: ${outcomes.committed} committed, ${outcomes.conflicts} conflicts (${f(outcomes.alternatives / Math.max(1, outcomes.conflicts))} alternatives each, ` +
      `${outcomes.without_alternatives} without any, ${outcomes.budget_exhausted} on an exhausted budget)`,
  );

  const report = {
    date: new Date().toISOString(),
    commit: execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? null, node: process.version },
    load_average_before: loadBefore,
    load_average_after: loadavg(),
    trim: {
      unhaggle_trim_id: trim.unhaggle_trim_id,
      name: `${trim.year} ${trim.make} ${trim.model} ${trim.trim}`,
      options: trim.options.length,
      rules,
    },
    targets: { change_p95_ms: TARGET_P95_MS },
    change_ms: change,
    change_cpu_ms: changeCpu,
    outcomes,
    met: { change: change.p95 <= TARGET_P95_MS },
  };
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(path.join(root, "bench-results/configurator.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `Configurator: one change p95 ${f(change.p95)} ms (target <= ${TARGET_P95_MS}: ${report.met.change ? "met" : "MISSED"})`,
  );
  console.log("written to bench-results/configurator.json");
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runConfiguratorBench({ root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..") });
}
