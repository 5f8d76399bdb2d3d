import type { Kysely } from "kysely";

/** Recurring executions (period containers): their rule and how many activations they made. */
export const recurringMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("executions").addColumn("recurring", "text").execute();
    await db.schema.alterTable("executions").addColumn("occur_count", "integer", (c) => c.notNull().defaultTo(0)).execute();
  },
};
