import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/**
 * The installation's own id, made once, which telemetry and product usage report; and executions
 * by activation time across clients, which their monthly and daily figures read.
 */
export function installationMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createTable("installation").addColumn("id", "text", (c) => c.primaryKey()).addColumn("created_at", time, (c) => c.notNull()).execute();
      await db.schema.createIndex("executions_activation_time").on("executions").column("activation_time").execute();
      await db.withTables<{ installation: { id: string; created_at: number } }>().insertInto("installation").values({ id: randomUUID(), created_at: Date.now() }).execute();
    },
  };
}
