import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/** The first schema: clients, objects, credentials, executions, reports and status events. */
export function initialMigration(dialect: Dialect) {
  /** An auto-incrementing integer key in either dialect. */
  const { serial, time } = columnTypes(dialect);

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("clients")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("objects")
        .addColumn("id", serial)
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("folder", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("modified_at", time, (c) => c.notNull())
        .addColumn("modified_by", "text", (c) => c.notNull())
        .addUniqueConstraint("objects_client_name", ["client", "name"])
        .execute();
      await db.schema.createIndex("objects_client_folder").on("objects").columns(["client", "folder"]).execute();

      await db.schema
        .createTable("user_credentials")
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("user_name", "text", (c) => c.notNull())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("failed_logins", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("modified_at", time, (c) => c.notNull())
        .addPrimaryKeyConstraint("user_credentials_pk", ["client", "user_name"])
        .execute();

      await db.schema
        .createTable("executions")
        .addColumn("run_id", serial)
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("object_type", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("queue", "text", (c) => c.notNull())
        .addColumn("status", "integer", (c) => c.notNull())
        .addColumn("activation_time", time, (c) => c.notNull())
        .addColumn("start_time", time)
        .addColumn("end_time", time)
        .addColumn("user", "text", (c) => c.notNull())
        .addColumn("agent", "text")
        .addColumn("platform", "text")
        .addColumn("parent", "integer")
        .addColumn("reference_run_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("line_number", "integer")
        .addColumn("return_code", "integer")
        .addColumn("alias", "text")
        .addColumn("title", "text")
        .addColumn("archive_key1", "text")
        .addColumn("archive_key2", "text")
        .addColumn("activator_object_type", "text", (c) => c.notNull())
        .addColumn("definition", "text", (c) => c.notNull())
        .addColumn("modified_at", time, (c) => c.notNull())
        .execute();
      // The list's order (activation_time desc, run_id desc) per client, and the common filters.
      await db.schema.createIndex("executions_client_activation").on("executions").columns(["client", "activation_time desc", "run_id desc"]).execute();
      await db.schema.createIndex("executions_client_status").on("executions").columns(["client", "status"]).execute();
      await db.schema.createIndex("executions_client_name").on("executions").columns(["client", "name"]).execute();

      await db.schema
        .createTable("reports")
        .addColumn("run_id", "integer", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addColumn("ended", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("reports_pk", ["run_id", "type"])
        .execute();

      await db.schema
        .createTable("report_pages")
        .addColumn("run_id", "integer", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("page", "integer", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("report_pages_pk", ["run_id", "type", "page"])
        .execute();

      await db.schema
        .createTable("execution_events")
        .addColumn("seq", serial)
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("run_id", "integer", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("execution_events_client_seq").on("execution_events").columns(["client", "seq"]).execute();
    },
  };
}
