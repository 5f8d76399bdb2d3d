import { expressionBuilder, sql, type Kysely } from "kysely";
import type { Execution } from "../domain/execution";
import { clientCondition, filterConditions, lifetimeParts, type ExecutionFilter, type ReadPlan } from "./execution-filters";
import { summaryColumns, toExecution } from "./execution-row";
import type { Database } from "./schema";

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

/** A client's executions that match the filter, with its conditions written for the read plan. */
function matching(db: Kysely<Database>, client: number, filter: ExecutionFilter, plan: ReadPlan) {
  const eb = expressionBuilder<Database, "executions">();
  let query = db.selectFrom("executions").where(clientCondition(eb, client, filter));
  for (const condition of filterConditions(eb, filter, plan)) query = query.where(condition);
  return query;
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
