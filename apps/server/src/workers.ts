import cluster, { type Worker } from "node:cluster";

/** A worker that exits this soon after it was forked, without listening, would only fail again. */
const CRASH_LOOP_MS = 10_000;
/** How long the workers have to finish their requests after SIGTERM before they are killed (the stop must take under 5 s). */
export const STOP_GRACE_MS = 4_000;

/**
 * The primary process of WEB_CONCURRENCY > 1: forks the server processes (they share the port), starts another
 * when one dies, and on SIGTERM or SIGINT passes the signal on and exits once every worker has closed.
 */
export function superviseWorkers(count: number, log: (message: string) => void) {
  let stopping = false;
  // A worker that exited stays in cluster.workers until it has also disconnected: count the living ones.
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  const fork = () => {
    const worker = cluster.fork();
    const forkedAt = Date.now();
    let listening = false;
    worker.once("listening", () => (listening = true));
    worker.once("exit", (code, signal) => {
      if (stopping) {
        if (alive().length === 0) process.exit(process.exitCode ?? 0);
        return;
      }
      const how = signal ?? `code ${code}`;
      if (!listening && Date.now() - forkedAt < CRASH_LOOP_MS) {
        log(`server process ${worker.process.pid} exited (${how}) before it served: stopping`);
        stopAll("SIGTERM", 1);
        return;
      }
      log(`server process ${worker.process.pid} exited (${how}): starting another`);
      fork();
    });
  };
  const stopAll = (signal: NodeJS.Signals, exitCode = 0) => {
    stopping = true;
    const workers = alive();
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill(signal);
    if (exitCode !== 0) process.exitCode = exitCode;
    // A worker stuck on a request does not hold the stop up.
    setTimeout(() => {
      for (const worker of alive()) worker.process.kill("SIGKILL");
      process.exit(process.exitCode ?? exitCode);
    }, STOP_GRACE_MS).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stopAll(signal));
  // A larger young generation: rendering a page allocates a lot that dies young, and fewer scavenges gave the
  // search page about 5 % more throughput (npm run bench), for about 30 MiB more memory per process.
  cluster.setupPrimary({ execArgv: [...process.execArgv, "--max-semi-space-size=16"] });
  for (let i = 0; i < count; i++) fork();
}
