import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/** When a waiting execution is due (once executions), so timers are derived from the database. */
export const dueTimesMigration = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("executions").addColumn("due_at", columnTypes(dialect).time).execute();
    await db.schema.createIndex("executions_waiting").on("executions").columns(["status", "due_at", "run_id"]).execute();
  },
});
