import type { SearchSortColumn } from "@baton/contract";
import { z } from "zod";
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { FolderAccess } from "../domain/search-access";
import { CLIENT_ZERO_HIDDEN_TYPES, findsClientZeroObjects, type SearchCondition, type SearchFrame, type SearchQuery, type SearchTextColumn } from "../domain/search-query";
import { wildcardToLike } from "../domain/wildcard";
import type { Dialect, Store } from "./connect";
import { matchesWildcard } from "./like";
import { inFolderTree } from "./objects-store";
import type { Database } from "./schema";
import { parseStored } from "./stored-json";

/** What the service adds to a query: the user's folders and whether last use is kept. */
export interface SearchScope {
  /** Folders the user may search; null: all. */
  access: FolderAccess | null;
  /** The client setting LAST_USE: without it nothing has a last use. */
  lastUse: boolean;
}

/** One found object, or with granularity CALENDAR_EVENT one event of a calendar. */
export interface SearchRow {
  id: number;
  name: string;
  type: string;
  folder: string;
  created_at: number;
  modified_at: number;
  title: string | null;
  archive_key1: string | null;
  archive_key2: string | null;
  last_used: number | null;
  event_name: string | null;
  event_ctype: string | null;
  event_valid_from: number | null;
  event_valid_to: number | null;
  /** Calendars a group event draws its days from; none for objects. */
  event_child_calendars: string[];
}

/** The calendar names of object_search_events.child_calendars. */
const ChildCalendars = z.array(z.string());

const DAY_MS = 86_400_000;
const NOTHING = sql<SqlBool>`1 = 0`;

/**
 * One page of the objects (or calendar events) a search finds, with the exact number of matches.
 * Every filter is a condition of one SQL statement, folder permissions included, so paging and
 * the count see the same rows.
 */
export async function searchObjects(store: Store, query: SearchQuery, scope: SearchScope): Promise<{ total: number; rows: SearchRow[] }> {
  const { count, page } = searchStatements(store, query, scope);
  const total = Number((await count.executeTakeFirstOrThrow()).total);
  if (total <= query.startAt) return { total, rows: [] };
  const rows = await page.execute();
  return {
    total,
    rows: rows.map((row) => ({
      ...row,
      event_child_calendars: row.event_child_calendars === null ? [] : parseStored(ChildCalendars, row.event_child_calendars, "object_search_events.child_calendars", `object ${row.id}, event ${row.event_name ?? ""}`),
    })),
  };
}

/** The two statements of a search: the count of every match, and the page in the requested order. */
export function searchStatements(store: Store, query: SearchQuery, scope: SearchScope) {
  const context: Context = { dialect: store.dialect, query, scope };
  const base = searchFrom(store.db, query.granularity === "calendar_event").where((eb) => eb.and(conditions(eb, context)));
  let page = base.select([
    "o.id",
    "o.name",
    "o.type",
    "o.folder",
    "o.created_at",
    "o.modified_at",
    "s.title",
    "s.archive_key1",
    "s.archive_key2",
    lastUsed(context).as("last_used"),
    "ev.name as event_name",
    "ev.ctype as event_ctype",
    "ev.valid_from as event_valid_from",
    "ev.valid_to as event_valid_to",
    "ev.child_calendars as event_child_calendars",
  ]);
  for (const { key, descending } of sortKeys(context)) {
    page = page.orderBy(ordered(key, context.dialect), (ob) => (descending ? ob.desc() : ob.asc()).nullsLast());
  }
  return { count: base.select((eb) => eb.fn.countAll<number>().as("total")), page: page.limit(query.maxResults).offset(query.startAt) };
}

/**
 * Objects with their search row and, for granularity CALENDAR_EVENT, one row per calendar event.
 * Otherwise the event join asks for a position no event has, so that both read the same columns:
 * one probe of the event table's key per object (PostgreSQL drops the join from a count).
 */
function searchFrom(db: Kysely<Database>, events: boolean) {
  return db
    .selectFrom("objects as o")
    .leftJoin("object_search as s", "s.object_id", "o.id")
    .leftJoin("object_search_events as ev", (join) => {
      const joined = join.onRef("ev.object_id", "=", "o.id");
      return events ? joined : joined.on("ev.position", "=", -1);
    });
}

type SearchFrom = ReturnType<typeof searchFrom>;
type Conditions = SearchFrom extends SelectQueryBuilder<infer DB, infer TB, infer _O> ? ExpressionBuilder<DB, TB> : never;
type Condition = Expression<SqlBool>;

interface Context {
  dialect: Dialect;
  query: SearchQuery;
  scope: SearchScope;
}

/**
 * The object's last activation (executions of its client by its name), when LAST_USE is ON: the
 * first entry of the executions' name index (migration 0008), newest first. That index compares
 * names without case on SQLite, so the name is compared so there too (names are upper case).
 */
