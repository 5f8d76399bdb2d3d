import { sql, type Kysely } from "kysely";

/**
 * Which node an unfinished execution belongs to: the last node that changed it. A node that dies
 * leaves its executions to be taken over by another (docs/decisions.md, Nodes).
 */
export const executionOwnerMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("executions").addColumn("node", "text").execute();
    await db.schema.createIndex("executions_unended_node").on("executions").column("node").where(sql.ref("status"), "<", 1800).execute();
  },
};
