import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * How many restarts each chain has, by the run_id of the chain's first execution (restarts carry
 * it as reference_run_id); chains without restarts are absent.
 */
export async function countRestarts(db: Kysely<Database>, client: number, firstRunIds: readonly number[]): Promise<Map<number, number>> {
  if (firstRunIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("executions")
    .select(["reference_run_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("client", "=", client)
    .where("reference_run_id", "in", [...new Set(firstRunIds)])
    .groupBy("reference_run_id")
    .execute();
  return new Map(rows.map((r) => [r.reference_run_id, Number(r.n)]));
}
