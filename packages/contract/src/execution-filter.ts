/**
 * The filters of GET /{client_id}/executions read in memory: the `*`/`?` wildcards, the `status`
 * terms and the `type` values, as the engine reads them for its queries, and whether one execution
 * meets a filter (the console keeps live lists up to date with it). Kept apart from the zod schemas
 * so that the console's first page does not load zod.
 */
import type { OutExecution } from "./schemas/executions";
import { EXECUTION_TYPE_NAMES } from "./execution-types";
import { STATUS_RANGES } from "./status-codes";

/** A wildcard pattern read: `*` any run of characters, `?` exactly one, the rest literal text. */
export type WildcardPart = "*" | "?" | { text: string };

/** The parts of a name pattern, adjacent literal characters joined into one text part. */
export function wildcardParts(pattern: string): WildcardPart[] {
  const parts: WildcardPart[] = [];
  for (const ch of pattern) {
    const last = parts.at(-1);
    if (ch === "*" || ch === "?") parts.push(ch);
    else if (typeof last === "object") last.text += ch;
    else parts.push({ text: ch });
  }
  return parts;
}

export function hasWildcard(pattern: string): boolean {
  return pattern.includes("*") || pattern.includes("?");
}

/** A-Z in either case, and nothing else: what SQL's upper() and LIKE fold in both dialects. */
function asciiCaseless(text: string): string {
  return [...text]
    .map((ch) => (/^[A-Za-z]$/.test(ch) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : ch.replace(/[\^$\\.*+?()[\]{}|/]/g, "\\$&")))
    .join("");
}

/** Patterns compiled so far: rights checks and live lists test the same few patterns over and over. */
const compiledPatterns = new Map<string, RegExp>();
const MAX_COMPILED_PATTERNS = 1000;

/**
 * A `*`/`?` pattern as a whole-string regular expression that ignores the case of A-Z (only), as
 * the engine's queries compare upper-cased text: `?` is one character (not one UTF-16 unit) and
 * may be a line break, as in SQL LIKE.
 *
 * It never backtracks more than once over the text: `^.*A.*A.*B$` would try every way of placing
 * each `*` (a pattern of a few stars held the process for minutes on a long name). Between two
 * stars, the fixed-width run of text and `?` is taken at its first place, atomically (a lookahead
 * and its back-reference); the first place is always right, as what follows it starts with a star
 * that takes any text a later place would skip. Only the last star backtracks, once.
 */
export function wildcardRegExp(pattern: string): RegExp {
  let compiled = compiledPatterns.get(pattern);
  if (compiled === undefined) {
    compiled = new RegExp(`^${wildcardSource(wildcardParts(pattern))}$`, "su");
    if (compiledPatterns.size >= MAX_COMPILED_PATTERNS) compiledPatterns.clear();
    compiledPatterns.set(pattern, compiled);
  }
  return compiled;
}

/** The source of a whole-string match of `parts`, with every run between two stars atomic. */
function wildcardSource(parts: readonly WildcardPart[]): string {
  const runs: string[][] = [[]];
  for (const part of parts) {
    if (part === "*") runs.push([]);
    else runs.at(-1)!.push(part === "?" ? "." : asciiCaseless(part.text));
  }
  const [first, ...rest] = runs.map((run) => run.join(""));
  if (rest.length === 0) return first!;
  const last = rest.pop()!;
  const middles = rest.filter((run) => run !== "").map((run, group) => `(?=(.*?${run}))\\${group + 1}`);
  return `${first!}${middles.join("")}.*${last}`;
}

/** Whether `value` matches the `*`/`?` pattern, ignoring the case of A-Z. */
export function matchesWildcardPattern(value: string, pattern: string): boolean {
  return wildcardRegExp(pattern).test(value);
}

/** A status filter term: an inclusive range of codes (a single code has from = to). */
export interface StatusTerm {
  from: number;
  to: number;
}

