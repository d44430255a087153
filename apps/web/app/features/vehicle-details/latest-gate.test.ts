import { describe, expect, it } from "vitest";
import { createLatestGate } from "./latest-gate.ts";

describe("stale answers", () => {
  const deferred = <T,>() => {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it("discards an older request that finishes after a newer one", async () => {
    const gate = createLatestGate();
    const older = deferred<string>();
    const newer = deferred<string>();
    const first = gate.run("finance", () => older.promise);
    const second = gate.run("finance", () => newer.promise);
    newer.resolve("term 72");
    await expect(second).resolves.toEqual({ status: "ok", value: "term 72" });
    older.resolve("term 48");
    await expect(first).resolves.toEqual({ status: "stale" });
  });

  it("discards an older failure too, and keys are independent", async () => {
    const gate = createLatestGate();
    const older = deferred<string>();
    const first = gate.run("finance", () => older.promise);
    const lease = gate.run("lease", async () => "lease answer");
    const second = gate.run("finance", async () => "finance answer");
    older.reject(new Error("HTTP 400"));
    await expect(first).resolves.toEqual({ status: "stale" });
    await expect(second).resolves.toEqual({ status: "ok", value: "finance answer" });
    await expect(lease).resolves.toEqual({ status: "ok", value: "lease answer" });
  });

  it("reports the latest request's failure", async () => {
    const gate = createLatestGate();
    const error = new Error("HTTP 500");
    await expect(gate.run("cash", async () => Promise.reject(error))).resolves.toEqual({ status: "error", error });
  });
});
