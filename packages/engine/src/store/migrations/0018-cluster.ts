import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/**
 * The engine nodes sharing the database, each with its last life sign, and leases: a named role
 * (the scheduler leader) held by one node until it stops renewing it.
 */
export function clusterMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("nodes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("host", "text", (c) => c.notNull())
        .addColumn("pid", "integer", (c) => c.notNull())
        .addColumn("roles", "text", (c) => c.notNull())
        .addColumn("agent_connections", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("started_at", time, (c) => c.notNull())
        .addColumn("last_seen_at", time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("leases")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("holder", "text", (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .execute();
    },
  };
}
