import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Filter column of each (client, column, activation_time, run_id) index: led by the client, ending
 * in the list's order, so that a page filtered on the column is read in order and a count is
 * answered inside the index. The time columns serve time frames on start and end, and "all".
 */
const ORDERED_INDEXES: Readonly<Record<string, string>> = {
  executions_client_status_order: "status",
  executions_client_type_order: "object_type",
  executions_client_agent_order: "agent",
  executions_client_queue_order: "queue",
  executions_client_user_order: "user",
  // Children pages, workflow and schedule lookups.
  executions_client_parent_order: "parent",
  // Restarts of an execution, and the reference_run_id filter.
  executions_client_reference_order: "reference_run_id",
  executions_client_start_order: "start_time",
  executions_client_end_order: "end_time",
};

const RARE_VALUE_INDEXES: Readonly<Record<string, string>> = {
  executions_client_alias_order: "alias",
  executions_client_key1_order: "archive_key1",
  executions_client_key2_order: "archive_key2",
};

/**
 * How the name index compares, so that a name pattern with a literal prefix (`NIGHTLY.*`) reads a
 * range of it: SQLite's LIKE uses an index only in NOCASE order (names are stored upper case, so
 * matches are the same), PostgreSQL's only with text_pattern_ops whatever the database collation.
 */
function patternName(dialect: Dialect) {
  return dialect === "postgres" ? sql`name text_pattern_ops` : sql`name collate nocase`;
}

/**
 * Indexes for the filters of GET /{client_id}/executions. They replace the narrower
 * (client, status), (client, name) and (parent, line_number, run_id) indexes.
 */
export function executionListIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [index, column] of Object.entries(ORDERED_INDEXES)) {
        await db.schema.createIndex(index).on("executions").columns(["client", column, "activation_time", "run_id"]).execute();
      }
      await sql`create index executions_client_name_order on executions (client, ${patternName(dialect)}, activation_time, run_id)`.execute(db);
      // Aliases and archive keys are rare: only the executions that have one are indexed.
      for (const [index, column] of Object.entries(RARE_VALUE_INDEXES)) {
        await db.schema.createIndex(index).on("executions").columns(["client", column, "activation_time", "run_id"]).where(sql.ref(column), "is not", null).execute();
      }
      // start_at_run_id reads a range of a client's run_ids.
      await db.schema.createIndex("executions_client_run").on("executions").columns(["client", "run_id"]).execute();
      for (const index of ["executions_client_status", "executions_client_name", "executions_parent"]) {
        await db.schema.dropIndex(index).execute();
      }
    },
  };
}
