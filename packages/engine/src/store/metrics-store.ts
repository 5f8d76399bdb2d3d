import { STATUS_RANGES, Status, type MetricType } from "@baton/contract";
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

const [WAITING_FROM, WAITING_TO] = STATUS_RANGES["ANY_WAITING"]?.[0] ?? [1682, 1710];

/**
 * Executions of every client that have not ended: `active` (started or preparing, not waiting),
 * `waiting` (for a time, queue slot, agent, resource or release) or `queue` (for a queue slot).
 */
export async function countUnendedExecutions(db: Kysely<Database>, kind: "active" | "waiting" | "queue"): Promise<number> {
  let query = db.selectFrom("executions").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "<", 1800);
  if (kind === "queue") query = query.where("status", "=", Status.WAITING_FOR_QUEUE);
  else if (kind === "waiting") query = query.where("status", ">=", WAITING_FROM).where("status", "<=", WAITING_TO);
  else query = query.where((eb) => eb.or([eb("status", "<", WAITING_FROM), eb("status", ">", WAITING_TO)]));
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Executions of every client that ended at or after `since`, OK (1900 and up) and not. */
export async function countExecutionsEndedSince(db: Kysely<Database>, since: number): Promise<{ ok: number; notOk: number }> {
  const rows = await db
    .selectFrom("executions")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.case().when("status", ">=", Status.ENDED_OK).then(1).else(0).end().as("ok")])
    .where("end_time", ">=", since)
    .groupBy("ok")
    .execute();
  const count = (ok: number) => Number(rows.find((row) => Number(row.ok) === ok)?.n ?? 0);
  return { ok: count(1), notOk: count(0) };
}

/** Stores one minute's values (a minute sampled twice keeps its first values). */
/** Counts of one node's minute: the nodes' samples of one minute add up. The other types (database counts, latency percentiles) keep the largest. */
const SUMMED: ReadonlySet<string> = new Set(["executions_started", "executions_ended_ok", "executions_ended_not_ok", "agents_connected", "api_requests", "busy_ms"]);

/** Stores one node's samples of the minute at `at`, merged with those other nodes stored for it. */
export async function insertMetricSamples(db: Kysely<Database>, at: number, values: Readonly<Partial<Record<MetricType, number>>>): Promise<void> {
  const rows = Object.entries(values).map(([type, value]) => ({ type, at, value }));
  for (const summed of [true, false]) {
    const group = rows.filter((row) => SUMMED.has(row.type) === summed);
    if (group.length === 0) continue;
    await db
      .insertInto("metric_samples")
      .values(group)
      .onConflict((conflict) =>
        conflict.columns(["type", "at"]).doUpdateSet({
          value: summed ? sql<number>`metric_samples.value + excluded.value` : sql<number>`case when excluded.value > metric_samples.value then excluded.value else metric_samples.value end`,
        }),
      )
      .execute();
  }
}

export async function readMetricSamples(db: Kysely<Database>, type: MetricType, from: number, to: number): Promise<{ at: number; value: number }[]> {
  return db.selectFrom("metric_samples").select(["at", "value"]).where("type", "=", type).where("at", ">=", from).where("at", "<=", to).orderBy("at").execute();
}

export async function deleteMetricSamplesBefore(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom("metric_samples").where("at", "<", before).execute();
}
