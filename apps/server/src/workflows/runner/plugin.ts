import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { stepRunner, type StepRunner, type Workflow } from "./step-runner.ts";

export type Workflows = {
  run: StepRunner["run"];
  /** Makes a workflow known to this process, so a run of it a stopped process left half done is taken up at start-up. */
  register(workflow: Workflow<never>): void;
  recover(): Promise<{ completed: number; compensated: number }>;
};

declare module "fastify" {
  interface FastifyInstance {
    workflows: Workflows;
  }
}

/**
 * The step runner of this process. Modules register their workflows when they load; once every plugin has
 * loaded, the runs a crash left half done (their lease run out) are finished or undone before requests come in.
 */
export const workflowsPlugin = fp(
  async (app: FastifyInstance) => {
    const runner = stepRunner({ db: app.db, now: app.now });
    const registered = new Map<string, Workflow<never>>();
    app.decorate("workflows", {
      run: runner.run,
      register(workflow) {
        registered.set(workflow.name, workflow);
      },
      recover: async () => (registered.size === 0 ? { completed: 0, compensated: 0 } : runner.recover([...registered.values()])),
    } satisfies Workflows);
    app.addHook("onReady", async () => {
      const report = await app.workflows.recover();
      if (report.completed + report.compensated > 0) app.log.warn(report, "workflow runs a stopped process left half done were finished or undone");
    });
  },
  { name: "workflows", dependencies: ["platform"] },
);
