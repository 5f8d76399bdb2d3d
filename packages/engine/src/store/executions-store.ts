import { InExecutionRecurringBody, ObjectBody } from "@baton/contract";
import { expressionBuilder, sql, type Kysely, type Selectable, type Transaction } from "kysely";
import { z } from "zod";
import type { Execution, ExecutionChanges, VariableValues } from "../domain/execution";
import { clientCondition, filterConditions, lifetimeParts, type ExecutionFilter, type ReadPlan } from "./execution-filters";
import type { Database, ExecutionsTable } from "./schema";
import type { Dialect } from "./connect";
import { parseStored } from "./stored-json";

export type NewExecution = Omit<Execution, "runId">;

export type { ExecutionFilter } from "./execution-filters";

const summaryColumns = [
  "run_id",
  "client",
  "name",
  "object_type",
  "type",
  "queue",
  "status",
  "activation_time",
  "start_time",
  "end_time",
  "user",
  "agent",
  "platform",
  "parent",
  "reference_run_id",
  "line_number",
  "return_code",
  "alias",
  "title",
  "archive_key1",
  "archive_key2",
  "activator_object_type",
  "restart_count",
  "restart_predecessor",
  "due_at",
  "estimated_runtime",
] as const;

function toExecution(row: Pick<Selectable<ExecutionsTable>, (typeof summaryColumns)[number]>): Execution {
  return {
    runId: row.run_id,
    client: row.client,
    name: row.name,
    objectType: row.object_type,
    type: row.type,
    queue: row.queue,
    status: row.status,
    activationTime: row.activation_time,
    startTime: row.start_time,
    endTime: row.end_time,
    user: row.user,
    agent: row.agent,
    platform: row.platform,
    parent: row.parent,
    referenceRunId: row.reference_run_id,
    lineNumber: row.line_number,
    returnCode: row.return_code,
    alias: row.alias,
    title: row.title,
    archiveKey1: row.archive_key1,
    archiveKey2: row.archive_key2,
    activatorObjectType: row.activator_object_type,
    restartCount: row.restart_count,
    restartPredecessor: row.restart_predecessor,
    dueAt: row.due_at,
    estimatedRuntime: row.estimated_runtime,
  };
}


/** Inserts an execution with its object definition snapshot and returns it with its run_id. */
export async function insertExecution(db: Kysely<Database>, execution: NewExecution, definition: string, now: number, node: string | null = null): Promise<Execution> {
  const row = await db
    .insertInto("executions")
    .values({
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
      restart_count: execution.restartCount,
      restart_predecessor: execution.restartPredecessor,
      due_at: execution.dueAt,
      estimated_runtime: execution.estimatedRuntime,
      definition,
      modified_at: now,
    })
    .returning(summaryColumns)
    .executeTakeFirstOrThrow();
  return toExecution(row);
}

export async function findExecution(db: Kysely<Database>, client: number, runId: number): Promise<Execution | undefined> {
  const row = await db.selectFrom("executions").select(summaryColumns).where("client", "=", client).where("run_id", "=", runId).executeTakeFirst();
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
  let query = trx
    .updateTable("executions")
    .set({
      status: changes.status,
      modified_at: now,
      ...(node !== undefined && { node }),
      ...(changes.startTime !== undefined && { start_time: changes.startTime }),
      ...(changes.endTime !== undefined && { end_time: changes.endTime }),
      ...(changes.agent !== undefined && { agent: changes.agent }),
      ...(changes.platform !== undefined && { platform: changes.platform }),
      ...(changes.returnCode !== undefined && { return_code: changes.returnCode }),
      ...(changes.variables !== undefined && {
        variables: JSON.stringify(changes.variables.variables),
        returned_variables: JSON.stringify(changes.variables.returned),
        passed_variables: JSON.stringify(changes.variables.passed),
      }),
    })
    .where("client", "=", client)
    .where("run_id", "=", runId);
  if (fromStatus === "unfinished") query = query.where("status", "<", 1800);
  else if (fromStatus !== undefined) query = query.where("status", "=", fromStatus);
  const row = await query.returning([...summaryColumns, "callback"]).executeTakeFirst();
  return row && { execution: toExecution(row), callback: row.callback };
}

/** Up to this many matches a page is sorted from the matches; beyond, it is read in the list's order. */
const SORTED_PAGE_MATCHES = 10_000;

/**
 * One page of a client's executions, newest activation first (then highest run_id, so the order
 * is total), with the number of executions the filter matches.
 *
 * Few matches are found in one pass through the index that suits the filter best, which gives the
 * total as well, and the page is sorted from them. Many matches are counted, and the page is read
 * along the list's own index, where they lie close together (see ReadPlan). A page that continues
 * after `startAtRunId` (see pageCursor) reads from the cursor's key on: a range of that index.
 */
