import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/** Comments operators add to executions. */
export function commentsMigration(dialect: Dialect) {
  const { serial, time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("execution_comments")
        .addColumn("id", serial)
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("run_id", "integer", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("comment", "text", (c) => c.notNull())
        .addColumn("user", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("execution_comments_run").on("execution_comments").columns(["client", "run_id", "id"]).execute();
    },
  };
}
