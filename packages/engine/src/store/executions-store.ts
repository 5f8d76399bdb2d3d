import { ObjectBody } from "@baton/contract";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { Execution, ExecutionChanges, NewExecutionRecord } from "../domain/execution";
import { summaryColumns, toExecution } from "./execution-row";
import { runShaped } from "./statement-shapes";
import type { Database } from "./schema";
import { parseStored } from "./stored-json";

export type NewExecution = NewExecutionRecord;

/** Inserts an execution with its object definition snapshot and returns it with its run_id. */
export async function insertExecution(db: Kysely<Database>, execution: NewExecution, definition: string, now: number, node: string | null = null): Promise<Execution> {
  const values = {
    client: execution.client,
    node,
    name: execution.name,
    object_type: execution.objectType,
    type: execution.type,
    queue: execution.queue,
    status: execution.status,
    activation_time: execution.activationTime,
    start_time: execution.startTime,
    end_time: execution.endTime,
    user: execution.user,
    agent: execution.agent,
    platform: execution.platform,
    parent: execution.parent,
    reference_run_id: execution.referenceRunId,
    line_number: execution.lineNumber,
    return_code: execution.returnCode,
    alias: execution.alias,
    title: execution.title,
    archive_key1: execution.archiveKey1,
    archive_key2: execution.archiveKey2,
    activator_object_type: execution.activatorObjectType,
    repeats_type: execution.repeatsType,
    restart_count: execution.restartCount,
    restart_predecessor: execution.restartPredecessor,
    due_at: execution.dueAt,
    estimated_runtime: execution.estimatedRuntime,
    definition,
    modified_at: now,
  };
  const [row] = (await runShaped(db, "insert execution", Object.values(values), () => db.insertInto("executions").values(values).returning(summaryColumns))).rows;
  if (row === undefined) throw new Error(`execution of ${execution.name} in client ${execution.client} was not inserted`);
  return toExecution(row);
}

export async function findExecution(db: Kysely<Database>, client: number, runId: number): Promise<Execution | undefined> {
  const build = () => db.selectFrom("executions").select(summaryColumns).where("client", "=", client).where("run_id", "=", runId);
  const [row] = (await runShaped(db, "find execution", [client, runId], build)).rows;
  return row && toExecution(row);
}

/** The object definition an execution was activated with (JSON). */
async function findExecutionDefinition(db: Kysely<Database>, client: number, runId: number): Promise<string | undefined> {
  const row = await db.selectFrom("executions").select("definition").where("client", "=", client).where("run_id", "=", runId).executeTakeFirst();
  return row?.definition;
}

/**
 * The definition an execution was started with, read with `schema`: an object body for the
 * executions of objects (findExecutionBody), what the engine's own executions keep there for the
 * others (a client deletion its target).
 */
export async function readExecutionDefinition<T>(db: Kysely<Database>, client: number, runId: number, schema: z.ZodType<T>): Promise<T | undefined> {
  const text = await findExecutionDefinition(db, client, runId);
  return text === undefined ? undefined : parseStored(schema, text, "executions.definition", `client ${client}, run_id ${runId}`);
}

/** The object body an execution was activated with; undefined when there is no such execution. */
export function findExecutionBody(db: Kysely<Database>, client: number, runId: number): Promise<ObjectBody | undefined> {
  return readExecutionDefinition(db, client, runId, ObjectBody);
}

/** The object body an execution runs; an error when the execution is gone (its client was deleted). */
export async function requireExecutionBody(db: Kysely<Database>, client: number, runId: number): Promise<ObjectBody> {
  const body = await findExecutionBody(db, client, runId);
  if (body === undefined) throw new Error(`execution ${runId} of client ${client} does not exist: it has no definition to run`);
  return body;
}

/**
 * Applies a status change and returns the execution after it with its callback (undefined when
 * `fromStatus` no longer holds): a status, or "unfinished" for any status below 1800.
 */
