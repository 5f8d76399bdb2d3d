import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { STATUS_RANGES, isFinalStatus, type ExecutionEvent, type OutExecution, type OutExecutionList } from "@baton/contract";
import { executionKeys, type ExecutionListFilters } from "./keys";
import { freshEventFilter } from "../../../lib/fresh-events";

/** true/false, or null when the console cannot tell and must ask the server again. */
type Match = boolean | null;

function isListFilters(value: unknown): value is ExecutionListFilters {
  return (
    typeof value === "object" &&
    value !== null &&
    "name" in value &&
    typeof value.name === "string" &&
    "status" in value &&
    typeof value.status === "string" &&
    "maxResults" in value &&
    typeof value.maxResults === "number"
  );
}

function matchesName(name: string, pattern: string): boolean {
  if (pattern.trim() === "") return true;
  const source = pattern
    .trim()
    .split("")
    .map((ch) => (ch === "*" ? ".*" : ch === "?" ? "." : ch.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`, "i").test(name);
}

function matchesStatusToken(status: number, token: string): Match {
  const single = /^(\d{4})$/.exec(token);
  if (single) return status === Number(single[1]);
  const range = /^(\d{4})-(\d{4})$/.exec(token);
  if (range) return status >= Number(range[1]) && status <= Number(range[2]);
  const named = STATUS_RANGES[token];
  if (named === undefined) return null;
  return named.some(([from, to]) => status >= from && status <= to);
}

function matchesStatus(status: number, filter: string): Match {
  const tokens = filter
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
  if (tokens.length === 0) return true;
  let unknown = false;
  for (const token of tokens) {
    const match = matchesStatusToken(status, token);
    if (match === true) return true;
    if (match === null) unknown = true;
  }
  return unknown ? null : false;
}

/** Whether an execution belongs in a list with these filters, as far as the console can tell. */
export function matchesFilters(execution: OutExecution, filters: ExecutionListFilters): Match {
  if (!matchesName(execution.name, filters.name)) return false;
  return matchesStatus(execution.status, filters.status);
}

/** Newest first: by activation time, then run_id. */
function isNewer(a: OutExecution, b: OutExecution): boolean {
  const ta = Date.parse(a.activation_time);
  const tb = Date.parse(b.activation_time);
  if (ta !== tb && !Number.isNaN(ta) && !Number.isNaN(tb)) return ta > tb;
  return a.run_id > b.run_id;
}

/** The list with `execution` replaced, removed, or added at its place; undefined = refetch instead. */
export function patchList(list: OutExecutionList, execution: OutExecution, filters: ExecutionListFilters): OutExecutionList | undefined {
  const match = matchesFilters(execution, filters);
  if (match === null) return undefined;
  const index = list.data.findIndex((row) => row.run_id === execution.run_id);
  if (index >= 0) {
    if (!match) return { ...list, total: Math.max(0, list.total - 1), data: list.data.filter((_, i) => i !== index) };
    return { ...list, data: list.data.map((row, i) => (i === index ? execution : row)) };
  }
  if (!match) return list;
  const position = list.data.findIndex((row) => isNewer(execution, row));
  if (position < 0 && list.hasmore) return { ...list, total: list.total + 1 };
  const data = [...list.data];
  data.splice(position < 0 ? data.length : position, 0, execution);
  const hasmore = list.hasmore || data.length > filters.maxResults;
  return { total: list.total + 1, data: data.slice(0, filters.maxResults), hasmore };
}

/**
 * The children pages with `execution` replaced where it is, or added to the first page at its
 * newest-first place (a task that just started, a restarted task, the next schedule slot).
 */
export function patchChildren<TParam>(pages: InfiniteData<OutExecutionList, TParam>, execution: OutExecution): InfiniteData<OutExecutionList, TParam> {
  const pageIndex = pages.pages.findIndex((page) => page.data.some((row) => row.run_id === execution.run_id));
  if (pageIndex >= 0) {
    return {
      ...pages,
      pages: pages.pages.map((page, i) =>
        i === pageIndex ? { ...page, data: page.data.map((row) => (row.run_id === execution.run_id ? execution : row)) } : page,
      ),
    };
  }
  const [first, ...rest] = pages.pages;
  if (first === undefined) return pages;
  const position = first.data.findIndex((row) => isNewer(execution, row));
  // Older than the whole first page while more exist: it belongs to a page not loaded (or loaded later).
  if (position < 0 && (first.hasmore || rest.length > 0)) return { ...pages, pages: [{ ...first, total: first.total + 1 }, ...rest] };
  const data = [...first.data];
  data.splice(position < 0 ? data.length : position, 0, execution);
  return { ...pages, pages: [{ ...first, total: first.total + 1, data }, ...rest] };
}

/** An ended execution never becomes active again (a restart is a new run): drop late replays. */
function isStale(current: OutExecution | undefined, incoming: OutExecution): boolean {
  return current !== undefined && isFinalStatus(current.status) && !isFinalStatus(incoming.status);
}

/**
 * Applies execution events from the event stream to the query cache: rows of every cached list,
 * the detail, and (on a status change) the reports, so open pages update without polling.
 */
export function createExecutionEventHandler(queryClient: QueryClient, client: number): (event: ExecutionEvent) => void {
  const fresh = freshEventFilter(client);

  return (event) => {
    if (!fresh(event)) return;
    const execution = event.execution;
    const runId = execution.run_id;

    // A read in flight may answer with a state older than this event: it is read again instead.
    const refetchIfReading = (queryKey: readonly unknown[]): boolean => {
      if (queryClient.getQueryState(queryKey)?.fetchStatus !== "fetching") return false;
      void queryClient.invalidateQueries({ queryKey, exact: true });
      return true;
    };

    const detailKey = executionKeys.detail(client, runId);
    const previous = queryClient.getQueryData<OutExecution>(detailKey);
    if (previous !== undefined && !isStale(previous, execution) && !refetchIfReading(detailKey)) {
      queryClient.setQueryData<OutExecution>(detailKey, execution);
      if (previous.status !== execution.status) {
        void queryClient.invalidateQueries({ queryKey: executionKeys.reports(client, runId) });
        void queryClient.invalidateQueries({ queryKey: executionKeys.variables(client, runId) });
      }
    }

    // The engine sends 0 for "no parent" (run ids start at 1).
    if (execution.parent) {
      const childrenKey = executionKeys.children(client, execution.parent);
      const pages = queryClient.getQueryData<InfiniteData<OutExecutionList, unknown>>(childrenKey);
      if (pages !== undefined && !refetchIfReading(childrenKey)) {
        const current = pages.pages.flatMap((page) => page.data).find((row) => row.run_id === runId);
        if (!isStale(current, execution)) queryClient.setQueryData(childrenKey, patchChildren(pages, execution));
      }
    }

    for (const query of queryClient.getQueryCache().findAll({ queryKey: executionKeys.lists(client) })) {
      const filters = query.queryKey[3];
      const list = queryClient.getQueryData<OutExecutionList>(query.queryKey);
      if (!isListFilters(filters) || list === undefined || refetchIfReading(query.queryKey)) continue;
      if (isStale(list.data.find((row) => row.run_id === runId), execution)) continue;
      const patched = patchList(list, execution, filters);
      if (patched === undefined) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      else if (patched !== list) queryClient.setQueryData<OutExecutionList>(query.queryKey, patched);
    }
  };
}

/** After a gap in the stream: everything about executions may be out of date. */
export function resyncExecutions(queryClient: QueryClient, client: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: executionKeys.all(client) });
}
