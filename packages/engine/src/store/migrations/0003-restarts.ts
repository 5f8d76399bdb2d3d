import type { Kysely } from "kysely";

/** Restart bookkeeping, values passed to workflows, and the children index workflows read on every task end. */
export const restartsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("executions").addColumn("restart_count", "integer", (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable("executions").addColumn("restart_predecessor", "integer").execute();
    // Values a workflow task passed to its workflow with :PSET (JSON).
    await db.schema.alterTable("executions").addColumn("passed_variables", "text").execute();
    await db.schema.createIndex("executions_parent").on("executions").columns(["parent", "line_number", "run_id"]).execute();
  },
};
