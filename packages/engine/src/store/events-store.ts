import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema";

export interface StoredEvent {
  seq: number;
  client: number;
  runId: number;
  payload: string;
}

/** Records one execution status event; call inside the transaction that changed the status. */
export async function appendEvent(trx: Transaction<Database>, client: number, runId: number, payload: string, now: number): Promise<number> {
  const row = await trx
    .insertInto("execution_events")
    .values({ client, run_id: runId, created_at: now, payload })
    .returning("seq")
    .executeTakeFirstOrThrow();
  return row.seq;
}

/** Events of a client after `seq`, oldest first: what a reconnecting listener missed. */
export async function eventsAfter(db: Kysely<Database>, client: number, seq: number, limit: number): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom("execution_events")
    .select(["seq", "client", "run_id", "payload"])
    .where("client", "=", client)
    .where("seq", ">", seq)
    .orderBy("seq")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ seq: r.seq, client: r.client, runId: r.run_id, payload: r.payload }));
}

export async function latestEventSeq(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("execution_events").select((eb) => eb.fn.max("seq").as("seq")).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * Deletes up to `batch` events older than `before` (epoch ms), oldest first; returns how many.
 * Small batches keep each write short, so pruning never holds up status changes.
 */
export async function pruneEvents(db: Kysely<Database>, before: number, batch: number): Promise<number> {
  const oldest = await db.selectFrom("execution_events").select("seq").where("created_at", "<", before).orderBy("seq").limit(batch).execute();
  const last = oldest.at(-1)?.seq;
  if (last === undefined) return 0;
  const result = await db.deleteFrom("execution_events").where("seq", "<=", last).where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
