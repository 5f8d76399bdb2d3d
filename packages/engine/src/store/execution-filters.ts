import { hasWildcard, type StatusTerm, type TimeFrameOption } from "@baton/contract";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { AccessFilter } from "../domain/authorization";
import { wildcardToLike } from "../domain/wildcard";
import { matchesWildcard } from "./like";
import type { Database } from "./schema";

/** A time frame in epoch milliseconds, both bounds inclusive and each optional; `all` applies to the whole lifetime. */
export interface TimeFrame {
  option: TimeFrameOption;
  from?: number | undefined;
  to?: number | undefined;
  /** Only executions that have (true) or have not (false) ended: the parts of an `all` frame (see lifetimeParts). */
  ended?: boolean | undefined;
}

/**
 * What a list of executions is narrowed to. Patterns take the `*` and `?` wildcards; an `*Exclude`
 * flag turns its pattern into "everything but". Names, aliases, agents and users are stored upper
 * case and compared so; archive keys are free text and compared ignoring the case of A-Z.
 */
export interface ExecutionFilter {
  /** Only executions of objects these patterns allow (see domain/authorization). */
  access?: AccessFilter | null | undefined;
  runId?: number | undefined;
  name?: string | undefined;
  nameExclude?: boolean | undefined;
  alias?: string | undefined;
  agent?: string | undefined;
  agentExclude?: boolean | undefined;
  user?: string | undefined;
  userExclude?: boolean | undefined;
  archiveKey1?: string | undefined;
  archiveKey1Exclude?: boolean | undefined;
  archiveKey2?: string | undefined;
  archiveKey2Exclude?: boolean | undefined;
  /** Only executions that have comments. */
  commentedOnly?: boolean | undefined;
  /** Only executions without a parent: no workflow tasks, schedule slots or recurring activations (Baton extension `top_level`). */
  topLevel?: boolean | undefined;
  /** Type codes (JOBS, C_PERIOD). */
  objectTypes?: readonly string[] | undefined;
  status?: readonly StatusTerm[] | undefined;
  platforms?: readonly string[] | undefined;
  queues?: readonly string[] | undefined;
  timeFrame?: TimeFrame | undefined;
  referenceRunId?: number | undefined;
  /**
   * Conditions on data this engine does not keep (modified workflows, remote statuses, ZDU
   * versions, sync usage): an execution never meets them, so asking for one matches nothing.
   */
  unmatchable?: boolean | undefined;
}

/**
 * The two disjoint parts of a filter whose `all` time frame has a start: executions that ended in
 * or after the frame, and executions that have not ended. Each reads a range of the end-time
 * index, where the condition on both would read all of it; counted apart and added up, they count
 * the filter. Any other filter is one part.
 */
export function lifetimeParts(filter: ExecutionFilter): ExecutionFilter[] {
  const frame = filter.timeFrame;
  if (frame?.option !== "all" || frame.from === undefined) return [filter];
  return [
    { ...filter, timeFrame: { ...frame, ended: true } },
    { ...filter, timeFrame: { ...frame, ended: false } },
  ];
}

/** A filter the kept counts of execution_counts answer: an exact name (kept upper case) or every name, top level only or not. */
export interface CountedFilter {
  name: string | "all";
  topLevel: boolean;
}

/**
 * What a filter asks when it asks no more than an exact name and top-level executions only, each
 * or both or neither: the filters whose matches the kept counts of execution_counts (migrations
 * 0028 and 0029) count. Undefined for any other condition (a pattern, an exclusion, a time frame,
 * rights patterns, a status...).
 */
export function countedFilter(filter: ExecutionFilter): CountedFilter | undefined {
  const { name, nameExclude, timeFrame, topLevel, ...others } = filter;
  const noCondition = (value: unknown) => value === undefined || value === null || value === false || (Array.isArray(value) && value.length === 0);
  if (timeFrame?.from !== undefined || timeFrame?.to !== undefined || !Object.values(others).every(noCondition)) return undefined;
  if (name === undefined) return { name: "all", topLevel: topLevel === true };
  return nameExclude || hasWildcard(name) ? undefined : { name: name.toUpperCase(), topLevel: topLevel === true };
}

