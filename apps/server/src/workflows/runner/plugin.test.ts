import Fastify from "fastify";
import fp from "fastify-plugin";
import { expect, it } from "vitest";
import { migratedDatabaseForFile } from "../../test/test-app.ts";
import { workflowsPlugin } from "./plugin.ts";
import { defineWorkflow, LEASE_MS, type Step } from "./step-runner.ts";

const database = migratedDatabaseForFile();

const clock = { at: new Date("2026-11-24T12:00:00Z") };

/** A server process: the platform's database and clock, and the workflows plugin. */
async function processWith(...workflows: ReturnType<typeof defineWorkflow<{ n: number }>>[]) {
  const app = Fastify({ logger: false });
  await app.register(
    fp(
      async (instance) => {
        instance.decorate("db", database().db);
        instance.decorate("now", () => clock.at);
      },
      { name: "platform" },
    ),
  );
  await app.register(workflowsPlugin);
  for (const workflow of workflows) app.workflows.register(workflow);
  return app;
}

it("takes up at start-up the run a stopped process left between two steps", async () => {
  const calls: string[] = [];
  const step = (name: string, hang = false): Step<{ n: number }> => ({
    name,
    async invoke({ idempotencyKey }) {
      calls.push(`${name} ${idempotencyKey}`);
      return hang ? new Promise(() => {}) : name;
    },
  });
  const first = await processWith();
  void first.workflows.run(defineWorkflow("deposit-x", [step("hold"), step("reserve", true)]), "order-9", { n: 1 });
  await expect.poll(() => calls.length).toBe(2);

  // Another process starts after the first one's lease ran out: its start-up finishes the run.
  clock.at = new Date(clock.at.getTime() + LEASE_MS + 1);
  const restarted = await processWith(defineWorkflow("deposit-x", [step("hold"), step("reserve")]));
  await restarted.ready();
  expect(calls).toEqual(["hold deposit-x:order-9:hold", "reserve deposit-x:order-9:reserve", "reserve deposit-x:order-9:reserve"]);
  expect(await restarted.workflows.run(defineWorkflow("deposit-x", []), "order-9", { n: 1 })).toEqual({ hold: "hold", reserve: "reserve" });
  await restarted.close();
  await first.close();
});