/**
 * Parses the `status` query values: codes (`1900`), ranges (`1800-1899`) and range names
 * (`ANY_ABEND`, any case). Returns the first value that is none of these as `invalid`.
 */
export function parseStatusTerms(values: readonly string[]): { terms: StatusTerm[] } | { invalid: string } {
  const terms: StatusTerm[] = [];
  for (const value of values) {
    const range = /^(\d{4})(?:-(\d{4}))?$/.exec(value);
    if (range) {
      const from = Number(range[1]);
      const to = range[2] === undefined ? from : Number(range[2]);
      if (from > to) return { invalid: value };
      terms.push({ from, to });
      continue;
    }
    const name = value.toUpperCase();
    if (!Object.hasOwn(STATUS_RANGES, name)) return { invalid: value };
    for (const [from, to] of STATUS_RANGES[name] ?? []) terms.push({ from, to });
  }
  return { terms };
}

/** Execution type names (`Workflow`) by their upper-case spelling, as the type code each has. */
const CODE_OF_EXECUTION_TYPE_NAME = new Map<string, string>(Object.entries(EXECUTION_TYPE_NAMES).map(([code, name]) => [name.toUpperCase(), code]));

/** What a type code looks like: `JOBS`, `C_PERIOD`, `API`. */
const TYPE_CODE = /^[A-Z][A-Z0-9_]{1,15}$/;

/**
 * A value of the `type` filter as the type code it names: an execution type name (`Workflow`,
 * `Job`, any case) as its code (`JOBP`, `JOBS`), any other value of the form of a code as itself,
 * so that a plausible code Baton has no executions of (`CBCK`) filters to nothing; undefined when
 * it is neither a name nor of that form.
 */
export function executableTypeOf(value: string): string | undefined {
  const upper = value.trim().toUpperCase();
  return CODE_OF_EXECUTION_TYPE_NAME.get(upper) ?? (TYPE_CODE.test(upper) ? upper : undefined);
}

/**
 * The filter parameters of GET /{client_id}/executions as a query or a form carries them: text as
 * written (patterns, numbers, comma-separated lists), flags as booleans; empty or absent = not set.
 */
export interface ExecutionFilterParams {
  run_id?: string;
  name?: string;
  name_exclude?: boolean;
  alias?: string;
  type?: string;
  status?: string;
  agent?: string;
  agent_exclude?: boolean;
  platform?: string;
  queue?: string;
  include_deactivated?: boolean;
  time_frame_option?: string;
  time_frame_from?: string;
  time_frame_to?: string;
  user?: string;
  user_exclude?: boolean;
  archive_key1?: string;
  archive_key1_exclude?: boolean;
  archive_key2?: string;
  archive_key2_exclude?: boolean;
  commented_only?: boolean;
  modified_only?: boolean;
  remote_status_number?: string;
  remote_status_text?: string;
  reference_run_id?: string;
  zdu_version?: string;
  sync_usage?: string;
}

/** true/false, or null when an execution alone cannot tell and the server must be asked. */
export type FilterMatch = boolean | null;

/** Comma-separated values, trimmed, empty ones dropped, as the server splits list parameters. */
function listOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/**
 * A wildcard filter with its `*_exclude` flag: the flag turns "only these" into "all but these".
 * An execution without the value (no agent, no archive key) never matches, so "all but" takes it in.
 */
export function matchesTextFilter(value: string | undefined, pattern: string | undefined, exclude = false): boolean {
  if (pattern === undefined || pattern === "") return true;
  return (value !== undefined && matchesWildcardPattern(value, pattern)) !== exclude;
}

/** The `status` filter: null when a value is none the server reads (it refuses the request). */
export function matchesStatusFilter(status: number, filter: string | undefined): FilterMatch {
  const values = listOf(filter);
  if (values.length === 0) return true;
  const parsed = parseStatusTerms(values);
  if ("invalid" in parsed) return null;
  return parsed.terms.some(({ from, to }) => status >= from && status <= to);
}