/** Filter members whose condition is an equality an ordered index answers (or no condition at all). */
const ORDERED_EQUALITIES: ReadonlySet<string> = new Set<keyof ExecutionFilter>(["runId", "referenceRunId", "topLevel", "unmatchable"]);

/**
 * Whether every condition of the filter is an equality that an index led by the client and ending
 * in the list's order (migrations 0008 and 0026) reads in that order, or there is none: a page is
 * then the first rows of that index, whatever the number of matches, with nothing to sort. Any
 * other condition (a pattern, a range, a list, an exclusion) answers false.
 */
export function readsInListOrder(filter: ExecutionFilter): boolean {
  const { access, name, agent, user, status, objectTypes, queues, timeFrame, ...others } = filter;
  const exact = (pattern: string | undefined) => pattern === undefined || !hasWildcard(pattern);
  const [term, ...moreTerms] = status ?? [];
  const noCondition = (value: unknown) => value === undefined || value === false || (Array.isArray(value) && value.length === 0);
  return (
    !access &&
    exact(name) &&
    exact(agent) &&
    exact(user) &&
    (term === undefined || (term.from === term.to && moreTerms.length === 0)) &&
    (objectTypes?.length ?? 0) <= 1 &&
    (queues?.length ?? 0) <= 1 &&
    timeFrame?.from === undefined &&
    timeFrame?.to === undefined &&
    Object.entries(others).every(([key, value]) => noCondition(value) || ORDERED_EQUALITIES.has(key))
  );
}

/**
 * How the database is to find a page; the result is the same either way. `by-filter`: through the
 * index of a filter, for few matches, which are then sorted. `in-order`: along the list's own index
 * (client, activation_time, run_id), or the index of an equality that ends in the same order, until
 * the page is full: conditions that would read a range of another index are then written so that
 * no index takes them, as sorting many matches costs more than stepping over the few rows that do
 * not match. `in-sort-order`: as `in-order`, along the index of a column the list is sorted by
 * (execution-list-order.ts), so the parent, whose index serves only the newest-first order, is not
 * taken either, nor the name's.
 */
export type ReadPlan = "by-filter" | "in-order" | "in-sort-order";

type Conditions = ExpressionBuilder<Database, "executions">;
type Condition = Expression<SqlBool>;
type NumberColumn = "status" | "start_time" | "end_time";
type TextColumn = "name" | "object_type" | "queue";

/** A condition no execution meets. */
const NOTHING = sql<SqlBool>`1 = 0`;

/**
 * The condition on the client. Commented executions are few: they are best found from the comments
 * by run_id, with the client checked on each, so the client is then written so that no index led
 * by the client is read through instead.
 */
export function clientCondition(eb: Conditions, client: number, filter: ExecutionFilter): Condition {
  return filter.commentedOnly ? eb(sql<number>`+${sql.ref("client")}`, "=", client) : eb("client", "=", client);
}

/** The where-conditions of a filter, to be AND-ed; none means every execution of the client. */
export function filterConditions(eb: Conditions, filter: ExecutionFilter, plan: ReadPlan = "by-filter"): Condition[] {
  const columns = new RangeColumns(plan);
  return defined([
    filter.unmatchable ? NOTHING : undefined,
    filter.access ? accessCondition(eb, filter.access) : undefined,
    filter.runId === undefined ? undefined : eb("run_id", "=", filter.runId),
    filter.referenceRunId === undefined ? undefined : eb("reference_run_id", "=", filter.referenceRunId),
    objectNameCondition(eb, columns, filter.name, filter.nameExclude),
    aliasCondition(eb, filter.alias),
    nameCondition(eb, "agent", filter.agent, filter.agentExclude),
    nameCondition(eb, "user", filter.user, filter.userExclude),
    archiveKeyCondition(eb, "archive_key1", filter.archiveKey1, filter.archiveKey1Exclude),
    archiveKeyCondition(eb, "archive_key2", filter.archiveKey2, filter.archiveKey2Exclude),
    typeCondition(eb, columns, filter.objectTypes ?? []),
    filter.status === undefined || filter.status.length === 0 ? undefined : statusCondition(eb, columns, filter.status),
    filter.platforms === undefined || filter.platforms.length === 0 ? undefined : eb("platform", "in", [...filter.platforms]),
    filter.queues === undefined || filter.queues.length === 0 ? undefined : oneOf(eb, columns, "queue", filter.queues),
    filter.timeFrame ? timeFrameCondition(eb, columns, filter.timeFrame) : undefined,
    filter.commentedOnly ? commentedCondition(eb) : undefined,
    filter.topLevel ? topLevelCondition(eb, plan) : undefined,
  ]);
}

