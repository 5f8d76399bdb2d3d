import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/**
 * Historic metrics: one value per metric type and minute. Two indexes let the metrics count
 * executions without reading ended ones: unended executions by status (partial: they are few),
 * and executions by end time.
 */
export function metricSamplesMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("metric_samples")
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("at", time, (c) => c.notNull())
        .addColumn("value", "real", (c) => c.notNull())
        .addPrimaryKeyConstraint("metric_samples_pk", ["type", "at"])
        .execute();
      await db.schema.createIndex("executions_unended").on("executions").column("status").where(sql.ref("status"), "<", 1800).execute();
      await db.schema.createIndex("executions_end_time").on("executions").column("end_time").execute();
    },
  };
}
