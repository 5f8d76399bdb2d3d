import type { Kysely } from "kysely";

/** Execution variables (script variables at the end of a run, :RSET values, prompt inputs) as JSON. */
export const executionVariablesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("executions").addColumn("variables", "text").execute();
  },
};