function lastUsed({ scope, dialect }: Context): RawBuilder<number | null> {
  if (!scope.lastUse) return sql<number | null>`cast(null as bigint)`;
  const name = dialect === "sqlite" ? sql`${sql.ref("o.name")} collate nocase` : sql.ref("o.name");
  return sql<number | null>`(select e.activation_time from executions e where e.client = ${sql.ref("o.client")} and e.name = ${name} order by e.activation_time desc limit 1)`;
}

function conditions(eb: Conditions, context: Context): Condition[] {
  const { query, scope } = context;
  const [own = 0, ...shared] = query.clients;
  // With client 0's objects: never its accounts, and conditions on contents for the own client's alone.
  const ownObject = eb("o.client", "=", own);
  const clientZero = shared.length > 0;
  return [
    eb("o.client", "in", query.clients),
    ...(clientZero ? [eb.or([ownObject, eb("o.type", "not in", CLIENT_ZERO_HIDDEN_TYPES)])] : []),
    ...(query.granularity === "calendar_event" ? [eb("ev.object_id", "is not", null)] : []),
    ...(scope.access === null ? [] : [folderAccessCondition(eb, scope.access)]),
    ...query.conditions.map((c) => (clientZero && !findsClientZeroObjects(c) ? eb.and([ownObject, condition(eb, c, context)]) : condition(eb, c, context))),
  ];
}

function folderAccessCondition(eb: Conditions, access: FolderAccess): Condition {
  if (access.grants.length === 0) return NOTHING;
  const granted = eb.or(access.grants.map((p) => matchesWildcard("o.folder", p)));
  return access.prohibitions.length === 0 ? granted : eb.and([granted, eb.not(eb.or(access.prohibitions.map((p) => matchesWildcard("o.folder", p))))]);
}

function condition(eb: Conditions, c: SearchCondition, context: Context): Condition {
  switch (c.kind) {
    case "name":
      return matchesWildcard("o.name", c.pattern.toUpperCase());
    case "calendar_event":
      return calendarEventCondition(eb, c, context);
    case "location":
      return locationCondition(eb, c.folder, c.subfolders);
    case "time_frame":
      return c.on === "used" ? (context.scope.lastUse ? inFrame(eb, lastUsed(context), c) : NOTHING) : inFrame(eb, c.on === "created" ? "o.created_at" : "o.modified_at", c);
    case "object_id":
      return eb("o.id", "=", c.id);
    case "variable_key":
    case "variable_value":
      return eb.exists(
        eb
          .selectFrom("object_search_variables as v")
          .select("v.object_id")
          .whereRef("v.object_id", "=", "o.id")
          .where(likeIgnoringCase(c.kind === "variable_key" ? "v.key" : "v.value", c.pattern)),
      );
    case "agent":
    case "login":
      return matchesWildcard(`s.${c.kind}`, c.pattern.toUpperCase());
    case "archive_key":
      return eb.or([likeIgnoringCase("s.archive_key1", c.pattern), likeIgnoringCase("s.archive_key2", c.pattern)]);
    case "text":
      return eb.and(c.terms.map((term) => textCondition(eb, c.column, term, context.dialect)));
    case "types":
      return eb("o.type", "in", c.values);
    case "platforms":
      return eb("s.platform", "in", c.values);
    case "sub_types":
      return eb("s.sub_type", "in", c.values);
    case "nothing":
      return NOTHING;
  }
}

/** The frame's bounds on a time; an absent time (never used) is in no frame. */
function inFrame(eb: Conditions, time: "o.created_at" | "o.modified_at" | Expression<number | null>, frame: SearchFrame): Condition {
  return eb.and([
    ...(frame.from === undefined ? [] : [eb(time, ">=", frame.from)]),
    ...(frame.to === undefined ? [] : [eb(time, "<=", frame.to)]),
  ]);
}

/** A folder, or (with subfolders) the folder and everything below it. */
function locationCondition(eb: Conditions, folder: string, subfolders: boolean): Condition {
  return subfolders ? inFolderTree("o.folder", folder) : eb("o.folder", "=", folder);
}

/**
 * Events by name that are valid at some moment of the frame (validity runs from the start of
 * valid_from's day to the end of valid_to's). With granularity CALENDAR_EVENT the event rows
 * themselves are filtered; otherwise a calendar matches through any of its events.
 */
