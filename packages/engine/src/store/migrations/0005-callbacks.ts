import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/** Execution callbacks: the request's callback on the execution, and a durable outbox of deliveries. */
export function callbacksMigration(dialect: Dialect) {
  const { serial, time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("executions").addColumn("callback", "text").execute();
      await db.schema
        .createTable("callback_outbox")
        .addColumn("id", serial)
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("run_id", "integer", (c) => c.notNull())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("headers", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", time)
        .addColumn("delivered_at", time)
        .addColumn("last_error", "text")
        .execute();
      await db.schema.createIndex("callback_outbox_due").on("callback_outbox").columns(["next_attempt_at"]).execute();
    },
  };
}
