import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Runs of workflows that call outside our database (card processor, lender, CRM): each step's progress is
 * written as it goes, so a crash is finished or undone on start-up, and a run asked again by its key is not
 * done twice.
 */
export const workflowRuns = pgTable(
  "workflow_runs",
  {
    id: serial().primaryKey(),
    workflow: text().notNull(),
    /** The caller's idempotency key: one run per workflow and key, ever. */
    key: text().notNull(),
    /** running → completed, or running → compensating → compensated. */
    status: text().$type<"running" | "completed" | "compensating" | "compensated">().notNull(),
    input: jsonb().$type<unknown>().notNull(),
    output: jsonb().$type<unknown>(),
    error: text(),
    /** The process working on it owns it until then; a run left past it was abandoned by a crash. */
    leasedUntil: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("workflow_runs_key_idx").on(t.workflow, t.key), index("workflow_runs_status_idx").on(t.status, t.leasedUntil)],
);

export const workflowSteps = pgTable(
  "workflow_steps",
  {
    runId: integer()
      .notNull()
      .references(() => workflowRuns.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    name: text().notNull(),
    /** invoked: the outside call may have happened (it is called again with the same key); completed; compensated. */
    status: text().$type<"invoked" | "completed" | "compensated">().notNull(),
    output: jsonb().$type<unknown>(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.position] })],
);
