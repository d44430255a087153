import { DECISION_CHECK_EVERY_PERCENT, DECISION_FIRST_CHECK_PERCENT, DECISION_MAX_PERCENT } from "./types.ts";

/**
 * The real-time decision overlay (spec 4): a 600 ms tick raises the percentage by 1 up to 100; the decision is
 * asked for at 4 %, then every 6 points (10, 16, ...) and at 100; it stops on a final status or at 100.
 */
export const nextDecisionPercent = (percent: number) => Math.min(DECISION_MAX_PERCENT, percent + 1);

export function isDecisionCheckAt(percent: number): boolean {
  if (percent === DECISION_MAX_PERCENT) return true;
  if (percent < DECISION_FIRST_CHECK_PERCENT) return false;
  return (percent - DECISION_FIRST_CHECK_PERCENT) % DECISION_CHECK_EVERY_PERCENT === 0;
}

/** Whether the overlay stops: a final status came back, or the bar is full. */
export const decisionOverlayStops = (percent: number, final: boolean) => final || percent >= DECISION_MAX_PERCENT;
