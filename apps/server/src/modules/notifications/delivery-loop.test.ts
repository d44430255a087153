import { describe, expect, it, vi } from "vitest";
import { startDeliveryLoop } from "./delivery-loop.ts";
import type { DeliveryReport } from "./worker.ts";

const report = (errors: DeliveryReport["errors"] = []): DeliveryReport => ({ sent: 0, retrying: errors.length, failed: 0, errors });

describe("startDeliveryLoop", () => {
  it("runs a pass every interval, logs failed deliveries and failed passes, and stops", async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    let passes = 0;
    const deliver = vi.fn(async () => {
      passes++;
      if (passes === 2) throw new Error("database unavailable");
      return report(passes === 1 ? [{ id: 7, attempts: 1, error: "421 busy" }] : []);
    });
    const loop = startDeliveryLoop({ deliver, log, intervalMs: 5 });
    await expect.poll(() => passes, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    await loop.stop();
    const after = passes;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passes).toBe(after);
    expect(log.warn).toHaveBeenCalledWith({ outbox: { id: 7, attempts: 1, error: "421 busy" } }, "outbox delivery failed");
    expect(log.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: "database unavailable" }) }, "outbox delivery pass failed");
  });

  it("never runs two passes at once, and stop waits for the pass under way", async () => {
    let running = 0;
    let overlap = false;
    let finished = 0;
    const deliver = async () => {
      running++;
      if (running > 1) overlap = true;
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      finished++;
      return report();
    };
    const loop = startDeliveryLoop({ deliver, log: { warn: vi.fn(), error: vi.fn() }, intervalMs: 1 });
    await expect.poll(() => running, { timeout: 2_000 }).toBe(1);
    await loop.stop();
    expect(running).toBe(0);
    expect(finished).toBeGreaterThanOrEqual(1);
    expect(overlap).toBe(false);
  });
});
