/**
 * The filters of the executions list. Their names are the query parameters of
 * GET /{client_id}/executions, so the page URL, the saved filters and the request all say the
 * same thing and a shared link means what the server reads.
 */

/**
 * Every filter parameter in the order of the spec's table, which is also the order in URLs, so
 * equal filters give equal URLs. `text` ones take a value as written (names with `*`, numbers,
 * comma-separated lists); `flag` ones are `true` or left out.
 */
const PARAMETERS = [
  { name: "run_id", kind: "text" },
  { name: "name", kind: "text" },
  { name: "name_exclude", kind: "flag" },
  { name: "alias", kind: "text" },
  { name: "type", kind: "text" },
  { name: "status", kind: "text" },
  { name: "agent", kind: "text" },
  { name: "agent_exclude", kind: "flag" },
  { name: "platform", kind: "text" },
  { name: "queue", kind: "text" },
  { name: "include_deactivated", kind: "flag" },
  { name: "time_frame_option", kind: "text" },
  { name: "time_frame_from", kind: "text" },
  { name: "time_frame_to", kind: "text" },
  { name: "user", kind: "text" },
  { name: "user_exclude", kind: "flag" },
  { name: "archive_key1", kind: "text" },
  { name: "archive_key1_exclude", kind: "flag" },
  { name: "archive_key2", kind: "text" },
  { name: "archive_key2_exclude", kind: "flag" },
  { name: "commented_only", kind: "flag" },
  { name: "modified_only", kind: "flag" },
  { name: "remote_status_number", kind: "text" },
  { name: "remote_status_text", kind: "text" },
  { name: "reference_run_id", kind: "text" },
  { name: "zdu_version", kind: "text" },
  { name: "sync_usage", kind: "text" },
] as const satisfies ReadonlyArray<{ name: string; kind: "text" | "flag" }>;

type Parameter = (typeof PARAMETERS)[number];
export type TextFilter = Extract<Parameter, { kind: "text" }>["name"];
export type FlagFilter = Extract<Parameter, { kind: "flag" }>["name"];
export type FilterName = Parameter["name"];

export const FILTER_NAMES: readonly FilterName[] = PARAMETERS.map((p) => p.name);
export const TEXT_FILTERS: readonly TextFilter[] = PARAMETERS.flatMap((p) => (p.kind === "text" ? [p.name] : []));
export const FLAG_FILTERS: readonly FlagFilter[] = PARAMETERS.flatMap((p) => (p.kind === "flag" ? [p.name] : []));

export type ExecutionFilters = Record<TextFilter, string> & Record<FlagFilter, boolean>;

/** The filters that take one whole number (at least `min`), and how one is written. */
const NUMBER_FILTERS: Partial<Readonly<Record<TextFilter, { min: number; words: string }>>> = {
  run_id: { min: 1, words: "A RunID is a positive whole number, like 1042" },
  reference_run_id: { min: 0, words: "A RunID is a whole number, like 1042 (0: not a restart)" },
  remote_status_number: { min: 0, words: "A status number is a whole number, like 1900" },
};

export function isNumberFilter(name: TextFilter): boolean {
  return NUMBER_FILTERS[name] !== undefined;
}

/**
 * Why `text` is no value of the number filter `name`, in words; null when it is one (or empty, or
 * the filter takes any text). The field says so rather than asking the server with it.
 */
export function numberFilterProblem(name: TextFilter, text: string): string | null {
  const rule = NUMBER_FILTERS[name];
  const value = text.trim();
  if (rule === undefined || value === "") return null;
  return /^\d{1,10}$/.test(value) && Number(value) >= rule.min && Number(value) <= 2147483647 ? null : rule.words;
}

/** Written out so that a parameter added above and forgotten here fails the typecheck. */
function emptyFilters(): ExecutionFilters {
  return {
    name: "",
    run_id: "",
    alias: "",
    type: "",
    status: "",
    agent: "",
    platform: "",
    queue: "",
    time_frame_option: "",
    time_frame_from: "",
    time_frame_to: "",
    user: "",
    archive_key1: "",
    archive_key2: "",
    remote_status_number: "",
    remote_status_text: "",
    reference_run_id: "",
    zdu_version: "",
    sync_usage: "",
    name_exclude: false,
    agent_exclude: false,
    user_exclude: false,
    archive_key1_exclude: false,
    archive_key2_exclude: false,
    commented_only: false,
    modified_only: false,
    include_deactivated: false,
  };
}

/** No filter at all: every execution, newest first. */
export const NO_FILTERS: Readonly<ExecutionFilters> = emptyFilters();

