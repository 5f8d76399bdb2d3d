import type { Kysely } from "kysely";

/** When a waiting execution is due (once executions), so timers are derived from the database. */
export const dueTimesMigration = (time: "bigint" | "integer") => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("executions").addColumn("due_at", time).execute();
    await db.schema.createIndex("executions_waiting").on("executions").columns(["status", "due_at", "run_id"]).execute();
  },
});
