import { DECISION_TICK_MS } from "@showroom/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DecisionStatus } from "./credit-api.ts";
import { isDecisionRunning, startDecisionPoller } from "./decision-poller.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const pending: DecisionStatus = {
  status: "pending",
  customer_state: "under_real_time_review",
  final: false,
  decided_at: null,
};
const approved: DecisionStatus = {
  status: "approved",
  customer_state: "approved",
  final: true,
  decided_at: "2026-11-26T15:01:00Z",
};

function start(check: () => Promise<DecisionStatus>, orderId = 12) {
  const percents: number[] = [];
  const checkedAt: number[] = [];
  const onStop = vi.fn();
  const poller = startDecisionPoller({
    orderId,
    check: () => {
      checkedAt.push(percents.at(-1)!);
      return check();
    },
    onPercent: (p) => percents.push(p),
    onStop,
  });
  return { poller, percents, checkedAt, onStop };
}

describe("the real-time decision's wait", () => {
  it("ticks every 600 ms by 1 %, asks at 4 %, every 6 points after and at 100, then stops at 100 and resets to 0", async () => {
    const { percents, checkedAt, onStop } = start(async () => pending);
    await vi.advanceTimersByTimeAsync(DECISION_TICK_MS * 3);
    expect(percents).toEqual([1, 2, 3]);
    expect(checkedAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(DECISION_TICK_MS);
    expect(checkedAt).toEqual([4]);
    await vi.advanceTimersByTimeAsync(DECISION_TICK_MS * 96);
    expect(checkedAt).toEqual([4, 10, 16, 22, 28, 34, 40, 46, 52, 58, 64, 70, 76, 82, 88, 94, 100]);
    expect(percents.at(-1)).toBe(0);
    expect(Math.max(...percents)).toBe(100);
    expect(onStop).toHaveBeenCalledWith({ decided: false, status: pending });
    // The timer is cleared: nothing more happens.
    await vi.advanceTimersByTimeAsync(DECISION_TICK_MS * 10);
    expect(checkedAt).toHaveLength(17);
    expect(isDecisionRunning(12)).toBe(false);
  });

  it("stops as soon as a check answers a final status", async () => {
    const check = vi.fn().mockResolvedValueOnce(pending).mockResolvedValueOnce(pending).mockResolvedValue(approved);
    const { checkedAt, percents, onStop } = start(check);
    await vi.advanceTimersByTimeAsync(DECISION_TICK_MS * 16);
    expect(checkedAt).toEqual([4, 10, 16]);
    expect(onStop).toHaveBeenCalledWith({ decided: true, status: approved });
    expect(percents.at(-1)).toBe(0);
    await vi.advanceTimersByTimeAsync(DECISION_TICK_MS * 20);
    expect(checkedAt).toEqual([4, 10, 16]);
  });

  it("a failed check is ignored; the next one asks again", async () => {
    const check = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(approved);
    const { checkedAt, onStop } = start(check);
    await vi.advanceTimersByTimeAsync(DECISION_TICK_MS * 4);
    expect(onStop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DECISION_TICK_MS * 6);
    expect(checkedAt).toEqual([4, 10]);
    expect(onStop).toHaveBeenCalledWith({ decided: true, status: approved });
  });

  it("runs once per order at a time", async () => {
    const first = start(async () => pending, 44);
    expect(first.poller).not.toBeNull();
    expect(start(async () => pending, 44).poller).toBeNull();
    expect(start(async () => pending, 45).poller).not.toBeNull();
    first.poller!.cancel();
    expect(start(async () => pending, 44).poller).not.toBeNull();
  });
});
