import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { workflowRuns, workflowSteps } from "./tables.ts";

/** What a step knows: the run's input, the outputs of the steps before it, and the key to give any outside call. */
export type StepContext<I> = { input: I; results: Readonly<Record<string, unknown>>; idempotencyKey: string };

/**
 * One step of a workflow (Medusa's createStep): `invoke` does the work and answers what `compensate` needs
 * to undo it. Both may be called again after a crash with the same idempotency key, so an outside service
 * that honours the key does the work once.
 */
export type Step<I> = {
  name: string;
  invoke(context: StepContext<I>): Promise<unknown>;
  compensate?(output: unknown, context: StepContext<I>): Promise<void>;
};

export type Workflow<I> = { name: string; steps: readonly Step<I>[] };
export const defineWorkflow = <I>(name: string, steps: readonly Step<I>[]): Workflow<I> => ({ name, steps });

export class WorkflowFailed extends Error {
  constructor(
    readonly workflow: string,
    readonly step: string,
    readonly reason: string,
  ) {
    super(`${workflow}: ${step} failed (${reason}); the steps before it were undone`);
  }
}

/** How long a process owns a run it works on; a run left past it was abandoned and is recovered. */
export const LEASE_MS = 60_000;

type RunRow = typeof workflowRuns.$inferSelect;

/**
 * Runs workflows step by step, recording each step in PostgreSQL before and after it calls out. A failed step
 * compensates the completed ones in reverse. A run asked again with the same key answers its first outcome.
 * `recover` (at start-up) finishes the runs a crash left running and undoes those it left compensating.
 */
export function stepRunner(options: { db: Db; now?: () => Date }) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const lease = () => new Date(now().getTime() + LEASE_MS);

  async function stepsOf(runId: number) {
    return db.select().from(workflowSteps).where(eq(workflowSteps.runId, runId)).orderBy(asc(workflowSteps.position));
  }

  async function mark(runId: number, position: number, name: string, status: "invoked" | "completed" | "compensated", output?: unknown) {
    await db
      .insert(workflowSteps)
      .values({ runId, position, name, status, output: output ?? null, updatedAt: now() })
      .onConflictDoUpdate({
        target: [workflowSteps.runId, workflowSteps.position],
        set: { status, updatedAt: now(), ...(output !== undefined ? { output } : {}) },
      });
  }

  async function finishRun(run: RunRow, changes: Partial<typeof workflowRuns.$inferInsert>) {
    await db.update(workflowRuns).set({ ...changes, updatedAt: now() }).where(eq(workflowRuns.id, run.id));
  }

  async function compensate<I>(workflow: Workflow<I>, run: RunRow, reason: string) {
    await finishRun(run, { status: "compensating", error: reason, leasedUntil: lease() });
    const recorded = await stepsOf(run.id);
    const results = Object.fromEntries(recorded.filter((s) => s.status !== "invoked").map((s) => [s.name, s.output]));
    for (const done of [...recorded].reverse()) {
      if (done.status !== "completed") continue;
      const step = workflow.steps[done.position];
      const context = { input: run.input as I, results, idempotencyKey: `${workflow.name}:${run.key}:${done.name}:compensate` };
      await step?.compensate?.(done.output, context);
      await mark(run.id, done.position, done.name, "compensated");
    }
    await finishRun(run, { status: "compensated" });
  }

  async function execute<I>(workflow: Workflow<I>, run: RunRow): Promise<unknown> {
    const recorded = new Map((await stepsOf(run.id)).map((s) => [s.position, s]));
    const results: Record<string, unknown> = {};
    for (const [position, step] of workflow.steps.entries()) {
      const done = recorded.get(position);
      if (done?.status === "completed") {
        results[step.name] = done.output;
        continue;
      }
      // Written before the call: a crash from here on is recovered by calling again with the same key.
      await mark(run.id, position, step.name, "invoked");
      let output: unknown;
      try {
        output = await step.invoke({ input: run.input as I, results, idempotencyKey: `${workflow.name}:${run.key}:${step.name}` });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await compensate(workflow, run, reason);
        throw new WorkflowFailed(workflow.name, step.name, reason);
      }
      await mark(run.id, position, step.name, "completed", output ?? null);
      results[step.name] = output ?? null;
    }
    await finishRun(run, { status: "completed", output: results });
    return results;
  }

  /** Takes a run for this process unless another one holds a live lease on it. */
  async function claim(runId: number): Promise<RunRow | null> {
    const [row] = await db
      .update(workflowRuns)
      .set({ leasedUntil: lease() })
      .where(and(eq(workflowRuns.id, runId), lt(workflowRuns.leasedUntil, now())))
      .returning();
    return row ?? null;
  }

  return {
    /**
     * Runs the workflow once per key: answers every step's output by name, or throws WorkflowFailed once the
     * completed steps were undone. Asked again with the key, it answers the first run's outcome.
     */
    async run<I>(workflow: Workflow<I>, key: string, input: I): Promise<Record<string, unknown>> {
      const at = now();
      const [created] = await db
        .insert(workflowRuns)
        .values({ workflow: workflow.name, key, status: "running", input: input as unknown, leasedUntil: lease(), createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning();
      if (created) return (await execute(workflow, created)) as Record<string, unknown>;
      const [existing] = await db.select().from(workflowRuns).where(and(eq(workflowRuns.workflow, workflow.name), eq(workflowRuns.key, key)));
      if (existing!.status === "completed") return existing!.output as Record<string, unknown>;
      if (existing!.status === "compensated") throw new WorkflowFailed(workflow.name, "earlier run", existing!.error ?? "failed");
      throw new Error(`${workflow.name} ${key} is still in progress`);
    },

    /** Start-up: runs abandoned mid-way (their lease ran out) are finished, or undone if they were being undone. */
    async recover(workflows: readonly Workflow<never>[]): Promise<{ completed: number; compensated: number }> {
      const byName = new Map(workflows.map((w) => [w.name, w as Workflow<unknown>]));
      const abandoned = await db
        .select({ id: workflowRuns.id })
        .from(workflowRuns)
        .where(and(inArray(workflowRuns.status, ["running", "compensating"]), lt(workflowRuns.leasedUntil, now()), inArray(workflowRuns.workflow, [...byName.keys()])));
      const report = { completed: 0, compensated: 0 };
      for (const { id } of abandoned) {
        const run = await claim(id);
        const workflow = run ? byName.get(run.workflow) : undefined;
        if (!run || !workflow) continue;
        if (run.status === "compensating") {
          await compensate(workflow, run, run.error ?? "interrupted");
          report.compensated++;
          continue;
        }
        try {
          await execute(workflow, run);
          report.completed++;
        } catch (error) {
          if (!(error instanceof WorkflowFailed)) throw error;
          report.compensated++;
        }
      }
      return report;
    },
  };
}
export type StepRunner = ReturnType<typeof stepRunner>;

