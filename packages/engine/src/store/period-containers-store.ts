import { InExecutionRecurringBody } from "@baton/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "./schema";
import { parseStored } from "./stored-json";

/** Stores a period container's recurring request (JSON). */
export async function setRecurring(db: Kysely<Database>, client: number, runId: number, recurring: string): Promise<void> {
  await db.updateTable("executions").set({ recurring }).where("client", "=", client).where("run_id", "=", runId).execute();
}

/**
 * A period container's rule as stored by setRecurring: the request's `recurring` with the time zone
 * it was read in and the type of the object it activates (UTC and JOBS for rules stored without).
 */
export const StoredRecurring = InExecutionRecurringBody.extend({ timezone: z.string().default("UTC"), objectType: z.string().default("JOBS") });
export type StoredRecurring = z.infer<typeof StoredRecurring>;

/** A period container's rule and activation count; undefined for other executions. */
export async function findRecurringRule(db: Kysely<Database>, client: number, runId: number): Promise<{ rule: StoredRecurring; occurCount: number } | undefined> {
  const row = await db.selectFrom("executions").select(["recurring", "occur_count"]).where("client", "=", client).where("run_id", "=", runId).executeTakeFirst();
  return row?.recurring ? { rule: parseStored(StoredRecurring, row.recurring, "executions.recurring", `client ${client}, run_id ${runId}`), occurCount: row.occur_count } : undefined;
}

/** Counts one more activation of a period container and returns the new count. */
export async function countOccurrence(db: Kysely<Database>, client: number, runId: number): Promise<number> {
  const row = await db
    .updateTable("executions")
    .set((eb) => ({ occur_count: eb("occur_count", "+", 1) }))
    .where("client", "=", client)
    .where("run_id", "=", runId)
    .returning("occur_count")
    .executeTakeFirstOrThrow();
  return row.occur_count;
}
