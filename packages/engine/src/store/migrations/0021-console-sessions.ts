import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/**
 * Console sessions, so that any node serves a browser that logged in on another one. A session is
 * found by the hash of its id (the id itself lives only in the browser's cookie); the login it acts
 * with is kept encrypted by the console backend.
 */
export function consoleSessionsMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("console_sessions")
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("csrf_token", "text", (c) => c.notNull())
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("user_name", "text", (c) => c.notNull())
        .addColumn("department", "text", (c) => c.notNull())
        .addColumn("sealed_password", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("last_seen_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("console_sessions_last_seen").on("console_sessions").column("last_seen_at").execute();
    },
  };
}
