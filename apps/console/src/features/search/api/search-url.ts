import { splitList } from "../../../lib/comma-list";
import { namePatternOf } from "../../../lib/name-pattern";
import { SEARCH_GRANULARITIES, SEARCH_SORT_COLUMNS, SEARCH_TIME_FRAME_OPTIONS, type InSearchBody, type SearchFilter, type SearchSortColumn } from "@baton/contract";

/** Every filter of POST /{client}/search, in the order the "Add filter" menu offers them. */
export const FILTER_KINDS = [
  "object_name",
  "object_type",
  "location",
  "title",
  "process",
  "documentation",
  "agent",
  "login",
  "archive_key",
  "variable_key",
  "variable_value",
  "platform",
  "object_sub_type",
  "object_id",
  "client",
  "time_frame",
  "calendar_event",
  "granularity",
] as const satisfies readonly SearchFilter["filter_identifier"][];
export type FilterKind = (typeof FILTER_KINDS)[number];

/**
 * One row of the builder. All kinds share one shape so that rows can change kind without losing
 * what was typed; each kind reads only the parts it has (see ROW_PARTS).
 */
export interface FilterRow {
  kind: FilterKind;
  /** The pattern, full-text query, folder, object id, granularity, or comma-separated values. */
  text: string;
  /** time_frame: created/modified/used; location: "subfolders" or "". */
  option: string;
  /** Time frame bounds as UTC `YYYY-MM-DDThh:mm:ssZ`, "" for none. */
  from: string;
  to: string;
}

type RowPart = "text" | "option" | "from" | "to";

/**
 * The parts of a row as they appear in its URL value, joined by `~`. The last part takes the rest
 * of the value, so a pattern or query (always last) may hold a `~` itself.
 */
const ROW_PARTS: Readonly<Record<FilterKind, readonly RowPart[]>> = {
  object_name: ["text"],
  object_type: ["text"],
  location: ["option", "text"],
  title: ["text"],
  process: ["text"],
  documentation: ["text"],
  agent: ["text"],
  login: ["text"],
  archive_key: ["text"],
  variable_key: ["text"],
  variable_value: ["text"],
  platform: ["text"],
  object_sub_type: ["text"],
  object_id: ["text"],
  client: [],
  time_frame: ["option", "from", "to"],
  calendar_event: ["from", "to", "text"],
  granularity: ["text"],
};

export const SUBFOLDERS = "subfolders";

export type SortOrder = "ASC" | "DESC";
export interface SortEntry {
  column: SearchSortColumn;
  order: SortOrder;
}

/** The whole search as the page URL holds it. */
export interface SearchState {
  rows: FilterRow[];
  sort: SortEntry[];
  maxResults: number;
  startAt: number;
}

export const DEFAULT_PAGE_SIZE = 50;
export const PAGE_SIZES = [20, 50, 100, 200] as const;

const SORT_PARAM = "sort_columns";
const MAX_RESULTS_PARAM = "max_results";
const START_AT_PARAM = "start_at";

const isKind = (value: string): value is FilterKind => FILTER_KINDS.some((kind) => kind === value);
const isSortColumn = (value: string): value is SearchSortColumn => SEARCH_SORT_COLUMNS.some((column) => column === value);

/** A new row of a kind, with the defaults its controls start from. */
export function emptyRow(kind: FilterKind): FilterRow {
  const option = kind === "time_frame" ? "created" : "";
  const text = kind === "granularity" ? "CALENDAR_EVENT" : "";
  return { kind, text, option, from: "", to: "" };
}

function rowFromParam(kind: FilterKind, value: string): FilterRow {
  const row = emptyRow(kind);
  const parts = ROW_PARTS[kind];
  const pieces = value.split("~");
  parts.forEach((part, index) => {
    row[part] = index === parts.length - 1 ? pieces.slice(index).join("~") : (pieces[index] ?? "");
  });
  return row;
}

const rowToParam = (row: FilterRow): string => ROW_PARTS[row.kind].map((part) => row[part]).join("~");

function positiveInt(value: string | null, fallback: number, min: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  return Math.max(min, Number(value));
}

function sortFromParam(value: string | null): SortEntry[] {
  const entries: SortEntry[] = [];
  for (const item of (value ?? "").split(",")) {
    const [column = "", order = "ASC"] = item.split(":");
    if (!isSortColumn(column) || entries.some((entry) => entry.column === column)) continue;
    entries.push({ column, order: order.toUpperCase() === "DESC" ? "DESC" : "ASC" });
  }
  return entries;
}

/**
 * The page URL → the search. Each filter is one parameter named by its identifier, in the order
 * of the rows (URLSearchParams keeps the order), so `filters[i]` of an answer is row i.
 */
