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
