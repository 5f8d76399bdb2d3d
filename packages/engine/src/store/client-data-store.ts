import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";
import { inTransaction } from "./transaction";

/** Rows deleted per statement, so that deleting a large client never holds the database long. */
const BATCH = 500;

/** Tables whose rows belong to one execution (by run_id); deleted before their executions. */
const EXECUTION_TABLES = ["report_pages", "reports", "execution_events", "execution_comments", "callback_outbox", "event_files"] as const;

/** What deleting a client's data removed, by table. */
export type DeletedRows = Record<string, number>;

/**
 * Deletes every row of a client, table by table in batches (executions with their reports and
 * events, forecasts with their entries, objects with their search rows, then the rest). Running it
 * again after an interruption finishes the work: it only ever deletes what is left.
 */
export async function deleteClientData(db: Kysely<Database>, client: number, onProgress: (table: string, rows: number) => void): Promise<DeletedRows> {
  const deleted: DeletedRows = {};
  const count = (table: string, rows: number) => {
    deleted[table] = (deleted[table] ?? 0) + rows;
    onProgress(table, deleted[table] ?? 0);
  };
  for (;;) {
    const runIds = (await db.selectFrom("executions").select("run_id").where("client", "=", client).limit(BATCH).execute()).map((row) => row.run_id);
    if (runIds.length === 0) break;
    await inTransaction(db, async (trx) => {
      for (const table of EXECUTION_TABLES) count(table, Number((await trx.deleteFrom(table).where("run_id", "in", runIds).executeTakeFirst()).numDeletedRows));
      count("executions", Number((await trx.deleteFrom("executions").where("client", "=", client).where("run_id", "in", runIds).executeTakeFirst()).numDeletedRows));
    });
  }
  for (;;) {
    const ids = (await db.selectFrom("forecasts").select("id").where("client", "=", client).limit(BATCH).execute()).map((row) => row.id);
    if (ids.length === 0) break;
    await inTransaction(db, async (trx) => {
      count("forecast_entries", Number((await trx.deleteFrom("forecast_entries").where("forecast_id", "in", ids).executeTakeFirst()).numDeletedRows));
      count("forecasts", Number((await trx.deleteFrom("forecasts").where("id", "in", ids).executeTakeFirst()).numDeletedRows));
    });
  }
  for (;;) {
    const ids = (await db.selectFrom("objects").select("id").where("client", "=", client).limit(BATCH).execute()).map((row) => row.id);
    if (ids.length === 0) break;
    count("objects", Number((await db.deleteFrom("objects").where("id", "in", ids).executeTakeFirst()).numDeletedRows));
  }
  for (const table of ["folders", "user_credentials", "runtime_estimates", "execution_events", "callback_outbox", "console_sessions"] as const) {
    count(table, Number((await db.deleteFrom(table).where("client", "=", client).executeTakeFirst()).numDeletedRows));
  }
  return deleted;
}

/** Objects, executions and users per client (or of the client `only`), for the clients list. */
export async function clientCounts(db: Kysely<Database>, only?: number): Promise<{ id: number; title: string; objects: number; executions: number; users: number }[]> {
  const rows = await db
    .selectFrom("clients as c")
    .$if(only !== undefined, (qb) => qb.where("c.id", "=", only ?? 0))
    .select((eb) => [
      "c.id",
      "c.title",
      eb.selectFrom("objects").select(sql<number>`count(*)`.as("n")).whereRef("objects.client", "=", "c.id").as("objects"),
      eb.selectFrom("executions").select(sql<number>`count(*)`.as("n")).whereRef("executions.client", "=", "c.id").as("executions"),
      eb.selectFrom("objects").select(sql<number>`count(*)`.as("n")).whereRef("objects.client", "=", "c.id").where("objects.type", "=", "USER").as("users"),
    ])
    .orderBy("c.id")
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, objects: Number(row.objects ?? 0), executions: Number(row.executions ?? 0), users: Number(row.users ?? 0) }));
}
