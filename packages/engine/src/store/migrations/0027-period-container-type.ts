import { sql, type Kysely } from "kysely";

/**
 * A period container (C_PERIOD) keeps the type of the object it activates, so that rights granted
 * on that type reach the container as they reach its activations (auth/acts). Containers recorded
 * before take it from the rule they stored (JOBS when the rule named none, as findRecurringRule reads it).
 */
export const periodContainerTypeMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("executions").addColumn("repeats_type", "varchar(16)").execute();
    const containers = await sql<{ client: number; run_id: number; recurring: string | null }>`select client, run_id, recurring from executions where object_type = 'C_PERIOD'`.execute(db);
    for (const { client, run_id, recurring } of containers.rows) {
      await sql`update executions set repeats_type = ${storedObjectType(recurring)} where client = ${client} and run_id = ${run_id}`.execute(db);
    }
  },
};

function storedObjectType(recurring: string | null): string {
  try {
    const type: unknown = (JSON.parse(recurring ?? "{}") as Record<string, unknown>)["objectType"];
    return typeof type === "string" ? type : "JOBS";
  } catch {
    return "JOBS";
  }
}
