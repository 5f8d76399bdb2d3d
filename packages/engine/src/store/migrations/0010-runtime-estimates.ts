import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/**
 * Estimated runtimes (ERT): each object's current estimate, and the estimate an execution was
 * activated with. The index reads an object's last ENDED_OK runs newest first.
 */
export function runtimeEstimatesMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("executions").addColumn("estimated_runtime", "integer").execute();
      await db.schema
        .createTable("runtime_estimates")
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("object_name", "text", (c) => c.notNull())
        .addColumn("seconds", "integer", (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addPrimaryKeyConstraint("runtime_estimates_pk", ["client", "object_name"])
        .execute();
      await db.schema.createIndex("executions_client_name_status_end").on("executions").columns(["client", "name", "status", "end_time"]).execute();
    },
  };
}
