import { expressionBuilder, sql, type Kysely, type SqlBool } from "kysely";
import type { Execution } from "../domain/execution";
import type { Dialect } from "./dialect";
import { clientCondition, countedFilter, filterConditions, lifetimeParts, readsInListOrder, type ExecutionFilter, type ReadPlan } from "./execution-filters";
import {
  ORDER_KEY_COLUMNS,
  afterCursor,
  compareInOrder,
  isNewestFirst,
  orderExpression,
  orderSegments,
  segmentCondition,
  segmentOf,
  type ListOrder,
  type OrderKeyRow,
} from "./execution-list-order";
import { keptCount } from "./execution-counts-store";
import { summaryColumns, toExecution } from "./execution-row";
import type { Database } from "./schema";

/** Up to this many matches a page is sorted from the matches; beyond, it is read in the list's order. */
const SORTED_PAGE_MATCHES = 10_000;

/**
 * One page of a client's executions, newest activation first (then highest run_id, so the order
 * is total), with the number of executions the filter matches.
 *
 * The matches are counted once, on the index that suits the filter best; the total then says how
 * the page is read (see ReadPlan). A filter of equalities (or none) is read along an index that
 * holds its matches in the list's order. Otherwise few matches: the page's keys are sorted from
 * the filter's index, whose entries hold the list's key, and only the page's rows are read
 * (pageOfFew); many: the page is read along the list's own index, where they lie close
 * together, stepping over the rows that do not match. A page that continues
 * after `startAtRunId` (see pageCursor) reads from the cursor's key on. Another `order` (the
 * Baton extension `order_by`) is read the same two ways (see listSorted).
 */
export async function listExecutions(
  db: Kysely<Database>,
  client: number,
  filter: ExecutionFilter,
  { maxResults, startAtRunId, order }: ListPaging,
  dialect: Dialect,
): Promise<{ total: number; executions: Execution[]; hasmore: boolean }> {
  if (order !== undefined && !isNewestFirst(order)) return listSorted(db, client, filter, { maxResults, startAtRunId, order }, dialect);
  const cursor = await pageCursor(db, client, startAtRunId);
  const total = await countMatching(db, client, filter);
  if (cursor === "end") return { total, executions: [], hasmore: false };
  // One row more than asked tells whether another page follows.
  const inOrder = total > SORTED_PAGE_MATCHES || readsInListOrder(filter);
  const rows = inOrder ? await pageInOrder(db, client, filter, cursor, maxResults + 1) : await pageOfFew(db, client, filter, cursor, maxResults + 1);
  return { total, executions: rows.slice(0, maxResults).map(toExecution), hasmore: rows.length > maxResults };
}

/** The first `limit` matches after the cursor, read along an index in the list's order (the list's own, or an equality's). */
function pageInOrder(db: Kysely<Database>, client: number, filter: ExecutionFilter, cursor: ListKey | undefined, limit: number) {
  let query = matching(db, client, filter, "in-order");
  if (cursor !== undefined) query = query.where((eb) => eb(eb.refTuple("activation_time", "run_id"), "<", eb.tuple(cursor.activation_time, cursor.run_id)));
  return query.select(summaryColumns).orderBy("activation_time", "desc").orderBy("run_id", "desc").limit(limit).execute();
}

/**
 * Few matches of a filter that no index reads in the list's order (a name pattern, a range): the
 * first `limit` after the cursor, in one statement. Their run_ids are sorted from the entries of
 * the filter's index, which end in the list's key, so at most SORTED_PAGE_MATCHES keys are sorted
 * and only the page's rows are read from the table. The keys are compared and sorted as values no
 * index holds, so that the database does not walk the list's own index instead, which would read
 * rows up to the oldest match (PostgreSQL chose that walk for 10,000 matches of a million).
 */
function pageOfFew(db: Kysely<Database>, client: number, filter: ExecutionFilter, cursor: ListKey | undefined, limit: number) {
  const activation = sql<number>`(${sql.ref("activation_time")} + 0)`;
  const runId = sql<number>`(${sql.ref("run_id")} + 0)`;
  const keysOf = (part: ExecutionFilter) => {
    let query = matching(db, client, part, "by-filter");
    if (cursor !== undefined) query = query.where(sql<SqlBool>`(${activation}, ${runId}) < (${cursor.activation_time}, ${cursor.run_id})`);
    return query.select("run_id").orderBy(activation, "desc").orderBy(runId, "desc").limit(limit);
  };
  const [only, ...more] = lifetimeParts(filter);
  if (only === undefined) return Promise.resolve([]);
  // Each part of an `all` frame keeps its own first keys; the page is the first of them all.
  const keys = more.length === 0 ? keysOf(only) : [only, ...more].map((part, i) => db.selectFrom(keysOf(part).as(`part${i}`)).select("run_id")).reduce((all, part) => all.unionAll(part));
  return db.selectFrom("executions").select(summaryColumns).where("run_id", "in", keys).orderBy("activation_time", "desc").orderBy("run_id", "desc").limit(limit).execute();
}

