import { DECISION_TICK_MS, decisionOverlayStops, isDecisionCheckAt, nextDecisionPercent } from "@showroom/domain";
import type { DecisionStatus } from "./credit-api.ts";

/** Orders whose real-time decision is being waited for: one overlay per order at a time (spec 4). */
const running = new Set<number>();

export type DecisionOutcome = { decided: boolean; status: DecisionStatus | null };

/**
 * The real-time decision's wait (spec 4): a 600 ms tick raises the percentage by 1 up to 100; the decision is asked
 * for at 4 %, every 6 points after (10, 16, ...) and at 100; the wait stops on a final status or at 100 (once that
 * last check answered). On stop the timer is cleared, the percentage goes back to 0 and `onStop` says whether a
 * decision was made. A failed check is ignored (the next one asks again). Null when the order's wait already runs.
 */
export function startDecisionPoller(options: {
  orderId: number;
  check(): Promise<DecisionStatus>;
  onPercent(percent: number): void;
  onStop(outcome: DecisionOutcome): void;
}): { cancel(): void } | null {
  if (running.has(options.orderId)) return null;
  running.add(options.orderId);
  let percent = 0;
  let last: DecisionStatus | null = null;
  let stopped = false;

  const end = () => {
    stopped = true;
    clearInterval(timer);
    running.delete(options.orderId);
  };
  const stop = (decided: boolean) => {
    if (stopped) return;
    end();
    options.onPercent(0);
    options.onStop({ decided, status: last });
  };
  const check = (at: number) => {
    options.check().then(
      (status) => {
        if (stopped) return;
        last = status;
        if (decisionOverlayStops(at, status.final)) stop(status.final);
      },
      () => {
        if (at >= 100) stop(false);
      },
    );
  };
  const timer = setInterval(() => {
    if (stopped) return;
    percent = nextDecisionPercent(percent);
    options.onPercent(percent);
    // Full: no more ticks; the last check's answer ends the wait.
    if (percent >= 100) clearInterval(timer);
    if (isDecisionCheckAt(percent)) check(percent);
  }, DECISION_TICK_MS);
  return { cancel: end };
}

export const isDecisionRunning = (orderId: number) => running.has(orderId);
