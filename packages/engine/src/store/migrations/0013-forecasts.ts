import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/**
 * Forecasts and their entries. The list reads a client's forecasts newest start first; entries
 * are always read within one forecast, so their indexes lead with the forecast and end in the
 * column a filter narrows (name, estimated start, agents).
 */
export function forecastsMigration(dialect: Dialect) {
  const { serial, time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("forecasts")
        .addColumn("id", serial)
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("user", "text", (c) => c.notNull())
        .addColumn("status", "integer", (c) => c.notNull())
        .addColumn("subject_type", "text")
        .addColumn("subject_name", "text")
        .addColumn("subject_right", "integer")
        .addColumn("request", "text", (c) => c.notNull())
        .addColumn("start_time", time, (c) => c.notNull())
        .addColumn("end_time", time, (c) => c.notNull())
        .addColumn("estimated_start", time)
        .addColumn("estimated_end", time)
        .addColumn("last_error_code", "integer")
        .addColumn("last_error_message", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("forecasts_client_start").on("forecasts").columns(["client", "start_time", "id"]).execute();
      await db.schema.createIndex("forecasts_client_type_start").on("forecasts").columns(["client", "type", "start_time"]).execute();
      await db.schema.createIndex("forecasts_status").on("forecasts").column("status").execute();
      await db.schema
        .createTable("forecast_entries")
        .addColumn("forecast_id", "integer", (c) => c.notNull())
        .addColumn("id", "integer", (c) => c.notNull())
        .addColumn("parent", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("object_type", "text", (c) => c.notNull())
        .addColumn("container_type", "text")
        .addColumn("estimated_start", time)
        .addColumn("estimated_end", time)
        .addColumn("estimated_runtime", "integer")
        .addColumn("agent_source", "text")
        .addColumn("agent_destination", "text")
        .addColumn("platform_destination", "text")
        .addColumn("login_source", "text")
        .addColumn("login_destination", "text")
        .addColumn("status", "integer")
        .addPrimaryKeyConstraint("forecast_entries_pk", ["forecast_id", "id"])
        .execute();
      await db.schema.createIndex("forecast_entries_name").on("forecast_entries").columns(["forecast_id", "name"]).execute();
      await db.schema.createIndex("forecast_entries_start").on("forecast_entries").columns(["forecast_id", "estimated_start"]).execute();
      await db.schema.createIndex("forecast_entries_agent_destination").on("forecast_entries").columns(["forecast_id", "agent_destination"]).execute();
      await db.schema.createIndex("forecast_entries_agent_source").on("forecast_entries").columns(["forecast_id", "agent_source"]).execute();
    },
  };
}