export async function listExecutions(
  db: Kysely<Database>,
  client: number,
  filter: ExecutionFilter,
  { maxResults, startAtRunId }: ListPaging,
): Promise<{ total: number; executions: Execution[]; hasmore: boolean }> {
  const cursor = await pageCursor(db, client, startAtRunId);
  const below = (k: ListKey) => cursor === undefined || (cursor !== "end" && isBelow(k, cursor));
  // Counting up to the bound reads only the index; reading the keys of many matches would be wasted.
  const many = (await countMatching(db, client, filter, SORTED_PAGE_MATCHES + 1)) > SORTED_PAGE_MATCHES;
  const few = many ? undefined : await fewMatches(db, client, filter);
  if (few !== undefined) {
    const rest = few.filter(below).sort((a, b) => b.activation_time - a.activation_time || b.run_id - a.run_id);
    return { total: few.length, executions: await executionsByRunId(db, rest.slice(0, maxResults).map((k) => k.run_id)), hasmore: rest.length > maxResults };
  }
  const total = await countMatching(db, client, filter);
  if (cursor === "end") return { total, executions: [], hasmore: false };
  let query = matching(db, client, filter, "in-order");
  if (cursor !== undefined) query = query.where((eb) => eb(eb.refTuple("activation_time", "run_id"), "<", eb.tuple(cursor.activation_time, cursor.run_id)));
  // One row more than asked tells whether another page follows.
  const rows = await query.select(summaryColumns).orderBy("activation_time", "desc").orderBy("run_id", "desc").limit(maxResults + 1).execute();
  return { total, executions: rows.slice(0, maxResults).map(toExecution), hasmore: rows.length > maxResults };
}

/**
 * How a list is paged: its size and, for the pages after the first, `startAtRunId`: the RunID of
 * the last entry of the previous page (the interface's start_at_run_id).
 */
export interface ListPaging {
  maxResults: number;
  startAtRunId?: number | undefined;
}

/** An execution's place in the list's order: activation time, then run_id, both descending. */
interface ListKey {
  activation_time: number;
  run_id: number;
}

/** Whether `k` comes after `cursor` in the list's order. */
function isBelow(k: ListKey, cursor: ListKey): boolean {
  return k.activation_time < cursor.activation_time || (k.activation_time === cursor.activation_time && k.run_id < cursor.run_id);
}

/**
 * Where a page that continues after the execution `startAtRunId` starts: right after that
 * execution's key, whether or not it still matches the filter (its status may have changed since
 * the previous page). Without a cursor (none given, or not a RunID at all: 0 or less) the page is
 * the first. A RunID the client has no execution of (gone, or never one of its own) stands where
 * it would have been: run_ids and activation times rise together, so the key is the activation
 * time of the nearest lower RunID of the client with that RunID itself; with no lower RunID
 * nothing follows ("end"). One read of the (client, run_id) index either way.
 */
async function pageCursor(db: Kysely<Database>, client: number, startAtRunId: number | undefined): Promise<ListKey | "end" | undefined> {
  if (startAtRunId === undefined || startAtRunId <= 0) return undefined;
  const nearest = await db
    .selectFrom("executions")
    .select("activation_time")
    .where("client", "=", client)
    .where("run_id", "<=", startAtRunId)
    .orderBy("run_id", "desc")
    .limit(1)
    .executeTakeFirst();
  return nearest === undefined ? "end" : { activation_time: nearest.activation_time, run_id: startAtRunId };
}

/** The keys of every match when there are at most SORTED_PAGE_MATCHES, else undefined. */
async function fewMatches(db: Kysely<Database>, client: number, filter: ExecutionFilter): Promise<ListKey[] | undefined> {
  const found: ListKey[] = [];
  for (const part of lifetimeParts(filter)) {
    const keys = await matching(db, client, part, "by-filter")
      .select(["run_id", "activation_time"])
      .limit(SORTED_PAGE_MATCHES + 1 - found.length)
      .execute();
    found.push(...keys);
    if (found.length > SORTED_PAGE_MATCHES) return undefined;
  }
  return found;
}

/** How many executions match the filter, counting no further than `upTo` when given. */
async function countMatching(db: Kysely<Database>, client: number, filter: ExecutionFilter, upTo?: number): Promise<number> {
  let total = 0;
  for (const part of lifetimeParts(filter)) {
    const rows = matching(db, client, part, "by-filter");
    const count =
      upTo === undefined
        ? rows.select((eb) => eb.fn.countAll<number>().as("n"))
        : db.selectFrom(rows.select(sql<number>`1`.as("one")).limit(upTo - total).as("capped")).select((eb) => eb.fn.countAll<number>().as("n"));
    total += Number((await count.executeTakeFirstOrThrow()).n);
    if (upTo !== undefined && total >= upTo) break;
  }
  return total;
}

/** Executions by run_id, in the list's order. */
async function executionsByRunId(db: Kysely<Database>, runIds: readonly number[]): Promise<Execution[]> {
  if (runIds.length === 0) return [];
  const rows = await db.selectFrom("executions").select(summaryColumns).where("run_id", "in", [...runIds]).orderBy("activation_time", "desc").orderBy("run_id", "desc").execute();
  return rows.map(toExecution);
}

