import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * Runtimes in seconds of an object's last `limit` ENDED_OK executions, oldest first; only those of
 * its own type (a period container carries the name of the object it activates).
 */
export async function recentOkRuntimes(db: Kysely<Database>, client: number, name: string, objectType: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("executions")
    .select(["start_time", "end_time"])
    .where("client", "=", client)
    .where("name", "=", name)
    .where("object_type", "=", objectType)
    .where("status", "=", 1900)
    .where("start_time", "is not", null)
    .where("end_time", "is not", null)
    .orderBy("end_time", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => (Number(r.end_time) - Number(r.start_time)) / 1000).reverse();
}

/** An object's current estimated runtime in seconds, if it has one. */
export async function findRuntimeEstimate(db: Kysely<Database>, client: number, name: string): Promise<number | undefined> {
  const row = await db.selectFrom("runtime_estimates").select("seconds").where("client", "=", client).where("object_name", "=", name).executeTakeFirst();
  return row?.seconds;
}

/** Current estimates of several objects, by name. */
export async function findRuntimeEstimates(db: Kysely<Database>, client: number, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db.selectFrom("runtime_estimates").select(["object_name", "seconds"]).where("client", "=", client).where("object_name", "in", [...new Set(names)]).execute();
  return new Map(rows.map((r) => [r.object_name, r.seconds]));
}

export async function saveRuntimeEstimate(db: Kysely<Database>, client: number, name: string, seconds: number, now: number): Promise<void> {
  await db
    .insertInto("runtime_estimates")
    .values({ client, object_name: name, seconds, updated_at: now })
    .onConflict((oc) => oc.columns(["client", "object_name"]).doUpdateSet({ seconds, updated_at: now }))
    .execute();
}
