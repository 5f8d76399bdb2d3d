import type { Kysely, Transaction } from "kysely";
import type { Execution } from "../domain/execution";
import type { Dialect } from "./connect";
import { summaryColumns, toExecution } from "./execution-row";
import type { Database } from "./schema";

/**
 * Executions of a client's queue that hold a slot: jobs and scripts that are active (1300-1799)
 * but not waiting (1682-1710). Workflows do not hold slots; their tasks do.
 */
export async function countQueueSlotsInUse(db: Kysely<Database>, client: number, queue: string, exceptRunId = 0): Promise<number> {
  const row = await db
    .selectFrom("executions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("client", "=", client)
    .where("queue", "=", queue)
    .where("object_type", "in", ["JOBS", "SCRI", "JOBF"])
    .where("status", ">=", 1300)
    .where("status", "<", 1800)
    .where((eb) => eb.or([eb("status", "<", 1682), eb("status", ">", 1710)]))
    .where("run_id", "<>", exceptRunId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Executions waiting for a queue slot (1684), oldest first. */
export async function listWaitingForQueue(db: Kysely<Database>, limit: number): Promise<Execution[]> {
  const rows = await db.selectFrom("executions").select(summaryColumns).where("status", "=", 1684).orderBy("run_id").limit(limit).execute();
  return rows.map(toExecution);
}

/**
 * Up to `limit` executions whose start time has come (1698), earliest first, in a transaction that
 * claims them: on PostgreSQL the rows are locked and rows another node is claiming are skipped.
 */
export async function lockDue(trx: Transaction<Database>, dialect: Dialect, now: number, limit: number): Promise<Execution[]> {
  const due = trx.selectFrom("executions").select(summaryColumns).where("status", "=", 1698).where("due_at", "<=", now).orderBy("due_at").orderBy("run_id").limit(limit);
  const rows = await (dialect === "postgres" ? due.forUpdate().skipLocked() : due).execute();
  return rows.map(toExecution);
}

/** The earliest due time of executions waiting for their start time and of event checks. */
export async function nextDueTime(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom("executions")
    .select((eb) => eb.fn.min("due_at").as("due"))
    .where((eb) => eb.or([eb("status", "=", 1698), eb.and([eb("object_type", "=", "EVNT"), eb("status", "=", 1550)])]))
    .executeTakeFirst();
  return row?.due === null || row?.due === undefined ? undefined : Number(row.due);
}

/** Active events whose next check is due. */
export async function listDueEventChecks(db: Kysely<Database>, now: number, limit: number): Promise<Execution[]> {
  const rows = await db
    .selectFrom("executions")
    .select(summaryColumns)
    .where("object_type", "=", "EVNT")
    .where("status", "=", 1550)
    .where("due_at", "<=", now)
    .orderBy("due_at")
    .limit(limit)
    .execute();
  return rows.map(toExecution);
}

/** Sets when an execution is due next (an event's next check); null when nothing is planned. */
export async function setDueAt(db: Kysely<Database>, client: number, runId: number, dueAt: number | null): Promise<void> {
  await db.updateTable("executions").set({ due_at: dueAt }).where("client", "=", client).where("run_id", "=", runId).execute();
}

/** Takes a due check of an event: true only for the one caller that found it still due at `dueAt`. */
export async function claimDueAt(db: Kysely<Database>, client: number, runId: number, dueAt: number): Promise<boolean> {
  const result = await db.updateTable("executions").set({ due_at: null }).where("client", "=", client).where("run_id", "=", runId).where("due_at", "=", dueAt).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Jobs waiting for a job slot of their agent (1694), oldest first. */
export async function listWaitingForResource(db: Kysely<Database>, limit: number): Promise<Array<Pick<Execution, "client" | "runId" | "agent">>> {
  // Only what admitting needs: every end of a job reads this list while hundreds may wait.
  const rows = await db.selectFrom("executions").select(["client", "run_id", "agent"]).where("status", "=", 1694).orderBy("run_id").limit(limit).execute();
  return rows.map((row) => ({ client: row.client, runId: row.run_id, agent: row.agent }));
}

/** Jobs waiting for their agent to connect (1685), oldest first. */
export async function listWaitingForAgent(db: Kysely<Database>, limit: number): Promise<Execution[]> {
  const rows = await db.selectFrom("executions").select(summaryColumns).where("status", "=", 1685).orderBy("run_id").limit(limit).execute();
  return rows.map(toExecution);
}
