import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "./schema";
import type { Store } from "./connect";
import { parseStored } from "./stored-json";
import { inTransaction } from "./transaction";

/** Request headers of a delivery, name → value. */
const Headers = z.record(z.string(), z.string());

/** The callback stored with an execution (executions.callback). */
const CallbackSpec = z.object({
  url: z.string(),
  headers: Headers,
  /** For recurring executions: call back once at the container's end, or for each activation too. */
  recurringMode: z.enum(["once", "each"]).optional(),
});
export type CallbackSpec = z.infer<typeof CallbackSpec>;

export interface PendingCallback {
  id: number;
  client: number;
  runId: number;
  url: string;
  headers: Record<string, string>;
  payload: string;
  attempts: number;
}

/** The callback stored with an execution, if any. */
export async function findExecutionCallback(db: Kysely<Database>, client: number, runId: number): Promise<CallbackSpec | undefined> {
  const row = await db.selectFrom("executions").select("callback").where("client", "=", client).where("run_id", "=", runId).executeTakeFirst();
  return row?.callback ? parseCallback(row.callback, client, runId) : undefined;
}

function parseCallback(text: string, client: number, runId: number): CallbackSpec {
  return parseStored(CallbackSpec, text, "executions.callback", `client ${client}, run_id ${runId}`);
}

/** Stores the callback of a start request with its execution. */
export async function setExecutionCallback(db: Kysely<Database>, client: number, runId: number, callback: CallbackSpec): Promise<void> {
  await db.updateTable("executions").set({ callback: JSON.stringify(callback) }).where("client", "=", client).where("run_id", "=", runId).execute();
}

/**
 * Queues the delivery of an execution's callback (`callback`: its stored spec, null without one);
 * call in the transaction of the status change that ends the execution, so an end is never
 * recorded without its delivery.
 */
export async function queueCallback(db: Kysely<Database>, client: number, runId: number, callback: string | null, payload: string, now: number): Promise<boolean> {
  if (!callback) return false;
  const spec = parseCallback(callback, client, runId);
  await db
    .insertInto("callback_outbox")
    .values({ client, run_id: runId, url: spec.url, headers: JSON.stringify(spec.headers), payload, next_attempt_at: now })
    .execute();
  return true;
}

/**
 * Claims up to `limit` due deliveries for `leaseMs`: their next attempt moves to the lease's end,
 * so no other node attempts them meanwhile (rows another node is claiming are skipped, not waited
 * for), and a node that dies while attempting leaves them to be attempted again after the lease.
 */
export async function claimDueCallbacks(store: Store, now: number, limit: number, leaseMs: number): Promise<PendingCallback[]> {
  return inTransaction(store.db, async (trx) => {
    const due = trx.selectFrom("callback_outbox").selectAll().where("next_attempt_at", "<=", now).orderBy("next_attempt_at").orderBy("id").limit(limit);
    const rows = await (store.dialect === "postgres" ? due.forUpdate().skipLocked() : due).execute();
    if (rows.length === 0) return [];
    await trx.updateTable("callback_outbox").set({ next_attempt_at: now + leaseMs }).where("id", "in", rows.map((r) => r.id)).execute();
    return rows.map((r) => ({ id: r.id, client: r.client, runId: r.run_id, url: r.url, headers: parseStored(Headers, r.headers, "callback_outbox.headers", `id ${r.id}`), payload: r.payload, attempts: r.attempts }));
  });
}

/** Records an attempt: delivered, retried at `retryAt`, or given up (both undefined). */
export async function recordCallbackAttempt(
  db: Kysely<Database>,
  id: number,
  outcome: { deliveredAt?: number; retryAt?: number; error?: string },
): Promise<void> {
  await db
    .updateTable("callback_outbox")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      next_attempt_at: outcome.retryAt ?? null,
      delivered_at: outcome.deliveredAt ?? null,
      last_error: outcome.error ?? null,
    }))
    .where("id", "=", id)
    .execute();
}

export async function nextCallbackTime(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db.selectFrom("callback_outbox").select((eb) => eb.fn.min("next_attempt_at").as("due")).executeTakeFirst();
  return row?.due === null || row?.due === undefined ? undefined : Number(row.due);
}

/** Queues a one-off delivery (a notification's webhook) to the outbox. */
export async function queueWebhook(db: Kysely<Database>, client: number, runId: number, url: string, payload: string, now: number): Promise<void> {
  await db.insertInto("callback_outbox").values({ client, run_id: runId, url, headers: "{}", payload, next_attempt_at: now }).execute();
}