function matching(db: Kysely<Database>, client: number, filter: ExecutionFilter, plan: ReadPlan) {
  const eb = expressionBuilder<Database, "executions">();
  let query = db.selectFrom("executions").where(clientCondition(eb, client, filter));
  for (const condition of filterConditions(eb, filter, plan)) query = query.where(condition);
  return query;
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

export type { VariableValues };

/** Stores an execution's variables, the values it returns to its activator (:RSET) and passes to its workflow (:PSET). */
export async function setExecutionVariables(
  db: Kysely<Database>,
  client: number,
  runId: number,
  values: { variables: VariableValues; returned: VariableValues; passed: VariableValues },
): Promise<void> {
  await db
    .updateTable("executions")
    .set({ variables: JSON.stringify(values.variables), returned_variables: JSON.stringify(values.returned), passed_variables: JSON.stringify(values.passed) })
    .where("client", "=", client)
    .where("run_id", "=", runId)
    .execute();
}

/** An execution's variables, or the values it returned (:RSET) or passed (:PSET); empty when it has none. */
export async function findExecutionVariables(db: Kysely<Database>, client: number, runId: number, which: "variables" | "returned" | "passed" = "variables"): Promise<VariableValues> {
  const row = await db
    .selectFrom("executions")
    .select(["variables", "returned_variables", "passed_variables"])
    .where("client", "=", client)
    .where("run_id", "=", runId)
    .executeTakeFirst();
  const column = which === "variables" ? "variables" : which === "returned" ? "returned_variables" : "passed_variables";
  return parseValues(row?.[column], column, client, runId);
}

/** Variable values as stored (setExecutionVariables), name → value. */
const StoredValues = z.record(z.string(), z.union([z.string(), z.number()]));

/** Values of a variables column; none while the run has set none (null). */
function parseValues(text: string | null | undefined, column: string, client: number, runId: number): VariableValues {
  return text ? parseStored(StoredValues, text, `executions.${column}`, `client ${client}, run_id ${runId}`) : {};
}

/**
 * A page of an execution's immediate children, newest activation first (then highest run_id),
 * continuing after `startAtRunId` as the list does (see pageCursor). The total counts every child.
 */
export async function pageChildren(
  db: Kysely<Database>,
  client: number,
  parent: number,
  { maxResults, startAtRunId }: ListPaging,
): Promise<{ total: number; executions: Execution[]; hasmore: boolean }> {
  const base = db.selectFrom("executions").where("client", "=", client).where("parent", "=", parent);
  const cursor = await pageCursor(db, client, startAtRunId);
  const count = base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  if (cursor === "end") return { total: Number((await count).n), executions: [], hasmore: false };
  // A range of the (client, parent, activation_time, run_id) index from the cursor on.
  const page = cursor === undefined ? base : base.where((eb) => eb(eb.refTuple("activation_time", "run_id"), "<", eb.tuple(cursor.activation_time, cursor.run_id)));
  const [rows, counted] = await Promise.all([
    // One row more than asked tells whether another page follows.
    page.select(summaryColumns).orderBy("activation_time", "desc").orderBy("run_id", "desc").limit(maxResults + 1).execute(),
    count,
  ]);
  return { total: Number(counted.n), executions: rows.slice(0, maxResults).map(toExecution), hasmore: rows.length > maxResults };
}

/** The children of an execution (workflow tasks), oldest first. */
export async function listChildren(db: Kysely<Database>, client: number, parent: number): Promise<Execution[]> {
  const rows = await db.selectFrom("executions").select(summaryColumns).where("client", "=", client).where("parent", "=", parent).orderBy("run_id").execute();
  return rows.map(toExecution);
}

/** The line and status of each child of an execution, oldest first: all a workflow step reads of its tasks. */
export async function listChildStates(db: Kysely<Database>, client: number, parent: number): Promise<Array<{ lineNumber: number | null; status: number }>> {
  const rows = await db.selectFrom("executions").select(["line_number", "status"]).where("client", "=", client).where("parent", "=", parent).orderBy("run_id").execute();
  return rows.map((row) => ({ lineNumber: row.line_number, status: row.status }));
}

/** What the ended tasks of a workflow passed to it with :PSET, in the order the tasks started. */
export async function listPassedValues(db: Kysely<Database>, client: number, parent: number): Promise<VariableValues[]> {
  const rows = await db
    .selectFrom("executions")
    .select(["run_id", "passed_variables"])
    .where("client", "=", client)
    .where("parent", "=", parent)
    .where("passed_variables", "is not", null)
    .where("passed_variables", "<>", "{}")
    .orderBy("run_id")
    .execute();
  return rows.map((r) => parseValues(r.passed_variables, "passed_variables", client, r.run_id));
}

/** Statuses of executions that wait to be started by the scheduler. */
export const WAITING_FOR_START = [1684, 1698] as const;

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

/** Executions waiting for their start time (1698) that are due at `now`, oldest due first. */
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


/** RunIDs of a client's executions of an object (by name) that have not ended, at most `limit`: what keeps the object from being deleted. */
export async function listUnfinishedRunIdsOf(db: Kysely<Database>, client: number, name: string, limit: number): Promise<number[]> {
  const rows = await db.selectFrom("executions").select("run_id").where("client", "=", client).where("name", "=", name).where("status", "<", 1800).orderBy("run_id").limit(limit).execute();
  return rows.map((row) => row.run_id);
}
