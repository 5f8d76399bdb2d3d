import type { Kysely } from "kysely";

/**
 * The index an object's last OK runtimes are read from (migration 0010) also carries the object
 * type and start time, so that every end of an execution reads its object's last 25 runtimes from
 * the index alone instead of looking up 25 rows of the table.
 */
export const coveringRuntimeIndexMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex("executions_client_name_status_end").execute();
    await db.schema.createIndex("executions_client_name_status_end").on("executions").columns(["client", "name", "status", "end_time", "object_type", "start_time"]).execute();
  },
};
