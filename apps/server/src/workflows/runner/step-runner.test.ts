import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migratedDatabaseForFile } from "../../test/test-app.ts";
import { defineWorkflow, LEASE_MS, stepRunner, WorkflowFailed, type Step } from "./step-runner.ts";
import { workflowRuns, workflowSteps } from "./tables.ts";

const database = migratedDatabaseForFile();

/** A clock each "process" shares, moved by hand. */
const clock = { at: new Date("2026-11-24T12:00:00Z"), now: () => clock.at };
const never = new Promise<never>(() => {});

/** Steps that write down every call (with its idempotency key) and can be told to fail or to hang. */
function recorder() {
  const calls: string[] = [];
  const step = (name: string, behaviour: { fail?: boolean; hang?: () => boolean; hangCompensation?: () => boolean; started?: () => void } = {}): Step<{ amount: number }> => ({
    name,
    async invoke({ input, idempotencyKey }) {
      calls.push(`invoke ${name} ${idempotencyKey}`);
      behaviour.started?.();
      if (behaviour.hang?.()) return never;
      if (behaviour.fail) throw new Error(`${name} declined`);
      return { [name]: input.amount };
    },
    async compensate(output, { idempotencyKey }) {
      calls.push(`compensate ${name} ${JSON.stringify(output)} ${idempotencyKey}`);
      if (behaviour.hangCompensation?.()) return never;
    },
  });
  return { calls, step };
}

const stepsOf = async (key: string) => {
  const [run] = await database().db.select().from(workflowRuns).where(eq(workflowRuns.key, key));
  const steps = await database().db.select().from(workflowSteps).where(eq(workflowSteps.runId, run!.id));
  return { run: run!, steps: steps.sort((a, b) => a.position - b.position).map((s) => `${s.name}:${s.status}`) };
};

describe("steps that undo themselves", () => {
  it("compensates steps 2 and 1, in reverse, when step 3 fails", async () => {
    const { calls, step } = recorder();
    const workflow = defineWorkflow("deposit-a", [step("hold"), step("reserve"), step("notify", { fail: true })]);
    const runner = stepRunner({ db: database().db, now: clock.now });
    await expect(runner.run(workflow, "order-1", { amount: 500 })).rejects.toThrow(WorkflowFailed);
    expect(calls).toEqual([
      "invoke hold deposit-a:order-1:hold",
      "invoke reserve deposit-a:order-1:reserve",
      "invoke notify deposit-a:order-1:notify",
      'compensate reserve {"reserve":500} deposit-a:order-1:reserve:compensate',
      'compensate hold {"hold":500} deposit-a:order-1:hold:compensate',
    ]);
    const { run, steps } = await stepsOf("order-1");
    expect(run).toMatchObject({ status: "compensated", error: "notify declined" });
    expect(steps).toEqual(["hold:compensated", "reserve:compensated", "notify:invoked"]);
  });

  it("does nothing twice when the same key runs again, whether the first run completed or was undone", async () => {
    const { calls, step } = recorder();
    const workflow = defineWorkflow("deposit-b", [step("hold"), step("reserve")]);
    const runner = stepRunner({ db: database().db, now: clock.now });
    const first = await runner.run(workflow, "order-2", { amount: 700 });
    const again = await runner.run(workflow, "order-2", { amount: 999 });
    expect(again).toEqual(first);
    expect(first).toEqual({ hold: { hold: 700 }, reserve: { reserve: 700 } });
    expect(calls).toHaveLength(2);

    const failing = defineWorkflow("deposit-c", [step("hold"), step("charge", { fail: true })]);
    await expect(runner.run(failing, "order-3", { amount: 1 })).rejects.toThrow(WorkflowFailed);
    const before = calls.length;
    await expect(runner.run(failing, "order-3", { amount: 1 })).rejects.toThrow(/earlier run/);
    expect(calls).toHaveLength(before);
  });

  it("finishes a run a crash left between two steps, calling the interrupted step again with the same key", async () => {
    const first = recorder();
    let started!: () => void;
    const reachedStep2 = new Promise<void>((resolve) => (started = resolve));
    const crashing = defineWorkflow("deposit-d", [first.step("hold"), first.step("reserve", { hang: () => true, started }), first.step("notify")]);
    // The first process dies inside step 2 (its call never comes back).
    void stepRunner({ db: database().db, now: clock.now }).run(crashing, "order-4", { amount: 300 });
    await reachedStep2;
    expect((await stepsOf("order-4")).steps).toEqual(["hold:completed", "reserve:invoked"]);

    // A restarted process recovers it once the dead one's lease has run out, not before.
    const second = recorder();
    const restarted = defineWorkflow("deposit-d", [second.step("hold"), second.step("reserve"), second.step("notify")]);
    const runner = stepRunner({ db: database().db, now: clock.now });
    expect(await runner.recover([restarted])).toEqual({ completed: 0, compensated: 0 });
    clock.at = new Date(clock.at.getTime() + LEASE_MS + 1);
    expect(await runner.recover([restarted])).toEqual({ completed: 1, compensated: 0 });
    expect(second.calls).toEqual(["invoke reserve deposit-d:order-4:reserve", "invoke notify deposit-d:order-4:notify"]);
    expect(first.calls.filter((c) => c.startsWith("invoke reserve"))).toEqual(["invoke reserve deposit-d:order-4:reserve"]);
    const { run, steps } = await stepsOf("order-4");
    expect(run.status).toBe("completed");
    expect(steps).toEqual(["hold:completed", "reserve:completed", "notify:completed"]);
  });

  it("finishes undoing a run a crash left while it was being undone", async () => {
    const first = recorder();
    let compensating!: () => void;
    const reached = new Promise<void>((resolve) => (compensating = resolve));
    const crashing = defineWorkflow("deposit-e", [
      first.step("hold"),
      { ...first.step("reserve", { hangCompensation: () => true }), compensate: async () => (compensating(), never) },
      first.step("notify", { fail: true }),
    ]);
    void stepRunner({ db: database().db, now: clock.now }).run(crashing, "order-5", { amount: 50 }).catch(() => {});
    await reached;
    expect((await stepsOf("order-5")).run.status).toBe("compensating");

    const second = recorder();
    const restarted = defineWorkflow("deposit-e", [second.step("hold"), second.step("reserve"), second.step("notify", { fail: true })]);
    clock.at = new Date(clock.at.getTime() + LEASE_MS + 1);
    expect(await stepRunner({ db: database().db, now: clock.now }).recover([restarted])).toEqual({ completed: 0, compensated: 1 });
    expect(second.calls).toEqual([
      'compensate reserve {"reserve":50} deposit-e:order-5:reserve:compensate',
      'compensate hold {"hold":50} deposit-e:order-5:hold:compensate',
    ]);
    const { run, steps } = await stepsOf("order-5");
    expect(run).toMatchObject({ status: "compensated", error: "notify declined" });
    expect(steps).toEqual(["hold:compensated", "reserve:compensated", "notify:invoked"]);
  });
});
