import { ErrorCode, type InSearchBody, type SearchFilter, type SearchSortColumn, type SearchTimeFrameOption } from "@baton/contract";
import { ValidationError, type ValidationIssue } from "./errors";
import { normaliseFolderPath } from "./object-definition";

/** Text columns the full-text filters search, each through the database's text index. */
export type SearchTextColumn = "title" | "process" | "documentation";

/** Optional bounds in epoch milliseconds, both inclusive. */
export interface SearchFrame {
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * One filter of a search, as the store evaluates it. Patterns take `*` and `?`; `terms` are the
 * words and phrases of a full-text query, each of which must occur in the text.
 */
export type SearchCondition =
  | { kind: "name"; pattern: string }
  | ({ kind: "calendar_event"; pattern?: string | undefined } & SearchFrame)
  | { kind: "location"; folder: string; subfolders: boolean }
  | ({ kind: "time_frame"; on: SearchTimeFrameOption } & SearchFrame)
  | { kind: "object_id"; id: number }
  | { kind: "variable_key" | "variable_value" | "agent" | "login" | "archive_key"; pattern: string }
  | { kind: "text"; column: SearchTextColumn; terms: string[] }
  | { kind: "types" | "platforms" | "sub_types"; values: string[] }
  /** A filter nothing can meet (an archive key longer than any key). */
  | { kind: "nothing" };

export interface SearchSort {
  column: SearchSortColumn;
  descending: boolean;
}

/** A validated search: what to list, from which clients, in which order, which page. */
export interface SearchQuery {
  /** The requesting client, and client 0 when the `client` filter asks for it. */
  clients: number[];
  /** Objects, or the events of calendars. */
  granularity: "object" | "calendar_event";
  conditions: SearchCondition[];
  sort: SearchSort[];
  maxResults: number;
  startAt: number;
}

/** Archive keys have at most 32 characters; a longer search key finds nothing (spec: Limits). */
const ARCHIVE_KEY_MAX = 32;

/**
 * Reads a validated InSearchBody into a query for `client`. Checks what the schema cannot: folder
 * paths, time frames whose start lies after their end, and contradicting granularities; every
 * problem is reported at its filter's path.
 */
export function searchQuery(body: InSearchBody, client: number): SearchQuery {
  const issues: ValidationIssue[] = [];
  const conditions: SearchCondition[] = [];
  const granularities = new Set<string>();
  let clientZero = false;
  body.filters.forEach((filter, index) => {
    const path = `filters[${index}]`;
    if (filter.filter_identifier === "granularity") granularities.add(filter.granularity);
    else if (filter.filter_identifier === "client") clientZero = true;
    // "*" among the types names every type, as a public command line tool documents
    // (`--objecttypes *`): no condition.
    else if (filter.filter_identifier === "object_type" && filter.object_types.includes("*")) return;
    else {
      const read = conditionOf(filter, path);
      if ("issue" in read) issues.push(read.issue);
      else conditions.push(read.condition);
    }
  });
  if (granularities.size > 1) {
    issues.push({ code: ErrorCode.INVALID_REQUEST, path: "filters", error: "granularity filters contradict each other", invalidValue: [...granularities] });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return {
    clients: clientZero && client !== 0 ? [client, 0] : [client],
    granularity: granularities.has("CALENDAR_EVENT") ? "calendar_event" : "object",
    conditions,
    sort: body.sort_columns.map((s) => ({ column: s.column, descending: s.order === "DESC" })),
    maxResults: body.max_results,
    startAt: body.start_at,
  };
}

/** Client 0's accounts, which the `client` filter never lists to another client. */
export const CLIENT_ZERO_HIDDEN_TYPES: readonly string[] = ["USER", "USRG"];

/**
 * Whether a condition may find client 0's objects for another client (the `client` filter): it
 * asks for what a result shows of them (name, type, folder, title, archive keys, dates, id, calendar
 * events). A condition on what they hold and the result does not show (variable keys and values,
 * agents, logins, platforms, sub-types, script text, documentation) holds only for the requesting
 * client's own objects, so that another client cannot test client 0's contents one guess at a time.
 */
export function findsClientZeroObjects(condition: SearchCondition): boolean {
  switch (condition.kind) {
    case "variable_key":
    case "variable_value":
    case "agent":
    case "login":
    case "platforms":
    case "sub_types":
      return false;
    case "text":
      return condition.column === "title";
    default:
      return true;
  }
}

type Read = { condition: SearchCondition } | { issue: ValidationIssue };
type ConditionFilter = Exclude<SearchFilter, { filter_identifier: "granularity" | "client" }>;

function conditionOf(filter: ConditionFilter, path: string): Read {
  switch (filter.filter_identifier) {
    case "object_name":
      return { condition: { kind: "name", pattern: filter.object_name } };
    case "calendar_event":
      return framed(path, filter.time_frame_from, filter.time_frame_to, (frame) => ({ kind: "calendar_event", pattern: filter.calendar_event, ...frame }));
    case "location":
      return location(filter.location, filter.include_subfolders, path);
    case "time_frame":
      return framed(path, filter.time_frame_from, filter.time_frame_to, (frame) => ({ kind: "time_frame", on: filter.time_frame_option, ...frame }));
    case "object_id":
      return { condition: { kind: "object_id", id: filter.object_id } };
    case "variable_key":
      return { condition: { kind: "variable_key", pattern: filter.variable_key } };
    case "variable_value":
      return { condition: { kind: "variable_value", pattern: filter.variable_value } };
    case "agent":
      return { condition: { kind: "agent", pattern: filter.agent } };
    case "login":
      return { condition: { kind: "login", pattern: filter.login } };
    case "archive_key":
      return { condition: filter.archive_key.length > ARCHIVE_KEY_MAX ? { kind: "nothing" } : { kind: "archive_key", pattern: filter.archive_key } };
    case "title":
    case "process":
    case "documentation":
      return textQuery(filter.filter_identifier, filter.query, path);
    case "object_type":
      return { condition: { kind: "types", values: filter.object_types } };
    case "platform":
      return { condition: { kind: "platforms", values: filter.platforms } };
    case "object_sub_type":
      return { condition: { kind: "sub_types", values: filter.object_sub_types } };
  }
}

function framed(path: string, from: number | undefined, to: number | undefined, condition: (frame: SearchFrame) => SearchCondition): Read {
  if (from !== undefined && to !== undefined && from > to) {
    return { issue: { code: ErrorCode.INVALID_REQUEST, path: `${path}.time_frame_from`, error: "lies after time_frame_to", invalidValue: from } };
  }
  return { condition: condition({ from, to }) };
}

function location(path: string, subfolders: boolean, filterPath: string): Read {
  const folder = normaliseFolderPath(path);
  if (folder === null) return { issue: { code: ErrorCode.INVALID_REQUEST, path: `${filterPath}.location`, error: "is not a valid folder path", invalidValue: path } };
  return { condition: { kind: "location", folder, subfolders } };
}

function textQuery(column: SearchTextColumn, query: string, path: string): Read {
  const terms = queryTerms(query);
  if (terms.length === 0) return { issue: { code: ErrorCode.INVALID_REQUEST, path: `${path}.query`, error: "must hold a word to search for", invalidValue: query } };
  return { condition: { kind: "text", column, terms } };
}

/**
 * The terms of a full-text query: words separated by blanks, or "phrases in double quotes" kept
 * whole. A term `*` asks for any text: the column must not be empty.
 */
export function queryTerms(query: string): string[] {
  const terms = [...query.matchAll(/"([^"]*)"?|(\S+)/g)].map((m) => (m[1] ?? m[2] ?? "").trim());
  return terms.filter((t) => t.length > 0);
}