/**
 * No parent: the (client, parent, activation_time, run_id) index holds a client's top-level
 * executions together in the newest-first order; a sorted list reads another index and checks
 * the parent of each row it passes instead.
 */
function topLevelCondition(eb: Conditions, plan: ReadPlan): Condition {
  return plan === "in-sort-order" ? sql<SqlBool>`(${sql.ref("parent")} + 0) is null` : eb("parent", "is", null);
}

/** How range conditions refer to their columns: as they are (`by-filter`), or through an expression no index serves (`in-order`). */
class RangeColumns {
  constructor(private readonly plan: ReadPlan) {}

  number(column: NumberColumn): Expression<number | null> {
    return this.plan === "by-filter" ? sql.ref<number | null>(column) : sql<number | null>`(${sql.ref(column)} + 0)`;
  }

  text(column: TextColumn): Expression<string> {
    return this.plan === "by-filter" ? sql.ref<string>(column) : sql<string>`(${sql.ref(column)} || '')`;
  }

  /** An equality, which the column's ordered index answers in the newest-first order too: hidden only from a list sorted by another column. */
  equality(column: TextColumn): Expression<string> {
    return this.plan === "in-sort-order" ? this.text(column) : sql.ref<string>(column);
  }
}

function defined(conditions: readonly (Condition | undefined)[]): Condition[] {
  return conditions.filter((c): c is Condition => c !== undefined);
}

/** The conditions AND-ed, or undefined when there are none. */
function allOf(eb: Conditions, conditions: readonly (Condition | undefined)[]): Condition | undefined {
  const present = defined(conditions);
  return present.length === 0 ? undefined : eb.and(present);
}

/**
 * The rights' patterns as SQL, as domain/authorization reads them for one execution: a type
 * pattern reaches an execution's object type, and a period container's also by the type of the
 * object it activates (`repeats_type`, null for every other execution).
 */
function accessCondition(eb: Conditions, access: AccessFilter): Condition {
  if (access.grants.length === 0) return NOTHING;
  const type = (pattern: string) => eb.or([matchesWildcard("object_type", pattern), eb.and([eb("repeats_type", "is not", null), matchesWildcard("repeats_type", pattern)])]);
  const pattern = (p: { objectType: string; objectName: string }) => eb.and([type(p.objectType), matchesWildcard("name", p.objectName)]);
  const granted = eb.or(access.grants.map(pattern));
  return access.prohibitions.length === 0 ? granted : eb.and([granted, eb.not(eb.or(access.prohibitions.map(pattern)))]);
}

/**
 * A name pattern with wildcards is matched with LIKE: the name index is kept in the order in which
 * LIKE reads a range of it (migration 0008), so `NIGHTLY.*` reads only its part of it. A name
 * without wildcards is an equality, which the (client, name, activation_time, run_id) index of
 * migration 0026 answers in the list's order, except when the list is sorted by another column.
 */
function objectNameCondition(eb: Conditions, columns: RangeColumns, pattern: string | undefined, exclude: boolean | undefined): Condition | undefined {
  if (pattern === undefined) return undefined;
  const upper = pattern.toUpperCase();
  const matches = hasWildcard(upper) ? sql<SqlBool>`${columns.text("name")} like ${wildcardToLike(upper)} escape '\\'` : eb(columns.equality("name"), "=", upper);
  return exclude ? eb.not(matches) : matches;
}

/**
 * An execution not given an alias goes by its name (the vendor writes the name as its alias), so
 * the pattern matches the alias, or the name of an execution without one.
 */
function aliasCondition(eb: Conditions, pattern: string | undefined): Condition | undefined {
  if (pattern === undefined) return undefined;
  const upper = pattern.toUpperCase();
  const named = sql<SqlBool>`${sql.ref("name")} like ${wildcardToLike(upper)} escape '\\'`;
  return eb.or([hasWildcard(upper) ? matchesWildcard("alias", upper) : eb("alias", "=", upper), eb.and([eb("alias", "is", null), named])]);
}