export async function updateExecution(
  trx: Transaction<Database>,
  client: number,
  runId: number,
  changes: ExecutionChanges,
  now: number,
  fromStatus?: number | "unfinished",
  node?: string,
): Promise<{ execution: Execution; callback: string | null } | undefined> {
  const set = {
    status: changes.status,
    modified_at: now,
    ...(node !== undefined && { node }),
    ...(changes.startTime !== undefined && { start_time: changes.startTime }),
    ...(changes.endTime !== undefined && { end_time: changes.endTime }),
    ...(changes.agent !== undefined && { agent: changes.agent }),
    ...(changes.platform !== undefined && { platform: changes.platform }),
    ...(changes.returnCode !== undefined && { return_code: changes.returnCode }),
    ...(changes.generated !== undefined && {
      object_type: changes.generated.objectType,
      type: changes.generated.type,
      queue: changes.generated.queue,
      title: changes.generated.title,
      archive_key1: changes.generated.archiveKey1,
      archive_key2: changes.generated.archiveKey2,
      estimated_runtime: changes.generated.estimatedRuntime,
      definition: changes.generated.definition,
    }),
    ...(changes.variables !== undefined && {
      variables: JSON.stringify(changes.variables.variables),
      returned_variables: JSON.stringify(changes.variables.returned),
      passed_variables: JSON.stringify(changes.variables.passed),
    }),
  };
  const build = () => {
    const query = trx.updateTable("executions").set(set).where("client", "=", client).where("run_id", "=", runId);
    const from = fromStatus === "unfinished" ? query.where("status", "<", 1800) : fromStatus === undefined ? query : query.where("status", "=", fromStatus);
    return from.returning([...summaryColumns, "callback"]);
  };
  const condition = fromStatus === "unfinished" ? [1800] : fromStatus === undefined ? [] : [fromStatus];
  const shape = `update execution ${Object.keys(set).join(",")} ${fromStatus === "unfinished" ? "unfinished" : fromStatus === undefined ? "any" : "from"}`;
  const [row] = (await runShaped(trx, shape, [...Object.values(set), client, runId, ...condition], build)).rows;
  return row && { execution: toExecution(row), callback: row.callback };
}

/** Executions of every client that have not ended, oldest first: what a restart must look at. */
export async function listUnfinishedExecutions(db: Kysely<Database>): Promise<Execution[]> {
  const rows = await db.selectFrom("executions").select(summaryColumns).where("status", "<", 1800).orderBy("run_id").execute();
  return rows.map(toExecution);
}

/** A client's executions that have not ended and have no parent, oldest first: what a client forecast starts from. */
export async function listUnfinishedTopLevel(db: Kysely<Database>, client: number): Promise<Execution[]> {
  const rows = await db.selectFrom("executions").select(summaryColumns).where("client", "=", client).where("status", "<", 1800).where("parent", "is", null).orderBy("run_id").execute();
  return rows.map(toExecution);
}

/** The children of an execution (workflow tasks), oldest first. */
export async function listChildren(db: Kysely<Database>, client: number, parent: number): Promise<Execution[]> {
  const rows = await db.selectFrom("executions").select(summaryColumns).where("client", "=", client).where("parent", "=", parent).orderBy("run_id").execute();
  return rows.map(toExecution);
}

/** The RunID, line and status of each child of an execution, oldest first: all a workflow step reads of its tasks. */
export async function listChildStates(db: Kysely<Database>, client: number, parent: number): Promise<Array<{ runId: number; lineNumber: number | null; status: number }>> {
  const rows = await db.selectFrom("executions").select(["run_id", "line_number", "status"]).where("client", "=", client).where("parent", "=", parent).orderBy("run_id").execute();
  return rows.map((row) => ({ runId: row.run_id, lineNumber: row.line_number, status: row.status }));
}

/** RunIDs of a client's executions of an object (by name) that have not ended, at most `limit`: what keeps the object from being deleted. */
export async function listUnfinishedRunIdsOf(db: Kysely<Database>, client: number, name: string, limit: number): Promise<number[]> {
  const rows = await db.selectFrom("executions").select("run_id").where("client", "=", client).where("name", "=", name).where("status", "<", 1800).orderBy("run_id").limit(limit).execute();
  return rows.map((row) => row.run_id);
}
