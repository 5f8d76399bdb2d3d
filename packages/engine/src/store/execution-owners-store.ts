import type { Kysely } from "kysely";
import type { Execution } from "../domain/execution";
import { summaryColumns, toExecution } from "./execution-row";
import type { Database } from "./schema";

/** Nodes other than the live ones that own unfinished executions (null: made before owners were kept). */
export async function orphanOwners(db: Kysely<Database>, live: readonly string[]): Promise<(string | null)[]> {
  const rows = await db.selectFrom("executions").select("node").distinct().where("status", "<", 1800).execute();
  return rows.map((row) => row.node).filter((node) => node === null || !live.includes(node));
}

/**
 * Makes `owner` the node of every unfinished execution of the `from` nodes (null: of none) and
 * returns them, oldest first. One statement: two nodes never take over the same execution.
 */
export async function adoptExecutions(db: Kysely<Database>, from: readonly (string | null)[], owner: string): Promise<Execution[]> {
  const named = from.filter((node): node is string => node !== null);
  if (from.length === 0) return [];
  const rows = await db
    .updateTable("executions")
    .set({ node: owner })
    .where("status", "<", 1800)
    .where((eb) => eb.or([...(named.length > 0 ? [eb("node", "in", named)] : []), ...(from.includes(null) ? [eb("node", "is", null)] : [])]))
    .returning(summaryColumns)
    .execute();
  return rows.map(toExecution).sort((a, b) => a.runId - b.runId);
}