/** A name pattern: `=` without wildcards, so the (client, column, ...) index answers it in the list's order. */
function nameCondition(eb: Conditions, column: "agent" | "user", pattern: string | undefined, exclude: boolean | undefined): Condition | undefined {
  if (pattern === undefined) return undefined;
  const upper = pattern.toUpperCase();
  return matchOrExclude(eb, column, hasWildcard(upper) ? matchesWildcard(column, upper) : eb(column, "=", upper), exclude);
}

/**
 * Archive keys are free text: A-Z match in either case, in both dialects. `is not null` says what
 * the match implies, so the index of the executions that have a key (migration 0008) takes it.
 */
function archiveKeyCondition(eb: Conditions, column: "archive_key1" | "archive_key2", pattern: string | undefined, exclude: boolean | undefined): Condition | undefined {
  if (pattern === undefined) return undefined;
  const upper = pattern.replace(/[a-z]/g, (c) => c.toUpperCase());
  return matchOrExclude(eb, column, eb.and([eb(column, "is not", null), sql<SqlBool>`upper(${sql.ref(column)}) like ${wildcardToLike(upper)} escape '\\'`]), exclude);
}

/** "Everything but" includes executions without a value in the column (no agent, no key). */
function matchOrExclude(eb: Conditions, column: "alias" | "agent" | "user" | "archive_key1" | "archive_key2", matches: Condition, exclude: boolean | undefined): Condition {
  return exclude ? eb.or([eb(column, "is", null), eb.not(matches)]) : matches;
}

/** One value is an equality its ordered index answers in the list's order; more are a range of it. */
function oneOf(eb: Conditions, columns: RangeColumns, column: TextColumn, values: readonly string[]): Condition {
  const [only] = values;
  return values.length === 1 && only !== undefined ? eb(column, "=", only) : eb(columns.text(column), "in", [...values]);
}

function typeCondition(eb: Conditions, columns: RangeColumns, objectTypes: readonly string[]): Condition | undefined {
  return objectTypes.length > 0 ? oneOf(eb, columns, "object_type", objectTypes) : undefined;
}

function statusCondition(eb: Conditions, columns: RangeColumns, terms: readonly StatusTerm[]): Condition {
  const [only] = terms;
  if (terms.length === 1 && only !== undefined && only.from === only.to) return eb("status", "=", only.from);
  const status = columns.number("status");
  return eb.or(terms.map((t) => (t.from === t.to ? eb(status, "=", t.from) : eb.between(status, t.from, t.to))));
}

/**
 * `activation`, `start`, `end`: that time lies in the frame (an execution not started or not
 * ended has none). `all`: the execution's lifetime, from activation to its end (or on, while it
 * has not ended), overlaps the frame. An execution starts and ends after its activation, so an
 * upper bound on any of its times bounds its activation too, which lets the list's own index
 * start reading at that bound.
 */
function timeFrameCondition(eb: Conditions, columns: RangeColumns, { option, from, to, ended }: TimeFrame): Condition | undefined {
  const activatedBy = to === undefined ? undefined : eb("activation_time", "<=", to);
  if (option !== "all") {
    const time = option === "activation" ? sql.ref<number | null>("activation_time") : columns.number(option === "start" ? "start_time" : "end_time");
    return allOf(eb, [from === undefined ? undefined : eb(time, ">=", from), to === undefined ? undefined : eb(time, "<=", to), option === "activation" ? undefined : activatedBy]);
  }
  return allOf(eb, [activatedBy, from === undefined ? undefined : livesOn(eb, columns.number("end_time"), from, ended)]);
}

/** Still alive at `from`: ended at or after it, or not ended; a part of an `all` frame asks for one of the two. */
function livesOn(eb: Conditions, end: Expression<number | null>, from: number, ended: boolean | undefined): Condition {
  const endedSince = eb(end, ">=", from);
  const running = eb(end, "is", null);
  return ended === undefined ? eb.or([running, endedSince]) : ended ? endedSince : running;
}

/**
 * Read from the comments' side: few executions have comments, and a run_id belongs to one client,
 * which the list's client condition keeps.
 */
function commentedCondition(eb: Conditions): Condition {
  return eb("run_id", "in", eb.selectFrom("execution_comments").select("execution_comments.run_id"));
}
