import type { Kysely } from "kysely";

/** Execution variables (script variables at the end of a run) and the values returned with :RSET, as JSON. */
export const executionVariablesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("executions").addColumn("variables", "text").execute();
    await db.schema.alterTable("executions").addColumn("returned_variables", "text").execute();
  },
};
