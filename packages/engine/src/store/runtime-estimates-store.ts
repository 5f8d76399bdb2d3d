import { Status } from "@baton/contract";
import { sql, type Kysely } from "kysely";
import { ReadGroups } from "./read-groups";
import { runShaped } from "./statement-shapes";
import type { Database } from "./schema";

/**
 * Runtimes in seconds of an object's last `limit` ENDED_OK executions, oldest first; only those of
 * its own type (a period container carries the name of the object it activates).
 */
export async function recentOkRuntimes(db: Kysely<Database>, client: number, name: string, objectType: string, limit: number): Promise<number[]> {
  // Written as SQL rather than built: every end of an execution runs it, and building the query
  // cost more than running it on the (client, name, status, end_time) index.
  const { rows } = await sql<{ start_time: number; end_time: number }>`select start_time, end_time from executions
    where client = ${client} and name = ${name} and object_type = ${objectType} and status = ${Status.ENDED_OK}
      and start_time is not null and end_time is not null
    order by end_time desc limit ${limit}`.execute(db);
  return rows.map((r) => (Number(r.end_time) - Number(r.start_time)) / 1000).reverse();
}

/** An object's current estimated runtime in seconds, if it has one. */
export function findRuntimeEstimate(db: Kysely<Database>, client: number, name: string): Promise<number | undefined> {
  return estimateReads.read(db, client, name);
}

/** Current estimates of several objects, by name. */
export async function findRuntimeEstimates(db: Kysely<Database>, client: number, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db.selectFrom("runtime_estimates").select(["object_name", "seconds"]).where("client", "=", client).where("object_name", "in", [...new Set(names)]).execute();
  return new Map(rows.map((r) => [r.object_name, r.seconds]));
}

/** Estimates read one object at a time, several in one statement where the database groups its reads. */
export const estimateReads = new ReadGroups<number>(findRuntimeEstimates);

export async function saveRuntimeEstimate(db: Kysely<Database>, client: number, name: string, seconds: number, now: number): Promise<void> {
  await runShaped(db, "save estimate", [client, name, seconds, now, seconds, now], () =>
    db
      .insertInto("runtime_estimates")
      .values({ client, object_name: name, seconds, updated_at: now })
      .onConflict((oc) => oc.columns(["client", "object_name"]).doUpdateSet({ seconds, updated_at: now })),
  );
}