export function searchFromParams(params: URLSearchParams): SearchState {
  const rows: FilterRow[] = [];
  for (const [name, value] of params) if (isKind(name)) rows.push(rowFromParam(name, value));
  return {
    rows,
    sort: sortFromParam(params.get(SORT_PARAM)),
    maxResults: positiveInt(params.get(MAX_RESULTS_PARAM), DEFAULT_PAGE_SIZE, 1),
    startAt: positiveInt(params.get(START_AT_PARAM), 0, 0),
  };
}

/** The search → the page URL; defaults are left out so a plain search reads plainly. */
export function searchToParams(search: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const row of search.rows) params.append(row.kind, rowToParam(row));
  if (search.sort.length > 0) params.set(SORT_PARAM, search.sort.map(({ column, order }) => `${column}:${order}`).join(","));
  if (search.maxResults !== DEFAULT_PAGE_SIZE) params.set(MAX_RESULTS_PARAM, String(search.maxResults));
  if (search.startAt > 0) params.set(START_AT_PARAM, String(search.startAt));
  return params;
}

/** The filter parameters of rows alone, as the URL holds them: equal keys are the same filters. */
export function filtersKeyOf(rows: readonly FilterRow[]): string {
  return searchToParams({ rows: [...rows], sort: [], maxResults: DEFAULT_PAGE_SIZE, startAt: 0 }).toString();
}

/**
 * Whether a row has something to search with, so that it may be sent while it is typed: a value
 * for the kinds that need one (an event name may stay empty), digits for an object id. Search
 * sends any row as written and the server names what it refuses; typing should not see those
 * refusals for a field not filled in yet.
 */
export function isReadyToSearch(row: FilterRow): boolean {
  if (row.kind === "object_id") return /^\d+$/.test(row.text.trim());
  if (row.kind === "calendar_event" || !ROW_PARTS[row.kind].includes("text")) return true;
  return row.text.trim() !== "";
}

/**
 * A UTC bound → epoch milliseconds; absent when empty. An unreadable one (only a hand-edited URL
 * has it) goes as NaN, which JSON writes as null, so the server names it at its filter.
 */
function epoch(bound: string): number | undefined {
  return bound === "" ? undefined : Date.parse(bound);
}


const pick = <T extends string>(values: readonly T[], value: string, fallback: T): T => values.find((v) => v === value) ?? fallback;

/**
 * One row → the filter of the request body. Values go as written (trimmed lists aside): the server
 * checks them and answers with the path of what it refuses, which the page shows at the row.
 */
export function rowToFilter(row: FilterRow): SearchFilter {
  const { text } = row;
  switch (row.kind) {
    case "object_name":
      // A plain word matches anywhere in the name; placeholders typed stay as typed (lib/name-pattern.ts).
      return { filter_identifier: "object_name", object_name: namePatternOf(text) };
    case "agent":
      return { filter_identifier: "agent", agent: text };
    case "login":
      return { filter_identifier: "login", login: text };
    case "archive_key":
      return { filter_identifier: "archive_key", archive_key: text };
    case "variable_key":
      return { filter_identifier: "variable_key", variable_key: text };
    case "variable_value":
      return { filter_identifier: "variable_value", variable_value: text };
    case "title":
    case "process":
    case "documentation":
      return { filter_identifier: row.kind, query: text };
    case "object_type":
      return { filter_identifier: "object_type", object_types: splitList(text) };
    case "platform":
      return { filter_identifier: "platform", platforms: splitList(text) };
    case "object_sub_type":
      return { filter_identifier: "object_sub_type", object_sub_types: splitList(text) };
    case "location":
      return { filter_identifier: "location", location: text, include_subfolders: row.option === SUBFOLDERS };
    case "object_id":
      // An empty or non-numeric id goes as 0/NaN: the server refuses it at this row.
      return { filter_identifier: "object_id", object_id: Number(text.trim()) };
    case "client":
      return { filter_identifier: "client" };
    case "granularity":
      return { filter_identifier: "granularity", granularity: pick(SEARCH_GRANULARITIES, text, "CALENDAR_EVENT") };
    case "time_frame":
      return {
        filter_identifier: "time_frame",
        time_frame_option: pick(SEARCH_TIME_FRAME_OPTIONS, row.option, "created"),
        time_frame_from: epoch(row.from),
        time_frame_to: epoch(row.to),
      };
    case "calendar_event":
      return { filter_identifier: "calendar_event", calendar_event: text === "" ? undefined : text, time_frame_from: epoch(row.from), time_frame_to: epoch(row.to) };
  }
}

/** The body of POST /{client}/search for the search; undefined while there is no filter to send. */
export function searchToBody(search: SearchState): InSearchBody | undefined {
  if (search.rows.length === 0) return undefined;
  return {
    filters: search.rows.map(rowToFilter),
    max_results: search.maxResults,
    start_at: search.startAt,
    sort_columns: search.sort.map(({ column, order }) => ({ column, order })),
  };
}

/** True when the results are calendar events (granularity CALENDAR_EVENT). */
export function listsCalendarEvents(search: SearchState): boolean {
  return search.rows.some((row) => row.kind === "granularity" && row.text === "CALENDAR_EVENT");
}