/** The `type` filter: codes (`JOBS`) and names (`Job`) in any case; null for a value that is neither. */
export function matchesTypeFilter(typeCode: string, filter: string | undefined): FilterMatch {
  const values = listOf(filter);
  if (values.length === 0) return true;
  const codes = values.map(executableTypeOf);
  if (codes.includes(undefined)) return null;
  return codes.includes(typeCode.toUpperCase());
}

/** A number filter (run_id, reference_run_id): null for a value that is not a number. */
function matchesNumberFilter(value: number | undefined, filter: string | undefined): FilterMatch {
  if (filter === undefined || filter === "") return true;
  if (!/^-?\d+$/.test(filter)) return null;
  return (value ?? 0) === Number(filter);
}

/** A list of exact values (platform, queue), any case. */
function matchesOneOf(value: string | undefined, filter: string | undefined): boolean {
  const items = listOf(filter).map((item) => item.toUpperCase());
  return items.length === 0 || items.includes((value ?? "").toUpperCase());
}

const TIME_OF: Readonly<Record<string, (execution: OutExecution) => string | undefined>> = {
  activation: (e) => e.activation_time,
  start: (e) => e.start_time,
  end: (e) => e.end_time,
};

/** A time frame bound names a whole second: `time_frame_to` takes in the rest of its second. */
const REST_OF_SECOND = 999;

/** Activation, start or end inside [from, to]; `all` (the default, an overlap of the lifetime) is the server's to answer. */
function matchesTimeFrame(execution: OutExecution, filter: ExecutionFilterParams): FilterMatch {
  const fromText = filter.time_frame_from ?? "";
  const toText = filter.time_frame_to ?? "";
  if (fromText === "" && toText === "") return true;
  const timeOf = Object.hasOwn(TIME_OF, filter.time_frame_option ?? "") ? TIME_OF[filter.time_frame_option ?? ""] : undefined;
  const from = fromText === "" ? -Infinity : Date.parse(fromText);
  const to = toText === "" ? Infinity : Date.parse(toText) + REST_OF_SECOND;
  if (timeOf === undefined || Number.isNaN(from) || Number.isNaN(to)) return null;
  const time = timeOf(execution);
  if (time === undefined) return false;
  const at = Date.parse(time);
  return at >= from && at <= to;
}

/** Filters whose answer is not in an execution's fields; set, they leave the question open. */
const NOT_IN_EXECUTION = ["commented_only", "modified_only", "remote_status_number", "remote_status_text", "zdu_version", "sync_usage"] as const;

/**
 * Whether an execution belongs in a list with these filters, as far as its fields tell: false as
 * soon as one filter says no, null when every other says yes and one cannot tell (the list must be
 * read again). The alias filter matches the alias, or the name of an execution without one.
 */
export function matchesExecutionFilter(execution: OutExecution, filter: ExecutionFilterParams): FilterMatch {
  const answers: FilterMatch[] = [
    matchesNumberFilter(execution.run_id, filter.run_id),
    matchesTextFilter(execution.name, filter.name, filter.name_exclude),
    matchesTextFilter(execution.alias ?? execution.name, filter.alias),
    matchesTextFilter(execution.agent, filter.agent, filter.agent_exclude),
    matchesTextFilter(execution.user, filter.user, filter.user_exclude),
    matchesTextFilter(execution.archive_key1, filter.archive_key1, filter.archive_key1_exclude),
    matchesTextFilter(execution.archive_key2, filter.archive_key2, filter.archive_key2_exclude),
    matchesTypeFilter(execution.type, filter.type),
    matchesStatusFilter(execution.status, filter.status),
    matchesOneOf(execution.platform, filter.platform),
    matchesOneOf(execution.queue, filter.queue),
    matchesNumberFilter(execution.reference_run_id, filter.reference_run_id),
    matchesTimeFrame(execution, filter),
    NOT_IN_EXECUTION.some((name) => filter[name] !== undefined && filter[name] !== "" && filter[name] !== false) ? null : true,
  ];
  if (answers.includes(false)) return false;
  return answers.includes(null) ? null : true;
}
