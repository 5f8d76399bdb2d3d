import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * The executions list sorted by name (the Baton extension `order_by=name`) reads a client's executions
 * in name order, then activation time and run_id: byte order in both dialects, so that the order
 * does not depend on a PostgreSQL database's collation. The name index of migration 0008 is kept in
 * the order LIKE reads (NOCASE, text_pattern_ops), which no ORDER BY of plain names can use.
 */
export function executionNameOrderMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const name = dialect === "postgres" ? sql`name collate "C"` : sql`name`;
      await sql`create index executions_client_name_sort on executions (client, ${name}, activation_time, run_id)`.execute(db);
    },
  };
}
