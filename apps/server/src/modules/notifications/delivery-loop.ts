import type { DeliveryReport } from "./worker.ts";

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

/**
 * Runs a delivery pass every `intervalMs` (the next one is scheduled when the last has finished, so
 * passes never overlap) until stopped. The timer is unref'd: it never keeps the process alive. Started
 * by main.ts, not by buildApp, so tests deliver only when they ask to.
 */
export function startDeliveryLoop(options: { deliver: () => Promise<DeliveryReport>; log: Log; intervalMs?: number }) {
  const intervalMs = options.intervalMs ?? 1_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function pass() {
    try {
      const report = await options.deliver();
      for (const failure of report.errors) options.log.warn({ outbox: failure }, "outbox delivery failed");
    } catch (error) {
      options.log.error({ err: error }, "outbox delivery pass failed");
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = null;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  }
  schedule();

  return {
    /** Stops polling and waits for a pass under way to finish. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
