import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/**
 * The agents registry: every standalone agent that connected or was created, with what it last
 * reported of itself, whether it is authenticated and the hash of its own key.
 */
export function agentsMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("agents")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("platform", "text", (c) => c.notNull())
        .addColumn("version", "text", (c) => c.notNull())
        .addColumn("hardware", "text", (c) => c.notNull())
        .addColumn("software", "text", (c) => c.notNull())
        .addColumn("ip_address", "text", (c) => c.notNull())
        .addColumn("authenticated", "integer", (c) => c.notNull())
        .addColumn("key_hash", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("last_seen_at", time)
        .execute();
    },
  };
}