function calendarEventCondition(eb: Conditions, c: Extract<SearchCondition, { kind: "calendar_event" }>, context: Context): Condition {
  const on = (alias: "ev" | "x") => {
    const parts: Condition[] = [];
    if (c.pattern !== undefined) parts.push(matchesWildcard(`${alias}.name`, c.pattern.toUpperCase()));
    if (c.to !== undefined) parts.push(sql<SqlBool>`${sql.ref(`${alias}.valid_from`)} <= ${c.to}`);
    if (c.from !== undefined) parts.push(sql<SqlBool>`${sql.ref(`${alias}.valid_to`)} > ${c.from - DAY_MS}`);
    return parts.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(parts);
  };
  if (context.query.granularity === "calendar_event") return on("ev");
  return eb.exists(eb.selectFrom("object_search_events as x").select("x.object_id").whereRef("x.object_id", "=", "o.id").where(on("x")));
}

/** Free text (archive keys, variable keys and values): A-Z match in either case, in both dialects. */
function likeIgnoringCase(column: string, pattern: string): Condition {
  const upper = pattern.replace(/[a-z]/g, (ch) => ch.toUpperCase());
  return sql<SqlBool>`upper(${sql.ref(column)}) like ${wildcardToLike(upper)} escape '\\'`;
}

/**
 * One term of a full-text query: the text contains it (`*` and `?` wildcards inside), read from
 * the text index. PostgreSQL: ILIKE, which the pg_trgm GIN index answers. SQLite: FTS5 takes a
 * LIKE on its trigram table only without an ESCAPE clause, so a literal `%` or `_` of the term
 * stands for any character there and the exact pattern is checked on the rows it finds.
 */
function textCondition(eb: Conditions, column: SearchTextColumn, term: string, dialect: Dialect): Condition {
  const exact = `%${wildcardToLike(term)}%`;
  const stored = sql.ref(`s.${column}`);
  if (dialect === "postgres") return sql<SqlBool>`${stored} ilike ${exact} escape '\\'`;
  const coarse = `%${[...term].map((ch) => (ch === "*" ? "%" : ch === "?" || ch === "%" || ch === "_" ? "_" : ch)).join("")}%`;
  const indexed = sql<SqlBool>`${sql.ref("o.id")} in (select rowid from object_search_text where ${sql.ref(`object_search_text.${column}`)} like ${coarse})`;
  return /[%_]/.test(term) ? eb.and([indexed, sql<SqlBool>`${stored} like ${exact} escape '\\'`]) : indexed;
}

/** An order of the rows: its expression, and whether it compares text. */
interface SortKey {
  expression: Expression<unknown>;
  text: boolean;
}

const column = (name: string, text = true): SortKey => ({ expression: sql.ref(name), text });
const ignoringCase = (name: string): SortKey => ({ expression: sql`upper(${sql.ref(name)})`, text: true });

/** An order that applies to the rows of calendar events only; objects are not told apart by it. */
const eventColumn =
  (name: string, text = true) =>
  (context: Context): SortKey | undefined =>
    context.query.granularity === "calendar_event" ? column(name, text) : undefined;

/** How each sort column orders; undefined where it tells these rows nothing apart. */
const SORT_KEYS: Readonly<Record<SearchSortColumn, (context: Context) => SortKey | undefined>> = {
  name: () => column("o.name"),
  type: () => column("o.type"),
  sub_type: () => column("s.sub_type"),
  platform: () => column("s.platform"),
  title: () => ignoringCase("s.title"),
  archive_key1: () => ignoringCase("s.archive_key1"),
  archive_key2: () => ignoringCase("s.archive_key2"),
  folder_path: () => column("o.folder"),
  modified_date: () => column("o.modified_at", false),
  creation_date: () => column("o.created_at", false),
  // Without LAST_USE no object has a last use: the column orders nothing.
  last_used_date: (context) => (context.scope.lastUse ? { expression: lastUsed(context), text: false } : undefined),
  calendar_event_name: eventColumn("ev.name"),
  calendar_event_ctype: eventColumn("ev.ctype"),
  calendar_event_valid_from: eventColumn("ev.valid_from", false),
  calendar_event_valid_to: eventColumn("ev.valid_to", false),
};

/**
 * The requested order, then name and id (and an event's place in its calendar) so that pages
 * never overlap. Empty values sort last in either direction.
 */
function sortKeys(context: Context): { key: SortKey; descending: boolean }[] {
  const requested = context.query.sort.flatMap(({ column: c, descending }) => {
    const key = SORT_KEYS[c](context);
    return key === undefined ? [] : [{ key, descending }];
  });
  const ties = [column("o.name"), column("o.id", false), ...(context.query.granularity === "calendar_event" ? [column("ev.position", false)] : [])];
  return [...requested, ...ties.map((key) => ({ key, descending: false }))];
}

/** Text compares by code point in both dialects: PostgreSQL's database collation would order differently from SQLite. */
function ordered(key: SortKey, dialect: Dialect): Expression<unknown> {
  return key.text && dialect === "postgres" ? sql`${key.expression} collate "C"` : key.expression;
}