/**
 * How a list is paged: its size and, for the pages after the first, `startAtRunId`: the RunID of
 * the last entry of the previous page (the interface's start_at_run_id).
 */
export interface ListPaging {
  maxResults: number;
  startAtRunId?: number | undefined;
  /** The list's order; the interface's (newest activation first) when not given. */
  order?: ListOrder | undefined;
}

/** An execution's place in the list's order: activation time, then run_id, both descending. */
interface ListKey {
  activation_time: number;
  run_id: number;
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

/** What every match is placed by in any order, when there are at most SORTED_PAGE_MATCHES, else undefined. */
function fewMatchKeys(db: Kysely<Database>, client: number, filter: ExecutionFilter): Promise<OrderKeyRow[] | undefined> {
  return upToSortedPageMatches(filter, (part, limit) => matching(db, client, part, "by-filter").select(ORDER_KEY_COLUMNS).limit(limit).execute());
}

/** The rows `read` finds for each part of the filter, unless they are more than SORTED_PAGE_MATCHES. */
async function upToSortedPageMatches<T>(filter: ExecutionFilter, read: (part: ExecutionFilter, limit: number) => Promise<T[]>): Promise<T[] | undefined> {
  const found: T[] = [];
  for (const part of lifetimeParts(filter)) {
    found.push(...(await read(part, SORTED_PAGE_MATCHES + 1 - found.length)));
    if (found.length > SORTED_PAGE_MATCHES) return undefined;
  }
  return found;
}

/**
 * How many executions match the filter. An exact name, top level only, both or nothing is read
 * from the kept counts (see keptCount), whatever the number of executions; any other filter is
 * counted on its own index, each part of it on its own (see lifetimeParts).
 */
async function countMatching(db: Kysely<Database>, client: number, filter: ExecutionFilter): Promise<number> {
  const counted = countedFilter(filter);
  if (counted !== undefined) return keptCount(db, client, counted);
  let total = 0;
  for (const part of lifetimeParts(filter)) {
    const counted = await matching(db, client, part, "by-filter")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    total += Number(counted.n);
  }
  return total;
}

/**
 * A page in another order than the interface's. Few matches are sorted from their keys; many are
 * read along the index of the sort column, segment after segment (see orderSegments), from the
 * cursor's place on. The cursor is the execution `startAtRunId` itself, read for its key, whether
 * or not it still matches the filter; a RunID the client has no execution of ends the list.
 */
async function listSorted(
  db: Kysely<Database>,
  client: number,
  filter: ExecutionFilter,
  { maxResults, startAtRunId, order }: ListPaging & { order: ListOrder },
  dialect: Dialect,
): Promise<{ total: number; executions: Execution[]; hasmore: boolean }> {
  const cursor =
    startAtRunId === undefined || startAtRunId <= 0
      ? undefined
      : ((await db.selectFrom("executions").select(ORDER_KEY_COLUMNS).where("client", "=", client).where("run_id", "=", startAtRunId).executeTakeFirst()) ?? null);
  const total = await countMatching(db, client, filter);
  const few = total > SORTED_PAGE_MATCHES ? undefined : await fewMatchKeys(db, client, filter);
  if (few !== undefined) {
    if (cursor === null) return { total: few.length, executions: [], hasmore: false };
    const rest = few.filter((k) => cursor === undefined || compareInOrder(order, k, cursor) > 0).sort((a, b) => compareInOrder(order, a, b));
    const runIds = rest.slice(0, maxResults).map((k) => k.run_id);
    const byRunId = new Map((await executionsByRunId(db, runIds)).map((e) => [e.runId, e]));
    return { total: few.length, executions: runIds.flatMap((id) => byRunId.get(id) ?? []), hasmore: rest.length > maxResults };
  }
  if (cursor === null) return { total, executions: [], hasmore: false };
  const segments = orderSegments(order);
  const first = cursor === undefined ? 0 : segmentOf(order, cursor);
  const rows = [];
  // One row more than asked tells whether another page follows.
  for (let s = first; s < segments.length && rows.length <= maxResults; s++) {
    const segment = segments[s];
    if (segment === undefined) break;
    let query = matching(db, client, filter, "in-sort-order");
    const within = segmentCondition(expressionBuilder<Database, "executions">(), order, segment);
    if (within !== undefined) query = query.where(within);
    if (cursor !== undefined && s === first) query = query.where(afterCursor(order, segment, cursor, dialect));
    for (const key of segment.keys) query = query.orderBy(orderExpression(key, dialect), order.descending ? "desc" : "asc");
    rows.push(...(await query.select(summaryColumns).limit(maxResults + 1 - rows.length).execute()));
  }
  return { total, executions: rows.slice(0, maxResults).map(toExecution), hasmore: rows.length > maxResults };
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