const TRUE_VALUES = new Set(["true", "1"]);

/** The filters a URL's query names; unknown parameters are ignored, values are trimmed. */
export function filtersFromSearch(params: URLSearchParams): ExecutionFilters {
  const filters = emptyFilters();
  for (const key of TEXT_FILTERS) filters[key] = params.get(key)?.trim() ?? "";
  for (const key of FLAG_FILTERS) filters[key] = TRUE_VALUES.has(params.get(key)?.trim().toLowerCase() ?? "");
  return filters;
}

/**
 * The query of a request (and of the page URL) for these filters: empty and false ones left out,
 * flags as `true`, in the spec's order.
 */
export function filtersToQuery(filters: Readonly<ExecutionFilters>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_NAMES) {
    const value = filters[key];
    if (value === true) query[key] = "true";
    else if (typeof value === "string" && value !== "") query[key] = value;
  }
  return query;
}

/** `?name=NIGHTLY.*&status=ANY_ABEND` for the page URL and for saved filters. */
export function filtersToSearch(filters: Readonly<ExecutionFilters>): URLSearchParams {
  return new URLSearchParams(filtersToQuery(filters));
}

export function isFlagFilter(name: FilterName): name is FlagFilter {
  return FLAG_FILTERS.some((flag) => flag === name);
}

/** The filters that are set, in request order. */
export function activeFilterNames(filters: Readonly<ExecutionFilters>): FilterName[] {
  return FILTER_NAMES.filter((key) => (isFlagFilter(key) ? filters[key] : filters[key] !== ""));
}

/** A query key part read back from the cache: true when it has the shape of ExecutionFilters. */
export function isExecutionFilters(value: unknown): value is ExecutionFilters {
  if (typeof value !== "object" || value === null) return false;
  const entries: ReadonlyMap<string, unknown> = new Map(Object.entries(value));
  return TEXT_FILTERS.every((key) => typeof entries.get(key) === "string") && FLAG_FILTERS.every((key) => typeof entries.get(key) === "boolean");
}

/**
 * How the list shows what the filters find, beside the filters in the page URL: top-level runs
 * with their children expanded inline (the default), or every execution (`all=true`, tasks too);
 * and the order (`sort`, a column of the server's, "-" first for descending; none: newest first).
 * Both go to the server (Baton extensions `top_level` and `order_by`), so the whole result is sorted.
 */
export interface ListView {
  showAll: boolean;
  sort: string;
}

export const DEFAULT_VIEW: Readonly<ListView> = { showAll: false, sort: "" };

/** The parameters of the view in the page URL. */
export const VIEW_PARAMETERS = ["all", "sort"] as const;

/** The columns the server sorts by (each read from an index); any other sorts nothing. */
export const SORT_COLUMNS = ["activation_time", "run_id", "name", "status", "start_time", "end_time"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export function isSortColumn(value: string): value is SortColumn {
  return SORT_COLUMNS.some((column) => column === value);
}

/** A sort as the URL writes it, read; undefined for the default order (newest activation first). */
export function parseSort(sort: string): { column: SortColumn; descending: boolean } | undefined {
  const descending = sort.startsWith("-");
  const column = descending ? sort.slice(1) : sort;
  return isSortColumn(column) ? { column, descending } : undefined;
}

export function viewFromSearch(params: URLSearchParams): ListView {
  const sort = params.get("sort")?.trim() ?? "";
  return { showAll: TRUE_VALUES.has(params.get("all")?.trim().toLowerCase() ?? ""), sort: parseSort(sort) === undefined ? "" : sort };
}

/** The view's part of the page URL: nothing for the defaults. */
export function viewToSearch(view: Readonly<ListView>, into = new URLSearchParams()): URLSearchParams {
  if (view.showAll) into.set("all", "true");
  if (view.sort !== "") into.set("sort", view.sort);
  return into;
}

/** The view's part of the request: top-level only unless all are asked for, and the order. */
export function viewToQuery(view: Readonly<ListView>): { top_level?: "true"; order_by?: string } {
  return { ...(view.showAll ? {} : { top_level: "true" }), ...(view.sort === "" ? {} : { order_by: view.sort }) };
}

/** A query key part read back from the cache: true when it has the shape of ListView. */
export function isListView(value: unknown): value is ListView {
  if (typeof value !== "object" || value === null) return false;
  const entries: ReadonlyMap<string, unknown> = new Map(Object.entries(value));
  return typeof entries.get("showAll") === "boolean" && typeof entries.get("sort") === "string";
}
