import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/** The files a file event saw at its last check, so that a restart neither forgets nor repeats a hit. */
export function eventFilesMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("event_files")
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("run_id", "integer", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("size", time, (c) => c.notNull())
        .addColumn("modified_ms", time, (c) => c.notNull())
        .addColumn("fired", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("event_files_pk", ["client", "run_id", "path"])
        .execute();
    },
  };
}
