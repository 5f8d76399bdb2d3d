import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema";
import { runShaped } from "./statement-shapes";

export interface StoredEvent {
  seq: number;
  client: number;
  runId: number;
  payload: string;
}

/** An execution status event to record: the row's columns. */
export interface NewEvent {
  client: number;
  runId: number;
  payload: string;
  createdAt: number;
}

/** Rows one insert writes at most (four parameters each, well under both databases' limit). */
const EVENTS_PER_INSERT = 500;

/**
 * Records execution status events, in this order, with one insert per EVENTS_PER_INSERT of them;
 * returns their seqs in the same order. Call inside the transaction that changed the statuses.
 */
export async function appendEvents(trx: Transaction<Database>, events: readonly NewEvent[]): Promise<number[]> {
  const seqs: number[] = [];
  for (let i = 0; i < events.length; i += EVENTS_PER_INSERT) {
    const rows = events.slice(i, i + EVENTS_PER_INSERT).map((e) => ({ client: e.client, run_id: e.runId, created_at: e.createdAt, payload: e.payload }));
    const parameters = rows.flatMap((row) => [row.client, row.run_id, row.created_at, row.payload]);
    const { rows: inserted } = await runShaped(trx, `insert ${rows.length} events`, parameters, () => trx.insertInto("execution_events").values(rows).returning("seq"));
    // Both databases number the rows of one insert in the order of its values; RETURNING's order is not promised.
    seqs.push(...inserted.map((row) => row.seq).sort((a, b) => a - b));
  }
  return seqs;
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
